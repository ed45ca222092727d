'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../client/index';
import type { Page, Share } from '../client/types';
import { warnOnce } from '../shared/warnOnce';
import { DEFAULT_PAGE_SIZE, DEFAULT_STALE_TIME, pagedQueryOptions } from './pagedQueryOptions';
import type { PagedQueryKey, PagedResource } from './pagedQueryOptions';
import { isQueryEnabled } from './isQueryEnabled';
import { toPageNumber } from './toPageNumber';
import { useClientFor } from './useApiClient';

/** The props a data hook hands to `<Pagination {...result.pagination} />`. */
export interface QueryPagination {
  /** 1-based page on screen. */
  current: number;
  /**
   * Total rows. While a page loads, the last total known for this organization (so the control keeps its
   * shape); absent until the first one is known (the control then treats the current page as the last known).
   */
  total?: number;
  /** Rows per page. */
  pageSize: number;
  /** Moves to `page` (1-based) with `pageSize` rows per page. */
  onChange: (page: number, pageSize: number) => void;
}

/**
 * `useQuery` options the hook sets itself, or that would be wrong for a hook whose key changes with the page:
 * `initialData` would seed every page, page size and organization with the same rows.
 */
const OWN_QUERY_OPTIONS = [
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
  /** First page when `page` is not given; the page also returns here when the organization changes. @default 1 */
  defaultPage?: number;
  /** First page size when `pageSize` is not given. @default 20 */
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

/** The cache entry of one page. */
type PageQuery<T> = Query<Page<T>, Error, Page<T>, PagedQueryKey>;

interface OwnState {
  /** The listing the page belongs to: a page of one organization means nothing in another. */
  listing: string;
  page: number;
  pageSize: number;
}

/** The `useQuery` options that also shape how the prefetched next page is fetched and kept. */
const FETCH_OPTIONS = ['retry', 'retryDelay', 'gcTime', 'networkMode', 'meta'] as const;

/** The one implementation behind `useShares` and `useEnvironments`. `caller` names the hook in messages. */
export function usePagedResource<T>(
  resource: PagedResource,
  options: PagedResourceOptions<T>,
  caller: string,
): PagedResourceResult<T> {
  const {
    organizationId: organizationOption,
    page: pageOption,
    pageSize: pageSizeOption,
    defaultPage,
    defaultPageSize,
    onChange,
    prefetchNext = true,
    client: clientOption,
    staleTime = DEFAULT_STALE_TIME,
    ...passedThrough
  } = options;
  const queryOverrides = withoutOwnOptions(passedThrough);
  const client = useClientFor(caller, clientOption);
  const queryClient = useQueryClient();
  const organizationId = organizationOption || null;
  // The client's non-secret id, not the object: a client created during render must not look like a new one.
  const listing = JSON.stringify([resource, client.id, organizationId]);
  const firstPage = toPageNumber(defaultPage, 1);

  const [own, setOwn] = useState<OwnState>(() => ({
    listing,
    page: firstPage,
    pageSize: toPageNumber(defaultPageSize, DEFAULT_PAGE_SIZE),
  }));
  // Another organization (or client) starts again at the first page. Adjusting state while rendering
  // (rather than in an effect) means no render ever pairs the new organization with the old page.
  let ownPage = own.page;
  if (own.listing !== listing) {
    ownPage = firstPage;
    setOwn({ ...own, listing, page: firstPage });
  }
  const page = pageOption === undefined ? ownPage : toPageNumber(pageOption, 1);
  const pageSize = pageSizeOption === undefined ? own.pageSize : toPageNumber(pageSizeOption, own.pageSize);

  // Bad numbers never reach the API; outside production the caller hears about each once, by option name.
  const warned = useRef(new Set<string>()).current;
  useEffect(() => {
    const given: Array<[string, unknown, number]> = [
      ['page', pageOption, page],
      ['pageSize', pageSizeOption, pageSize],
      ['defaultPage', defaultPage, firstPage],
      ['defaultPageSize', defaultPageSize, toPageNumber(defaultPageSize, DEFAULT_PAGE_SIZE)],
    ];
    for (const [name, value, used] of given) {
      if (value !== undefined && !Object.is(value, used)) warnOnce(warned, caller, name, value, used);
    }
  });

  // The latest callback and client, so that inline ones neither change `change` nor re-run the effects below.
  const latest = useRef({ onChange, client, queryOverrides });
  useEffect(() => {
    latest.current = { onChange, client, queryOverrides };
  });
  const change = useCallback(
    (nextPage: number, nextPageSize: number) => {
      const p = toPageNumber(nextPage, 1);
      const size = toPageNumber(nextPageSize, pageSize);
      setOwn({ listing, page: p, pageSize: size });
      latest.current.onChange?.(p, size);
    },
    [listing, pageSize],
  );

  const pageOptions = pagedQueryOptions<T>(resource, { client, organizationId, page, pageSize, staleTime });
  const query = useQuery({ ...pageOptions, ...queryOverrides });

  const fresh = query.isPlaceholderData ? undefined : query.data;

  // The last total seen for this listing, so the control keeps its shape while a page size change loads.
  const [known, setKnown] = useState<{ listing: string; total: number } | null>(null);
  if (fresh && (known?.listing !== listing || known.total !== fresh.total)) {
    setKnown({ listing, total: fresh.total });
  }
  const total = query.data?.total ?? (known?.listing === listing ? known.total : undefined);

  // Rows were deleted under us: fresh data says this page is past the end, so move to the last page.
  const lastPage = fresh ? Math.max(1, fresh.pageCount) : undefined;
  // The move already asked for: StrictMode runs a mount's effects twice, and the caller hears of it once.
  const askedMove = useRef<string | null>(null);
  useEffect(() => {
    if (lastPage === undefined || page <= lastPage) {
      askedMove.current = null;
      return;
    }
    const move = JSON.stringify([listing, page, pageSize, lastPage]);
    if (askedMove.current === move) return;
    askedMove.current = move;
    change(lastPage, pageSize);
  }, [listing, lastPage, page, pageSize, change]);

  // Once this page has settled, fetch the next one so moving forward waits for nothing, unless the caller
  // disabled the query (`enabled`, also as a callback); without an organization the effect below does nothing.
  const enabled = isQueryEnabled(query, queryOverrides.enabled, () =>
    queryClient.getQueryCache().find({ queryKey: pageOptions.queryKey, exact: true }) as PageQuery<T> | undefined,
  );
  const nextPage = prefetchNext && enabled && fresh?.hasNext && !query.isFetching ? page + 1 : undefined;
  useEffect(() => {
    if (nextPage === undefined || !organizationId) return;
    const { client: current, queryOverrides: overrides } = latest.current;
    const fetchOptions = Object.fromEntries(
      FETCH_OPTIONS.filter((name) => overrides[name] !== undefined).map((name) => [name, overrides[name]]),
    ) as Pick<PagedResourceOptions<T>, (typeof FETCH_OPTIONS)[number]>;
    void queryClient.prefetchQuery({
      ...pagedQueryOptions<T>(resource, { client: current, organizationId, page: nextPage, pageSize, staleTime }),
      ...fetchOptions,
    });
  }, [queryClient, resource, listing, organizationId, nextPage, pageSize, staleTime]);

  // Past the end, the control already shows the last page while the move above is under way.
  const current = lastPage !== undefined ? Math.min(page, lastPage) : page;
  const pagination = useMemo<QueryPagination>(
    () => (total === undefined ? { current, pageSize, onChange: change } : { current, total, pageSize, onChange: change }),
    [current, total, pageSize, change],
  );
  return withPagination(query, pagination);
}

/**
 * The caller's `useQuery` options without those the hook owns: a cast (or plain JavaScript) can still pass
 * `initialData`, and it must not become every page's data.
 */
function withoutOwnOptions<O extends object>(options: O): O {
  const rest = { ...options } as Record<string, unknown>;
  for (const name of OWN_QUERY_OPTIONS) delete rest[name];
  return rest as O;
}

/**
 * `query` plus `pagination`. Each field of `query` is read only when the caller reads it: TanStack Query
 * re-renders a component only for the fields it used, and a spread would use them all (`isStale`,
 * `failureCount`, `dataUpdatedAt`, …).
 */
function withPagination<R extends object>(query: R, pagination: QueryPagination): R & { pagination: QueryPagination } {
  const result = { pagination } as R & { pagination: QueryPagination };
  for (const key of Object.keys(query) as Array<keyof R>) {
    Object.defineProperty(result, key, { enumerable: true, configurable: true, get: () => query[key] });
  }
  return result;
}
