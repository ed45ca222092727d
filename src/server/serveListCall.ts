import {
  parseListCall,
  type ApiClient,
  type ListAnswer,
  type ListCall,
  type ListParams,
  type Page,
} from '../client/index';
import { cursorUrl, isUrlCursor, type JsonValue } from '../client/internal';
import { failureOf } from './callFailure';
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
 * Answers a list call from `createRpcClient` with the server's `client` (which holds the credentials): the page, or the
 * failure as data (`createRpcClient` rebuilds the error, so its kind, status and `Retry-After` survive a serializer
 * that keeps only an error's message). The call is read again with `parseListCall`; a call `allow` refuses is
 * answered 403 without asking the service; a URL `cursor` not under the client's `baseUrl` is refused without a
 * request too, as the `cursor` argument error that `createRpcClient` rebuilds. Throws only what is no request's failure (a bug of this server).
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
    const { resource, ...asked } = checked;
    // The browser chose this cursor: a URL one is requested only under the client's own baseUrl. The client checks
    // that too; checked here as well, so a client whose `list` does not (an app's own ApiClient) is no way out.
    if (asked.cursor !== undefined && isUrlCursor(asked.cursor)) cursorUrl(asked.cursor, client.baseUrl);
    const params = (options.signal ? { ...asked, signal: options.signal } : asked) as ListParams;
    const page = await client.list(resource, params);
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
