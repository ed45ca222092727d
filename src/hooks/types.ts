import type {
  InfiniteData,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseQueryOptions,
  UseQueryResult,
  UseSuspenseQueryResult,
} from '@tanstack/react-query';
import type { ApiClient, ListFilters, Page, Share, SortEntry } from '../client/index';
import type { ListPageParam, PagedInfiniteQueryKey, PagedInfiniteQueryParams, PagedQueryKey } from './queryOptions';
import type { ListCursor } from './cursorPages';

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
  /** About how many rows, when the page on screen gives only an estimate (`Page.totalEstimate`); never beside `total`. */
  totalEstimate?: number;
  /** Rows per page. */
  pageSize: number;
  /** Moves to `page` (1-based) with `pageSize` rows per page. */
  onChange: (page: number, pageSize: number) => void;
  /** Fetches `page` ahead when the control sees the reader about to open it (hover with a delay, focus); given unless `prefetchOnIntent` is false. */
  onPageIntent?: (page: number) => void;
}

/** The sort and filters a list hook asks with, and how to change them: what a table's headers and search box bind to. */
export interface ListState {
  /** Sort criteria in order of precedence (TanStack Table's `SortingState`). */
  sort: readonly SortEntry[];
  /** Filters as last set (the request follows once they settle, see `filtersDelayMs`). */
  filters: ListFilters;
  /** Sorts by `sort` from page 1 (a controlled page hears `onChange(1, pageSize)`). */
  setSort: (sort: readonly SortEntry[]) => void;
  /** Filters by `filters` from page 1 (a controlled page hears `onChange(1, pageSize)`). */
  setFilters: (filters: ListFilters) => void;
}

/** Sort and filter options every list hook takes: each controlled when given, else kept by the hook. */
export interface ListStateOptions {
  /** Sort criteria (TanStack Table's `SortingState`); giving it makes the sort controlled. @default defaultSort, then the user's choice */
  sort?: readonly SortEntry[] | undefined;
  /** Sort when `sort` is not given, read on mount. @default [] */
  defaultSort?: readonly SortEntry[] | undefined;
  /** Called with the new sort when `listState.setSort` changes it. */
  onSortChange?: ((sort: readonly SortEntry[]) => void) | undefined;
  /** Filters sent as query parameters (e.g. `{ q, protocol }`); giving them makes the filters controlled. @default defaultFilters, then the user's choice */
  filters?: ListFilters | undefined;
  /** Filters when `filters` is not given, read on mount. @default {} */
  defaultFilters?: ListFilters | undefined;
  /** Called with the new filters when `listState.setFilters` changes them. */
  onFiltersChange?: ((filters: ListFilters) => void) | undefined;
  /** Milliseconds filters must stay unchanged before they are asked for: a search typed fast costs one request. @default 300 */
  filtersDelayMs?: number | undefined;
}

/** Page options of the paged and suspense hooks. */
export interface PageOptions {
  /** 1-based page. Giving it makes the page controlled: `pagination.onChange` then only calls `onChange`. @default defaultPage (1), then the user's choice */
  page?: number | undefined;
  /** Rows per page. Giving it makes the page size controlled. @default defaultPageSize (20), then the user's choice */
  pageSize?: number | undefined;
  /** First page when `page` is not given, read on mount; the page also returns here when the organization, sort or filters change. @default 1 */
  defaultPage?: number | undefined;
  /** First page size when `pageSize` is not given, read on mount. @default 20 */
  defaultPageSize?: number | undefined;
  /**
   * Called with the 1-based page and the page size when `pagination.onChange` changes either, and when the hook
   * moves back from past the end. Not called when another organization resets the page to `defaultPage`.
   */
  onChange?: ((page: number, pageSize: number) => void) | undefined;
  /** The client to use instead of the nearest `ApiClientProvider`'s. @default the nearest ApiClientProvider's client */
  client?: ApiClient | undefined;
  /**
   * On a list paged by cursor, the cursor that leads to `page`, as the result's `cursor` gave it and a URL carries it:
   * a reload or a shared link then shows the same rows with one request. Used for its own `page` only, when the
   * cached pages do not lead there, and only with the sort, filters, organization and page size it came with.
   * @default none: the previous page's `nextCursor`, else the pages before, in order
   */
  cursor?: ListCursor | undefined;
  /** How long a fetched page counts as fresh, in milliseconds; the prefetched next page uses the same. @default 30_000 */
  staleTime?: number | undefined;
}

/**
 * `useQuery` options the hook sets itself, or that would be wrong for a hook whose key changes with the page:
 * `initialData` would seed every page, page size and organization with the same rows.
 */
type OwnQueryOptions =
  'queryKey' | 'queryFn' | 'placeholderData' | 'select' | 'staleTime' | 'initialData' | 'initialDataUpdatedAt';

/**
 * Options of `usePagedList`, `useShares` and `useEnvironments`; any other `useQuery` option passes through. For data
 * rendered on the server, hydrate the QueryClient (`queryClient.query(sharesQueryOptions(…))` + `dehydrate`) instead
 * of `initialData`.
 */
export interface PagedResourceOptions<T = Share>
  extends
    Omit<UseQueryOptions<Page<T>, Error, Page<T>, PagedQueryKey>, OwnQueryOptions>,
    PageOptions,
    ListStateOptions {
  /** The organization's UUID. Without one nothing is requested (the query is skipped, not failed). */
  organizationId: string | null | undefined;
  /** Fetch the next page in the background once the current one has settled. @default true */
  prefetchNext?: boolean | undefined;
  /** Fetch a page ahead when the reader rests the pointer on its control or focuses it (`pagination.onPageIntent`); on a list paged by cursor, only pages whose cursor is known. @default true */
  prefetchOnIntent?: boolean | undefined;
}

/** Result of `usePagedList`, `useShares` and `useEnvironments`: TanStack's query result plus the control's props. */
export type PagedResourceResult<T = Share> = UseQueryResult<Page<T>, Error> & {
  /** Props to spread into `<Pagination />`. */
  pagination: QueryPagination;
  /** Sort and filters, for sortable headers and a search box (`useServerTablePagination` binds them). */
  listState: ListState;
  /**
   * On a list paged by cursor, the cursor that led to the page on screen, with its number: carry it in a URL beside
   * the page and pass it back as the `cursor` option. Undefined for page 1, for number paging and while a page loads.
   */
  cursor: ListCursor | undefined;
};

/** Options of `useSuspenseList`, `useSuspenseShares` and `useSuspenseEnvironments`. */
export interface SuspensePagedOptions extends PageOptions, ListStateOptions {
  /** The organization's UUID (required: a suspending query cannot be skipped). */
  organizationId: string;
}

/** `useSuspenseQuery`'s result (data always there), whether another page is on its way, and the control's props. */
export type SuspensePagedResult<T> = UseSuspenseQueryResult<Page<T>, Error> & {
  /** A page, sort or filter change is loading while the current page stays on screen: drive a subtle loading state with it. */
  isTransitioning: boolean;
  /** Props to spread into `<Pagination />`; `onChange` moves inside a transition. */
  pagination: QueryPagination;
  /** Sort and filters; their setters, too, change inside a transition. */
  listState: ListState;
  /** On a list paged by cursor, the cursor that led to the page on screen, with its number (see `useShares`' `cursor`). */
  cursor: ListCursor | undefined;
};

/** Options of `useInfiniteList`, `useInfiniteShares` and `useInfiniteEnvironments`: the list's, plus `useInfiniteQuery` options it does not own. */
export interface InfiniteResourceOptions<T>
  extends
    Omit<PagedInfiniteQueryParams, 'client'>,
    Omit<
      UseInfiniteQueryOptions<
        Page<T>,
        Error,
        InfiniteData<Page<T>, ListPageParam>,
        PagedInfiniteQueryKey,
        ListPageParam
      >,
      | 'queryKey'
      | 'queryFn'
      | 'initialPageParam'
      | 'getNextPageParam'
      | 'getPreviousPageParam'
      | 'maxPages'
      | 'staleTime'
      | 'initialData'
      | 'placeholderData'
    > {
  /** The API client. @default the one from `<ApiClientProvider>` */
  client?: ApiClient | undefined;
  /** Milliseconds `filters` must stay unchanged before they are asked for. @default 300 */
  filtersDelayMs?: number | undefined;
}

/**
 * `useInfiniteQuery`'s result (`hasNextPage`: the last page said `hasNext`; `isFetchingNextPage`) plus the rows and a
 * `loadMore` for a "Load more" button or an intersection observer.
 */
export type InfiniteResourceResult<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, ListPageParam>, Error> & {
  /** Every row loaded so far, in order (pages dropped by `maxPages` are gone). */
  rows: T[];
  /** Loads the next page; does nothing while one is loading or when there is none. */
  loadMore: () => void;
  /** The total from the last page, when the service says one. */
  total: number | undefined;
};
