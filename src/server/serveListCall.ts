import {
  isApiError,
  isAuthError,
  isHttpError,
  isTimeoutError,
  parseListCall,
  type ApiClient,
  type JsonValue,
  type Page,
  type ListAnswer,
  type ListCall,
  type ListFailure,
} from '../client/index';
import { errorName } from '../client/internal';
import { assertFunction } from '../shared/assert';
import { DOCUMENTED_RESOURCES } from '../shared/listEndpoints';

/** Options of `serveListCall`. */
export interface ServeListCallOptions {
  /** Aborts the call to the service: the signal of the request that carried the call (the browser went away). @default none */
  signal?: AbortSignal | undefined;
  /**
   * Whether to answer this call: a real app checks the user's session and the organization. A refused call is answered
   * as an `HttpError` 403, without asking the service.
   * @default only `shares` and `environments`, for any organization
   */
  allow?: (call: ListCall) => boolean;
}

/**
 * `error` as a `ListFailure`: the fields its guards and the retry policy read, never its message, URL or body.
 * Undefined for what is no failure of the request (an argument error, a bug), which is thrown instead.
 */
function failureOf(error: unknown): ListFailure | undefined {
  const kind = errorName(error);
  if (!isApiError(error) && kind !== 'AbortError') return undefined;
  const failure: ListFailure = { kind };
  if (isHttpError(error)) {
    failure.status = error.status;
    if (error.statusText) failure.statusText = error.statusText;
    if (error.retryAfterMs !== undefined) failure.retryAfterMs = error.retryAfterMs;
  }
  if (isTimeoutError(error)) failure.timeoutMs = error.timeoutMs;
  if (isAuthError(error) && error.error) failure.error = error.error;
  return failure;
}

/**
 * Answers a list call from `createRpcClient` with the server's `client` (which holds the credentials): the page, or the
 * failure as data (`createRpcClient` rebuilds the error, so its kind, status and `Retry-After` survive a serializer
 * that keeps only an error's message). The call is read again with `parseListCall`; a call `allow` refuses is
 * answered 403 without asking the service. Throws only what is no request's failure (a bug of this server).
 *
 * @example
 * // TanStack Start: the credentials stay in the server function, and no proxy route is needed.
 * export const listPage = createServerFn()
 *   .validator(parseListCall)
 *   .handler(({ data }) => serveListCall(serverClient, data, { signal: getRequest().signal }));
 */
export async function serveListCall(
  client: ApiClient,
  call: ListCall,
  options: ServeListCallOptions = {},
): Promise<ListAnswer> {
  const checked = parseListCall(call);
  const allow = options.allow ?? ((c: ListCall) => DOCUMENTED_RESOURCES.includes(c.resource));
  assertFunction('allow', allow);
  if (!allow(checked)) return { error: { kind: 'HttpError', status: 403, statusText: 'Forbidden' } };
  try {
    const { resource, ...params } = checked;
    const page = await client.list(resource, options.signal ? { ...params, signal: options.signal } : params);
    // The rows are the service's JSON (or what the client's parsePage made of it), so they cross as they are.
    return { page: page as Page<{ [key: string]: JsonValue }> };
  } catch (error) {
    // Servers abort a gone request's signal with reasons of their own (Node's `aborted`, ECONNRESET): it is still an abort.
    if (options.signal?.aborted) return { error: { kind: 'AbortError' } };
    const failure = failureOf(error);
    if (failure === undefined) throw error;
    return { error: failure };
  }
}
