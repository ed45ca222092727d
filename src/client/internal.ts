/**
 * The client's parts that pagewise's other layers build on (the proxy, the token sources): they import the client
 * through `./index` (public) or this entry, never a client module itself. Not a package entry.
 */
export { resolveConfig } from './resolveConfig';
export { listRoutesOf } from './createApiClient';
export { resolveBaseUrl } from './url';
export { listTarget, organizationUrlOf } from './listTarget';
export { requestHeaders } from './requestHeaders';
export { cursorUrl, isUrlCursor, MAX_CURSOR_LENGTH, pageQuery, springPage, DEFAULT_CURSOR_PARAM } from './pageQuery';
export { networkError, readText, send, takeBody, withDeadline, type ListTarget, type RequestConfig } from './fetchJson';
export { parseLinkHeader } from './parseLinkHeader';
export { DEFAULT_MAX_BODY_BYTES, readAtMost, readWebAtMost, type ReadsAtMost } from './readAtMost';
export { describeForLog } from './errors/ApiError';
export { credentialOf, errorName, nameForMessage, NOT_SHOWN, parseRedactedReporting, redact } from './redact';
export { assertTokenTiming, createTokenCache, type TokenCache } from './createTokenCache';
export { parseTokenResponse, type TokenGrant } from './parseTokenResponse';
export { statusLine } from './fetchJson';
export type { AuthContext, AuthHeaders, FilterValue, PageCursor, ResettableAuthStrategy } from './types';
export type { FailureProblem, JsonValue, ListFailure } from './listCall';
export {
  asksForDpopNonce,
  dpopNonceOf,
  parseWwwAuthenticate,
  MAX_WWW_AUTHENTICATE_LENGTH,
  type AuthChallenge,
} from './wwwAuthenticate';
