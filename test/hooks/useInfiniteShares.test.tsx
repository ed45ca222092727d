import { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { sharesInfiniteQueryOptions, useInfiniteShares, useSuspenseShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { createMockService, type MockShare } from '../../src/testing/index';
import { acme, createTestQueryClient, createWrapper, globex, setupMockService, wirePages } from './support';

const { service, client, server } = setupMockService();
const names = (rows: MockShare[]) => rows.map((row) => row.name);

function setup(options: Partial<Parameters<typeof useInfiniteShares<MockShare>>[0]> = {}) {
  const queryClient = createTestQueryClient();
  const hook = renderHook(
    (props: Partial<Parameters<typeof useInfiniteShares<MockShare>>[0]>) =>
      useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10, ...options, ...props }),
    {
      wrapper: createWrapper(queryClient, client),
    },
  );
  return { ...hook, queryClient };
}

describe('useInfiniteShares', () => {
  it('appends three more pages in order, with exactly one request per page', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    for (const expected of [20, 30, 40]) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.rows).toHaveLength(expected));
    }
    const all = (await client.listShares<MockShare>({ organizationId: acme, page: 1, size: 40 })).items;
    expect(names(result.current.rows)).toEqual(names(all));
    expect(wirePages(service).slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(result.current.hasNextPage).toBe(true);
    expect(result.current.total).toBe(437);
  });

  it('asks once for a page however often loadMore is called while it loads', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    act(() => {
      result.current.loadMore();
    });
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(wirePages(service)).toEqual([0, 1]);
  });

  it('keeps the rows loaded when loading more fails, and loads them on the next try', async () => {
    // Every field this test reads after the fact re-renders (a component reads them while rendering instead).
    const { result } = setup({ retry: false, notifyOnChangeProps: 'all' });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    service.fail({ status: 500 });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.isFetchNextPageError).toBe(true));
    expect(result.current.rows).toHaveLength(10);
    expect(result.current.isFetchingNextPage).toBe(false);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
  });

  it('starts again at the first page for another organization, never showing the old rows', async () => {
    const { result, rerender } = setup();
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    const seen: string[][] = [];
    rerender({ organizationId: globex });
    seen.push(names(result.current.rows));
    await waitFor(() => expect(result.current.rows.length).toBeGreaterThan(0));
    seen.push(names(result.current.rows));
    expect(seen[0]).toEqual([]);
    expect(result.current.rows).toHaveLength(10);
    expect(service.requests.filter((r) => r.organizationId === globex).map((r) => r.page)).toEqual([0]);
  });

  it('drops pages from the start with maxPages and keeps loading', async () => {
    const { result } = setup({ maxPages: 2 });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    for (let i = 0; i < 3; i++) {
      const before = result.current.data?.pageParams.at(-1) as number | undefined;
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.data?.pageParams.at(-1)).toBe((before ?? 0) + 1));
    }
    expect(result.current.data?.pageParams).toEqual([3, 4]);
    expect(result.current.rows).toHaveLength(20);
    expect(result.current.hasPreviousPage).toBe(true);
  });

  it('stops when a service without totals (Spring Slice) says there is no next page', async () => {
    const slice = createMockService({
      auth: 'none',
      shape: 'slice',
      organizations: { [acme]: { name: 'Acme', shares: 25, environments: 0 } },
    });
    // Ahead of the default mock's handlers on the file's MSW server, until the next test resets them.
    server.use(...slice.handlers);
    const sliceClient = createApiClient({ baseUrl: slice.baseUrl });
    {
      const { result } = renderHook(
        () => useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10, client: sliceClient }),
        {
          wrapper: createWrapper(createTestQueryClient()),
        },
      );
      await waitFor(() => expect(result.current.rows).toHaveLength(10));
      expect(result.current.total).toBeUndefined();
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.rows).toHaveLength(20));
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.rows).toHaveLength(25));
      expect(result.current.hasNextPage).toBe(false);
      act(() => result.current.loadMore());
      expect(slice.requests.map((r) => r.page)).toEqual([0, 1, 2]);
    }
  });
});

describe('sharesInfiniteQueryOptions', () => {
  it("prefetches the first page for server rendering under a key whose prefix is the paged queries' one", async () => {
    const queryClient = new QueryClient();
    const options = sharesInfiniteQueryOptions({ client, organizationId: acme, pageSize: 10 });
    expect(options.queryKey).toEqual([
      'pagewise',
      'shares',
      client.id,
      acme,
      10,
      { sort: [], filters: {} },
      'infinite',
    ]);
    await queryClient.infiniteQuery(options);
    expect(queryClient.getQueryData(options.queryKey)?.pages[0]?.items).toHaveLength(10);
  });

  it('rejects a pageSize or maxPages below 1, naming it', () => {
    expect(() => sharesInfiniteQueryOptions({ client, organizationId: acme, pageSize: 0 })).toThrow(
      'pagewise: `pageSize` must be an integer >= 1, got 0',
    );
    expect(() => sharesInfiniteQueryOptions({ client, organizationId: acme, maxPages: 0.5 })).toThrow(
      'pagewise: `maxPages` must be an integer >= 1, got 0.5',
    );
  });
});

describe('useSuspenseShares: paging under Suspense', () => {
  it('shows the fallback on the first load only: the next page loads in a transition while the current one stays', async () => {
    // Counted when shown (committed), not when rendered: React may render a fallback it never shows.
    let fallbacks = 0;
    function Fallback() {
      useLayoutEffect(() => {
        fallbacks += 1;
      }, []);
      return <p>Loading…</p>;
    }
    function Shares() {
      const shares = useSuspenseShares<MockShare>({ organizationId: acme, defaultPageSize: 10 });
      return (
        <div aria-busy={shares.isTransitioning} data-testid="shares">
          <ul>
            {shares.data.items.map((row) => (
              <li key={row.id}>{row.name}</li>
            ))}
          </ul>
          <Pagination {...shares.pagination} />
        </div>
      );
    }
    const queryClient = createTestQueryClient();
    const Wrapper = createWrapper(queryClient, client);
    render(
      <Wrapper>
        <Suspense fallback={<Fallback />}>
          <Shares />
        </Suspense>
      </Wrapper>,
    );
    await screen.findAllByRole('listitem');
    const firstRows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(fallbacks).toBe(1);
    service.setLatency(50);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    // The old page stays while the next one loads, marked busy, and no fallback.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(firstRows);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByTestId('shares')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).not.toEqual(firstRows);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByTestId('shares')).toHaveAttribute('aria-busy', 'false');
    expect(fallbacks).toBe(1);
  });

  it('asks for an organization up front, naming the hook, with the argument error code', () => {
    const wrapper = createWrapper(createTestQueryClient(), client);
    let thrown: unknown;
    try {
      renderHook(() => useSuspenseShares({ organizationId: '' }), { wrapper });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({
      message: 'pagewise: `organizationId` is required by useSuspenseShares() (a suspending query cannot wait for one)',
      code: 'PAGEWISE_INVALID_ARGUMENT',
      argument: 'organizationId',
    });
  });
});
