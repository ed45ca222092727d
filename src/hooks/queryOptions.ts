import { infiniteQueryOptions, queryOptions, skipToken, type InfiniteData } from '@tanstack/react-query';
import type { ApiClient, Environment, ListFilters, ListResource, Page, Share, SortEntry } from '../client/index';
import type { FilterValue, PageCursor } from '../client/internal';
import { assertInteger } from '../shared/assert';
import { DEFAULT_PAGE_SIZE } from '../shared/paging';
import { retryPolicy } from './retryPolicy';
import { fetchListPage, fetchNumberedPage, type ListCursor } from './cursorPages';

/** Sort and filters as a query key holds them: filters without empty values, so equal filters are one key. */
export interface ListQuery {
  /** Sort criteria in order of precedence. */
  sort: readonly SortEntry[];
  /** Filters with a value (TanStack hashes object keys sorted, so their order does not matter). */
  filters: Readonly<Record<string, FilterValue | readonly FilterValue[]>>;
}

/**
 * Query key of one page, general → specific: `['pagewise', resource, client id, organization id, page size,
 * { sort, filters }, page (1-based)]`, so every prefix names a set of pages (`invalidateQueries({ queryKey:
 * key.slice(0, 5) })` is one page size of one organization). Never holds a token.
 */
export type PagedQueryKey = readonly ['pagewise', ListResource, string, string | null, number, ListQuery, number];

/**
 * Query key of a "load more" list, as `PagedQueryKey` but ending in `'infinite'`: its prefix of six is the same set
 * of rows as the paged queries' (`invalidateQueries` on it refreshes both). Never holds a token.
 */
export type PagedInfiniteQueryKey = readonly [
  'pagewise',
  ListResource,
  string,
  string | null,
  number,
  ListQuery,
  'infinite',
];

/** Parameters every list query takes. */
interface ListQueryParams {
  /** The client from `createApiClient`; only its non-secret `id` goes into the query key. */
  client: ApiClient;
  /** The organization's UUID. Without one the query is skipped (`skipToken`), not failed. */
  organizationId: string | null | undefined;
  /** Rows per page. @default 20 */
  pageSize?: number | undefined;
  /** Sort criteria (TanStack Table's `SortingState`), sent as the client's `serializeSort` says. @default [] */
  sort?: readonly SortEntry[] | undefined;
  /** Filters, sent as query parameters (e.g. `{ q: 'acme', protocol: ['SMB'] }`); empty values are left out. @default {} */
  filters?: ListFilters | undefined;
  /** How long fetched pages count as fresh, in milliseconds. @default 30_000 */
  staleTime?: number | undefined;
}

/** Parameters of `listQueryOptions`, `sharesQueryOptions` and `environmentsQueryOptions`. */
export interface PagedQueryParams extends ListQueryParams {
  /** The page's number, counting from 1, like the `Pagination` control's `current`. @default 1 */
  page?: number | undefined;
  /**
   * On a list paged by cursor, the cursor that leads to `page` as a URL or a server render carries it (a result's
   * `cursor`): used when the cached pages do not lead there, and only for its own `page`. Not part of the query key.
   * @default none: the cursor comes from the previous page, else the pages before are walked in order
   */
  cursor?: ListCursor | undefined;
}

/**
 * A "load more" list's page parameter: the 1-based page number, or on a list paged by cursor the page with the
 * cursor that leads to it (the previous page's `nextCursor`).
 */
export type ListPageParam = number | ListCursor;

/** Parameters of `listInfiniteQueryOptions`, `sharesInfiniteQueryOptions` and `environmentsInfiniteQueryOptions`. */
export interface PagedInfiniteQueryParams extends ListQueryParams {
  /** Pages kept at most; loading more then drops pages from the start (TanStack's `maxPages`). @default unlimited */
  maxPages?: number | undefined;
}

/** How long a fetched page counts as fresh when nothing else is said. */
export const DEFAULT_STALE_TIME = 30_000;

/** Whether this runs on a server, as TanStack Query decides it; asked per call, not once at import. */
export const onServer = (): boolean => typeof window === 'undefined' || 'Deno' in globalThis;

/**
 * Sort and filters as the key and the request take them. Empty filter values are dropped so `{ q: '' }` and `{}`
 * are one key; anything malformed is kept as given for the client to reject with a `TypeError` naming it.
 */
export function toListQuery(sort: readonly SortEntry[] | undefined, filters: ListFilters | undefined): ListQuery {
  const kept: Record<string, FilterValue | readonly FilterValue[]> = {};
  if (filters && typeof filters === 'object' && !Array.isArray(filters)) {
    for (const name of Object.keys(filters).sort()) {
      const value = filters[name];
      if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
        continue;
      kept[name] = value as FilterValue | readonly FilterValue[];
    }
  } else if (filters != null) return { sort: sort ?? [], filters: filters as never };
  return { sort: sort ?? [], filters: kept };
}

/** The parts every list query shares: key prefix (without page or `'infinite'`) and the request for a page. */
function listBase<T>(resource: ListResource, params: ListQueryParams) {
  const { client, pageSize = DEFAULT_PAGE_SIZE, staleTime = DEFAULT_STALE_TIME } = params;
  assertInteger('pageSize', pageSize, 1);
  const organizationId = params.organizationId || null;
  const query = toListQuery(params.sort, params.filters);
  const prefix = ['pagewise', resource, client.id, organizationId, pageSize, query] as const;
  const fetchPage = organizationId
    ? (page: number, signal: AbortSignal, by?: PageCursor) => {
        const common = { organizationId, size: pageSize, sort: query.sort, filters: query.filters, signal };
        return by
          ? client.list<T>(resource, {
              ...common,
              page,
              cursor: by.cursor,
              ...(by.cursorParam === undefined ? {} : { cursorParam: by.cursorParam }),
            })
          : client.list<T>(resource, { ...common, page });
      }
    : undefined;
  // The page past the end of a list paged by cursor, made without asking (see `PageWalk.end`).
  const end = (page: number): Page<T> => ({
    items: [],
    page,
    pageSize,
    hasNext: false,
    hasPrevious: true,
  });
  // In browsers only: on a server TanStack's own default (no retries, or the QueryClient's defaults) holds,
  // so a server render never waits out the backoff.
  return { prefix, fetchPage, end, staleTime, retry: onServer() ? {} : retryPolicy };
}

/**
 * Whether two page keys list rows of the same resource, client, organization and page size: rows of another
 * sort or filter may stand in while the new ones load, never another organization's.
 */
function isSameListing(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && b.slice(0, 5).every((part, i) => a[i] === part);
}

/**
 * TanStack Query options for one page of any list of the service (`page` 1-based): for `useQuery`,
 * `useSuspenseQuery`, `queryClient.query` and server rendering. `resource` is the path segment after the
 * organization, e.g. `listQueryOptions<User>('users', { client, organizationId })`.
 */
export function listQueryOptions<T = Share>(resource: ListResource, params: PagedQueryParams) {
  const { page = 1, cursor: given } = params;
  // Checked here, not in the client: pages count from 1 in these options, and the message must say so.
  assertInteger('page', page, 1, ' (pages count from 1 here)');
  const { prefix, fetchPage, end, staleTime, retry } = listBase<T>(resource, params);
  const queryKey: PagedQueryKey = [...prefix, page];
  const keyOf = (n: number): PagedQueryKey => [...prefix, n];
  return queryOptions<Page<T>, Error, Page<T>, PagedQueryKey>({
    queryKey,
    queryFn: fetchPage
      ? ({ signal, client: queryClient }) =>
          fetchListPage({ queryClient, keyOf, fetch: fetchPage, end, given }, page, signal)
      : skipToken,
    // Previous rows stay on screen while the next page loads, but never rows of another organization,
    // client or page size.
    placeholderData: (previous, previousQuery) =>
      previousQuery && isSameListing(previousQuery.queryKey, queryKey) ? previous : undefined,
    staleTime,
    ...retry,
  });
}

/**
 * TanStack Query options for any list of the service page by page ("load more", infinite scroll): for
 * `useInfiniteQuery`, `queryClient.infiniteQuery` and server rendering. Pages are 1-based (`pageParam`); the next one
 * exists while the last page says `hasNext`, so a service without totals works too. On a list paged by cursor the
 * next page is asked for by the last page's `nextCursor` (the page parameter then carries it), so rows never repeat.
 */
export function listInfiniteQueryOptions<T = Share>(resource: ListResource, params: PagedInfiniteQueryParams) {
  const { maxPages } = params;
  if (maxPages !== undefined) assertInteger('maxPages', maxPages, 1);
  const { prefix, fetchPage, end, staleTime, retry } = listBase<T>(resource, params);
  const queryKey: PagedInfiniteQueryKey = [...prefix, 'infinite'];
  return infiniteQueryOptions<
    Page<T>,
    Error,
    InfiniteData<Page<T>, ListPageParam>,
    PagedInfiniteQueryKey,
    ListPageParam
  >({
    queryKey,
    queryFn: fetchPage
      ? ({ pageParam, signal, client: queryClient }) => {
          if (typeof pageParam !== 'number') return fetchPage(pageParam.page, signal, pageParam);
          const first = queryClient.getQueryData<InfiniteData<Page<T>, ListPageParam>>(queryKey)?.pages[0];
          return fetchNumberedPage({ fetch: fetchPage, end }, pageParam, signal, first);
        }
      : skipToken,
    initialPageParam: 1 as ListPageParam,
    getNextPageParam: (last, _pages, lastParam): ListPageParam | undefined => {
      // A page that came by cursor and gives none is the last, whatever it guessed.
      if (!last.hasNext || (last.requestedBy !== undefined && last.nextCursor === undefined)) return undefined;
      const page = pageNumberOf(lastParam) + 1;
      if (last.nextCursor === undefined) return page;
      return {
        page,
        cursor: last.nextCursor,
        ...(last.cursorParam === undefined ? {} : { cursorParam: last.cursorParam }),
      };
    },
    // With maxPages, TanStack drops pages from the start and needs the way back to refetch them; a cursor leads
    // forward only, so a list paged by cursor goes back no further than the pages it kept.
    getPreviousPageParam: (_first, _pages, firstParam) =>
      typeof firstParam === 'number' && firstParam > 1 ? firstParam - 1 : undefined,
    ...(maxPages === undefined ? {} : { maxPages }),
    staleTime,
    ...retry,
  });
}

/** The 1-based page a "load more" page parameter names. */
export const pageNumberOf = (param: ListPageParam): number => (typeof param === 'number' ? param : param.page);

/** Options for one page of an organization's shares (`page` 1-based), for `useQuery`, `queryClient.query` and server rendering. */
export const sharesQueryOptions = <T = Share>(params: PagedQueryParams) => listQueryOptions<T>('shares', params);
/** Options for one page of an organization's environments (`page` 1-based), for `useQuery`, `queryClient.query` and server rendering. */
export const environmentsQueryOptions = <T = Environment>(params: PagedQueryParams) =>
  listQueryOptions<T>('environments', params);
/** Options for an organization's shares page by page ("load more"), for `useInfiniteQuery` and `queryClient.infiniteQuery`. */
export const sharesInfiniteQueryOptions = <T = Share>(params: PagedInfiniteQueryParams) =>
  listInfiniteQueryOptions<T>('shares', params);
/** Options for an organization's environments page by page ("load more"), for `useInfiniteQuery` and `queryClient.infiniteQuery`. */
export const environmentsInfiniteQueryOptions = <T = Environment>(params: PagedInfiniteQueryParams) =>
  listInfiniteQueryOptions<T>('environments', params);

/**
 * A list hook's query options: the list's defaults a caller may override (the retry policy), then the caller's
 * options, then what the list owns, which wins even over a cast. `initialData` and a `placeholderData` the list does
 * not set are blanked: they would seed every page, page size and organization with the same rows.
 */
export function mergeListOptions<O extends { retry?: unknown; retryDelay?: unknown }, C extends object>(
  own: O,
  caller: C,
) {
  const { retry, retryDelay, ...owned } = own;
  const defaults = (retry === undefined ? {} : { retry, retryDelay }) as Partial<Pick<O, 'retry' | 'retryDelay'>>;
  return {
    ...defaults,
    ...caller,
    initialData: undefined,
    placeholderData: undefined,
    ...owned,
  };
}
