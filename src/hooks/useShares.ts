import type { Share } from '../client/types';
import { usePagedResource } from './usePagedResource';
import type { PagedResourceOptions, PagedResourceResult } from './PagedResourceOptions';

/** Options of `useShares`. */
export type UseSharesOptions<T = Share> = PagedResourceOptions<T>;

/** Result of `useShares`: TanStack's query result plus `pagination` for `<Pagination />`. */
export type UseSharesResult<T = Share> = PagedResourceResult<T>;

/**
 * One page of an organization's shares. `page` is 1-based like the control and becomes the API's
 * zero-based `page`; spread `pagination` into `<Pagination />` and its `onChange` fetches the new page.
 */
export function useShares<T = Share>(options: UseSharesOptions<T>): UseSharesResult<T> {
  return usePagedResource<T>('shares', options, 'useShares');
}
