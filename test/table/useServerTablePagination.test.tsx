import { useState } from 'react';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { describe, expect, it, vi } from 'vitest';
import { useShares } from '../../src/hooks/index';
import { TablePagination, useServerTablePagination, useTablePagination } from '../../src/table/index';
import type { MockShare } from '../../src/testing/index';
import { createTestQueryClient, createWrapper, demoOrganizationIds, setupMockService } from '../hooks/support';
import type { ServerPagedResult } from '../../src/table/useServerTablePagination';

const { client } = setupMockService();
const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, MockShare>();
const columns = helper.columns([helper.accessor('name', { header: 'Name' })]);
const noShares: MockShare[] = [];

function firstCell(): string {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!).queryAllByRole('cell')[0]?.textContent ?? '';
}

/** A result as a data hook gives it, for the counts the pairing derives. */
function result(
  pagination: Partial<ServerPagedResult['pagination']>,
  items?: number,
  isPlaceholderData = false,
): ServerPagedResult {
  return {
    pagination: { current: 3, pageSize: 20, onChange: () => undefined, ...pagination },
    data: items === undefined ? undefined : { items: Array.from({ length: items }) },
    isPlaceholderData,
  };
}

describe('useServerTablePagination', () => {
  it('starts the table again at page 1 when the organization changes, in the render that shows the new one', async () => {
    const user = userEvent.setup();
    const shown: Array<[string, number]> = [];
    function Shares({ organizationId }: { organizationId: string }) {
      const shares = useShares<MockShare>({ organizationId });
      const table = useTable({
        features,
        columns,
        data: shares.data?.items ?? noShares,
        ...useServerTablePagination(shares),
      });
      shown.push([organizationId, table.state.pagination.pageIndex]);
      return (
        <>
          <table>
            <thead>
              <tr>
                <th>Name</th>
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.original.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <TablePagination table={table} />
        </>
      );
    }
    function App() {
      const [organizationId, setOrganizationId] = useState<string>(demoOrganizationIds.acme);
      return (
        <>
          <button type="button" onClick={() => setOrganizationId(demoOrganizationIds.globex)}>
            Globex
          </button>
          <Shares organizationId={organizationId} />
        </>
      );
    }
    render(<App />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(firstCell()).not.toBe(''));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    await user.click(screen.getByRole('button', { name: 'Globex' }));
    expect(shown.filter(([org]) => org === demoOrganizationIds.globex).every(([, index]) => index === 0)).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
  });

  it('calls the hook once per table move, and not for a move to the page already shown', () => {
    const onChange = vi.fn();
    const { result: paging } = renderHook(() => useServerTablePagination(result({ total: 437, onChange })));
    act(() => paging.current.onPaginationChange((old) => ({ ...old, pageIndex: old.pageIndex + 1 })));
    act(() => paging.current.onPaginationChange({ pageIndex: 2, pageSize: 20 }));
    expect(onChange.mock.calls).toEqual([[4, 20]]);
    expect(paging.current.state.pagination).toEqual({ pageIndex: 2, pageSize: 20 });
  });

  it.each([
    ['a known total gives the row count', result({ total: 437 }, 20), { rowCount: 437, pageCount: 22 }],
    [
      'an unknown total with a next page gives TanStack Table’s unknown page count',
      result({ hasNext: true }, 20),
      { rowCount: -1, pageCount: -1 },
    ],
    [
      'the last page of an unknown total counts its rows',
      result({ hasNext: false }, 7),
      { rowCount: 47, pageCount: 3 },
    ],
    ['the last page still loading counts pages', result({ hasNext: false }, 20, true), { rowCount: -1, pageCount: 3 }],
    ['nothing known yet is no page and no total', result({}, undefined), { rowCount: -1, pageCount: 0 }],
  ])('%s', (_, given, counts) => {
    const { result: paging } = renderHook(() => useServerTablePagination(given));
    const { rowCount, pageCount } = paging.current;
    // Both keys always with a number: the options spread under exactOptionalPropertyTypes.
    expect({ rowCount, pageCount }).toEqual(counts);
  });

  it('lets a table with an unknown page count show Next from hasNext, and none past the last page', () => {
    const { result: binding, rerender } = renderHook(
      ({ hasNext }: { hasNext: boolean }) => {
        const paging = useServerTablePagination(result({ hasNext }, hasNext ? 20 : 7));
        const table = useTable({ features, columns, data: noShares, ...paging });
        return { binding: useTablePagination(table), canNext: table.getCanNextPage() };
      },
      { initialProps: { hasNext: true } },
    );
    expect(binding.current.binding).toMatchObject({ current: 3, hasNext: true });
    expect(binding.current.binding.total).toBeUndefined();
    expect(binding.current.canNext).toBe(true);
    rerender({ hasNext: false });
    expect(binding.current.binding).toMatchObject({ current: 3, total: 47 });
    expect(binding.current.binding.hasNext).toBeUndefined();
    expect(binding.current.canNext).toBe(false);
  });
});

describe('useServerTablePagination: sort and filters', () => {
  function withListState(filters: Record<string, unknown> = {}) {
    const calls: Array<[string, unknown]> = [];
    const listed: ServerPagedResult = {
      ...result({ total: 437 }, 20),
      listState: {
        sort: [{ id: 'name', desc: false }],
        filters,
        setSort: (sort) => calls.push(['sort', sort]),
        setFilters: (next) => calls.push(['filters', next]),
      },
    };
    return { listed, calls };
  }

  it('hands the table the hook’s sort and filters, sorted and filtered by the service', () => {
    const { listed } = withListState({ q: 'acme', protocol: ['NFS'] });
    const { result: options } = renderHook(() => useServerTablePagination(listed));
    expect(options.current).toMatchObject({
      manualSorting: true,
      manualFiltering: true,
      state: {
        sorting: [{ id: 'name', desc: false }],
        globalFilter: 'acme',
        columnFilters: [{ id: 'protocol', value: ['NFS'] }],
      },
    });
  });

  it('sets the hook’s sort from a header click, and its filters from the search box and column filters', () => {
    const { listed, calls } = withListState({ q: 'acme', protocol: 'SMB' });
    const { result: options } = renderHook(() => useServerTablePagination(listed));
    act(() => options.current.onSortingChange!((old) => [{ id: old[0]!.id, desc: true }]));
    act(() => options.current.onGlobalFilterChange!('globex'));
    act(() => options.current.onColumnFiltersChange!([{ id: 'protocol', value: 'NFS' }]));
    expect(calls).toEqual([
      ['sort', [{ id: 'name', desc: true }]],
      ['filters', { protocol: 'SMB', q: 'globex' }],
      ['filters', { protocol: 'NFS', q: 'acme' }],
    ]);
  });

  it('names the search filter as told', () => {
    const { listed, calls } = withListState({ search: 'x' });
    const { result: options } = renderHook(() => useServerTablePagination(listed, { globalFilterParam: 'search' }));
    expect(options.current.state.globalFilter).toBe('x');
    act(() => options.current.onGlobalFilterChange!(''));
    expect(calls).toEqual([['filters', { search: '' }]]);
  });

  it('leaves sorting and filtering to the table for a result without them', () => {
    const { result: options } = renderHook(() => useServerTablePagination(result({ total: 40 }, 20)));
    expect(options.current).not.toHaveProperty('manualSorting');
    expect(options.current.state).toEqual({ pagination: { pageIndex: 2, pageSize: 20 } });
  });
});
