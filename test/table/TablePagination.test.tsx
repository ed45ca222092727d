import { useState } from 'react';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createColumnHelper,
  createPaginatedRowModel,
  rowPaginationFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { PaginationState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { useShares } from '../../src/hooks/index';
import { TablePagination, useTablePagination } from '../../src/table/index';
import type { MockShare } from '../../src/testing/index';
import { DataTable } from '../../stories/support/DataTable';
import { createTestQueryClient, createWrapper, demoOrganizationIds, setupMockService, wirePages } from '../hooks/support';

const { service, client } = setupMockService();

interface Row {
  id: string;
  name: string;
}

const clientFeatures = tableFeatures({ rowPaginationFeature, paginatedRowModel: createPaginatedRowModel() });
const clientColumns = createColumnHelper<typeof clientFeatures, Row>().columns([
  createColumnHelper<typeof clientFeatures, Row>().accessor('name', { header: 'Name' }),
]);
const allRows: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: String(i + 1), name: `Row ${i + 1}` }));

const serverFeatures = tableFeatures({ rowPaginationFeature });
const serverHelper = createColumnHelper<typeof serverFeatures, MockShare>();
const serverColumns = serverHelper.columns([serverHelper.accessor('name', { header: 'Name' })]);
const noShares: MockShare[] = [];

/** Text of the body rows' cells. */
function shownCells(): string[] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

function range(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
}

describe('useTablePagination', () => {
  it('turns the zero-based pageIndex into current, the row count into total, and onChange into setPagination', () => {
    const { result } = renderHook(() => {
      const table = useTable({
        features: clientFeatures,
        columns: clientColumns,
        data: allRows,
        initialState: { pagination: { pageIndex: 2, pageSize: 10 } },
      });
      return { table, binding: useTablePagination(table) };
    });
    expect(result.current.binding).toMatchObject({ current: 3, total: 45, pageSize: 10 });

    act(() => result.current.binding.onChange(5, 10));
    expect(result.current.table.state.pagination).toEqual({ pageIndex: 4, pageSize: 10 });
    expect(result.current.binding.current).toBe(5);

    act(() => result.current.binding.onChange(1, 20));
    expect(result.current.table.state.pagination).toEqual({ pageIndex: 0, pageSize: 20 });
    expect(result.current.binding).toMatchObject({ current: 1, pageSize: 20 });
  });
});

describe('TablePagination', () => {
  it('pages a client-side table (createPaginatedRowModel) from the control', async () => {
    const user = userEvent.setup();
    function ClientTable() {
      const table = useTable({
        features: clientFeatures,
        columns: clientColumns,
        data: allRows,
        initialState: { pagination: { pageIndex: 0, pageSize: 10 } },
      });
      return (
        <>
          <DataTable table={table} caption="Rows" />
          <TablePagination table={table} pageSizeOptions={[10, 20]} showTotal />
        </>
      );
    }
    render(<ClientTable />);
    expect(shownCells()).toEqual(range('Row ', 1, 10));
    expect(screen.getByText('1–10 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(shownCells()).toEqual(range('Row ', 21, 30));

    // 20 per page keeps row 21 in view: page 2.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '20');
    expect(shownCells()).toEqual(range('Row ', 21, 40));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(shownCells()).toEqual(range('Row ', 41, 45));
  });

  it('pages a server-side table (manualPagination) whose state drives useShares', async () => {
    const user = userEvent.setup();
    const seen: PaginationState[] = [];
    function ServerTable() {
      const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
      const shares = useShares<MockShare>({
        organizationId: demoOrganizationIds.acme,
        page: pagination.pageIndex + 1,
        pageSize: pagination.pageSize,
        onChange: (page, pageSize) => setPagination({ pageIndex: page - 1, pageSize }),
      });
      const table = useTable({
        features: serverFeatures,
        columns: serverColumns,
        data: shares.data?.items ?? noShares,
        rowCount: shares.pagination.total,
        manualPagination: true,
        state: { pagination },
        onPaginationChange: setPagination,
      });
      seen.push(table.state.pagination);
      return (
        <>
          <DataTable table={table} caption="Rows" />
          <TablePagination table={table} onChange={() => undefined} />
        </>
      );
    }
    render(<ServerTable />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(shownCells()[0]).toMatch(/-00001$/));
    expect(shownCells()).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(shownCells()[0]).toMatch(/-00041$/));
    expect(seen.at(-1)).toEqual({ pageIndex: 2, pageSize: 20 });
    expect(wirePages(service)).toContain(2);

    // 50 per page keeps row 41 in view: page 1 (zero-based 0) of 9.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '50');
    await waitFor(() => expect(shownCells()).toHaveLength(50));
    expect(shownCells()[0]).toMatch(/-00001$/);
    expect(service.requests.filter((r) => r.size === 50).map((r) => r.page)[0]).toBe(0);
    expect(screen.getByRole('button', { name: 'Page 9' })).toBeInTheDocument();
  });
});
