import { infiniteQueryOptions, skipToken, type InfiniteData } from '@tanstack/react-query';
import type { ApiClient } from '../client/index';
import type { Page, Share } from '../client/types';
import { DEFAULT_PAGE_SIZE } from '../shared/DEFAULT_PAGE_SIZE';
import { DEFAULT_STALE_TIME, onServer, type PagedResource } from './pagedQueryOptions';
import { retryPolicy } from './retryPolicy';
import { toWirePage } from './toWirePage';

/**
 * Query key of a "load more" list, general → specific like `PagedQueryKey`, ending in `'infinite'`: its prefix of
 * five is the same set of pages as the paged queries' (`invalidateQueries` on it refreshes both). Never holds a token.
 */
export type PagedInfiniteQueryKey = readonly ['pagewise', PagedResource, string, string | null, number, 'infinite'];

/** Parameters of `sharesInfiniteQueryOptions` and `environmentsInfiniteQueryOptions`. */
export interface PagedInfiniteQueryParams {
  /** The client from `createApiClient`; only its non-secret `id` goes into the query key. */
  client: ApiClient;
  /** The organization's UUID. Without one the query is skipped (`skipToken`), not failed. */
  organizationId: string | null | undefined;
  /** Rows per page (each "load more" asks for one page of this size). @default 20 */
  pageSize?: number;
  /** Pages kept at most; loading more then drops pages from the start (TanStack's `maxPages`). @default unlimited */
  maxPages?: number;
  /** How long fetched pages count as fresh, in milliseconds. @default 30_000 */
  staleTime?: number;
}

/**
 * TanStack Query options for an organization's rows page by page ("load more", infinite scroll): for
 * `useInfiniteQuery`, `prefetchInfiniteQuery` and server rendering. Pages are 1-based (`pageParam`); the next one
 * exists while the last page says `hasNext`, so a service without totals works too.
 */
export function pagedInfiniteQueryOptions<T = Share>(resource: PagedResource, params: PagedInfiniteQueryParams) {
  const { client, pageSize = DEFAULT_PAGE_SIZE, staleTime = DEFAULT_STALE_TIME, maxPages } = params;
  for (const [name, value] of [['pageSize', pageSize], ['maxPages', maxPages ?? 1]] as const) {
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`pagewise: \`${name}\` must be an integer >= 1, got ${String(value)}`);
  }
  const organizationId = params.organizationId || null;
  const queryKey: PagedInfiniteQueryKey = ['pagewise', resource, client.id, organizationId, pageSize, 'infinite'];
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, PagedInfiniteQueryKey, number>({
    queryKey,
    queryFn: organizationId
      ? ({ pageParam, signal }) => {
          const list = { organizationId, page: toWirePage(pageParam), size: pageSize, signal };
          return resource === 'shares' ? client.listShares<T>(list) : client.listEnvironments<T>(list);
        }
      : skipToken,
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) => (last.hasNext ? lastPage + 1 : undefined),
    // With maxPages, TanStack drops pages from the start and needs the way back to refetch them.
    getPreviousPageParam: (_first, _pages, firstPage) => (firstPage > 1 ? firstPage - 1 : undefined),
    ...(maxPages === undefined ? {} : { maxPages }),
    staleTime,
    ...(onServer() ? {} : retryPolicy),
  });
}
