import {
  parseListCall,
  type ApiClient,
  type ListAnswer,
  type ListCall,
  type ListParams,
  type Page,
} from '../client/index';
import { cursorUrl, isUrlCursor, listRoutesOf, type JsonValue } from '../client/internal';
import { failureOf } from './callFailure';
import { assertFunction, assertInteger, invalidArgument } from '../shared/assert';
import { MAX_PAGE_SIZE } from '../shared/paging';
import { DOCUMENTED_RESOURCES, isListUrlOf } from '../shared/listEndpoints';

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
  /**
   * Largest `size` a call may ask for, as the proxy's `maxSize`: the browser chooses it, and the server reads what the
   * service answers. A larger one is answered as the `size` argument error without asking the service. @default 1000
   */
  maxSize?: number;
}

/**
 * Throws the `cursor` argument error unless a URL cursor leads to the list `allow` judged: the call's organization and
 * resource at the client's route. The browser chose it, and the server's credentials request it: under the service's
 * address alone, it could name any other organization's list, or any path that is no list. A client that is no
 * `createApiClient`'s has no route to hold it to: its `baseUrl` is then the only bound.
 */
function assertCursorOfCall(client: ApiClient, { cursor, organizationId, resource }: ListCall): void {
  cursorUrl(cursor!, client.baseUrl);
  const routeOf = listRoutesOf.get(client);
  if (routeOf && !isListUrlOf(new URL(cursor!), client.baseUrl, routeOf(resource), organizationId, resource))
    throw invalidArgument('cursor', "must lead to the call's organization and resource");
}

/**
 * Answers a list call from `createRpcClient` with the server's `client` (which holds the credentials): the page, or the
 * failure as data (`createRpcClient` rebuilds the error, so its kind, status and `Retry-After` survive a serializer
 * that keeps only an error's message). The call is read again with `parseListCall`; a call `allow` refuses is
 * answered 403 without asking the service, as is a `size` over `maxSize` (the `size` argument error); a URL `cursor` not under the client's `baseUrl`, or not at its route for the
 * call's organization and resource, is refused without a request too, as the `cursor` argument error that `createRpcClient` rebuilds. Throws only what is no request's failure (a bug of this server).
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
  const { allow = (c: ListCall) => DOCUMENTED_RESOURCES.includes(c.resource), maxSize = MAX_PAGE_SIZE } = options;
  assertFunction('allow', allow);
  assertInteger('maxSize', maxSize, 1);
  if (checked.size > maxSize) return { error: { kind: 'TypeError', argument: 'size' } };
  if (!allow(checked)) return { error: { kind: 'HttpError', status: 403, statusText: 'Forbidden' } };
  try {
    const { resource, ...asked } = checked;
    // The browser chose this cursor: a URL one is requested only at the list allowed. The client checks its baseUrl
    // too; checked here as well, so a client whose `list` does not (an app's own ApiClient) is no way out.
    if (asked.cursor !== undefined && isUrlCursor(asked.cursor)) assertCursorOfCall(client, checked);
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
