import { useCallback } from 'react';
import type { PaginationState, Updater } from '@tanstack/react-table';
import type { PaginationProps } from '../pagination/index';

/**
 * What `useTablePagination` needs of a TanStack Table v9 table: `useTable` with `rowPaginationFeature`
 * registered and `pagination` in the selected state (the default selector selects it).
 */
export interface PaginatedTable {
  /** The table's selected state; its `pagination.pageIndex` is zero-based. */
  readonly state: { readonly pagination: PaginationState };
  /** Rows across all pages: `rowCount` with `manualPagination`, otherwise the rows before paging. */
  getRowCount: () => number;
  /** Sets the table's pagination state. */
  setPagination: (updater: Updater<PaginationState>) => void;
}

/** The `Pagination` props `useTablePagination` derives from a table. */
export type TablePaginationBinding = Required<Pick<PaginationProps, 'current' | 'total' | 'pageSize' | 'onChange'>>;

/**
 * `Pagination` props for a TanStack Table v9 table: the table's zero-based `pageIndex` becomes the
 * control's 1-based `current`, its row count the `total`, and `onChange` sets the table's pagination.
 * Works for client-side paging (`createPaginatedRowModel`) and server-side paging (`manualPagination` with `rowCount`).
 */
export function useTablePagination(table: PaginatedTable): TablePaginationBinding {
  const { pageIndex, pageSize } = table.state.pagination;
  const { setPagination } = table;
  const onChange = useCallback(
    (page: number, size: number) => setPagination({ pageIndex: page - 1, pageSize: size }),
    [setPagination],
  );
  return { current: pageIndex + 1, total: table.getRowCount(), pageSize, onChange };
}
