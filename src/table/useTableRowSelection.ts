'use client';

import { useMemo } from 'react';
import { functionalUpdate } from '@tanstack/react-table';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useLatest } from '../shared/useLatest';

/** What `useTableRowSelection` reads of a selection across pages, e.g. `useListSelection`'s result. */
export interface TableSelectionSource {
  /** The ids of the page's rows, in the order shown. */
  readonly pageRowIds: readonly string[];
  /** Whether the row `id` is selected. */
  isSelected(id: string): boolean;
  /** Selects (`on`) or unselects the rows `ids`. */
  setSelected(ids: readonly string[], on: boolean): void;
}

/** TanStack Table v9 options binding its row selection to a selection across pages; spread them into `useTable`. */
export interface TableRowSelectionOptions<T> {
  /** The row's id, so the table's selection names rows, not positions. */
  getRowId: (row: T) => string;
  /** The table's state: the page's selected rows. */
  state: { rowSelection: RowSelectionState };
  /** Selects and unselects in the selection across pages what the table changed on its page. */
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
}

const defaultRowId = (row: unknown): string => (row as { id: string }).id;

/** Options of `useTableRowSelection`. */
export interface TableRowSelectionParams<T, B> {
  /** The row's id. @default row.id */
  getRowId?: (row: T) => string;
  /**
   * Other table options to merge with, `state` included (e.g. `useServerTablePagination`'s): a second spread `state`
   * would replace the first, and the table would lose its page. @default none
   */
  merge?: B;
}

/**
 * Pairs a TanStack Table v9 table (with `rowSelectionFeature`) with a selection across pages (`useListSelection`): the
 * table shows which rows of its page are selected, and its checkboxes (Shift+click ranges included, the table's own
 * `enableRowRangeSelection`) change the selection, which keeps rows of other pages and "all matching". Give it the
 * other options that carry a `state` as `merge`, so one `state` holds both.
 *
 * @example
 * const selection = useListSelection(shares);
 * const table = useTable({
 *   features: tableFeatures({ rowPaginationFeature, rowSelectionFeature }),
 *   columns,
 *   data: shares.data?.items ?? noRows,
 *   ...useTableRowSelection(selection, { merge: useServerTablePagination(shares) }),
 * });
 */
export function useTableRowSelection<T = { id: string }, B extends { state?: object } = { state?: undefined }>(
  selection: TableSelectionSource,
  { getRowId = defaultRowId, merge }: TableRowSelectionParams<T, B> = {},
): Omit<B, 'state'> & TableRowSelectionOptions<T> & { state: NonNullable<B['state']> } {
  const { pageRowIds } = selection;
  const selected = pageRowIds.filter((id) => selection.isSelected(id));
  const key = JSON.stringify(selected);
  // The same object while the page's selected rows stay, so the table's memos keep.
  const rowSelection = useMemo(
    () => Object.fromEntries((JSON.parse(key) as string[]).map((id) => [id, true as const])),
    [key],
  );
  const latest = useLatest({ selection, rowSelection });
  const onRowSelectionChange = useMemo<OnChangeFn<RowSelectionState>>(
    () => (updater) => {
      const { selection: source, rowSelection: before } = latest.current;
      const after = functionalUpdate(updater, before);
      const on: string[] = [];
      const off: string[] = [];
      for (const id of source.pageRowIds) {
        const wanted = after[id] === true;
        if (wanted !== source.isSelected(id)) (wanted ? on : off).push(id);
      }
      if (on.length) source.setSelected(on, true);
      if (off.length) source.setSelected(off, false);
    },
    [latest],
  );
  return {
    ...(merge as B),
    getRowId,
    state: { ...(merge?.state as NonNullable<B['state']>), rowSelection },
    onRowSelectionChange,
  };
}
