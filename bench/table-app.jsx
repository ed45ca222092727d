// "Click → rows painted" for a server-paged TanStack Table v9, bundled for the browser by table.mjs: the
// mock service's MSW handlers answer in the page (msw's getResponse, with latency), so both setups pay the
// same network and parse cost. The timer starts at the click on "Next page" and stops after the frame that
// first shows the new page's rows has been painted.
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { getResponse } from 'msw';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createApiClient } from '../src/client/index';
import { ApiClientProvider, useShares } from '../src/hooks/index';
import { TablePagination, useServerTablePagination } from '../src/table/index';
import { createMockService, demoOrganizationIds } from '../src/testing/index';

const ORG = demoOrganizationIds.big; // 10,000 shares
const PAGE_SIZE = 100;
const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper();
const columns = [
  column.accessor('id', { header: 'Id' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('path', { header: 'Path' }),
  column.accessor('protocol', { header: 'Protocol' }),
  column.accessor('sizeBytes', { header: 'Size', cell: (info) => `${Math.round(info.getValue() / 1_048_576)} MiB` }),
  column.accessor('createdAt', { header: 'Created', cell: (info) => info.getValue().slice(0, 10) }),
];
const noRows = [];

/** The rows and the control; `data-page` changes only when rows of a new page (not placeholders) render. */
function Rows({ table, pageIndex }) {
  return (
    <>
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody data-page={pageIndex ?? ''}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TablePagination table={table} showSizeChanger={false} />
    </>
  );
}

/** pagewise: useShares owns the page, useServerTablePagination pairs the table with it. */
function PagewiseTable({ prefetch }) {
  const shares = useShares({ organizationId: ORG, defaultPageSize: PAGE_SIZE, prefetchNext: prefetch });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  return <Rows table={table} pageIndex={shares.isPlaceholderData ? undefined : shares.data && shares.data.page - 1} />;
}

/** What users write by hand: useQuery over the client, the table's state in useState, prefetch in an effect. */
function HandRolledTable({ prefetch, client }) {
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const options = (pageIndex) => ({
    queryKey: ['shares', ORG, pagination.pageSize, pageIndex],
    queryFn: ({ signal }) =>
      client.listShares({ organizationId: ORG, page: pageIndex + 1, size: pagination.pageSize, signal }),
    staleTime: 30_000,
  });
  const query = useQuery({ ...options(pagination.pageIndex), placeholderData: keepPreviousData });
  const queryClient = window.bench.queryClient;
  useEffect(() => {
    if (prefetch && query.data?.hasNext && !query.isPlaceholderData)
      queryClient.query(options(pagination.pageIndex + 1)).catch(() => {});
  });
  const table = useTable({
    features,
    columns,
    data: query.data?.items ?? noRows,
    manualPagination: true,
    rowCount: query.data?.total,
    state: { pagination },
    onPaginationChange: setPagination,
  });
  return <Rows table={table} pageIndex={query.isPlaceholderData ? undefined : query.data && query.data.page - 1} />;
}

const nextFrame = () =>
  new Promise((resolve) =>
    requestAnimationFrame(() => {
      // After the frame's rendering steps: a message posted from rAF runs once the frame is handed to paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    }),
  );

/** Resolves when `tbody[data-page]` says `pageIndex`. */
function pageShown(root, pageIndex) {
  const tbody = () => root.querySelector('tbody');
  if (tbody()?.dataset.page === String(pageIndex)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (tbody()?.dataset.page === String(pageIndex)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(root, { attributes: true, subtree: true, childList: true });
  });
}

async function settled(queryClient) {
  while (queryClient.isFetching() > 0) await new Promise((r) => setTimeout(r, 5));
  await nextFrame();
}

window.bench = {
  queryClient: undefined,
  /**
   * Mounts one setup, then clicks "Next page" `clicks` times, each once everything settled: ms per click to the
   * painted frame (`times`) and to the DOM holding the new rows (`commits`).
   */
  async run({ setup, prefetch, clicks, latencyMs }) {
    const service = createMockService({ auth: 'none', latencyMs });
    const client = createApiClient({
      baseUrl: service.baseUrl,
      fetch: async (input, init) =>
        (await getResponse(service.handlers, new Request(input, init))) ?? new Response(null, { status: 404 }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    window.bench.queryClient = queryClient;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const Table = setup === 'pagewise' ? PagewiseTable : HandRolledTable;
    flushSync(() =>
      root.render(
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={client}>
            <Table prefetch={prefetch} client={client} />
          </ApiClientProvider>
        </QueryClientProvider>,
      ),
    );
    const times = [];
    const commits = [];
    const frames = [];
    try {
      await pageShown(host, 0);
      for (let i = 1; i <= clicks; i++) {
        await settled(queryClient);
        // A user's click lands anywhere between two frames: spread the clicks evenly over a frame's 16.7 ms
        // (settled() returns just after a frame), so the wait for the next frame is not always the longest.
        const phase = performance.now() + ((i * 7) % 17);
        while (performance.now() < phase);
        const next = host.querySelector('button[aria-label="Next page"]');
        const shown = pageShown(host, i);
        // Frames that begin after the click until one begins with the new rows in the DOM (1 = the first frame).
        const framesUntilShown = new Promise((resolve) => {
          let n = 0;
          const tick = () => {
            n++;
            if (host.querySelector('tbody')?.dataset.page === String(i)) resolve(n);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
        const start = performance.now();
        next.click();
        await shown;
        commits.push(performance.now() - start);
        times.push((await nextFrame()) - start);
        frames.push(await framesUntilShown);
      }
      const rows = host.querySelectorAll('tbody tr').length;
      const cells = host.querySelector('tbody tr')?.children.length ?? 0;
      return { times, commits, frames, rows, cells };
    } finally {
      root.unmount();
      host.remove();
      queryClient.clear();
    }
  },
};
