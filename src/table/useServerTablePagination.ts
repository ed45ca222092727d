'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { functionalUpdate } from '@tanstack/react-table';
import type { OnChangeFn, PaginationState } from '@tanstack/react-table';

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
}

/** TanStack Table v9 options for a table whose rows the service pages; spread them into `useTable`. */
export interface ServerTablePaginationOptions {
  /** The service slices the rows, not the table. */
  manualPagination: true;
  /** Rows across all pages, when known. */
  rowCount: number | undefined;
  /** `-1` while the service only says that another page follows (TanStack Table's unknown page count). */
  pageCount: number | undefined;
  /** The table's zero-based pagination state, derived from the hook's page. */
  state: { pagination: PaginationState };
  /** Moves the hook (and so the table) to the page the table asks for; one hook `onChange` per move. */
  onPaginationChange: OnChangeFn<PaginationState>;
}

/**
 * Pairs a server-paged TanStack Table v9 table with a data hook: the hook owns the page (so another
 * organization starts again at its first page, and a page past the end moves back), the table shows it.
 * Without a total, the table's page count is unknown (`-1`) while `hasNext`, and exact on the last page.
 */
export function useServerTablePagination(result: ServerPagedResult): ServerTablePaginationOptions {
  const { current, pageSize, total, hasNext, onChange } = result.pagination;
  const pagination = useMemo(() => ({ pageIndex: current - 1, pageSize }), [current, pageSize]);
  const latest = useRef({ pagination, onChange });
  useEffect(() => {
    latest.current = { pagination, onChange };
  });
  const onPaginationChange = useCallback<OnChangeFn<PaginationState>>((updater) => {
    const { pagination: old, onChange: move } = latest.current;
    const next = functionalUpdate(updater, old);
    if (next.pageIndex !== old.pageIndex || next.pageSize !== old.pageSize) move(next.pageIndex + 1, next.pageSize);
  }, []);
  const count = total !== undefined ? { rowCount: total } : hasNext ? { pageCount: -1 } : lastPageCount(result, current, pageSize);
  // Both keys always: the table keeps options it is no longer given, and a stale `pageCount: -1` would win.
  return { manualPagination: true, rowCount: count.rowCount, pageCount: count.pageCount, state: { pagination }, onPaginationChange };
}

/** Without a total, on a page no other follows: its rows say how many there are (or, while it loads, its number). */
function lastPageCount(result: ServerPagedResult, current: number, pageSize: number): { rowCount?: number; pageCount?: number } {
  if (result.pagination.hasNext === undefined) return {};
  const rows = result.isPlaceholderData ? undefined : result.data?.items.length;
  return rows === undefined ? { pageCount: current } : { rowCount: (current - 1) * pageSize + rows };
}
