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
 * Server-side paging (the table's state drives `useShares`; the service slices the rows):
 * ```tsx
 * const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 20 });
 * const shares = useShares({
 *   organizationId,
 *   page: pagination.pageIndex + 1,
 *   pageSize: pagination.pageSize,
 *   onChange: (page, pageSize) => setPagination({ pageIndex: page - 1, pageSize }),
 * });
 * const table = useTable({
 *   features: tableFeatures({ rowPaginationFeature }),
 *   columns,
 *   data: shares.data?.items ?? noRows, // a stable empty array
 *   rowCount: shares.pagination.total,
 *   manualPagination: true,
 *   state: { pagination },
 *   onPaginationChange: setPagination,
 * });
 * <TablePagination table={table} showTotal />
 * ```
 * @module
 */
export { useTablePagination } from './useTablePagination';
export type { PaginatedTable, TablePaginationBinding } from './useTablePagination';
export { TablePagination } from './TablePagination';
export type { TablePaginationProps } from './TablePagination';
