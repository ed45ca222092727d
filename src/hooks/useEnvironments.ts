import type { Environment } from '../client/types';
import { usePagedResource } from './usePagedResource';
import type { PagedResourceOptions, PagedResourceResult } from './PagedResourceOptions';

/** Options of `useEnvironments`. */
export type UseEnvironmentsOptions<T = Environment> = PagedResourceOptions<T>;

/** Result of `useEnvironments`: TanStack's query result plus `pagination` for `<Pagination />`. */
export type UseEnvironmentsResult<T = Environment> = PagedResourceResult<T>;

/**
 * One page of an organization's environments. `page` is 1-based like the control and becomes the API's
 * zero-based `page`; spread `pagination` into `<Pagination />` and its `onChange` fetches the new page.
 */
export function useEnvironments<T = Environment>(
  options: UseEnvironmentsOptions<T>,
): UseEnvironmentsResult<T> {
  return usePagedResource<T>('environments', options, 'useEnvironments');
}
