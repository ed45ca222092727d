import type { ApiRecord, Environment, Share } from '../client/index';
import type { PagedResource } from './queryOptions';
import type {
  InfiniteResourceOptions,
  InfiniteResourceResult,
  PagedResourceOptions,
  PagedResourceResult,
  SuspensePagedOptions,
  SuspensePagedResult,
  UseEnvironmentsOptions,
  UseEnvironmentsResult,
  UseSharesOptions,
  UseSharesResult,
} from './types';
import { useInfiniteListAs } from './infiniteQuery';
import { usePagedListAs, useSuspenseListAs } from './pagedQuery';

/**
 * One page of any list of the service: `resource` is the path segment after the organization, e.g.
 * `usePagedList<User>('users', { organizationId })` for `GET {baseUrl}/{organizationId}/users`. `page` is 1-based
 * like the control; spread `pagination` into `<Pagination />`, bind `listState` to sortable headers and a search box.
 */
export function usePagedList<T = ApiRecord>(
  resource: PagedResource,
  options: PagedResourceOptions<T>,
): PagedResourceResult<T> {
  return usePagedListAs<T>('usePagedList', resource, options);
}

/** Any list of the service page by page ("load more", infinite scroll); see `useInfiniteShares`. */
export function useInfiniteList<T = ApiRecord>(
  resource: PagedResource,
  options: InfiniteResourceOptions<T>,
): InfiniteResourceResult<T> {
  return useInfiniteListAs<T>('useInfiniteList', resource, options);
}

/** One page of any list of the service under Suspense, changing page, sort and filters in a transition; see `useSuspenseShares`. */
export function useSuspenseList<T = ApiRecord>(
  resource: PagedResource,
  options: SuspensePagedOptions,
): SuspensePagedResult<T> {
  return useSuspenseListAs<T>('useSuspenseList', resource, options);
}

/**
 * One page of an organization's shares. `page` is 1-based like the control and becomes the API's
 * zero-based `page`; spread `pagination` into `<Pagination />` and its `onChange` fetches the new page.
 */
export function useShares<T = Share>(options: UseSharesOptions<T>): UseSharesResult<T> {
  return usePagedListAs<T>('useShares', 'shares', options);
}

/** One page of an organization's environments (see `useShares`). */
export function useEnvironments<T = Environment>(options: UseEnvironmentsOptions<T>): UseEnvironmentsResult<T> {
  return usePagedListAs<T>('useEnvironments', 'environments', options);
}

/**
 * An organization's shares page by page, for "Load more" buttons and infinite scroll: `rows` holds every row loaded,
 * `loadMore()` asks for the next page while `hasMore`. Pages follow `hasNext`, so services without a total work too.
 */
export function useInfiniteShares<T = Share>(options: InfiniteResourceOptions<T>): InfiniteResourceResult<T> {
  return useInfiniteListAs<T>('useInfiniteShares', 'shares', options);
}

/** An organization's environments page by page, for "Load more" buttons and infinite scroll (see `useInfiniteShares`). */
export function useInfiniteEnvironments<T = Environment>(
  options: InfiniteResourceOptions<T>,
): InfiniteResourceResult<T> {
  return useInfiniteListAs<T>('useInfiniteEnvironments', 'environments', options);
}

/**
 * One page of an organization's shares under Suspense: the first load suspends (the nearest `<Suspense>` shows its
 * fallback); changing the page does not: it runs in a transition, the current page stays, and `isTransitioning`
 * says a page is on its way. Spread `pagination` into `<Pagination />`.
 */
export function useSuspenseShares<T = Share>(options: SuspensePagedOptions): SuspensePagedResult<T> {
  return useSuspenseListAs<T>('useSuspenseShares', 'shares', options);
}

/** One page of an organization's environments under Suspense, paging in a transition (see `useSuspenseShares`). */
export function useSuspenseEnvironments<T = Environment>(options: SuspensePagedOptions): SuspensePagedResult<T> {
  return useSuspenseListAs<T>('useSuspenseEnvironments', 'environments', options);
}
