export { createApiClient } from './createApiClient';
export type { ApiClient, ApiClientOptions } from './createApiClient';
export type { CreateParams, DeleteParams, UpdateParams } from './write';
export { bearerToken } from './bearerToken';
export type { BearerTokenOptions, GetToken } from './bearerToken';
export { parsePage } from './parsePage';
export { ApiError, isApiError } from './errors/ApiError';
export { HttpError, isHttpError } from './errors/HttpError';
export { AuthError, isAuthError } from './errors/AuthError';
export { NetworkError, isNetworkError } from './errors/NetworkError';
export { TimeoutError, isTimeoutError } from './errors/TimeoutError';
export { ResponseShapeError, isResponseShapeError } from './errors/ResponseShapeError';
export { isInvalidArgumentError } from '../shared/assert';
export type { InvalidArgumentError } from '../shared/assert';
export type {
  ApiRecord,
  AuthStrategy,
  Environment,
  ListFilters,
  ListParams,
  ListResource,
  Page,
  ParsePage,
  SerializePage,
  SerializeSort,
  Share,
  SortEntry,
  TokenResponse,
} from './types';
export type { ClientEvent, TokenEvent } from '../shared/events';
export { createRpcClient } from './createRpcClient';
export type { RpcClientOptions } from './createRpcClient';
export { parseListCall } from './listCall';
export type { ListAnswer, ListCall } from './listCall';
export { parseWriteCall } from './writeCall';
export type { WriteAnswer, WriteCall } from './writeCall';
