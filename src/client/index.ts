export { createApiClient } from './createApiClient';
export type { ApiClient, ApiClientOptions } from './createApiClient';
export type { CreateParams, DeleteParams, UpdateParams, WriteParams } from './write';
export { bearerToken } from './bearerToken';
export type { BearerTokenOptions, GetToken } from './bearerToken';
export { parsePage } from './parsePage';
export { ApiError, isApiError } from './errors/ApiError';
export type { ApiErrorInit } from './errors/ApiError';
export { HttpError, isHttpError } from './errors/HttpError';
export type { HttpErrorInit } from './errors/HttpError';
export { AuthError, isAuthError } from './errors/AuthError';
export type { AuthErrorInit } from './errors/AuthError';
export { NetworkError, isNetworkError } from './errors/NetworkError';
export { TimeoutError, isTimeoutError } from './errors/TimeoutError';
export { ResponseShapeError, isResponseShapeError } from './errors/ResponseShapeError';
export { isInvalidArgumentError } from '../shared/assert';
export type { InvalidArgumentError } from '../shared/assert';
export type {
  ApiRecord,
  AuthContext,
  AuthHeaders,
  AuthStrategy,
  Environment,
  ListParams,
  ListParamsBase,
  ListParamsByCursor,
  ListParamsByPage,
  Page,
  PageCursor,
  PageRequest,
  ParsePage,
  ParsePageContext,
  ResettableAuthStrategy,
  Share,
  TokenResponse,
} from './types';
export type { FilterValue, ListFilters, ListResource, SerializePage, SerializeSort, SortEntry } from './types';
export type { ClientEvent, TokenEvent } from '../shared/events';
export { createRpcClient } from './createRpcClient';
export type { RpcClientOptions } from './createRpcClient';
export { parseListCall } from './listCall';
export type { FailureProblem, JsonValue, ListAnswer, ListCall, ListFailure } from './listCall';
export { parseWriteCall } from './writeCall';
export type { WriteAnswer, WriteCall } from './writeCall';
