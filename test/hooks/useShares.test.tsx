import { useState } from 'react';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/pagination/index';
import { sharesQueryOptions, useEnvironments, useShares } from '../../src/hooks/index';
import type { PagedResourceOptions } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import {
  acme,
  createTestQueryClient,
  createWrapper,
  globex,
  holdListResponses,
  recordSignals,
  setupMockService,
  wirePages,
} from './support';

const { service, client, server } = setupMockService();

/** The 1-based positions of the rows on screen, read from the names' suffix (e.g. acme-design-00021 → 21). */
function shownPositions(): number[] {
  const list = screen.getByRole('list', { name: 'Shares' });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => Number(/(\d+)$/.exec(item.textContent ?? '')?.[1]));
}

function positions(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

function SharesList(props: PagedResourceOptions<MockShare>) {
  const shares = useShares<MockShare>(props);
  return (
    <>
      <ul aria-label="Shares" aria-busy={shares.isFetching}>
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </>
  );
}

describe('useShares', () => {
  it('asks the API for page=0 on page 1 and for page=2 on page 3', async () => {
    const { result, rerender } = renderHook(
      ({ page }) => useShares<MockShare>({ organizationId: acme, page, prefetchNext: false }),
      { initialProps: { page: 1 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(wirePages(service)).toEqual([0]);
    expect(result.current.data?.items[0]?.name).toMatch(/-00001$/);

    rerender({ page: 3 });
    await waitFor(() => expect(result.current.data?.page).toBe(3));
    expect(wirePages(service)).toEqual([0, 2]);
    expect(result.current.data?.items[0]?.name).toMatch(/-00041$/);
    expect(result.current.pagination.current).toBe(3);
  });

  it('keeps the page itself when uncontrolled: clicking the spread <Pagination> shows the page and calls onChange', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SharesList organizationId={acme} onChange={onChange} prefetchNext={false} />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownPositions()).toEqual(positions(21, 20)));
    expect(onChange.mock.calls).toEqual([[2, 20]]);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(shownPositions()).toEqual(positions(421, 17)));
    expect(onChange.mock.calls).toEqual([
      [2, 20],
      [22, 20],
    ]);
    expect(wirePages(service)).toEqual([0, 1, 21]);
  });

  it('only calls onChange when controlled, and follows the page the caller passes back', async () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, onChange, prefetchNext: false }),
      { initialProps: { page: 1 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    act(() => result.current.pagination.onChange(2, 20));
    expect(onChange).toHaveBeenCalledWith(2, 20);
    expect(result.current.pagination.current).toBe(1);
    expect(result.current.isFetching).toBe(false);
    expect(wirePages(service)).toEqual([0]);

    rerender({ page: 2 });
    await waitFor(() => expect(result.current.data?.page).toBe(2));
    expect(result.current.pagination.current).toBe(2);
    expect(wirePages(service)).toEqual([0, 1]);
  });

  it('works with a parent that keeps the page in state (controlled through onChange)', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [page, setPage] = useState(3);
      return <SharesList organizationId={acme} page={page} onChange={(next) => setPage(next)} prefetchNext={false} />;
    }
    render(<Parent />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(shownPositions()).toEqual(positions(41, 20)));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(shownPositions()).toEqual(positions(21, 20)));
    expect(wirePages(service)).toEqual([2, 1]);
  });

  it('never lets a late response for an old page replace the newer page', async () => {
    const queryClient = createTestQueryClient();
    const slowFirstPage = holdListResponses(server, service, (page) => page === 0);
    // A second view still watches page 1, so its slow response is not aborted and really arrives late.
    function Views({ page }: { page: number }) {
      const current = useShares<MockShare>({ organizationId: acme, page, prefetchNext: false });
      const first = useShares<MockShare>({ organizationId: acme, page: 1, prefetchNext: false });
      return (
        <>
          <ul aria-label="Shares">
            {current.data?.items.map((s) => (
              <li key={s.id}>{s.name}</li>
            ))}
          </ul>
          <output aria-label="first page">{first.data ? 'loaded' : 'loading'}</output>
        </>
      );
    }
    const { rerender } = render(<Views page={1} />, { wrapper: createWrapper(queryClient, client) });
    rerender(<Views page={2} />);
    await waitFor(() => expect(shownPositions()).toEqual(positions(21, 20)));

    slowFirstPage.release();
    await waitFor(() => expect(screen.getByRole('status', { name: 'first page' })).toHaveTextContent('loaded'));
    expect(shownPositions()).toEqual(positions(21, 20));
    expect(wirePages(service)).toEqual([1, 0]);
  });

  it('aborts the request for a page nobody waits for any more', async () => {
    const slowFirstPage = holdListResponses(server, service, (page) => page === 0);
    const recorded = recordSignals(client);
    const { result, rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, prefetchNext: false }),
      { initialProps: { page: 1 }, wrapper: createWrapper(createTestQueryClient(), recorded.client) },
    );
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.data?.page).toBe(2));
    slowFirstPage.release();
    expect(recorded.calls.map((c) => [c.page, c.signal?.aborted])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('never renders a row of the old organization after switching organization', async () => {
    const user = userEvent.setup();
    const renders: Array<{ organizationId: string; names: string[]; total: number | undefined; placeholder: boolean }> =
      [];
    function Recorder({ organizationId }: { organizationId: string }) {
      const shares = useShares<MockShare>({ organizationId });
      renders.push({
        organizationId,
        names: shares.data?.items.map((s) => s.name) ?? [],
        total: shares.pagination.total,
        placeholder: shares.isPlaceholderData,
      });
      return (
        <>
          <ul aria-label="Shares">
            {shares.data?.items.map((s) => (
              <li key={s.id}>{s.name}</li>
            ))}
          </ul>
          <Pagination {...shares.pagination} />
        </>
      );
    }
    const { rerender } = render(<Recorder organizationId={acme} />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(shownPositions()).toEqual(positions(41, 20)));

    rerender(<Recorder organizationId={globex} />);
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));
    await waitFor(() => expect(service.requests.some((r) => r.organizationId === globex && r.page === 1)).toBe(true));

    const afterSwitch = renders.filter((r) => r.organizationId === globex);
    expect(afterSwitch.length).toBeGreaterThan(1);
    for (const r of afterSwitch) {
      expect(r.names.filter((name) => !name.startsWith('globex-'))).toEqual([]);
      expect(r.total === undefined || r.total === 23).toBe(true);
    }
    // While Globex loaded, the table was empty rather than showing Acme's page.
    expect(afterSwitch[0]).toMatchObject({ names: [], placeholder: false });
    // A new organization starts at page 1 (page=0 on the wire), not at Acme's page 3.
    expect(service.requests.filter((r) => r.organizationId === globex).map((r) => r.page)).toEqual([0, 1]);
  });

  it('prefetches the next page, so moving to page 2 makes no request for it', async () => {
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    render(<SharesList organizationId={acme} />, { wrapper: createWrapper(queryClient, client) });
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));
    await waitFor(() =>
      expect(
        queryClient.getQueryState(sharesQueryOptions({ client, organizationId: acme, page: 2 }).queryKey)?.status,
      ).toBe('success'),
    );
    expect(wirePages(service)).toEqual([0, 1]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // On screen at once, from the cache: no placeholder, no loading state.
    expect(shownPositions()).toEqual(positions(21, 20));
    await waitFor(() => expect(wirePages(service)).toEqual([0, 1, 2]));
    expect(wirePages(service).filter((page) => page === 1)).toHaveLength(1);
  });

  it('clicking through 5 pages with prefetch makes 6 requests, each page already fetched when clicked', async () => {
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    render(<SharesList organizationId={acme} />, { wrapper: createWrapper(queryClient, client) });
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));
    for (let page = 2; page <= 5; page++) {
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      const before = service.requests.length;
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      // From the cache at once, and the click itself asked for nothing but the following page.
      expect(shownPositions()).toEqual(positions(20 * (page - 1) + 1, 20));
      await waitFor(() => expect(service.requests.length).toBe(before + 1));
      expect(service.requests.at(-1)?.page).toBe(page);
    }
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(wirePages(service)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('does not prefetch past the last page', async () => {
    const queryClient = createTestQueryClient();
    const { result, rerender } = renderHook(() => useShares({ organizationId: acme, defaultPage: 22 }), {
      wrapper: createWrapper(queryClient, client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.hasNext).toBe(false);
    // React runs the last commit's effects before it renders again: a prefetch would have started by now.
    rerender();
    expect(queryClient.isFetching()).toBe(0);
    expect(
      queryClient.getQueryState(sharesQueryOptions({ client, organizationId: acme, page: 23 }).queryKey),
    ).toBeUndefined();
    expect(wirePages(service)).toEqual([21]);
  });

  it('moves to the last page when rows were deleted under the current page (uncontrolled)', async () => {
    service.deleteRows(acme, 'shares', 40); // 397 rows: 20 pages
    const onChange = vi.fn();
    render(<SharesList organizationId={acme} defaultPage={22} onChange={onChange} prefetchNext={false} />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(shownPositions()).toEqual(positions(381, 17)));
    expect(onChange).toHaveBeenCalledWith(20, 20);
    expect(screen.getByRole('button', { name: 'Page 20' })).toHaveAttribute('aria-current', 'page');
    expect(wirePages(service)).toEqual([21, 19]);
  });

  it('asks the caller to move to the last page when rows were deleted (controlled)', async () => {
    service.deleteRows(acme, 'shares', 40);
    const onChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, onChange, prefetchNext: false }),
      { initialProps: { page: 22 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(20, 20));
    // The caller has not moved yet: page 22 stays the query, the control already shows the last page.
    expect(result.current.data?.page).toBe(22);
    expect(result.current.pagination.current).toBe(20);
    expect(wirePages(service)).toEqual([21]);
    rerender({ page: 20 });
    await waitFor(() => expect(result.current.data?.page).toBe(20));
    expect(result.current.data?.items).toHaveLength(17);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('asks once to move back from past the end, even when the caller re-renders with a new onChange', async () => {
    service.deleteRows(acme, 'shares', 40);
    const asked: number[] = [];
    function Parent() {
      // Records each request in state (a re-render with a new inline onChange) but never moves the page.
      const [log, setLog] = useState<number[]>([]);
      const shares = useShares({
        organizationId: acme,
        page: 22,
        prefetchNext: false,
        onChange: (page) => {
          asked.push(page);
          setLog((l) => [...l, page]);
        },
      });
      return <output aria-label="asked">{`${log.join(',')}|${shares.isSuccess}`}</output>;
    }
    render(<Parent />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(screen.getByRole('status', { name: 'asked' })).toHaveTextContent('20|true'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(asked).toEqual([20]);
  });

  it('keeps the last known total while a new page size loads', async () => {
    const { result } = renderHook(() => useShares({ organizationId: acme, prefetchNext: false }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const slow = holdListResponses(server, service, () => true);

    act(() => result.current.pagination.onChange(1, 50));
    await waitFor(() => expect(wirePages(service)).toHaveLength(1));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPlaceholderData).toBe(false);
    expect(result.current.pagination).toMatchObject({ current: 1, pageSize: 50, total: 437 });

    slow.release();
    await waitFor(() => expect(result.current.data?.pageSize).toBe(50));
    expect(result.current.data?.items).toHaveLength(50);
  });

  it('ends a 20-click page storm on the last clicked page, with superseded requests aborted', async () => {
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    const recorded = recordSignals(client);
    let holding = false;
    const held = holdListResponses(server, service, () => holding);
    render(<SharesList organizationId={acme} />, { wrapper: createWrapper(queryClient, recorded.client) });
    await waitFor(() => expect(shownPositions()).toEqual(positions(1, 20)));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    holding = true;
    const next = screen.getByRole('button', { name: 'Next page' });
    for (let i = 0; i < 20; i++) await user.click(next);
    expect(screen.getByRole('button', { name: 'Page 21' })).toHaveAttribute('aria-current', 'page');
    held.release();

    await waitFor(() => expect(shownPositions()).toEqual(positions(401, 20)));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(shownPositions()).toEqual(positions(401, 20));
    // Pages 1 and 2 came before the storm (page 2 prefetched); pages 3…20 were superseded mid-flight.
    const superseded = recorded.calls.filter((c) => c.page >= 3 && c.page <= 20);
    expect(superseded.map((c) => c.page)).toEqual(positions(3, 18));
    expect(superseded.every((c) => c.signal?.aborted)).toBe(true);
    expect(recorded.calls.find((c) => c.page === 21)?.signal?.aborted).toBe(false);
  });

  it('makes no request without an organization, and starts once one is given', async () => {
    const queryClient = createTestQueryClient();
    const recorded = recordSignals(client);
    const { result, rerender } = renderHook(
      ({ organizationId }: { organizationId?: string }) => useShares({ organizationId }),
      { initialProps: {} as { organizationId?: string }, wrapper: createWrapper(queryClient, recorded.client) },
    );
    expect(result.current).toMatchObject({ status: 'pending', fetchStatus: 'idle', isError: false });
    expect(result.current.pagination).toEqual({
      current: 1,
      pageSize: 20,
      onChange: expect.any(Function),
      onPageIntent: expect.any(Function),
    });
    // Intent without an organization asks for nothing either.
    result.current.pagination.onPageIntent!(2);
    // React runs the last commit's effects before it renders again: a fetch or prefetch would have started by now.
    rerender({});
    expect(queryClient.isFetching()).toBe(0);
    expect(recorded.calls).toEqual([]);

    rerender({ organizationId: acme });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(wirePages(service)[0]).toBe(0);
  });

  it('uses the client option without any provider', async () => {
    const { result } = renderHook(() => useShares({ organizationId: globex, client }), {
      wrapper: createWrapper(createTestQueryClient()),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.total).toBe(23);
  });

  it('says what to add when there is neither a provider nor a client option', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderHook(() => useShares({ organizationId: acme }), { wrapper: createWrapper(createTestQueryClient()) }),
    ).toThrow(/useShares\(\) found no API client.*<ApiClientProvider client=.*`client` option/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('useEnvironments', () => {
  it('pages environments through the same implementation: page 2 asks for page=1', async () => {
    const { result, rerender } = renderHook(
      ({ page }) => useEnvironments({ organizationId: acme, page, pageSize: 10, prefetchNext: false }),
      { initialProps: { page: 1 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.data?.page).toBe(2));
    expect(result.current.pagination).toMatchObject({ current: 2, total: 58, pageSize: 10 });
    expect(wirePages(service, 'environments')).toEqual([0, 1]);
    expect(wirePages(service, 'shares')).toEqual([]);
    expect(service.requests.map((r) => r.size)).toEqual([10, 10]);
  });

  it('says useEnvironments in the missing-provider message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderHook(() => useEnvironments({ organizationId: acme }), { wrapper: createWrapper(createTestQueryClient()) }),
    ).toThrow(/^pagewise: `client` must be given: useEnvironments\(\) found no API client/);
    vi.mocked(console.error).mockRestore();
  });
});
