import { queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../client/index';
import type { Page, Share } from '../client/types';
import { retryPolicy } from './retryPolicy';
import { toWirePage } from './toWirePage';
import { DEFAULT_PAGE_SIZE } from '../shared/DEFAULT_PAGE_SIZE';

/** A list resource of the service. */
export type PagedResource = 'shares' | 'environments';

/**
 * Query key of one page, general → specific: `['pagewise', resource, client id, organization id, page size,
 * page (1-based)]`, so every prefix names a set of pages (`invalidateQueries({ queryKey: key.slice(0, 5) })`
 * is one page size of one organization). Never holds a token.
 */
export type PagedQueryKey = readonly ['pagewise', PagedResource, string, string | null, number, number];

/** Parameters of `sharesQueryOptions` and `environmentsQueryOptions`. */
export interface PagedQueryParams {
  /** The client from `createApiClient`; only its non-secret `id` goes into the query key. */
  client: ApiClient;
  /** The organization's UUID. Without one the query is skipped (`skipToken`), not failed. */
  organizationId: string | null | undefined;
  /** 1-based page number, like the `Pagination` control's `current`. @default 1 */
  page?: number;
  /** Rows per page. @default 20 */
  pageSize?: number;
  /** How long a fetched page counts as fresh, in milliseconds. @default 30_000 */
  staleTime?: number;
}

/** How long a fetched page counts as fresh when nothing else is said. */
export const DEFAULT_STALE_TIME = 30_000;
/** Whether two page keys list the same rows (resource, client, organization, page size): all but the page. */
function isSameListing(a: readonly unknown[], b: PagedQueryKey): boolean {
  return a.length === b.length && b.slice(0, -1).every((part, i) => a[i] === part);
}

/**
 * TanStack Query options for one page of a resource: usable with `useQuery`, `prefetchQuery`,
 * `ensureQueryData` and server rendering. The shared implementation of `sharesQueryOptions` and
 * `environmentsQueryOptions`.
 */
export function pagedQueryOptions<T = Share>(resource: PagedResource, params: PagedQueryParams) {
  const { client, page = 1, pageSize = DEFAULT_PAGE_SIZE, staleTime = DEFAULT_STALE_TIME } = params;
  // Checked here, not in the client: pages count from 1 in these options, and the message must say so.
  for (const [name, value] of [['page', page], ['pageSize', pageSize]] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new TypeError(`pagewise: \`${name}\` must be an integer >= 1 (pages count from 1 here), got ${String(value)}`);
    }
  }
  const organizationId = params.organizationId || null;
  const queryKey: PagedQueryKey = ['pagewise', resource, client.id, organizationId, pageSize, page];
  return queryOptions<Page<T>, Error, Page<T>, PagedQueryKey>({
    queryKey,
    queryFn: organizationId
      ? ({ signal }) => {
          const list = { organizationId, page: toWirePage(page), size: pageSize, signal };
          return resource === 'shares' ? client.listShares<T>(list) : client.listEnvironments<T>(list);
        }
      : skipToken,
    // Previous rows stay on screen while the next page loads, but never rows of another organization,
    // client or page size.
    placeholderData: (previous, previousQuery) =>
      previousQuery && isSameListing(previousQuery.queryKey, queryKey) ? previous : undefined,
    staleTime,
    // In browsers only: on a server TanStack's own default (no retries, or the QueryClient's defaults) holds,
    // so a server render never waits out the backoff.
    ...(onServer() ? {} : retryPolicy),
  });
}

/** Whether this runs on a server, as TanStack Query decides it; asked per call, not once at import. */
export const onServer = (): boolean => typeof window === 'undefined' || 'Deno' in globalThis;
