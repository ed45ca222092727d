// What the hooks hand back: results that re-render only for what a component reads, the suspense form's own
// transition flag, and pages prefetched on a server reused by the browser's client.
import { Suspense, useRef } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { dehydrate, hydrate, HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import {
  ApiClientProvider,
  sharesQueryOptions,
  useInfiniteShares,
  useShares,
  useSuspenseShares,
} from '../../src/hooks/index';
import { clientCredentials } from '../../src/server/index';
import type { MockShare } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { acme, createTestQueryClient, createWrapper, setupMockService, wirePages } from './support';

const { service, client } = setupMockService();
afterEach(() => vi.restoreAllMocks());

describe('results re-render for what a component reads', () => {
  it('renders a component reading only rows once per page across 5 load-mores', async () => {
    let renders = 0;
    let loadMore = () => {};
    function Rows() {
      renders += 1;
      const shares = useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10 });
      loadMore = shares.loadMore;
      return <output>{shares.rows.length}</output>;
    }
    render(<Rows />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('10'));
    const first = renders;
    for (const expected of [20, 30, 40, 50, 60]) {
      // Each page held until the observer has told of the fetch starting, so that notification stands on its own.
      const gate = createGate();
      service.setLatency(() => gate.held);
      act(() => loadMore());
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      gate.release();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(String(expected)));
    }
    await waitFor(() => expect(wirePages(service)).toHaveLength(6));
    // One render per page: fetch status and `isFetchingNextPage` flips, which it does not read, re-render nothing.
    expect(renders - first).toBe(5);
  });
});

describe('useSuspenseShares: the transition flag', () => {
  it('says a page is on its way with isTransitioning, while TanStack’s isPending stays false', async () => {
    const gate = createGate();
    const seen: Array<[boolean, boolean, number]> = [];
    let onChange: (page: number, size: number) => void = () => {};
    function Shares() {
      const shares = useSuspenseShares<MockShare>({ organizationId: acme, pageSize: 10 });
      onChange = shares.pagination.onChange;
      seen.push([shares.isTransitioning, shares.isPending, shares.data.page]);
      return <output>{shares.data.items[0]!.name}</output>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Shares />
      </Suspense>,
      { wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('-00001'));
    service.setLatency(() => gate.held);
    act(() => onChange(2, 10));
    await waitFor(() => expect(seen.at(-1)).toEqual([true, false, 1]));
    expect(screen.queryByText('loading')).toBeNull();
    gate.release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('-00011'));
    expect(seen.at(-1)).toEqual([false, false, 2]);
  });
});

describe('server rendering: a page prefetched with a server client is reused by the browser client', () => {
  const serverClient = () =>
    createApiClient({
      baseUrl: service.baseUrl,
      // jsdom looks like a browser; this client stands for the server's.
      auth: clientCredentials({ authUrl: service.authUrl, ...service.credentials, dangerouslyAllowBrowser: true }),
    });

  async function dehydratedOnServer(prefetchClient: ReturnType<typeof createApiClient>) {
    const queryClient = new QueryClient();
    await queryClient.query(sharesQueryOptions({ client: prefetchClient, organizationId: acme, page: 1 }));
    return JSON.parse(JSON.stringify(dehydrate(queryClient)));
  }

  function Shares() {
    const shares = useShares<MockShare>({ organizationId: acme, prefetchNext: false });
    const firstRender = useRef(shares.data?.items[0]?.name ?? 'nothing');
    return <output>{firstRender.current}</output>;
  }

  it('renders the hydrated rows at once with no request, with no id picked by hand', async () => {
    const state = await dehydratedOnServer(serverClient());
    const before = wirePages(service).length;
    // The browser's client talks to the proxy: another base URL, no credentials, and no id either.
    const browserClient = createApiClient({ baseUrl: 'https://app.example.test/api/pagewise' });
    const browser = createTestQueryClient();
    render(
      <QueryClientProvider client={browser}>
        <HydrationBoundary state={state}>
          <ApiClientProvider client={browserClient}>
            <Shares />
          </ApiClientProvider>
        </HydrationBoundary>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('acme-finance-00001');
    await act(async () => {});
    expect(browser.isFetching()).toBe(0);
    expect(wirePages(service).length).toBe(before);
  });

  it('warns once in development when the hydrated page sits under another client id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = await dehydratedOnServer(createApiClient({ baseUrl: service.baseUrl, id: 'server' }));
    const browser = createTestQueryClient();
    hydrate(browser, state);
    const browserClient = createApiClient({ baseUrl: service.baseUrl, id: 'browser' });
    const { rerender } = render(<Shares />, { wrapper: createWrapper(browser, browserClient) });
    rerender(<Shares />);
    await waitFor(() => expect(browser.isFetching()).toBe(0));
    const messages = warn.mock.calls
      .map(([message]) => String(message))
      .filter((message) => message.includes('client id'));
    expect(messages).toEqual([
      expect.stringContaining('cached under client id "server" but asked for under "browser"'),
    ]);
  });

  it('warns once too when the page suspends: the warning found by the suspended render is said after the data came', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = await dehydratedOnServer(createApiClient({ baseUrl: service.baseUrl, id: 'server' }));
    const browser = createTestQueryClient();
    hydrate(browser, state);
    function Suspended() {
      return <output>{useSuspenseShares<MockShare>({ organizationId: acme }).data.items[0]!.name}</output>;
    }
    const browserClient = createApiClient({ baseUrl: service.baseUrl, id: 'suspended' });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Suspended />
      </Suspense>,
      { wrapper: createWrapper(browser, browserClient) },
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('acme-finance-00001'));
    const messages = () =>
      warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('client id'));
    // Said from an effect of the render that shows the data, which React runs after that render is on screen.
    await waitFor(() =>
      expect(messages()).toEqual([
        expect.stringContaining('cached under client id "server" but asked for under "suspended"'),
      ]),
    );
    await act(async () => {});
    expect(messages()).toHaveLength(1);
  });
});
