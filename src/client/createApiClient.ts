import { parsePage as defaultParsePage } from './parsePage';
import { requestList, type ListResource } from './requestList';
import { resolveConfig, type RequestOptions } from './resolveConfig';
import type { Environment, ListParams, Page, ParsePage, Share } from './types';
import { assertFunction } from '../shared/assertFunction';

/** Options of `createApiClient`. */
export interface ApiClientOptions extends RequestOptions {
  /** Reads a response body into a `Page`, replacing the built-in shape detection. @default parsePage */
  parsePage?: ParsePage;
  /**
   * Non-secret identity in query keys. Give a server's client and the browser's proxy client the same `id`
   * so pages prefetched on the server are reused after hydration. @default the base URL and the auth strategy's id
   */
  id?: string;
}

/** A client of the service's list operations. */
export interface ApiClient {
  /** The base URL without a trailing slash: absolute, or a path where there was no page origin at construction. */
  readonly baseUrl: string;
  /** A non-secret identity (base URL and auth strategy id) for query keys and caches. */
  readonly id: string;
  /** `GET {baseUrl}/{organizationId}/shares?page=..&size=..`, normalized to a `Page`. */
  listShares<T = Share>(params: ListParams): Promise<Page<T>>;
  /** `GET {baseUrl}/{organizationId}/environments?page=..&size=..`, normalized to a `Page`. */
  listEnvironments<T = Environment>(params: ListParams): Promise<Page<T>>;
}

/**
 * Creates a framework-free client for the service. Throws a `TypeError` naming the argument when
 * `baseUrl`, `auth`, `fetch` or `timeoutMs` is unusable.
 *
 * List calls reject (never throw) — before any request with a `TypeError` naming a bad argument;
 * otherwise with an `HttpError`, `AuthError`, `NetworkError`, `TimeoutError` or `ResponseShapeError`,
 * or with the caller's `AbortError` when `signal` aborts.
 *
 * @example
 * const client = createApiClient({ baseUrl: '/api/pagewise' }); // behind createProxyHandler
 * const page = await client.listShares({ organizationId, page: 0, size: 20 });
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const config = resolveConfig(options, { deferPath: true });
  const parse = options.parsePage ?? defaultParsePage;
  assertFunction('parsePage', parse);
  if (options.id !== undefined && (typeof options.id !== 'string' || !options.id)) {
    throw new TypeError('pagewise: `id` must be a non-empty string');
  }
  const list = async <T>(resource: ListResource, params: ListParams): Promise<Page<T>> => {
    const { body, response, url } = await requestList(config, resource, params);
    return parse(body, { response, page: params.page, size: params.size, url }) as Page<T>;
  };
  return {
    baseUrl: config.baseUrl,
    id: options.id ?? (config.auth ? `${config.baseUrl} ${config.auth.id}` : config.baseUrl),
    listShares: (params) => list('shares', params),
    listEnvironments: (params) => list('environments', params),
  };
}
