'use client';

import { Pagination } from '../pagination/index';
import type { PaginationProps } from '../pagination/index';
import { useTablePagination } from './useTablePagination';
import type { PaginatedTable } from './useTablePagination';

/** Props of `TablePagination`: the table, plus any `Pagination` prop except the ones the table supplies. */
export interface TablePaginationProps extends Omit<
  PaginationProps,
  'current' | 'defaultCurrent' | 'total' | 'pageSize' | 'defaultPageSize'
> {
  /** A TanStack Table v9 table with `rowPaginationFeature`, from `useTable`. */
  table: PaginatedTable;
}

/** The `Pagination` control for a TanStack Table v9 table; `onChange`, when given, is called after the table moved. */
export function TablePagination({ table, onChange, ...props }: TablePaginationProps) {
  const binding = useTablePagination(table);
  return (
    <Pagination
      {...props}
      {...binding}
      onChange={(page, size) => {
        binding.onChange(page, size);
        onChange?.(page, size);
      }}
    />
  );
}
