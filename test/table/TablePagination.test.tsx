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
import type { PaginationState, ReactTable, RowData, TableFeatures } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
import { useShares } from '../../src/hooks/index';
import { TablePagination, useServerTablePagination, useTablePagination } from '../../src/table/index';
import type { TablePaginationProps } from '../../src/table/index';
import type { MockShare } from '../../src/testing/index';
import { INVALID_ARGUMENT } from '../../src/shared/assert';
import { DataTable } from '../../stories/support/DataTable';
import {
  createTestQueryClient,
  createWrapper,
  demoOrganizationIds,
  setupMockService,
  wirePages,
} from '../hooks/support';
import type { PaginatedTable } from '../../src/table/useTablePagination';

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

/** A client-side table of `data`, paged by createPaginatedRowModel, starting at `pagination`. */
function useClientTable(data: Row[], pagination: PaginationState, options: { autoResetPageIndex?: boolean } = {}) {
  return useTable({ features: clientFeatures, columns: clientColumns, data, initialState: { pagination }, ...options });
}

/** A server-paged table over useShares for acme, paired by useServerTablePagination; the callbacks see each move. */
function useSharesTable(
  initial: PaginationState,
  {
    onHookMove,
    onTableMove,
  }: { onHookMove?: (page: number) => void; onTableMove?: (next: PaginationState) => void } = {},
) {
  const shares = useShares<MockShare>({
    organizationId: demoOrganizationIds.acme,
    defaultPage: initial.pageIndex + 1,
    defaultPageSize: initial.pageSize,
    onChange: (page) => onHookMove?.(page),
  });
  const paging = useServerTablePagination(shares);
  return useTable({
    features: serverFeatures,
    columns: serverColumns,
    data: shares.data?.items ?? noShares,
    ...paging,
    onPaginationChange: (updater) => {
      onTableMove?.(typeof updater === 'function' ? updater(paging.state.pagination) : updater);
      paging.onPaginationChange(updater);
    },
  });
}

/** The table's rows with its TablePagination below them. */
function PagedRows<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  ...props
}: Omit<TablePaginationProps, 'table'> & { table: ReactTable<TFeatures, TData> & PaginatedTable }) {
  return (
    <>
      <DataTable table={table} caption="Rows" />
      <TablePagination table={table} {...props} />
    </>
  );
}

describe('useTablePagination', () => {
  it('turns the zero-based pageIndex into current, the row count into total, and onChange into setPagination', () => {
    const { result } = renderHook(() => {
      const table = useClientTable(allRows, { pageIndex: 2, pageSize: 10 });
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
      const table = useClientTable(allRows, { pageIndex: 0, pageSize: 10 });
      return <PagedRows table={table} pageSizeOptions={[10, 20]} showTotal />;
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

  it("calls the user's onChange exactly once per click, after the table moved", async () => {
    const user = userEvent.setup();
    const events: unknown[] = [];
    function ControlledTable() {
      const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
      const table = useTable({
        features: clientFeatures,
        columns: clientColumns,
        data: allRows,
        state: { pagination },
        onPaginationChange: (updater) => {
          const next = typeof updater === 'function' ? updater(pagination) : updater;
          events.push(['table moved', next]);
          setPagination(next);
        },
      });
      return <PagedRows table={table} onChange={(page, size) => events.push(['onChange', page, size])} />;
    }
    render(<ControlledTable />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(events).toEqual([
      ['table moved', { pageIndex: 2, pageSize: 10 }],
      ['onChange', 3, 10],
    ]);
    expect(shownCells()).toEqual(range('Row ', 21, 30));
  });

  it('pages a server-side table (manualPagination) whose state drives useShares', async () => {
    const user = userEvent.setup();
    const seen: PaginationState[] = [];
    function ServerTable() {
      const table = useSharesTable({ pageIndex: 0, pageSize: 20 });
      seen.push(table.state.pagination);
      return <PagedRows table={table} onChange={() => undefined} />;
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

describe('edges of the table state', () => {
  function NarrowSelectorTable() {
    const table = useTable({ features: clientFeatures, columns: clientColumns, data: allRows }, (state) => ({
      pageSize: state.pagination.pageSize,
    }));
    return <TablePagination table={table as unknown as PaginatedTable} />;
  }
  function NoPaginationFeatureTable() {
    const table = useTable({ features: tableFeatures({}), columns: [], data: allRows });
    return <TablePagination table={table as unknown as PaginatedTable} />;
  }

  it.each([
    ['a state selector without pagination', NarrowSelectorTable],
    ['no rowPaginationFeature', NoPaginationFeatureTable],
  ])('says what to add when the table state has no pagination (%s)', (_, BrokenTable) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<BrokenTable />)).toThrow(
      /^pagewise: `table` has no `pagination` in `table.state`, which useTablePagination\(\) reads\. Register rowPaginationFeature .*select pagination too/,
    );
    // A misuse of the argument, in the one shape of pagewise's argument errors.
    expect(() => render(<BrokenTable />)).toThrow(
      expect.objectContaining({ name: 'TypeError', code: INVALID_ARGUMENT, argument: 'table' }),
    );
    error.mockRestore();
  });

  it('says only what is missing in a production build', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('NODE_ENV', 'production');
    try {
      expect(() => render(<NoPaginationFeatureTable />)).toThrow(
        /^pagewise: `table` has no `pagination` in `table.state`, which useTablePagination\(\) reads\.$/,
      );
    } finally {
      vi.unstubAllEnvs();
      error.mockRestore();
    }
  });

  it('leaves the total unknown while a server-paged table has no rowCount, keeping its page without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function LoadingTable() {
      const table = useTable({
        features: serverFeatures,
        columns: serverColumns,
        data: noShares,
        rowCount: undefined,
        manualPagination: true,
        initialState: { pagination: { pageIndex: 4, pageSize: 20 } },
      });
      return <TablePagination table={table} showTotal />;
    }
    render(<LoadingTable />);
    // Counting the rows of the page being loaded would say "0 of 0" and pull the control back to page 1.
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(/ of /)).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('moves a client-side table to its last page when its rows shrink below the page (autoResetPageIndex: false)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    function ShrinkingTable() {
      const [rows, setRows] = useState(allRows);
      const table = useClientTable(rows, { pageIndex: 0, pageSize: 10 }, { autoResetPageIndex: false });
      return (
        <>
          <button type="button" onClick={() => setRows(allRows.slice(0, 15))}>
            Delete rows
          </button>
          <PagedRows table={table} />
        </>
      );
    }
    render(<ShrinkingTable />);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(shownCells()).toEqual(range('Row ', 41, 45));

    await user.click(screen.getByRole('button', { name: 'Delete rows' }));
    expect(shownCells()).toEqual(range('Row ', 11, 15));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows a client-side table with pageSize Infinity as one page of all its rows', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function AllRowsTable() {
      const table = useClientTable(allRows, { pageIndex: 0, pageSize: Infinity });
      return <PagedRows table={table} showTotal />;
    }
    render(<AllRowsTable />);
    expect(shownCells()).toEqual(range('Row ', 1, 45));
    expect(screen.getByText('1–45 of 45')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('keeps a client-side table on its page while it has no rows yet (autoResetPageIndex: false)', async () => {
    const user = userEvent.setup();
    function LateRowsTable() {
      const [rows, setRows] = useState<Row[]>([]);
      const table = useClientTable(rows, { pageIndex: 3, pageSize: 10 }, { autoResetPageIndex: false });
      return (
        <>
          <button type="button" onClick={() => setRows(allRows)}>
            Load rows
          </button>
          <PagedRows table={table} />
        </>
      );
    }
    render(<LateRowsTable />);
    expect(shownCells()).toEqual(['No rows']);
    await user.click(screen.getByRole('button', { name: 'Load rows' }));
    expect(shownCells()).toEqual(range('Row ', 31, 40));
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves a server-paged table back from past the end once, through the hook and not the table too', async () => {
    service.deleteRows(demoOrganizationIds.acme, 'shares', 40); // 397 rows: 20 pages
    const hookMoves: number[] = [];
    const tableMoves: PaginationState[] = [];
    function ServerTable() {
      const table = useSharesTable(
        { pageIndex: 21, pageSize: 20 },
        { onHookMove: (page) => hookMoves.push(page), onTableMove: (next) => tableMoves.push(next) },
      );
      return <PagedRows table={table} />;
    }
    render(<ServerTable />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(shownCells()).toHaveLength(17));
    expect(shownCells()[0]).toMatch(/-00381$/);
    expect(screen.getByRole('button', { name: 'Page 20' })).toHaveAttribute('aria-current', 'page');
    expect(hookMoves).toEqual([20]);
    expect(tableMoves).toEqual([]);
  });
});
