import { act, renderHook, waitFor } from '@testing-library/react';
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { useShares } from '../../src/hooks/index';
import { useServerTablePagination } from '../../src/table/index';
import { ORG } from '../client/fixtures';
import { CURSOR_STYLES, cursorService, makeRows, type Row } from '../helpers/cursorService';
import { localServerForFile } from '../helpers/localServerForFile';
import { createTestQueryClient, createWrapper } from '../hooks/support';

// The TanStack Table pairing over a service that pages by cursor and gives no total, over real HTTP.
const server = localServerForFile();
const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, Row>();
const columns = helper.columns([helper.accessor('name', { header: 'Name' })]);
const noRows: Row[] = [];

describe.each(CURSOR_STYLES)('a table on a %s service', (style) => {
  it('pages with an unknown page count, each page under its index, exact once the last page is known', async () => {
    const rows = makeRows(25);
    server.handle(cursorService(style, () => rows));
    const queryClient = createTestQueryClient();
    const { result } = renderHook(
      () => {
        const shares = useShares<Row>({ organizationId: ORG, pageSize: 10, prefetchNext: false });
        const table = useTable({
          features,
          columns,
          data: shares.data?.items ?? noRows,
          ...useServerTablePagination(shares),
        });
        return { shares, table, first: table.getRowModel().rows[0]?.original.id };
      },
      { wrapper: createWrapper(queryClient, createApiClient({ baseUrl: server.origin })) },
    );
    await waitFor(() => expect(result.current.first).toBe('r0001'));
    expect(result.current.table.getPageCount()).toBe(-1);
    expect(result.current.table.getCanNextPage()).toBe(true);
    // A jump by index (two pages ahead) walks to it: the table shows page 3's rows under index 2.
    act(() => result.current.table.setPageIndex(2));
    await waitFor(() => expect(result.current.first).toBe('r0021'));
    expect(result.current.shares.isPlaceholderData).toBe(false);
    expect(result.current.table.state.pagination.pageIndex).toBe(2);
    expect(result.current.table.getPageCount()).toBe(3);
    expect(result.current.table.getCanNextPage()).toBe(false);
    const requests = server.requests.length;
    act(() => result.current.table.previousPage());
    await waitFor(() => expect(result.current.first).toBe('r0011'));
    expect(server.requests.length).toBe(requests);
  });
});
