// "A 5,000-row page painted and scrolled to its end", bundled for the browser by bigpage.mjs: pagewise (useShares
// + useServerTablePagination + TablePagination, rows by useVirtualPageRows over TanStack Virtual) against AG Grid
// Community (its client-side row model, its own row virtualization), both handed the same 5,000 rows of the mock
// service. The page is in the query cache before the clock starts, so neither side waits for a network.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { AllCommunityModule, ModuleRegistry } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { getResponse } from 'msw';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../src/client/index';
import { ApiClientProvider, sharesQueryOptions, useShares } from '../src/hooks/index';
import { TablePagination, useServerTablePagination } from '../src/table/index';
import { createMockService, demoOrganizationIds } from '../src/testing/index';
import { useVirtualPageRows } from '../src/virtual/index';

ModuleRegistry.registerModules([AllCommunityModule]);

const ORG = demoOrganizationIds.big; // 10,000 shares
export const PAGE_SIZE = 5000;
const VIEW = { width: '1000px', height: '600px' };
const megabytes = (bytes) => `${Math.round(bytes / 1_048_576)} MiB`;
const day = (iso) => iso.slice(0, 10);

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper();
const columns = [
  column.accessor('id', { header: 'Id' }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('path', { header: 'Path' }),
  column.accessor('protocol', { header: 'Protocol' }),
  column.accessor('sizeBytes', { header: 'Size', cell: (info) => megabytes(info.getValue()) }),
  column.accessor('createdAt', { header: 'Created', cell: (info) => day(info.getValue()) }),
];
const noRows = [];

function PagewiseBigPage() {
  // Prefetch off: the figure is the page's rendering and scrolling, not the next page's request.
  const shares = useShares({ organizationId: ORG, defaultPageSize: PAGE_SIZE, prefetchNext: false });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef(null);
  const virtual = useVirtualPageRows({ count: rows.length, scrollRef, pageKey: shares.pagination.current });
  return (
    <>
      <div ref={scrollRef} data-scroller="" style={{ ...VIEW, overflow: 'auto' }}>
        <table {...virtual.tableProps}>
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
          <tbody>
            <tr aria-hidden="true" style={{ height: virtual.paddingTop }} />
            {virtual.rows.map((item) => {
              const row = rows[item.index];
              return (
                <tr key={row.id} {...virtual.getRowProps(item.index)} data-row={item.index}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
            <tr aria-hidden="true" style={{ height: virtual.paddingBottom }} />
          </tbody>
        </table>
      </div>
      <TablePagination table={table} showTotal showAll={PAGE_SIZE} pageSizeOptions={[500, 1000, 2000]} />
    </>
  );
}

const agColumns = [
  { field: 'id', headerName: 'Id' },
  { field: 'name', headerName: 'Name' },
  { field: 'path', headerName: 'Path' },
  { field: 'protocol', headerName: 'Protocol' },
  { field: 'sizeBytes', headerName: 'Size', valueFormatter: (p) => megabytes(p.value) },
  { field: 'createdAt', headerName: 'Created', valueFormatter: (p) => day(p.value) },
];

function AgGridBigPage({ rows }) {
  return (
    <div style={VIEW}>
      <AgGridReact rowData={rows} columnDefs={agColumns} />
    </div>
  );
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

/** Resolves once `selector` matches in `root`, checked on every DOM change. */
function shown(root, selector) {
  if (root.querySelector(selector)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (root.querySelector(selector)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(root, { attributes: true, subtree: true, childList: true });
  });
}

const setups = {
  pagewise: {
    Page: PagewiseBigPage,
    first: 'tr[data-row="0"]',
    last: `tr[data-row="${PAGE_SIZE - 1}"]`,
    scroller: (host) => host.querySelector('[data-scroller]'),
  },
  'ag-grid': {
    Page: AgGridBigPage,
    first: '.ag-grid-scrolling-container .ag-row[row-index="0"]',
    last: `.ag-grid-scrolling-container .ag-row[row-index="${PAGE_SIZE - 1}"]`,
    // AG Grid 36 scrolls its rows in `.ag-grid-viewport` (the `.ag-body-viewport` of earlier versions).
    scroller: (host) => host.querySelector('.ag-grid-viewport'),
  },
};

let prepared;
/** The mock's first page of 5,000 rows, fetched once through pagewise's client, and the client. */
async function prepare() {
  const service = createMockService({ auth: 'none', maxPageSize: PAGE_SIZE });
  const client = createApiClient({
    baseUrl: service.baseUrl,
    fetch: async (input, init) =>
      (await getResponse(service.handlers, new Request(input, init))) ?? new Response(null, { status: 404 }),
  });
  const page = await client.listShares({ organizationId: ORG, page: 1, size: PAGE_SIZE });
  return { service, client, page };
}

window.bench = {
  /** Mounts one setup with the page at hand; ms to its first rows painted, then to its last row painted after a scroll to the end. */
  async run({ setup }) {
    prepared ??= await prepare();
    const { service, client, page } = prepared;
    const asked = service.requests.length;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(
      sharesQueryOptions({ client, organizationId: ORG, page: 1, pageSize: PAGE_SIZE }).queryKey,
      page,
    );
    const { Page, first, last, scroller } = setups[setup];
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      const start = performance.now();
      flushSync(() =>
        root.render(
          <QueryClientProvider client={queryClient}>
            <ApiClientProvider client={client}>
              <Page rows={page.items} />
            </ApiClientProvider>
          </QueryClientProvider>,
        ),
      );
      await shown(host, first);
      const painted = (await nextFrame()) - start;
      const scrolledFrom = performance.now();
      const view = scroller(host);
      view.scrollTop = view.scrollHeight;
      await shown(host, last);
      const scrolled = (await nextFrame()) - scrolledFrom;
      if (service.requests.length !== asked) throw new Error(`${setup} asked the service for a page`);
      const rendered = host.querySelectorAll(
        setup === 'pagewise' ? 'tr[data-row]' : '.ag-grid-scrolling-container .ag-row',
      ).length;
      return { painted, scrolled, total: painted + scrolled, rendered };
    } finally {
      root.unmount();
      host.remove();
      queryClient.clear();
    }
  },
};
