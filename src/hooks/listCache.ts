// What a write does to the cached pages of one list: every paged, Suspense and "load more" entry of every sort,
// filter and page size, found through the list query keys (`PagedQueryKey`, `PagedInfiniteQueryKey`).
import {
  hashKey,
  type InfiniteData,
  type MutationFilters,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { ApiRecord, Page } from '../client/index';
import type { ListQuery } from './queryOptions';
import { pageCountOf } from '../shared/paging';

/** Cached data of one list entry: a page (paged and Suspense forms) or the pages of a "load more" list. */
type Cached = Page<ApiRecord> | InfiniteData<Page<ApiRecord>, number>;

/** A cached entry of the list and its key. */
type Entry = readonly [QueryKey, Cached | undefined];

/** Pages to mark stale when a write settles: one key each, or every entry of the list (`all`). */
export interface Affected {
  all?: boolean;
  keys: QueryKey[];
}

const isInfinite = (data: Cached): data is InfiniteData<Page<ApiRecord>, number> => 'pages' in data;

/** The page number of a paged key (its last part), or undefined for a "load more" key. */
const pageOf = (key: QueryKey): number | undefined => (typeof key[6] === 'number' ? key[6] : undefined);

/** The variant of a key: resource, client, organization, page size, sort and filters, without the page. */
const variantOf = (key: QueryKey): string => hashKey(key.slice(0, 6));

/** A page with `total` rows: its count of pages and whether pages follow and precede, as the service would say. */
function withTotal(page: Page<ApiRecord>, total: number | undefined, pageNumber: number): Page<ApiRecord> {
  if (total === undefined) return page;
  const pageCount = pageCountOf(total, page.pageSize);
  return { ...page, total, pageCount, hasNext: pageNumber < pageCount, hasPrevious: pageNumber > 1 };
}

/** `rows` with the row of `id` changed by `change`, or `rows` itself when none has that id. */
function mapRow(rows: ApiRecord[], id: string, change: (row: ApiRecord) => ApiRecord): ApiRecord[] {
  const index = rows.findIndex((row) => row?.id === id);
  if (index < 0) return rows;
  const changed = rows.slice();
  changed[index] = change(rows[index]!);
  return changed;
}

/** The fields a variant's order or membership depends on; `null` when any field may (a full-text `q`). */
function fieldsOf(query: ListQuery | undefined): Set<string> | null {
  if (!query) return new Set();
  const names = Object.keys(query.filters ?? {});
  if (names.includes('q')) return null;
  return new Set([...query.sort.map((entry) => entry.id), ...names]);
}

/**
 * Patches the row `id` in every cached entry of the list with `change` (an optimistic update, or the service's answer).
 * Returns the keys of the paged entries that hold it, or the whole list (`all`) when a variant's order or filter
 * reads a changed field (the row may move, so any of its pages may change).
 */
export function updateRow(
  queryClient: QueryClient,
  entries: readonly Entry[],
  id: string,
  change: (row: ApiRecord) => ApiRecord,
  fields: readonly string[],
): Affected {
  const affected: Affected = { keys: [] };
  for (const [key, data] of entries) {
    if (!data) continue;
    const reads = fieldsOf(key[5] as ListQuery | undefined);
    if (reads === null || fields.some((field) => reads.has(field))) affected.all = true;
    if (isInfinite(data)) {
      const pages = data.pages.map((page) => ({ ...page, items: mapRow(page.items, id, change) }));
      if (pages.some((page, index) => page.items !== data.pages[index]!.items)) {
        queryClient.setQueryData(key, { ...data, pages });
        affected.keys.push(key);
      }
    } else {
      const items = mapRow(data.items, id, change);
      if (items !== data.items) {
        queryClient.setQueryData(key, { ...data, items });
        affected.keys.push(key);
      }
    }
  }
  return affected;
}

/**
 * Takes the row `id` out of every cached entry that holds it. In a paged variant, the pages after it move up one
 * row, each taking the first row of the next page when that page is cached (so the shown page keeps its size until
 * its refetch), and every cached page of the variant gets the total one lower. Returns the entries whose rows may
 * have changed: in a variant holding the row, its page and those after it; in a variant not holding it, the pages
 * after the first page not cached (the row may be there); "load more" lists that held it (a list that did not holds
 * only rows before it: its next page is asked for by number, after the change).
 */
export function deleteRow(queryClient: QueryClient, entries: readonly Entry[], id: string): Affected {
  const affected: Affected = { keys: [] };
  const variants = new Map<string, Array<[QueryKey, Page<ApiRecord>]>>();
  for (const [key, data] of entries) {
    if (!data) continue;
    if (isInfinite(data)) {
      const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((row) => row?.id !== id) }));
      const removed = pages.some((page, index) => page.items.length !== data.pages[index]!.items.length);
      if (removed) {
        const total = data.pages.at(-1)?.total;
        const lower = total === undefined ? undefined : total - 1;
        queryClient.setQueryData(key, {
          ...data,
          pages: pages.map((page) => ({ ...page, total: lower ?? page.total })),
        });
        affected.keys.push(key);
      }
      continue;
    }
    const page = pageOf(key);
    if (page === undefined) continue;
    const variant = variantOf(key);
    variants.set(variant, [...(variants.get(variant) ?? []), [key, data]]);
  }
  for (const pages of variants.values()) {
    pages.sort(([a], [b]) => pageOf(a)! - pageOf(b)!);
    const holding = pages.find(([, data]) => data.items.some((row) => row?.id === id));
    if (!holding) {
      // Pages 1 to k all cached without the row: it is after them (or not in this variant), and they keep their rows.
      let run = 0;
      while (pageOf(pages[run]?.[0] ?? []) === run + 1) run += 1;
      affected.keys.push(...pages.slice(run).map(([key]) => key));
      continue;
    }
    const from = pageOf(holding[0])!;
    const total = holding[1].total === undefined ? undefined : holding[1].total - 1;
    const byPage = new Map(pages.map(([key, data]) => [pageOf(key)!, data]));
    for (const [key, data] of pages) {
      const number = pageOf(key)!;
      let items = data.items;
      if (number >= from) {
        items = number === from ? items.filter((row) => row?.id !== id) : items.slice(1);
        const next = byPage.get(number + 1)?.items[0];
        if (next && items.length < data.pageSize) items = [...items, next];
        // A page now past the end has nothing to refetch: the paged hooks move to the last page.
        if (total === undefined || number <= pageCountOf(total, data.pageSize)) affected.keys.push(key);
      }
      queryClient.setQueryData(key, withTotal({ ...data, items }, total, number));
    }
  }
  return affected;
}

/**
 * The queries and writes of one list: an organization's `resource`, of the client `clientId` or, without one, of every
 * client (a change from elsewhere is as true of the rows a server's client cached as of the browser's).
 */
export interface ListScope {
  queries: QueryFilters;
  writes: MutationFilters;
}

/** The `ListScope` of `resource` of `organizationId`, of one client's id or of any. */
export function listScope(resource: string, organizationId: string | null, clientId?: string): ListScope {
  const prefix: QueryKey = clientId === undefined ? ['pagewise', resource] : ['pagewise', resource, clientId];
  const ofList = (key: QueryKey | undefined) =>
    !!key && key.length > 3 && prefix.every((part, index) => key[index] === part) && key[3] === organizationId;
  return {
    queries: { queryKey: prefix, predicate: (query) => ofList(query.queryKey) },
    writes: {
      predicate: (mutation) => ofList(mutation.options.mutationKey) && mutation.options.mutationKey![4] === 'write',
    },
  };
}

/** Every cached entry of the list, paged and "load more", with its data. */
export function listEntries(queryClient: QueryClient, scope: ListScope): Entry[] {
  return queryClient.getQueriesData<Cached>(scope.queries);
}

/** The list fetches in flight, cancelled so that none lands over a patch with what it read before: their keys. */
export async function cancelListFetches(queryClient: QueryClient, scope: ListScope): Promise<QueryKey[]> {
  const cancelled = queryClient
    .getQueryCache()
    .findAll({ ...scope.queries, fetchStatus: 'fetching' })
    .map((query) => query.queryKey);
  await queryClient.cancelQueries(scope.queries);
  return cancelled;
}

/** Marks stale, without refetching, the pages a change may have changed and the fetches it cancelled. */
export async function markStale(
  queryClient: QueryClient,
  scope: ListScope,
  affected: Affected,
  cancelled: readonly QueryKey[],
): Promise<void> {
  if (affected.all) await queryClient.invalidateQueries({ ...scope.queries, refetchType: 'none' });
  else
    await Promise.all(
      [...affected.keys, ...cancelled].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' }),
      ),
    );
}

/**
 * Refetches the stale pages on screen, once for every change: left to the list's write in flight when there is one
 * (`writesLeft`: the writes still running besides the caller's), which refetches them when it settles.
 */
export async function refetchShown(queryClient: QueryClient, scope: ListScope, writesLeft = 0): Promise<void> {
  if (queryClient.isMutating(scope.writes) > writesLeft) return;
  await queryClient.refetchQueries({ ...scope.queries, type: 'active', stale: true });
}
