import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/index';
import { pagedQueryOptions } from './pagedQueryOptions';
import type { PagedResource } from './pagedQueryOptions';
import type { PagedResourceOptions } from './PagedResourceOptions';

/** The `useQuery` options that also shape how the prefetched next page is fetched and kept. */
const FETCH_OPTIONS = ['retry', 'retryDelay', 'gcTime', 'networkMode', 'meta'] as const;

interface PrefetchParams<T> {
  client: ApiClient;
  organizationId: string;
  /** The page on screen; the one after it is fetched. */
  page: number;
  pageSize: number;
  staleTime: number;
  /** The caller's `useQuery` options, minus those the hook owns. */
  queryOverrides: Partial<PagedResourceOptions<T>>;
}

/**
 * Fetches the page after `page` in the background, unless the caller disabled the page query (`enabled`, also
 * as a callback of the page's query). Decided from the options, not the result's `isEnabled`, which TanStack
 * Query gives only from 5.83 while the peer range starts earlier.
 */
export function prefetchNextPage<T>(queryClient: QueryClient, resource: PagedResource, params: PrefetchParams<T>): void {
  const { client, organizationId, page, pageSize, staleTime, queryOverrides } = params;
  const { enabled } = queryOverrides;
  const options = (p: number) => pagedQueryOptions<T>(resource, { client, organizationId, page: p, pageSize, staleTime });
  if (typeof enabled === 'function') {
    const query = queryClient.getQueryCache().find({ queryKey: options(page).queryKey, exact: true });
    if (!query || enabled(query as never) === false) return;
  } else if (enabled === false) return;
  const fetchOptions = Object.fromEntries(
    FETCH_OPTIONS.filter((name) => queryOverrides[name] !== undefined).map((name) => [name, queryOverrides[name]]),
  );
  void queryClient.prefetchQuery({ ...options(page + 1), ...fetchOptions });
}
