import type { Environment } from '../client/types';
import { pagedQueryOptions } from './pagedQueryOptions';
import type { PagedQueryParams } from './pagedQueryOptions';

/** Parameters of `environmentsQueryOptions`. */
export type EnvironmentsQueryParams = PagedQueryParams;

/**
 * TanStack Query options for one page of an organization's environments (`page` 1-based), for `useQuery`,
 * `queryClient.prefetchQuery` and server rendering.
 */
export function environmentsQueryOptions<T = Environment>(params: EnvironmentsQueryParams) {
  return pagedQueryOptions<T>('environments', params);
}
