import type { Share } from '../client/types';
import { pagedQueryOptions } from './pagedQueryOptions';
import type { PagedQueryParams } from './pagedQueryOptions';

/** Parameters of `sharesQueryOptions`. */
export type SharesQueryParams = PagedQueryParams;

/**
 * TanStack Query options for one page of an organization's shares (`page` 1-based), for `useQuery`,
 * `queryClient.prefetchQuery` and server rendering.
 */
export function sharesQueryOptions<T = Share>(params: SharesQueryParams) {
  return pagedQueryOptions<T>('shares', params);
}
