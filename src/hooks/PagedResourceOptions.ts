import type { UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../client/index';
import type { Page, Share } from '../client/types';
import type { PagedQueryKey } from './pagedQueryOptions';

/** The props a data hook hands to `<Pagination {...result.pagination} />`. */
export interface QueryPagination {
  /** 1-based page on screen. */
  current: number;
  /**
   * Total rows. While a page loads, the last total known for this organization (so the control keeps its
   * shape); absent until the first one is known, and absent for services that never say (a Spring `Slice`).
   */
  total?: number;
  /** Whether a page follows; given only when `total` is unknown (the control then enables Next from it). */
  hasNext?: boolean;
  /** Rows per page. */
  pageSize: number;
  /** Moves to `page` (1-based) with `pageSize` rows per page. */
  onChange: (page: number, pageSize: number) => void;
}

/**
 * `useQuery` options the hook sets itself, or that would be wrong for a hook whose key changes with the page:
 * `initialData` would seed every page, page size and organization with the same rows.
 */
export const OWN_QUERY_OPTIONS = [
  'queryKey',
  'queryFn',
  'placeholderData',
  'select',
  'staleTime',
  'initialData',
  'initialDataUpdatedAt',
] as const;
type OwnQueryOptions = (typeof OWN_QUERY_OPTIONS)[number];

/**
 * Options of `useShares` and `useEnvironments`; any other `useQuery` option passes through. For data
 * rendered on the server, hydrate the QueryClient (`sharesQueryOptions` + `prefetchQuery` + `dehydrate`)
 * instead of `initialData`.
 */
export interface PagedResourceOptions<T = Share>
  extends Omit<UseQueryOptions<Page<T>, Error, Page<T>, PagedQueryKey>, OwnQueryOptions> {
  /** The organization's UUID. Without one nothing is requested (the query is skipped, not failed). */
  organizationId: string | null | undefined;
  /** 1-based page. Giving it makes the page controlled: `pagination.onChange` then only calls `onChange`. @default defaultPage (1), then the user's choice */
  page?: number;
  /** Rows per page. Giving it makes the page size controlled. @default defaultPageSize (20), then the user's choice */
  pageSize?: number;
  /** First page when `page` is not given, read on mount; the page also returns here when the organization changes. @default 1 */
  defaultPage?: number;
  /** First page size when `pageSize` is not given, read on mount. @default 20 */
  defaultPageSize?: number;
  /**
   * Called with the 1-based page and the page size when `pagination.onChange` changes either, and when the hook
   * moves back from past the end. Not called when another organization resets the page to `defaultPage`.
   */
  onChange?: (page: number, pageSize: number) => void;
  /** Fetch the next page in the background once the current one has settled. @default true */
  prefetchNext?: boolean;
  /** The client to use instead of the nearest `ApiClientProvider`'s. @default the nearest ApiClientProvider's client */
  client?: ApiClient;
  /** How long a fetched page counts as fresh, in milliseconds; the prefetched next page uses the same. @default 30_000 */
  staleTime?: number;
}

/** Result of `useShares` and `useEnvironments`: TanStack's query result plus the control's props. */
export type PagedResourceResult<T = Share> = UseQueryResult<Page<T>, Error> & {
  /** Props to spread into `<Pagination />`. */
  pagination: QueryPagination;
};
