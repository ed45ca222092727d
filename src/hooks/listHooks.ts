'use client';

// The list hooks: one core (the client, sort and settled filters; the page for the page forms), one form over each of
// TanStack's hooks (useQuery, useSuspenseQuery, useInfiniteQuery) with what the list owns set last, and the public
// hooks, each a form with a resource and the name its messages use.
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type RefObject } from 'react';
import {
  hashKey,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ApiClient,
  ApiRecord,
  Environment,
  ListFilters,
  ListResource,
  Page,
  Share,
  SortEntry,
} from '../client/index';
import { invalidArgument } from '../shared/assert';
import { DEFAULT_PAGE_SIZE, toCount } from '../shared/paging';
import { usePageState } from '../shared/usePageState';
import { useLatest } from '../shared/useLatest';
import { useUncontrolled } from '../shared/useUncontrolled';
import { warnedInProcess, warnOnce, warnOncePerKey } from '../shared/log';
import { useClientFor } from './ApiClientProvider';
import {
  DEFAULT_STALE_TIME,
  listInfiniteQueryOptions,
  listQueryOptions,
  mergeListOptions,
  toListQuery,
  type ListPageParam,
  type PagedQueryParams,
} from './queryOptions';
import { cursorOf, pagedByCursor, type ListCursor } from './cursorPages';
import type {
  InfiniteResourceOptions,
  InfiniteResourceResult,
  ListState,
  ListStateOptions,
  PagedResourceOptions,
  PagedResourceResult,
  PageOptions,
  QueryPagination,
  SuspensePagedOptions,
  SuspensePagedResult,
} from './types';
import { DEFAULT_FILTERS_DELAY_MS, useDebouncedValue } from './useDebouncedValue';

const noSort: readonly SortEntry[] = [];
const noFilters: ListFilters = {};

/**
 * `query` plus `fields`, without writing into `query`: TanStack Query's tracked result re-renders a component only
 * for the fields it read, so each of its fields is a getter read only when the caller reads it (a spread would read
 * them all), and getters among `fields` are kept as getters.
 */
function extendResult<R extends object, F extends object>(query: R, fields: F): R & F {
  const result = {} as R & F;
  for (const key of Object.keys(query) as Array<keyof R>) {
    Object.defineProperty(result, key, { enumerable: true, configurable: true, get: () => query[key] });
  }
  return Object.defineProperties(result, Object.getOwnPropertyDescriptors(fields));
}

/**
 * Outside production, warns once per option name about each `[name, given, used]` whose given value was
 * replaced: bad numbers never reach the API, and the caller hears which option was wrong.
 */
const useInvalidOptionWarnings =
  // Written out as React writes it, so bundlers drop the hook, its effect and its messages from production builds.
  process.env.NODE_ENV === 'production'
    ? (): void => {}
    : function useInvalidOptionWarnings(
        caller: string,
        given: ReadonlyArray<readonly [string, unknown, number]>,
      ): void {
        const warned = useRef(new Set<string>()).current;
        useEffect(() => {
          for (const [name, value, used] of given) {
            if (value !== undefined && !Object.is(value, used)) warnOnce(warned, caller, name, value, used);
          }
        });
      };

/** Warnings found while rendering, by page, for an effect to say once that render has committed. */
const cachedElsewhere = /* @__PURE__ */ new WeakMap<QueryClient, Map<string, string>>();

/** Why `queryKey`'s page is missing when the cache holds it under another client id, or undefined. */
function cachedElsewhereLine(queryClient: QueryClient, queryKey: readonly unknown[]): string | undefined {
  if (queryClient.getQueryData(queryKey) !== undefined) return undefined;
  const rest = (key: readonly unknown[]) => hashKey([...key.slice(0, 2), ...key.slice(3)]);
  const [elsewhere] = queryClient.getQueryCache().findAll({
    queryKey: queryKey.slice(0, 2),
    predicate: ({ queryKey: other, state }) =>
      state.data !== undefined && other[2] !== queryKey[2] && rest(other) === rest(queryKey),
  });
  return (
    elsewhere &&
    `[pagewise] this page is cached under client id ${JSON.stringify(elsewhere.queryKey[2])} but asked for under ${JSON.stringify(queryKey[2])}, ` +
      'so it is fetched again (e.g. prefetched on the server, then missed after hydration). Give both clients the same `id`, or none.'
  );
}

/**
 * Outside production, warns once per page and process when the cache has no data for `queryKey` but holds the same
 * page under another client id: a page prefetched on the server with a client of another `id` is fetched again.
 * Looked for while rendering, when the page is still missing (a render that suspends never commits, and the one
 * after it has the data); said from an effect, so a server render or a discarded one says nothing.
 */
const useCachedElsewhereWarning =
  // Written out as React writes it, so bundlers drop the check, its message and its effect from production builds.
  process.env.NODE_ENV === 'production'
    ? (): void => {}
    : function useCachedElsewhereWarning(queryClient: QueryClient, queryKey: readonly unknown[]): void {
        const key = hashKey(queryKey);
        if (!warnedInProcess.has(key)) {
          const line = cachedElsewhereLine(queryClient, queryKey);
          if (line) cachedElsewhere.set(queryClient, (cachedElsewhere.get(queryClient) ?? new Map()).set(key, line));
        }
        useEffect(() => {
          const lines = cachedElsewhere.get(queryClient);
          const line = lines?.get(key);
          if (line === undefined) return;
          lines!.delete(key);
          // Once per page and process is enough to be seen.
          warnOncePerKey(warnedInProcess, key, () => line);
        }, [queryClient, key]);
      };

/** Calls `run` as it is: the paged hook's changes need no transition. */
const now = (run: () => void) => run();

/** What the list-hook core reads of every form's options. */
interface CoreOptions extends ListStateOptions {
  organizationId: string | null | undefined;
  client?: ApiClient | undefined;
}

/**
 * The core under every list hook (paged, suspense, "load more"): the client (the option's, else the provider's), the
 * sort and filters (each controlled when given, else kept here), the query they make once the filters settle, and the
 * listing they name: one resource, client, organization, sort and settled filters.
 */
function useListCore(caller: string, resource: ListResource, options: CoreOptions) {
  const client = useClientFor(caller, options.client);
  const organizationId = options.organizationId || null;
  const [sort, setSort] = useUncontrolled(options.sort, options.defaultSort ?? noSort);
  const [filters, setFilters] = useUncontrolled(options.filters, options.defaultFilters ?? noFilters);
  const settled = toListQuery(sort, useDebouncedValue(filters, options.filtersDelayMs ?? DEFAULT_FILTERS_DELAY_MS));
  // The client's non-secret id, not the object: a client created during render must not look like a new one.
  const scope = JSON.stringify([resource, client.id, organizationId]);
  const listing = `${scope}${hashKey([settled])}`;
  return { client, organizationId, sort, filters, setSort, setFilters, settled, scope, listing };
}

/** The options a page form reads besides the core's. */
type PageFormOptions = PageOptions & CoreOptions;

/**
 * The page and page size of a page form, each controlled or kept here and made usable (a bad one is replaced, and
 * named in a warning), back to the first page in the same render as another `listing`; `change` moves them inside
 * `transition`. `byCursorRef` is set once the page shows the list pages by cursor: another page size then starts from
 * page 1, as no cursor leads to the page that would keep the first row in view.
 */
function usePageNumbers(
  caller: string,
  options: PageFormOptions,
  listing: string,
  byCursorRef: RefObject<boolean>,
  transition: (run: () => void) => void,
) {
  const firstPage = toCount(options.defaultPage, 1);
  const firstSize = toCount(options.defaultPageSize, DEFAULT_PAGE_SIZE);
  const { page: given, pageSize: givenSize, onChange } = options;
  const state = usePageState({
    page: given,
    pageSize: givenSize,
    defaultPage: firstPage,
    defaultPageSize: firstSize,
    listing,
    onChange,
  });
  const page = toCount(state.page, 1);
  const pageSize = toCount(state.pageSize, firstSize);
  useInvalidOptionWarnings(caller, [
    ['page', given, page],
    ['pageSize', givenSize, pageSize],
    ['defaultPage', options.defaultPage, firstPage],
    ['defaultPageSize', options.defaultPageSize, firstSize],
  ]);
  // The latest options and page, so the setters stay the same functions for memoised callers.
  const latest = useLatest({ options, page, pageSize });
  const { change: setPage } = state;
  const change = useCallback(
    (next: number, size: number) =>
      transition(() => {
        const newSize = toCount(size, latest.current.pageSize);
        const restart = byCursorRef.current && newSize !== latest.current.pageSize;
        setPage(restart ? 1 : toCount(next, 1), newSize);
      }),
    [setPage, transition, byCursorRef, latest],
  );
  return { page, pageSize, change, latest };
}

/**
 * The core and the page of the paged and suspense forms, with `listState`: sort and filters and their setters, which
 * go back to page 1 (an uncontrolled page by itself, as the listing changes; a controlled one through `onChange`).
 */
function usePageListing(
  caller: string,
  resource: ListResource,
  options: PageFormOptions,
  byCursorRef: RefObject<boolean>,
  transition = now,
) {
  const core = useListCore(caller, resource, options);
  const { sort, filters, setSort, setFilters, listing } = core;
  const { page, pageSize, change, latest } = usePageNumbers(caller, options, listing, byCursorRef, transition);
  const listState = useMemo<ListState>(() => {
    const set = (next: { sort?: readonly SortEntry[]; filters?: ListFilters }) =>
      transition(() => {
        const { options: current, page: shown, pageSize: size } = latest.current;
        if (next.sort) setSort(next.sort);
        if (next.filters) setFilters(next.filters);
        if (next.sort) current.onSortChange?.(next.sort);
        if (next.filters) current.onFiltersChange?.(next.filters);
        if (current.page !== undefined && shown !== 1) current.onChange?.(1, size);
      });
    return { sort, filters, setSort: (next) => set({ sort: next }), setFilters: (next) => set({ filters: next }) };
  }, [sort, filters, transition, setSort, setFilters, latest]);
  const cursor = useListingCursor(options.cursor, `${listing}/${pageSize}`);
  return { ...core, page, pageSize, change, listState, cursor };
}

/**
 * The `cursor` option while the listing and page size it came with stand: a cursor leads into one sort and filter of
 * one organization's list at one page size, and would show other rows under its page's number in any other.
 */
function useListingCursor(cursor: ListCursor | undefined, listing: string): ListCursor | undefined {
  const id = cursor && JSON.stringify([cursor.page, cursor.cursor, cursor.cursorParam]);
  const [bound, setBound] = useState({ id, listing });
  if (bound.id !== id) setBound({ id, listing });
  return bound.id === id && bound.listing === listing ? cursor : undefined;
}

/**
 * Where to go when rows were deleted under page `page`, or undefined to stay. With a total, a page past the end
 * goes to the last page; without one, an empty page after the first goes back one (the service says no more).
 */
function pageAfterDeletes(fresh: Page<unknown> | undefined, page: number): number | undefined {
  if (!fresh) return undefined;
  if (fresh.total === undefined) return page > 1 && fresh.items.length === 0 ? page - 1 : undefined;
  const lastPage = Math.max(1, fresh.pageCount ?? 1);
  return page > lastPage ? lastPage : undefined;
}

/**
 * Moves a page form on to the page that is left when rows were deleted under its page (a write, another user), once
 * per move; returns that page, or undefined to stay.
 */
function useMoveAfterDeletes(
  fresh: Page<unknown> | undefined,
  { listing, page, pageSize, change }: { listing: string; page: number; pageSize: number; change: PageChange },
): number | undefined {
  const target = pageAfterDeletes(fresh, page);
  // The move already asked for: StrictMode runs a mount's effects twice, and the caller hears of it once.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const move = target === undefined ? null : JSON.stringify([listing, page, pageSize, target]);
    if (move !== null && asked.current !== move) change(target!, pageSize);
    asked.current = move;
  }, [listing, target, page, pageSize, change]);
  return target;
}

/** How a page form moves: to `page` with `pageSize` rows per page. */
type PageChange = (page: number, pageSize: number) => void;

/** The control's props of a page form, the same object while they are: `total` when known, else `hasNext` when known. */
function usePaginationProps(
  current: number,
  pageSize: number,
  onChange: PageChange,
  total: number | undefined,
  hasNext: boolean | undefined,
): QueryPagination {
  return useMemo(() => {
    const count = total !== undefined ? { total } : hasNext !== undefined ? { hasNext } : {};
    return { current, pageSize, onChange, ...count };
  }, [current, total, hasNext, pageSize, onChange]);
}

/**
 * The last total a fresh page reported for this listing, so the control keeps its shape while another page
 * size loads. Undefined until one is known, and for services that never report one.
 */
function useKnownTotal(listing: string, freshTotal: number | undefined, fresh: boolean): number | undefined {
  const [known, setKnown] = useState<{ listing: string; total: number | undefined } | null>(null);
  if (fresh && (known?.listing !== listing || known.total !== freshTotal)) setKnown({ listing, total: freshTotal });
  return known?.listing === listing ? known.total : undefined;
}

/** The `useQuery` options that also shape how the prefetched next page is fetched and kept. */
const FETCH_OPTIONS = ['retry', 'retryDelay', 'gcTime', 'networkMode', 'meta'] as const;

/**
 * Fetches `nextOptions`' page in the background, unless the caller disabled the page query (`enabled`, also as a
 * callback of the page's query). Decided from the options, not the result's `isEnabled`, which TanStack Query gives
 * only from 5.83.
 */
function prefetchPage<T>(
  queryClient: QueryClient,
  shown: readonly unknown[],
  nextOptions: ReturnType<typeof listQueryOptions<T>>,
  overrides: Partial<PagedResourceOptions<T>>,
): void {
  const { enabled } = overrides;
  if (typeof enabled === 'function') {
    const query = queryClient.getQueryCache().find({ queryKey: shown, exact: true });
    if (!query || enabled(query as never) === false) return;
  } else if (enabled === false) return;
  const fetchOptions = Object.fromEntries(
    FETCH_OPTIONS.filter((name) => overrides[name] !== undefined).map((name) => [name, overrides[name]]),
  );
  // The caller's fetch options win over the list's defaults here: its `retry` is the page query's too.
  queryClient.query({ ...nextOptions, ...fetchOptions }).catch(() => {});
}

/** What the paged form asks its pages with, the page on screen and its key. */
interface PageRequestOf<T> {
  params: Omit<PagedQueryParams, 'page' | 'cursor'> & { organizationId: string | null };
  overrides: PagedResourceOptions<T>;
  page: number;
  key: readonly unknown[];
}

/** Fetches the page after the one `request` shows in the background, with the same sort and filters. */
function prefetchAfter<T>(queryClient: QueryClient, resource: ListResource, request: PageRequestOf<T>): void {
  const { params, overrides, key, page } = request;
  prefetchPage(queryClient, key, listQueryOptions<T>(resource, { ...params, page: page + 1 }), overrides);
}

/**
 * Once the page on screen has settled and says another follows (`nextPage`), fetches it with the same sort and
 * filters, so moving forward waits for nothing. And each time the page on screen is fetched again (a write settled,
 * a change from elsewhere, a refetch on focus), from the cache's own event: the next page may be stale by then, and
 * a render between the two fetches is not to be counted on (TanStack batches its notifications to components, so
 * the render that saw the refetch running may never come).
 */
function usePrefetchNext<T>(
  resource: ListResource,
  listing: string,
  nextPage: number | undefined,
  request: PageRequestOf<T>,
  prefetchNext: boolean,
) {
  const queryClient = useQueryClient();
  const latest = useLatest(request);
  const { organizationId, pageSize, staleTime } = request.params;
  // The fetch of the page on screen whose next page was last asked for: each fetch of it asks once, from whichever
  // of the two below sees it first (a next page that failed is not asked again by a render that follows).
  const askedAfter = useRef('');
  const askOnce = useCallback(
    (shown: PageRequestOf<T>, fetchedAt: number | undefined) => {
      const fetch = `${hashKey(shown.key)}@${fetchedAt}`;
      if (askedAfter.current === fetch) return;
      askedAfter.current = fetch;
      prefetchAfter(queryClient, resource, shown);
    },
    [queryClient, resource],
  );
  useEffect(() => {
    if (nextPage === undefined || !organizationId) return;
    askOnce(latest.current, queryClient.getQueryState(latest.current.key)?.dataUpdatedAt);
  }, [queryClient, askOnce, listing, organizationId, nextPage, pageSize, staleTime, latest]);
  useEffect(() => {
    if (!prefetchNext || !organizationId) return;
    return queryClient.getQueryCache().subscribe((event) => {
      // A fetch, not data set by hand (a write's patch lands before its write does: the next page would be early).
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const shown = latest.current;
      const { queryKey, state } = event.query;
      if (hashKey(queryKey) === hashKey(shown.key) && (state.data as Page<T> | undefined)?.hasNext)
        askOnce(shown, state.dataUpdatedAt);
    });
  }, [queryClient, askOnce, organizationId, prefetchNext, latest]);
}

/** The paged form over `useQuery`: `usePagedList`, `useShares`, `useEnvironments`. `caller` names the hook in messages. */
function usePagedListAs<T>(
  caller: string,
  resource: ListResource,
  options: PagedResourceOptions<T>,
): PagedResourceResult<T> {
  const { prefetchNext = true, staleTime = DEFAULT_STALE_TIME } = options;
  // Written here, where the page is known, and read by the shared page setter.
  const byCursorRef = useRef(false);
  const listing = usePageListing(caller, resource, options, byCursorRef);
  const { client, organizationId, page, pageSize, change, scope, settled, listState } = listing;
  const params = { client, organizationId, pageSize, staleTime, ...settled };
  const own = listQueryOptions<T>(resource, { ...params, page, cursor: listing.cursor });
  useCachedElsewhereWarning(useQueryClient(), own.queryKey);
  // The hook's own options (organizationId, page, sort, …) name nothing TanStack reads, so they pass along unread;
  // what the list owns is set last, as useSuspenseQuery sets its own; `select` would change the page the hook reads.
  const query = useQuery({ ...mergeListOptions(own, options), select: undefined });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => void (fresh && (byCursorRef.current = pagedByCursor(fresh))));
  const knownTotal = useKnownTotal(scope, fresh?.total, fresh !== undefined);
  const total = query.data?.total ?? knownTotal;
  // Past the end, the control already shows the page the move goes to.
  const current = useMoveAfterDeletes(fresh, listing) ?? page;
  const nextPage = prefetchNext && fresh?.hasNext && !query.isFetching ? page + 1 : undefined;
  const request = { params, overrides: options, page, key: own.queryKey };
  usePrefetchNext<T>(resource, listing.listing, nextPage, request, prefetchNext);
  const hasNext = total === undefined ? query.data?.hasNext : undefined;
  const pagination = usePaginationProps(current, pageSize, change, total, hasNext);
  const cursor = useMemo(() => cursorOf(fresh, page), [fresh, page]);
  return extendResult(query, { pagination, listState, cursor });
}

/**
 * The suspense form over `useSuspenseQuery`: `useSuspenseList`, `useSuspenseShares`, `useSuspenseEnvironments`.
 * Paging under Suspense without the fallback coming back: every change runs inside `startTransition`, so React keeps
 * the current page on screen while the next one suspends (`useSuspenseQuery` has no `placeholderData`).
 */
function useSuspenseListAs<T>(
  caller: string,
  resource: ListResource,
  options: SuspensePagedOptions,
): SuspensePagedResult<T> {
  const [isTransitioning, startTransition] = useTransition();
  const byCursorRef = useRef(false);
  const listing = usePageListing(caller, resource, options, byCursorRef, startTransition);
  const { client, organizationId, page, pageSize, change, settled, listState, cursor: given } = listing;
  const queryClient = useQueryClient();
  if (!organizationId)
    throw invalidArgument('organizationId', `is required by ${caller}() (a suspending query cannot wait for one)`);
  const own = listQueryOptions<T>(resource, {
    ...{ client, organizationId, page, pageSize, staleTime: options.staleTime, cursor: given },
    ...settled,
  });
  useCachedElsewhereWarning(queryClient, own.queryKey);
  // With an organization, queryFn is a function (never skipToken), as useSuspenseQuery requires.
  const query = useSuspenseQuery(own as typeof own & { queryFn: Exclude<typeof own.queryFn, symbol> });
  const { total, hasNext } = query.data;
  useMoveAfterDeletes(query.data, listing);
  useEffect(() => void (byCursorRef.current = pagedByCursor(query.data)));
  const pagination = usePaginationProps(page, pageSize, change, total, total === undefined ? hasNext : undefined);
  const cursor = useMemo(() => cursorOf(query.data, page), [query.data, page]);
  return extendResult(query, { isTransitioning, pagination, listState, cursor });
}

const noRows: never[] = [];
/** Rows of each `data` once: the same pages give the same array, so `rows` can feed memoised tables. */
const rowsByData = new WeakMap<object, unknown[]>();

function rowsOf<T>(data: InfiniteData<Page<T>, ListPageParam> | undefined): T[] {
  if (!data) return noRows;
  let rows = rowsByData.get(data) as T[] | undefined;
  if (!rows) rowsByData.set(data, (rows = data.pages.flatMap((page) => page.items)));
  return rows;
}

/** The "load more" form over `useInfiniteQuery`: `useInfiniteList`, `useInfiniteShares`, `useInfiniteEnvironments`. */
function useInfiniteListAs<T>(
  caller: string,
  resource: ListResource,
  options: InfiniteResourceOptions<T>,
): InfiniteResourceResult<T> {
  const { client, organizationId, settled } = useListCore(caller, resource, options);
  const { pageSize, maxPages, staleTime } = options;
  const own = listInfiniteQueryOptions<T>(resource, {
    client,
    organizationId,
    pageSize,
    maxPages,
    staleTime,
    ...settled,
  });
  // What the list owns is set last; without placeholder data (the merge blanks the caller's): switching organization
  // never shows the other's rows.
  const merged = mergeListOptions(own, options);
  const query = useInfiniteQuery(merged);
  const queryClient = useQueryClient();
  // The query's hash as TanStack computes it (a caller's queryKeyHashFn included), not the key (an array new each
  // render): loadMore stays the same function, for effects that use it, while the list does.
  const { queryHash } = queryClient.defaultQueryOptions(merged);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => {
    // Read from the cache now, not from the render: the render would then track `hasNextPage` for every caller.
    // A call while a page loads joins it instead of asking again, but a background refetch (invalidation, focus)
    // must not swallow it, so that one is cancelled as TanStack does by default.
    const state = queryClient
      .getQueryCache()
      .get<Page<T>, Error, InfiniteData<Page<T>, ListPageParam>>(queryHash)?.state;
    const loading = !!(state?.fetchMeta as { fetchMore?: unknown } | null | undefined)?.fetchMore;
    if (state?.data?.pages.at(-1)?.hasNext) void fetchNextPage({ cancelRefetch: !loading });
  }, [fetchNextPage, queryClient, queryHash]);
  return withLoadMoreFields(query, loadMore);
}

/**
 * `query` with the "load more" fields as getters, read only when the caller reads them: a component showing `rows`
 * re-renders when rows change, not on every notification of the observer (fetch status, `isFetchingNextPage`, …).
 * A plain function, not inline in the hook: React Compiler does not compile object getters.
 */
function withLoadMoreFields<T, Q extends { data: InfiniteData<Page<T>, ListPageParam> | undefined }>(
  query: Q,
  loadMore: () => void,
) {
  return extendResult(query, {
    loadMore,
    get rows() {
      return rowsOf(query.data);
    },
    get total() {
      return query.data?.pages.at(-1)?.total;
    },
  });
}

/**
 * One page of any list of the service: `resource` is the path segment after the organization, e.g.
 * `usePagedList<User>('users', { organizationId })` for `GET {baseUrl}/{organizationId}/users`. `page` is 1-based
 * like the control; spread `pagination` into `<Pagination />`, bind `listState` to sortable headers and a search box.
 */
export function usePagedList<T = ApiRecord>(
  resource: ListResource,
  options: PagedResourceOptions<T>,
): PagedResourceResult<T> {
  return usePagedListAs<T>('usePagedList', resource, options);
}

/** Any list of the service page by page ("load more", infinite scroll); see `useInfiniteShares`. */
export function useInfiniteList<T = ApiRecord>(
  resource: ListResource,
  options: InfiniteResourceOptions<T>,
): InfiniteResourceResult<T> {
  return useInfiniteListAs<T>('useInfiniteList', resource, options);
}

/** One page of any list of the service under Suspense, changing page, sort and filters in a transition; see `useSuspenseShares`. */
export function useSuspenseList<T = ApiRecord>(
  resource: ListResource,
  options: SuspensePagedOptions,
): SuspensePagedResult<T> {
  return useSuspenseListAs<T>('useSuspenseList', resource, options);
}

/**
 * One page of an organization's shares. `page` is 1-based like the control and becomes the API's
 * zero-based `page`; spread `pagination` into `<Pagination />` and its `onChange` fetches the new page.
 */
export function useShares<T = Share>(options: PagedResourceOptions<T>): PagedResourceResult<T> {
  return usePagedListAs<T>('useShares', 'shares', options);
}

/** One page of an organization's environments (see `useShares`). */
export function useEnvironments<T = Environment>(options: PagedResourceOptions<T>): PagedResourceResult<T> {
  return usePagedListAs<T>('useEnvironments', 'environments', options);
}

/**
 * An organization's shares page by page, for "Load more" buttons and infinite scroll: `rows` holds every row loaded,
 * `loadMore()` asks for the next page while TanStack's `hasNextPage`. Pages follow `hasNext`, so services without a total work too.
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
