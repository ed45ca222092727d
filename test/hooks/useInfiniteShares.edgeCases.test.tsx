import { dehydrate, hydrate } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { sharesInfiniteQueryOptions, useInfiniteShares, useSuspenseShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import type { MockShare } from '../../src/testing/index';
import { acme, createTestQueryClient, createWrapper, setupMockService, wirePages } from './support';

const { service, client } = setupMockService();

describe('useInfiniteShares: edge cases', () => {
  it('loads the next page when loadMore is called during a background refetch', async () => {
    const queryClient = createTestQueryClient();
    // Every field this test reads after the fact re-renders (a component reads them while rendering instead).
    const { result, rerender } = renderHook(
      () => useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10, notifyOnChangeProps: 'all' }),
      {
        wrapper: createWrapper(queryClient, client),
      },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    // Reading the live state keeps loadMore one function across renders (effects that list it do not rerun).
    const { loadMore } = result.current;
    rerender();
    expect(result.current.loadMore).toBe(loadMore);
    act(() => {
      void queryClient.invalidateQueries({ queryKey: ['pagewise', 'shares'] });
      expect(queryClient.isFetching()).toBe(1);
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.rows).toHaveLength(20);
  });

  it('renders server-prefetched pages after hydration without asking again', async () => {
    const server = createTestQueryClient();
    await server.infiniteQuery(sharesInfiniteQueryOptions({ client, organizationId: acme, pageSize: 10 }));
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    service.reset();
    const browser = createTestQueryClient();
    hydrate(browser, state);
    const { result } = renderHook(() => useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10 }), {
      wrapper: createWrapper(browser, client),
    });
    expect(result.current.rows).toHaveLength(10);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    expect(wirePages(service)).toEqual([1]);
  });

  it('asks once per page under StrictMode, loadMore called from an effect', async () => {
    const queryClient = createTestQueryClient();
    function List() {
      const shares = useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10 });
      const { rows, hasNextPage, isFetchingNextPage, loadMore } = shares;
      useEffect(() => {
        if (rows.length > 0 && rows.length < 30 && hasNextPage && !isFetchingNextPage) loadMore();
      }, [rows.length, hasNextPage, isFetchingNextPage, loadMore]);
      return <p>{rows.length} rows</p>;
    }
    const Wrapper = createWrapper(queryClient, client);
    render(
      <StrictMode>
        <Wrapper>
          <List />
        </Wrapper>
      </StrictMode>,
    );
    await screen.findByText('30 rows');
    // StrictMode's mount, unmount, mount aborts the first page's request (TanStack, development only); the pages
    // loadMore asks for are asked once each.
    expect(wirePages(service).filter((page) => page !== 0)).toEqual([1, 2]);
  });
});

describe('useSuspenseShares: a page the parent controls', () => {
  it('does not show the fallback again when the page is controlled by the parent', async () => {
    let fallbacks = 0;
    function Fallback() {
      useLayoutEffect(() => {
        fallbacks += 1;
      }, []);
      return <p>Loading…</p>;
    }
    function Shares({ page, onChange }: { page: number; onChange: (page: number) => void }) {
      const shares = useSuspenseShares<MockShare>({ organizationId: acme, page, defaultPageSize: 10, onChange });
      return (
        <div aria-busy={shares.isTransitioning}>
          <ul>
            {shares.data.items.map((row) => (
              <li key={row.id}>{row.name}</li>
            ))}
          </ul>
          <Pagination {...shares.pagination} />
        </div>
      );
    }
    function App() {
      const [page, setPage] = useState(1);
      return (
        <Suspense fallback={<Fallback />}>
          <Shares page={page} onChange={setPage} />
        </Suspense>
      );
    }
    const Wrapper = createWrapper(createTestQueryClient(), client);
    render(
      <StrictMode>
        <Wrapper>
          <App />
        </Wrapper>
      </StrictMode>,
    );
    await screen.findAllByRole('listitem');
    const before = fallbacks;
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.queryByText('Loading…')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    expect(fallbacks).toBe(before);
    expect(wirePages(service)).toEqual([0, 1, 2]);
  });
});
