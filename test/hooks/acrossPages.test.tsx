import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBulkAction, useListSelection, useShares } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import { acme, createTestQueryClient, createWrapper, globex, setupMockService } from './support';

// Selection across pages and bulk actions over the list hooks, against the mock service (MSW, no auth).

const { service, client } = setupMockService();

function renderList(organizationId: string = acme, pageSize = 10) {
  const queryClient = createTestQueryClient();
  const hook = renderHook(
    ({ organizationId: org }) => {
      const shares = useShares<MockShare>({ organizationId: org, defaultPageSize: pageSize, filtersDelayMs: 0 });
      const selection = useListSelection(shares, { resetKey: org });
      const bulk = useBulkAction('shares', { organizationId: org, selection, concurrency: 3 });
      return { shares, selection, bulk };
    },
    { wrapper: createWrapper(queryClient, client), initialProps: { organizationId } },
  );
  return { ...hook, queryClient };
}

const idsShown = (result: { current: { shares: { data?: { items: MockShare[] } } } }) =>
  result.current.shares.data?.items.map((row) => row.id) ?? [];

async function goTo(result: ReturnType<typeof renderList>['result'], page: number, size = 10) {
  act(() => result.current.shares.pagination.onChange(page, size));
  await waitFor(() => expect(result.current.shares.data?.page).toBe(page));
  await waitFor(() => expect(result.current.shares.isPlaceholderData).toBe(false));
}

describe('useListSelection', () => {
  it('keeps rows selected across page moves and page-size changes', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    const [a, b] = idsShown(result);
    act(() => result.current.selection.toggle(a!));
    act(() => result.current.selection.toggle(b!));
    await goTo(result, 2);
    const c = idsShown(result)[4]!;
    act(() => result.current.selection.toggle(c));
    expect(result.current.selection.pageState).toBe('some');
    await goTo(result, 1, 25);
    expect(result.current.selection.isSelected(a!)).toBe(true);
    expect(result.current.selection.isSelected(c)).toBe(true);
    expect(result.current.selection.count).toBe(3);
    expect(result.current.selection.message).toBe('3 selected.');
  });

  it('"all matching" counts the list’s total without fetching ids, and says what is left out', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    const before = service.requests.length;
    act(() => result.current.selection.selectAllMatching());
    expect(result.current.selection.description).toBe('All 437 selected.');
    act(() => result.current.selection.toggle(idsShown(result)[0]!));
    expect(result.current.selection.description).toBe('436 of 437 selected.');
    expect(result.current.selection.pageState).toBe('some');
    expect(service.requests.length).toBe(before);
  });

  it('a change of filters ends "all matching" but keeps rows picked one by one; a change of sort keeps both', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    act(() => result.current.selection.selectAllMatching());
    act(() => result.current.shares.listState.setSort([{ id: 'name', desc: true }]));
    expect(result.current.selection.allMatching).toBe(true);
    act(() => result.current.shares.listState.setFilters({ protocol: 'NFS' }));
    expect(result.current.selection.allMatching).toBe(false);
    expect(result.current.selection.count).toBe(0);
    const picked = idsShown(result)[0]!;
    act(() => result.current.selection.toggle(picked));
    act(() => result.current.shares.listState.setFilters({ protocol: 'SMB' }));
    expect(result.current.selection.isSelected(picked)).toBe(true);
  });

  it('Shift selects the range from the last row clicked, within the page', async () => {
    const { result } = renderList();
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    const ids = idsShown(result);
    act(() => result.current.selection.toggle(ids[6]!));
    act(() => result.current.selection.toggle(ids[2]!, { range: true }));
    expect(ids.map((id) => result.current.selection.isSelected(id))).toEqual(
      ids.map((_, index) => index >= 2 && index <= 6),
    );
  });

  it('another organization clears the selection', async () => {
    const { result, rerender } = renderList();
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    act(() => result.current.selection.selectAllMatching());
    rerender({ organizationId: globex });
    expect(result.current.selection.count).toBe(0);
    expect(result.current.selection.allMatching).toBe(false);
  });
});

describe('useBulkAction', () => {
  it('deletes the picked rows across pages; a failed row comes back in place and stays selected', async () => {
    const { result } = renderList(globex, 5);
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    const page1 = idsShown(result);
    await goTo(result, 3, 5);
    const page3 = idsShown(result);
    await goTo(result, 1, 5);
    const chosen = [page1[1]!, page1[3]!, page3[0]!];
    act(() => result.current.selection.setSelected(chosen, true));
    service.fail({ status: 409, method: 'DELETE', rows: [page1[3]!] });
    let outcome: Awaited<ReturnType<typeof result.current.bulk.run>> | undefined;
    await act(async () => {
      outcome = await result.current.bulk.run(result.current.selection.target, { type: 'delete' });
    });
    expect(outcome!.failed.map((row) => row.id)).toEqual([page1[3]]);
    expect(outcome!.succeeded.sort()).toEqual([page1[1], page3[0]].sort());
    await waitFor(() => expect(result.current.shares.isFetching).toBe(false));
    const rows = service.rows(globex, 'shares')!.map((row) => row.id);
    expect(idsShown(result)).toEqual(rows.slice(0, 5));
    expect(idsShown(result)).toContain(page1[3]);
    expect(result.current.selection.target).toEqual({ allMatching: false, ids: [page1[3]] });
    expect(result.current.bulk.progress).toEqual({ done: 3, failed: 1, total: 3 });
    expect(result.current.shares.data?.total).toBe(21);
  });

  it('"all matching" deletes every row the filters match but the unticked one, reading ids with client.pages', async () => {
    const { result } = renderList(globex, 5);
    await waitFor(() => expect(result.current.shares.data).toBeDefined());
    act(() => result.current.shares.listState.setFilters({ protocol: 'NFS' }));
    await waitFor(() => expect(result.current.shares.data?.items.every((row) => row.protocol === 'NFS')).toBe(true));
    const nfs = service.rows(globex, 'shares')!.filter((row) => row.protocol === 'NFS');
    const kept = idsShown(result)[0]!;
    act(() => result.current.selection.selectAllMatching());
    act(() => result.current.selection.toggle(kept));
    await act(async () => {
      await result.current.bulk.run(result.current.selection.target, { type: 'delete' });
    });
    const left = service.rows(globex, 'shares')!;
    expect(left.filter((row) => row.protocol === 'NFS').map((row) => row.id)).toEqual([kept]);
    expect(left).toHaveLength(23 - nfs.length + 1);
    expect(result.current.selection.count).toBe(0);
  });
});
