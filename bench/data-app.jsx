// The data-layer scenarios, bundled by data.mjs (with pagewise's TypeScript sources) and run in Node
// with jsdom globals: useShares really renders, with @testing-library/react, against the mock service
// served over real HTTP on 127.0.0.1 (createMockHttpServer), so aborts close real connections.
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createApiClient } from '../src/client/index';
import { ApiClientProvider, Pagination, useShares } from '../src/index';
import { createMockService, demoOrganizationIds } from '../src/testing/index';
import { createMockHttpServer } from '../src/testing/node';

const ORG = demoOrganizationIds.big; // 10,000 shares: 500 pages of 20
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fetch that counts what reaches the client: requests sent, aborted, and response body bytes received. */
function countingFetch() {
  const stats = { requests: 0, aborted: 0, responses: 0, bytes: 0 };
  const fetchImpl = async (input, init) => {
    stats.requests += 1;
    try {
      const res = await fetch(input, init);
      const body = await res.clone().arrayBuffer();
      stats.responses += 1;
      stats.bytes += body.byteLength;
      return res;
    } catch (error) {
      if (init?.signal?.aborted) stats.aborted += 1;
      throw error;
    }
  };
  return { stats, fetch: fetchImpl };
}

/** The list endpoints without auth, as behind createProxyHandler: these scenarios count list requests only. */
async function startService(options) {
  const service = createMockService({ auth: 'none', ...options });
  const server = await createMockHttpServer(service);
  return { service, server };
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Rows and page on screen, and the control: what an app built on the hook renders. */
function SharesList({ prefetchNext }) {
  const shares = useShares({ organizationId: ORG, prefetchNext });
  return (
    <div>
      <output data-testid="shown">{shares.data && !shares.isPlaceholderData ? shares.data.page - 1 : 'loading'}</output>
      <ul>
        {shares.data?.items.map((row) => (
          <li key={row.id}>{row.id}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </div>
  );
}

/** The setup users write by hand: a plain useQuery over fetch, no abort signal, no prefetch. */
function HandRolledList({ baseUrl, fetchImpl }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery({
    queryKey: ['shares', ORG, page, pageSize],
    queryFn: () => fetchImpl(`${baseUrl}/${ORG}/shares?page=${page - 1}&size=${pageSize}`).then((r) => r.json()),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <output data-testid="shown">{query.data && !query.isPlaceholderData ? query.data.number : 'loading'}</output>
      <ul>
        {query.data?.content.map((row) => (
          <li key={row.id}>{row.id}</li>
        ))}
      </ul>
      <Pagination
        current={page}
        total={query.data?.totalElements ?? 0}
        pageSize={pageSize}
        onChange={(p, s) => {
          setPage(p);
          setPageSize(s);
        }}
      />
    </div>
  );
}

function mount(element, queryClient) {
  render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
}

/** Waits until the page the wire numbers `wirePage` (zero-based, as the mock records it) is on screen (fresh, not placeholder). */
const shown = (wirePage, timeout = 10_000) =>
  waitFor(
    () => {
      if (screen.getByTestId('shown').textContent !== String(wirePage)) throw new Error('not yet');
    },
    { timeout, interval: 2 },
  );

/** Waits until no request is in flight, as a user reading the page would. */
async function settle(queryClient, service) {
  await waitFor(
    () => {
      if (queryClient.isFetching() > 0 || service.requests.some((r) => r.status === null)) throw new Error('busy');
    },
    { timeout: 10_000, interval: 5 },
  );
  await act(() => sleep(20));
}

/** Moving forward 5 pages, one click each after the page settled: requests on the critical path. */
async function forwardScenario(label, element, { service, queryClient }) {
  mount(element, queryClient);
  await shown(0);
  await settle(queryClient, service);
  let critical = 0;
  const waits = [];
  for (let target = 1; target <= 5; target++) {
    const before = service.requests.length;
    const t = performance.now();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await shown(target);
    waits.push(performance.now() - t);
    critical += service.requests.slice(before).filter((r) => r.resource === 'shares' && r.page === target).length;
    await settle(queryClient, service);
  }
  cleanup();
  return { label, moves: 5, critical, total: service.requests.length, waits };
}

export async function prefetchScenario({ latencyMs }) {
  const rows = [];
  for (const [label, make] of [
    ['useShares, prefetchNext on (default)', () => <SharesList prefetchNext />],
    ['useShares, prefetchNext off', () => <SharesList prefetchNext={false} />],
    ['hand-rolled useQuery + fetch', (ctx) => <HandRolledList baseUrl={ctx.server.baseUrl} fetchImpl={fetch} />],
  ]) {
    const { service, server } = await startService({ latencyMs });
    const queryClient = newQueryClient();
    const client = createApiClient({ baseUrl: server.baseUrl });
    const ctx = { service, server, queryClient };
    try {
      rows.push(await forwardScenario(label, <ApiClientProvider client={client}>{make(ctx)}</ApiClientProvider>, ctx));
    } finally {
      queryClient.clear();
      await server.close();
    }
  }
  return rows;
}

/** 20 clicks on "Next page", `gapMs` apart (faster than the service answers): what is sent and received? */
export async function stormScenario({ latencyMs, gapMs }) {
  const rows = [];
  for (const kind of ['pagewise', 'hand-rolled']) {
    const { service, server } = await startService({ latencyMs });
    const counter = countingFetch();
    const queryClient = newQueryClient();
    const client = createApiClient({ baseUrl: server.baseUrl, fetch: counter.fetch });
    const element =
      kind === 'pagewise' ? (
        <ApiClientProvider client={client}>
          <SharesList prefetchNext />
        </ApiClientProvider>
      ) : (
        <HandRolledList baseUrl={server.baseUrl} fetchImpl={counter.fetch} />
      );
    try {
      mount(element, queryClient);
      await shown(0);
      await settle(queryClient, service);
      const base = { ...counter.stats };
      const t = performance.now();
      for (let i = 0; i < 20; i++) {
        fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
        await act(() => sleep(gapMs));
      }
      await shown(20);
      const lastPageAfter = performance.now() - t;
      await settle(queryClient, service);
      const s = counter.stats;
      rows.push({
        label: kind === 'pagewise' ? 'useShares (abort + prefetch)' : 'hand-rolled useQuery + fetch',
        requests: s.requests - base.requests,
        aborted: s.aborted - base.aborted,
        responses: s.responses - base.responses,
        bytes: s.bytes - base.bytes,
        lastPageAfter,
      });
    } finally {
      cleanup();
      queryClient.clear();
      await server.close();
    }
  }
  return rows;
}
