'use client';

import { useMemo, useRef, useState } from 'react';
import { hashKey } from '@tanstack/react-query';
import type { ApiRecord, ListFilters, SortEntry } from '../client/index';
import {
  countOf,
  defaultSelectionLabels,
  describeSelection,
  isSelectedIn,
  NO_SELECTION,
  pageStateOf,
  rangeOf,
  setRows,
  type Selection,
  type SelectionLabels,
} from '../shared/selection';

/** What `useListSelection` reads of a list hook's result (`useShares`, `usePagedList`, `useSuspenseList`). */
export interface SelectableList<T> {
  /** The page on screen. */
  readonly data?: { readonly items: readonly T[]; readonly total?: number | undefined } | undefined;
  /** The list's sort and filters: "all matching" means the rows they match. */
  readonly listState?: { readonly sort: readonly SortEntry[]; readonly filters: ListFilters } | undefined;
}

/** Options of `useListSelection`. */
export interface UseListSelectionOptions<T> {
  /** The id of a row. @default row.id */
  getRowId?: (row: T) => string;
  /** A value whose change clears the whole selection, e.g. the organization's id. @default none */
  resetKey?: unknown;
  /** Words for the counts, for translation; missing ones fall back to English. @default defaultSelectionLabels */
  labels?: Partial<SelectionLabels>;
  /** BCP 47 locale the counts are written in. @default 'en' */
  locale?: string;
}

/** The rows a bulk action or an export acts on: ids picked, or every row the list's sort and filters match but some. */
export type SelectionTarget =
  | { readonly allMatching: false; readonly ids: readonly string[] }
  | {
      readonly allMatching: true;
      readonly except: readonly string[];
      readonly sort: readonly SortEntry[];
      readonly filters: ListFilters;
    };

/** The result of `useListSelection`. */
export interface ListSelection {
  /** The selection as a value: ids, or "all matching" with the rows unticked since. */
  selection: Selection;
  /** What a bulk action acts on: the selection with the list's sort and filters at the time. */
  target: SelectionTarget;
  /** How many rows are selected; undefined for "all matching" while the list's total is unknown. */
  count: number | undefined;
  /** Whether "all matching" is on. */
  allMatching: boolean;
  /** The list's total as its page says; undefined while unknown. */
  total: number | undefined;
  /** The ids of the page's rows, in the order shown. */
  pageRowIds: readonly string[];
  /** The "this page" checkbox: every row of the page selected, some, or none. */
  pageState: 'all' | 'some' | 'none';
  /** The count in words, e.g. "All 437 selected." or "436 of 437 selected.". */
  description: string;
  /** The count in words after the person's last change, none before: pass it as `Pagination`'s `message`. */
  message: string | undefined;
  /** Whether the row `id` is selected. */
  isSelected(id: string): boolean;
  /** Ticks or unticks the row `id`; with `range` (Shift+click), every row of the page from the last one clicked to it. */
  toggle(id: string, options?: { range?: boolean }): void;
  /** Selects (`on`) or unselects the rows `ids`. */
  setSelected(ids: readonly string[], on: boolean): void;
  /** Selects every row of the page on screen, or, when they all are, unselects them. */
  togglePage(): void;
  /** Selects every row the list's sort and filters match, without fetching their ids. */
  selectAllMatching(): void;
  /** Selects only the rows `ids` (e.g. those a bulk action failed on), or nothing. */
  replace(ids?: readonly string[]): void;
  /** Unselects everything. */
  clear(): void;
}

/** The kept state: the selection, whether the person changed it, and what the list was when it was made. */
interface Kept {
  selection: Selection;
  changed: boolean;
  filters: string;
  reset: unknown;
}

const defaultRowId = (row: unknown): string => (row as ApiRecord).id;

/**
 * Rows selected across the pages of a list: ids survive page moves and page-size changes, and "all matching" selects
 * every row the list's sort and filters match as a set of exclusions, without fetching an id. A change of filters or
 * search ends "all matching" (what it matched is gone) and keeps rows picked one by one (each was the person's own
 * choice of a row, which the new filters may hide but do not change); a change of sort keeps everything; a change of
 * `resetKey` (another organization) clears it.
 *
 * @example
 * const shares = useShares({ organizationId });
 * const selection = useListSelection(shares, { resetKey: organizationId });
 * <Pagination {...shares.pagination} message={selection.message} />
 */
export function useListSelection<T = ApiRecord>(
  list: SelectableList<T>,
  options: UseListSelectionOptions<T> = {},
): ListSelection {
  const getRowId = options.getRowId ?? defaultRowId;
  const sort = list.listState?.sort ?? noSort;
  const filters = list.listState?.filters ?? noFilters;
  const filtersKey = hashKey([filters]);
  const [kept, setKept] = useState<Kept>(() => ({
    selection: NO_SELECTION,
    changed: false,
    filters: filtersKey,
    reset: options.resetKey,
  }));
  let current = kept;
  // Derived during render, as state: the render that shows other filters never shows the old "all matching".
  if (!Object.is(kept.reset, options.resetKey) || kept.filters !== filtersKey) {
    const clear = !Object.is(kept.reset, options.resetKey) || kept.selection.allMatching;
    current = { ...kept, filters: filtersKey, reset: options.resetKey, ...(clear ? { selection: NO_SELECTION } : {}) };
    setKept(current);
  }
  const anchor = useRef<string | undefined>(undefined);
  const rowIds = useMemo(() => (list.data?.items ?? []).map((row) => getRowId(row)), [list.data?.items, getRowId]);
  const total = list.data?.total;
  const labels = { ...defaultSelectionLabels, ...options.labels };
  const format = new Intl.NumberFormat(options.locale ?? 'en').format;
  const { selection } = current;
  const change = (next: (selection: Selection) => Selection) =>
    setKept((state) => ({ ...state, selection: next(state.selection), changed: true }));
  const description = describeSelection(selection, total, labels, format);
  const pageState = pageStateOf(selection, rowIds);
  return {
    selection,
    target: selection.allMatching
      ? { allMatching: true, except: [...selection.except], sort, filters }
      : { allMatching: false, ids: [...selection.ids] },
    count: countOf(selection, total),
    allMatching: selection.allMatching,
    total,
    pageRowIds: rowIds,
    pageState,
    description,
    message: current.changed ? description : undefined,
    isSelected: (id) => isSelectedIn(selection, id),
    toggle: (id, { range = false } = {}) => {
      const on = !isSelectedIn(selection, id);
      const ids = range ? rangeOf(rowIds, anchor.current, id) : [id];
      anchor.current = id;
      change((state) => setRows(state, ids, on));
    },
    setSelected: (ids, on) => change((state) => setRows(state, ids, on)),
    togglePage: () => change((state) => setRows(state, rowIds, pageState !== 'all')),
    selectAllMatching: () => change(() => ({ allMatching: true, except: new Set() })),
    replace: (ids = []) => change(() => ({ allMatching: false, ids: new Set(ids) })),
    clear: () => change(() => NO_SELECTION),
  };
}

const noSort: readonly SortEntry[] = [];
const noFilters: ListFilters = {};
