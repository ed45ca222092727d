'use client';

import { useCallback, useMemo } from 'react';
import { fromPageIndex, pageCountOf, toPageIndex } from '../shared/paging';
import { functionalUpdate } from '@tanstack/react-table';
import { useLatest } from '../shared/useLatest';
import type { ColumnFiltersState, ColumnSort, OnChangeFn, PaginationState, SortingState } from '@tanstack/react-table';

/** What `useServerTablePagination` reads of a data hook's result, e.g. `useShares` or `useEnvironments`. */
export interface ServerPagedResult {
  /** The hook's control props: 1-based `current`, `pageSize`, `total` or (when unknown) `hasNext`, `onChange`. */
  readonly pagination: {
    readonly current: number;
    readonly pageSize: number;
    readonly total?: number;
    readonly hasNext?: boolean;
    readonly onChange: (page: number, pageSize: number) => void;
  };
  /** The page on screen, if any. */
  readonly data?: { readonly items: readonly unknown[] } | undefined;
  /** Whether `data` is the previous page, shown while this one loads. */
  readonly isPlaceholderData?: boolean;
  /** The hook's sort and filters, bound to the table's sorting, column filters and global filter when present. */
  readonly listState?: {
    readonly sort: readonly ColumnSort[];
    readonly filters: Readonly<Record<string, unknown>>;
    readonly setSort: (sort: readonly ColumnSort[]) => void;
    readonly setFilters: (
      filters: Readonly<Record<string, FilterValue | readonly FilterValue[] | null | undefined>>,
    ) => void;
  };
}

type FilterValue = string | number | boolean;

/** Options of `useServerTablePagination`. */
export interface ServerTableOptions {
  /** The filter the table's global filter (a search box) sets. @default 'q' */
  globalFilterParam?: string;
}

/** TanStack Table v9 options for a table whose rows the service pages; spread them into `useTable`. */
export interface ServerTablePaginationOptions {
  /** The service slices the rows, not the table. */
  manualPagination: true;
  /** Rows across all pages; `-1` while unknown (as TanStack Table's unknown page count). */
  rowCount: number;
  /** Pages; `-1` while the service only says that another page follows (TanStack Table's unknown page count), `0` before the first page is known. */
  pageCount: number;
  /** The table's state: zero-based pagination from the hook's page, and the hook's sort and filters when it has them. */
  state: {
    pagination: PaginationState;
    sorting?: SortingState;
    columnFilters?: ColumnFiltersState;
    globalFilter?: string;
  };
  /** Moves the hook (and so the table) to the page the table asks for; one hook `onChange` per move. */
  onPaginationChange: OnChangeFn<PaginationState>;
  /** The service sorts (given with a hook that sorts). */
  manualSorting?: true;
  /** Sorts the hook's rows from page 1. */
  onSortingChange?: OnChangeFn<SortingState>;
  /** The service filters (given with a hook that filters). */
  manualFiltering?: true;
  /** Filters the hook's rows by column from page 1. */
  onColumnFiltersChange?: OnChangeFn<ColumnFiltersState>;
  /** Searches the hook's rows (the `globalFilterParam` filter) from page 1. */
  onGlobalFilterChange?: OnChangeFn<string>;
}

/**
 * Pairs a server-paged TanStack Table v9 table with a data hook: the hook owns the page (so another
 * organization starts again at its first page, and a page past the end moves back), the table shows it.
 * Without a total, the table's page count is unknown (`-1`) while `hasNext`, and exact on the last page.
 * With `useShares`' `listState`, the table's sorting, column filters and global filter are the hook's too
 * (`manualSorting`, `manualFiltering`): a sortable header and a search box ask the service, from page 1.
 * Every key is present with a value (none `undefined`), so the options spread under `exactOptionalPropertyTypes`.
 */
export function useServerTablePagination(
  result: ServerPagedResult,
  options: ServerTableOptions = {},
): ServerTablePaginationOptions {
  const { current, pageSize, onChange } = result.pagination;
  // The one crossing of the page into TanStack Table's zero-based `pageIndex`; `onPaginationChange` crosses back.
  const pagination = useMemo(() => ({ pageIndex: toPageIndex(current), pageSize }), [current, pageSize]);
  const latest = useLatest({ pagination, onChange });
  const onPaginationChange = useCallback<OnChangeFn<PaginationState>>(
    (updater) => {
      const { pagination: old, onChange: move } = latest.current;
      const next = functionalUpdate(updater, old);
      if (next.pageIndex !== old.pageIndex || next.pageSize !== old.pageSize)
        move(fromPageIndex(next.pageIndex), next.pageSize);
    },
    [latest],
  );
  const listing = useTableListState(result.listState, options.globalFilterParam ?? 'q');
  // Every key always, with a value: the table keeps options it is no longer given, so a stale `pageCount: -1` would win.
  const paging = { manualPagination: true as const, ...countOf(result), onPaginationChange };
  if (!listing) return { ...paging, state: { pagination } };
  const { state, ...handlers } = listing;
  return { ...paging, state: { pagination, ...state }, manualSorting: true, manualFiltering: true, ...handlers };
}

/** The table's sorting, column filters and global filter as the hook's sort and filters, or null without them. */
function useTableListState(listState: ServerPagedResult['listState'], globalParam: string) {
  const latest = useLatest(listState);
  const filters = listState?.filters;
  const state = useMemo(() => {
    const search = filters?.[globalParam];
    return {
      columnFilters: columnFiltersOf(filters ?? {}, globalParam),
      globalFilter: typeof search === 'string' ? search : '',
    };
  }, [filters, globalParam]);
  const handlers = useMemo(() => {
    const set = (next: { columns?: ColumnFiltersState; search?: string }) => {
      const old = latest.current?.filters;
      if (!old) return;
      const columns = next.columns ?? columnFiltersOf(old, globalParam);
      latest.current!.setFilters({
        ...Object.fromEntries(columns.map(({ id, value }) => [id, value as FilterValue])),
        [globalParam]: (next.search ?? old[globalParam]) as FilterValue | undefined,
      });
    };
    return {
      onSortingChange: ((updater) => {
        const current = latest.current;
        current?.setSort(functionalUpdate(updater, current.sort as SortingState));
      }) as OnChangeFn<SortingState>,
      onColumnFiltersChange: ((updater) =>
        set({
          columns: functionalUpdate(updater, columnFiltersOf(latest.current?.filters ?? {}, globalParam)),
        })) as OnChangeFn<ColumnFiltersState>,
      onGlobalFilterChange: ((updater) => {
        const old = latest.current?.filters[globalParam];
        set({ search: String(functionalUpdate(updater, typeof old === 'string' ? old : '') ?? '') });
      }) as OnChangeFn<string>,
    };
  }, [globalParam, latest]);
  const sorting = listState?.sort as SortingState | undefined;
  return listState && sorting ? { state: { sorting, ...state }, ...handlers } : null;
}

/** The hook's filters other than the global one, as the table's column filters. */
function columnFiltersOf(filters: Readonly<Record<string, unknown>>, globalParam: string): ColumnFiltersState {
  return Object.entries(filters)
    .filter(([id, value]) => id !== globalParam && value !== undefined)
    .map(([id, value]) => ({ id, value }));
}

/** TanStack Table's unknown count: another page follows, how many is not known. */
const UNKNOWN = { rowCount: -1, pageCount: -1 };

/** The table's row and page counts: from the total, unknown while another page follows, else from the last page. */
function countOf({ pagination, isPlaceholderData, data }: ServerPagedResult): { rowCount: number; pageCount: number } {
  const { current, pageSize, total, hasNext } = pagination;
  if (total !== undefined) return { rowCount: total, pageCount: pageCountOf(total, pageSize) };
  if (hasNext) return UNKNOWN;
  // Nothing known yet (the first page loads): no page to move to, and no total to show.
  if (hasNext === undefined) return { rowCount: -1, pageCount: 0 };
  // On a page no other follows: its rows say how many there are (or, while it loads, its number).
  const rows = isPlaceholderData ? undefined : data?.items.length;
  return { rowCount: rows === undefined ? -1 : (current - 1) * pageSize + rows, pageCount: current };
}
