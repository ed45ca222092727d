import type { Environment } from '../client/types';
import { pagedInfiniteQueryOptions, type PagedInfiniteQueryParams } from './pagedInfiniteQueryOptions';

/** TanStack Query options for an organization's environments page by page ("load more"), for `useInfiniteQuery` and `prefetchInfiniteQuery`. */
export function environmentsInfiniteQueryOptions<T = Environment>(params: PagedInfiniteQueryParams) {
  return pagedInfiniteQueryOptions<T>('environments', params);
}
