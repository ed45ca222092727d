// A server-paged TanStack Table (v9): useShares owns the page, useServerTablePagination pairs the table with it.
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { useShares } from 'pagewise';
import { TablePagination, useServerTablePagination } from 'pagewise/table';

type Share = { id: string; name: string };
const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Share>();
const columns = column.columns([column.accessor('name', { header: 'Name' }), column.accessor('id', { header: 'Id' })]);
const noRows: Share[] = [];

export function SharesTable({ organizationId }: { organizationId: string }) {
  const shares = useShares<Share>({ organizationId });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  return (
    <>
      <table>
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
