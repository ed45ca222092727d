// A server-paged table that sorts by header and searches on the service: useShares keeps sort and filters,
// useServerTablePagination binds them to the table (manualSorting, manualFiltering), the search asks once it settles.
import {
  columnFilteringFeature,
  createColumnHelper,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useShares } from 'pagewise';
import { TablePagination, useServerTablePagination } from 'pagewise/table';

type Share = { id: string; name: string; createdAt: string };
const features = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
});
const column = createColumnHelper<typeof features, Share>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('createdAt', { header: 'Created' }),
]);
const noRows: Share[] = [];
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export function SortableShares({ organizationId }: { organizationId: string }) {
  // Sort and search start at page 1; the service receives `sort=name,asc` and `q=…` (300 ms after the last key).
  const shares = useShares<Share>({ organizationId, defaultSort: [{ id: 'createdAt', desc: true }] });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  return (
    <>
      <input
        type="search"
        aria-label="Search shares"
        value={String(table.state.globalFilter ?? '')}
        onChange={(e) => table.setGlobalFilter(e.target.value)}
      />
      <table>
        <thead>
          <tr>
            {table.getFlatHeaders().map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <th key={header.id} aria-sort={sorted ? ariaSort[sorted] : 'none'}>
                  <button type="button" onClick={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TablePagination table={table} />
    </>
  );
}
