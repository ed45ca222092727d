import type { Share } from '../client/types';
import { pagedInfiniteQueryOptions, type PagedInfiniteQueryParams } from './pagedInfiniteQueryOptions';

/** TanStack Query options for an organization's shares page by page ("load more"), for `useInfiniteQuery` and `prefetchInfiniteQuery`. */
export function sharesInfiniteQueryOptions<T = Share>(params: PagedInfiniteQueryParams) {
  return pagedInfiniteQueryOptions<T>('shares', params);
}
