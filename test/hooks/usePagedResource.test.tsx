import { StrictMode, useState } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { sharesQueryOptions, useShares } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import {
  acme,
  createTestQueryClient,
  createWrapper,
  globex,
  holdListResponses,
  setupMockService,
  wirePages,
} from './support';

const { service, client, server } = setupMockService();

/** Answers 500 to every list request for the zero-based `page`, counting them; other pages reach the mock. */
function failWirePage(page: number): { count: () => number } {
  let count = 0;
  server.use(
    http.get(`${service.baseUrl}/:organizationId/:resource`, ({ request }) => {
      if (Number(new URL(request.url).searchParams.get('page')) !== page) return undefined;
      count++;
      return HttpResponse.json({ message: 'boom' }, { status: 500 });
    }),
  );
  return { count: () => count };
}

/** Lets effects, and the requests they start, run. */
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('bad page options', () => {
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('floors a fractional controlled page and warns once, naming `page`', async () => {
    const { result, rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, prefetchNext: false }),
      { initialProps: { page: 2.5 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(wirePages(service)).toEqual([1]);
    expect(result.current.pagination.current).toBe(2);
    rerender({ page: 2.5 });
    await flush();
    expect(warn.mock.calls).toEqual([['[pagewise] useShares: invalid `page` 2.5; using 2 instead.']]);
  });

  it('asks for the first page for a page of 0 or NaN and a page size of NaN, warning about each option', async () => {
    const { result, rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, pageSize: Number.NaN, prefetchNext: false }),
      { initialProps: { page: 0 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: Number.NaN });
    await flush();
    expect(service.requests.map((r) => [r.page, r.size])).toEqual([[0, 20]]);
    expect(result.current.pagination).toMatchObject({ current: 1, pageSize: 20 });
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '[pagewise] useShares: invalid `page` 0; using 1 instead.',
      '[pagewise] useShares: invalid `pageSize` NaN; using 20 instead.',
    ]);
  });

  it('names `defaultPage` and `defaultPageSize` when those are unusable', async () => {
    const { result } = renderHook(
      () => useShares({ organizationId: acme, defaultPage: -3, defaultPageSize: Infinity, prefetchNext: false }),
      { wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(service.requests.map((r) => [r.page, r.size])).toEqual([[0, 20]]);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '[pagewise] useShares: invalid `defaultPage` -3; using 1 instead.',
      '[pagewise] useShares: invalid `defaultPageSize` Infinity; using 20 instead.',
    ]);
  });

  it('says nothing about valid options', async () => {
    const { result } = renderHook(
      () => useShares({ organizationId: acme, page: 3, pageSize: 50, prefetchNext: false }),
      {
        wrapper: createWrapper(createTestQueryClient(), client),
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await flush();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('prefetching the next page', () => {
  it('prefetches nothing while an enabled callback disables the query', async () => {
    const queryClient = createTestQueryClient();
    await queryClient.query(sharesQueryOptions({ client, organizationId: acme, page: 1 }));
    const { result, rerender } = renderHook(() => useShares({ organizationId: acme, enabled: () => false }), {
      wrapper: createWrapper(queryClient, client),
    });
    expect(result.current.data?.hasNext).toBe(true);
    // React runs the last commit's effects before it renders again: a prefetch would have started by now.
    rerender();
    expect(queryClient.isFetching()).toBe(0);
    expect(
      queryClient.getQueryState(sharesQueryOptions({ client, organizationId: acme, page: 2 }).queryKey),
    ).toBeUndefined();
    expect(wirePages(service)).toEqual([0]);
  });

  it("fetches the next page with the caller's retry option, not the default policy", async () => {
    const failing = failWirePage(1);
    const queryClient = createTestQueryClient();
    renderHook(() => useShares({ organizationId: acme, retry: false }), {
      wrapper: createWrapper(queryClient, client),
    });
    const nextKey = sharesQueryOptions({ client, organizationId: acme, page: 2 }).queryKey;
    await waitFor(() => expect(queryClient.getQueryState(nextKey)?.fetchFailureCount).toBe(1));
    // With the default policy it would still be fetching, waiting 1 s to try again.
    expect(queryClient.getQueryState(nextKey)).toMatchObject({ status: 'error', fetchStatus: 'idle' });
    expect(failing.count()).toBe(1);
  });

  it('asks once for a failing next page however often a client created during render re-renders', async () => {
    const failing = failWirePage(1);
    const queryClient = createTestQueryClient();
    const { rerender } = renderHook(
      // A new client object on every render, as `useShares({ client: createApiClient(…) })` in a component gives.
      () => useShares({ organizationId: acme, retry: false, client: createApiClient({ baseUrl: service.baseUrl }) }),
      { wrapper: createWrapper(queryClient) },
    );
    const nextKey = sharesQueryOptions({ client, organizationId: acme, page: 2 }).queryKey;
    await waitFor(() => expect(queryClient.getQueryState(nextKey)?.status).toBe('error'));
    for (let i = 0; i < 5; i++) {
      rerender();
      await flush();
    }
    expect(failing.count()).toBe(1);
    expect(wirePages(service)).toEqual([0]);
  });
});

describe('moving back from past the end', () => {
  it('never moves on placeholder data: only the fresh page past the end does', async () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ page }) => useShares<MockShare>({ organizationId: acme, page, onChange, prefetchNext: false }),
      { initialProps: { page: 1 }, wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const slow = holdListResponses(server, service, (page) => page === 29);
    rerender({ page: 30 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    // Page 1's rows stand in for page 30 and say there are 22 pages: that is no reason to move.
    expect(result.current).toMatchObject({ isPlaceholderData: true, pagination: { current: 30, total: 437 } });
    await flush();
    expect(onChange).not.toHaveBeenCalled();

    slow.release();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(22, 20));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(wirePages(service)).toEqual([0, 29]);
  });

  it('asks once under StrictMode when the page past the end is already cached at mount', async () => {
    service.deleteRows(acme, 'shares', 40); // 397 rows: 20 pages
    const queryClient = createTestQueryClient();
    await queryClient.query(sharesQueryOptions({ client, organizationId: acme, page: 22 }));
    const onChange = vi.fn();
    // A parent that does not move (yet). React 18's StrictMode runs these mount effects twice; the second run
    // must not ask again.
    function Shares() {
      useShares({ organizationId: acme, page: 22, onChange, prefetchNext: false });
      return null;
    }
    render(
      <StrictMode>
        <Shares />
      </StrictMode>,
      { wrapper: createWrapper(queryClient, client) },
    );
    expect(onChange.mock.calls).toEqual([[20, 20]]);
  });

  it('asks again when the page goes past the end once more after the caller moved back', async () => {
    service.deleteRows(acme, 'shares', 40);
    const queryClient = createTestQueryClient();
    for (const page of [20, 22]) await queryClient.query(sharesQueryOptions({ client, organizationId: acme, page }));
    const onChange = vi.fn();
    const { rerender } = renderHook(
      ({ page }) => useShares({ organizationId: acme, page, onChange, prefetchNext: false }),
      {
        initialProps: { page: 22 },
        wrapper: createWrapper(queryClient, client),
      },
    );
    rerender({ page: 20 });
    rerender({ page: 22 });
    expect(onChange.mock.calls).toEqual([
      [20, 20],
      [20, 20],
    ]);
  });

  it('asks a controlling parent once under StrictMode', async () => {
    service.deleteRows(acme, 'shares', 40); // 397 rows: 20 pages
    const asked: number[] = [];
    function Parent() {
      const [page, setPage] = useState(22);
      const shares = useShares<MockShare>({
        organizationId: acme,
        page,
        onChange: (next) => {
          asked.push(next);
          setPage(next);
        },
      });
      return <output aria-label="page">{`${shares.data?.page ?? '-'}|${shares.isPlaceholderData}`}</output>;
    }
    const queryClient = createTestQueryClient();
    render(
      <StrictMode>
        <Parent />
      </StrictMode>,
      { wrapper: createWrapper(queryClient, client) },
    );
    await waitFor(() => expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('20|false'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(asked).toEqual([20]);
    // Only the page past the end and the last page are asked for; React 18's StrictMode remount in
    // development may ask for the first of them twice, React 19 once.
    expect([...new Set(wirePages(service))]).toEqual([21, 19]);
  });
});

describe('initialData', () => {
  it("never shows initialData passed through a cast as another organization's or another page's rows", async () => {
    const acmeFirstPage = await createTestQueryClient().query(sharesQueryOptions({ client, organizationId: acme }));
    service.reset();
    // Not an option of the hook's type; plain JavaScript or a cast can still pass it.
    const sneaked = { initialData: acmeFirstPage, initialDataUpdatedAt: Date.now() } as object;
    const shown: Array<{ organizationId: string; page: number; first: string | undefined }> = [];
    const { result, rerender } = renderHook(
      ({ organizationId, page }) => {
        const shares = useShares<MockShare>({ organizationId, page, prefetchNext: false, ...sneaked });
        shown.push({ organizationId, page, first: shares.data?.items[0]?.name });
        return shares;
      },
      {
        initialProps: { organizationId: globex as string, page: 1 },
        wrapper: createWrapper(createTestQueryClient(), client),
      },
    );
    await waitFor(() => expect(result.current.data?.items[0]?.name).toMatch(/^globex-.*-00001$/));
    rerender({ organizationId: acme, page: 2 });
    await waitFor(() => expect(result.current.data?.items[0]?.name).toMatch(/^acme-.*-00021$/));

    const wrong = shown.filter(({ organizationId, page, first }) => {
      if (first === undefined) return false;
      const expected =
        organizationId === globex ? /^globex-.*-00001$/ : page === 2 ? /^acme-.*-00021$/ : /^acme-.*-00001$/;
      return !expected.test(first);
    });
    expect(wrong).toEqual([]);
    expect(service.requests.map((r) => [r.organizationId, r.page])).toEqual([
      [globex, 0],
      [acme, 1],
    ]);
  });
});

describe('switching organization back and forth', () => {
  it('never renders rows or a total of another organization, going Acme → Globex → Acme → Globex quickly', async () => {
    const user = userEvent.setup();
    const globexHeld = createGate();
    server.use(
      http.get(`${service.baseUrl}/${globex}/shares`, async () => {
        await globexHeld.held;
        return undefined;
      }),
    );
    const totals: Record<string, number> = { [acme]: 437, [globex]: 23 };
    const prefixes: Record<string, string> = { [acme]: 'acme-', [globex]: 'globex-' };
    const renders: Array<{ organizationId: string; names: string[]; total: number | undefined }> = [];
    function Recorder({ organizationId }: { organizationId: string }) {
      const shares = useShares<MockShare>({ organizationId, gcTime: 0 });
      renders.push({
        organizationId,
        names: shares.data?.items.map((s) => s.name) ?? [],
        total: shares.pagination.total,
      });
      return (
        <>
          <ul aria-label="Shares">
            {shares.data?.items.map((s) => (
              <li key={s.id}>{s.name}</li>
            ))}
          </ul>
          <button type="button" onClick={() => shares.pagination.onChange(3, 20)}>
            Page 3
          </button>
        </>
      );
    }
    const firstName = () => screen.queryAllByRole('listitem')[0]?.textContent;
    const { rerender } = render(<Recorder organizationId={acme} />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(firstName()).toMatch(/^acme-.*00001$/));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(firstName()).toMatch(/^acme-.*00041$/));

    rerender(<Recorder organizationId={globex} />);
    rerender(<Recorder organizationId={acme} />);
    await waitFor(() => expect(firstName()).toMatch(/^acme-.*00001$/));
    rerender(<Recorder organizationId={globex} />);
    globexHeld.release();
    await waitFor(() => expect(firstName()).toMatch(/^globex-.*00001$/));

    expect(renders.filter((r) => r.organizationId === globex).length).toBeGreaterThan(2);
    for (const r of renders) {
      expect(r.names.filter((name) => !name.startsWith(prefixes[r.organizationId]!))).toEqual([]);
      expect([undefined, totals[r.organizationId]]).toContain(r.total);
    }
  });
});

describe('the result', () => {
  afterEach(() => vi.useRealTimers());

  it('re-renders the caller only for the fields it reads, keeping TanStack tracked properties', async () => {
    const queryClient = createTestQueryClient();
    await queryClient.query(sharesQueryOptions({ client, organizationId: acme, page: 1 }));
    // Timers and the clock only: the page is fresh in the cache, so nothing goes over the network.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let renders = 0;
    function Reader() {
      const shares = useShares({ organizationId: acme, staleTime: 1_000, prefetchNext: false });
      renders++;
      return <p>{`${shares.data?.items.length} rows, page ${shares.pagination.current}`}</p>;
    }
    render(<Reader />, { wrapper: createWrapper(queryClient, client) });
    expect(screen.getByText('20 rows, page 1')).toBeInTheDocument();
    const before = renders;
    // The page turns stale: `isStale` changes, which this component never reads.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(
      queryClient
        .getQueryCache()
        .find({ queryKey: sharesQueryOptions({ client, organizationId: acme }).queryKey })
        ?.isStale(),
    ).toBe(true);
    expect(renders).toBe(before);
    expect(wirePages(service)).toEqual([0]);
  });

  it('still gives every field of the query result, plus pagination', async () => {
    const { result } = renderHook(() => useShares({ organizationId: acme, prefetchNext: false }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current).toMatchObject({
      status: 'success',
      isFetching: false,
      isPlaceholderData: false,
      failureCount: 0,
    });
    expect(Object.keys(result.current)).toEqual(
      expect.arrayContaining(['data', 'error', 'refetch', 'isStale', 'pagination']),
    );
    expect({ ...result.current }.data?.total).toBe(437);
    await act(() => result.current.refetch());
    expect(wirePages(service)).toEqual([0, 0]);
  });
});
