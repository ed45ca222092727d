import { useRef } from 'react';
import { useTable } from '@tanstack/react-table';
import { useShares } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import { TablePagination, useServerTablePagination } from '../../src/table/index';
import { useVirtualPageRows } from '../../src/virtual/index';
import { serverFeatures, shareColumns } from './columns';
import './dataTable.css';

const NO_ROWS: MockShare[] = [];

/** The page sizes of a table made for big pages, and its "All" cap: the service's largest page. */
export const BIG_PAGE_SIZES = [500, 1000, 2000];
export const BIG_PAGE_CAP = 5000;

/**
 * A server-paged TanStack Table whose pages hold 500 to 5,000 rows: the data hook, its prefetch and the control are
 * the ones of any table; only the body renders the rows in view (`useVirtualPageRows`), between two spacer rows.
 */
export function VirtualSharesTable({ organizationId, caption }: { organizationId: string; caption: string }) {
  const shares = useShares<MockShare>({ organizationId, defaultPageSize: BIG_PAGE_CAP });
  const table = useTable({
    features: serverFeatures,
    columns: shareColumns,
    data: shares.data?.items ?? NO_ROWS,
    ...useServerTablePagination(shares),
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { current, pageSize } = shares.pagination;
  const virtual = useVirtualPageRows({ count: rows.length, scrollRef, pageKey: `${current}/${pageSize}` });
  const columns = table.getAllLeafColumns().length;
  return (
    <div className="pw-story-data">
      <div
        ref={scrollRef}
        className="pw-story-scroll"
        style={{ height: '28rem', overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="pw-story-table" aria-busy={shares.isFetching} {...virtual.tableProps}>
          <caption>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {/* Spacers: the rows not rendered keep their room, so the scrollbar spans the page. */}
            <tr aria-hidden="true" style={{ height: virtual.paddingTop }} />
            {virtual.rows.map((item) => {
              const row = rows[item.index]!;
              return (
                <tr key={row.id} {...virtual.getRowProps(item.index)}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
            <tr aria-hidden="true" style={{ height: virtual.paddingBottom }} />
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns}>{shares.isPending ? 'Loading shares…' : 'No shares.'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <TablePagination
        table={table}
        showTotal
        showAll={BIG_PAGE_CAP}
        pageSizeOptions={BIG_PAGE_SIZES}
        onPageIntent={shares.pagination.onPageIntent}
        aria-label={`${caption}: pages`}
      />
    </div>
  );
}
