/**
 * `pagewise/table`: the `Pagination` control for TanStack Table v9.
 *
 * Client-side paging (all rows in memory, the table slices them):
 * ```tsx
 * const features = tableFeatures({ rowPaginationFeature, paginatedRowModel: createPaginatedRowModel() });
 * const table = useTable({ features, columns, data: rows });
 * <TablePagination table={table} showTotal />
 * ```
 *
 * Server-side paging (the data hook owns the page, so another organization starts at page 1; the service
 * slices the rows, and a service without a total pages on `hasNext`):
 * ```tsx
 * const shares = useShares({ organizationId });
 * const table = useTable({
 *   features: tableFeatures({ rowPaginationFeature }),
 *   columns,
 *   data: shares.data?.items ?? noRows, // a stable empty array
 *   ...useServerTablePagination(shares), // manualPagination, rowCount or pageCount, state.pagination, onPaginationChange
 * });
 * <TablePagination table={table} showTotal />
 * ```
 * @module
 */
export { useTablePagination } from './useTablePagination';
export type { TablePaginationBinding } from './useTablePagination';
export { useServerTablePagination } from './useServerTablePagination';
export type { ServerTableOptions, ServerTablePaginationOptions } from './useServerTablePagination';
export { TablePagination } from './TablePagination';
export type { TablePaginationProps } from './TablePagination';
export { useTableRowSelection } from './useTableRowSelection';
export type { TableRowSelectionOptions, TableRowSelectionParams, TableSelectionSource } from './useTableRowSelection';
