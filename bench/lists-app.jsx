// Sorting, search and "load more" figures in the browser, bundled by lists.mjs: the mock service's MSW handlers
// answer in the page (msw's getResponse, with latency), so pagewise and the hand-rolled setups pay the same network.
import { QueryClient, QueryClientProvider, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { getResponse } from 'msw';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createApiClient } from '../src/client/index';
import { ApiClientProvider, useInfiniteShares, useShares } from '../src/hooks/index';
import { useServerTablePagination } from '../src/table/index';
import { createMockService, demoOrganizationIds } from '../src/testing/index';

const ORG = demoOrganizationIds.acme; // 437 shares
const PAGE_SIZE = 100;
const features = tableFeatures({ rowPaginationFeature, rowSortingFeature });
const column = createColumnHelper();
const columns = ['id', 'name', 'path', 'protocol', 'sizeBytes', 'createdAt'].map((field) =>
  column.accessor(field, { header: field }),
);
const noRows = [];

/** The rows and a sort button per header; `data-sort` changes only when rows of the new sort (not placeholders) render. */
function Rows({ table, sortShown }) {
  return (
    <table>
      <thead>
        <tr>
          {table.getFlatHeaders().map((header) => (
            <th key={header.id}>
              <button type="button" data-sort-by={header.id} onClick={header.column.getToggleSortingHandler()}>
                {header.id}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody data-sort={sortShown ?? ''}>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getAllCells().map((cell) => (
              <td key={cell.id}>{String(cell.getValue())}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sortText = (sort) => sort.map(({ id, desc }) => `${id},${desc ? 'desc' : 'asc'}`).join(';');

/** pagewise: useShares keeps the sort, useServerTablePagination binds it to the table. */
function PagewiseTable() {
  const shares = useShares({ organizationId: ORG, defaultPageSize: PAGE_SIZE });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  return <Rows table={table} sortShown={shares.isPlaceholderData ? undefined : sortText(shares.listState.sort)} />;
}

/** What users write by hand: useQuery keyed on the sorting state, manualSorting, the page reset on a sort change. */
function HandRolledTable({ client }) {
  const [state, setState] = useState({ pagination: { pageIndex: 0, pageSize: PAGE_SIZE }, sorting: [] });
  const query = useQuery({
    queryKey: ['shares', ORG, state.pagination, state.sorting],
    queryFn: ({ signal }) =>
      client.listShares({
        organizationId: ORG,
        page: state.pagination.pageIndex + 1,
        size: PAGE_SIZE,
        sort: state.sorting,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const table = useTable({
    features,
    columns,
    data: query.data?.items ?? noRows,
    manualPagination: true,
    manualSorting: true,
    rowCount: query.data?.total ?? -1,
    state,
    onPaginationChange: (updater) =>
      setState((s) => ({ ...s, pagination: typeof updater === 'function' ? updater(s.pagination) : updater })),
    onSortingChange: (updater) =>
      setState((s) => ({
        pagination: { ...s.pagination, pageIndex: 0 },
        sorting: typeof updater === 'function' ? updater(s.sorting) : updater,
      })),
  });
  return <Rows table={table} sortShown={query.isPlaceholderData ? undefined : sortText(state.sorting)} />;
}

/** A search box: pagewise's hook waits for the typing to settle; the hand-rolled query asks for every key. */
function PagewiseSearch({ onRender }) {
  const [q, setQ] = useState('');
  const shares = useShares({ organizationId: ORG, filters: { q }, prefetchNext: false });
  onRender?.(shares);
  return (
    <input
      aria-label="Search"
      value={q}
      onChange={(e) => setQ(e.target.value)}
      data-rows={shares.data?.items.length ?? ''}
    />
  );
}

function HandRolledSearch({ client }) {
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: ['shares', ORG, q],
    queryFn: ({ signal }) => client.listShares({ organizationId: ORG, page: 1, size: 20, filters: { q }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <input
      aria-label="Search"
      value={q}
      onChange={(e) => setQ(e.target.value)}
      data-rows={query.data?.items.length ?? ''}
    />
  );
}

/** Components that read only `rows` (pagewise) or only `data` (a hand-rolled useInfiniteQuery), counting renders. */
function PagewiseRows({ counter }) {
  counter.renders += 1;
  const shares = useInfiniteShares({ organizationId: ORG, pageSize: 20 });
  counter.loadMore = shares.loadMore;
  return <output data-rows={shares.rows.length}>{shares.rows.length}</output>;
}

function HandRolledRows({ counter, client }) {
  counter.renders += 1;
  const query = useInfiniteQuery({
    queryKey: ['shares', ORG, 'infinite'],
    queryFn: ({ pageParam, signal }) => client.listShares({ organizationId: ORG, page: pageParam, size: 20, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.hasNext ? lastPage + 1 : undefined),
  });
  counter.loadMore = () => void query.fetchNextPage();
  const rows = query.data?.pages.flatMap((page) => page.items) ?? noRows;
  return <output data-rows={rows.length}>{rows.length}</output>;
}

const nextFrame = () =>
  new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    }),
  );

function until(root, check) {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (check()) {
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Mounts `element` with a fresh mock service, client and QueryClient; `use` gets them and the host. */
async function mounted(latencyMs, element, use) {
  const service = createMockService({ auth: 'none', latencyMs });
  const client = createApiClient({
    baseUrl: service.baseUrl,
    fetch: async (input, init) =>
      (await getResponse(service.handlers, new Request(input, init))) ?? new Response(null, { status: 404 }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>{element(client)}</ApiClientProvider>
      </QueryClientProvider>,
    ),
  );
  try {
    return await use({ service, queryClient, host });
  } finally {
    root.unmount();
    host.remove();
    queryClient.clear();
  }
}

const listRequests = (service) => service.requests.filter((r) => r.resource === 'shares');

window.bench = {
  /** Sorts by each header in turn (asc, desc): per click, list requests before the new rows show and ms to the painted frame. */
  sort({ setup, latencyMs, clicks }) {
    const Table = setup === 'pagewise' ? PagewiseTable : HandRolledTable;
    return mounted(
      latencyMs,
      (client) => <Table client={client} />,
      async ({ service, queryClient, host }) => {
        await until(host, () => host.querySelector('tbody')?.dataset.sort === '');
        const times = [];
        const critical = [];
        const total = [];
        for (let i = 0; i < clicks; i++) {
          await settled(queryClient);
          const before = listRequests(service).length;
          const field = ['name', 'sizeBytes', 'createdAt'][Math.floor(i / 2) % 3];
          const button = host.querySelector(`button[data-sort-by="${field}"]`);
          const previous = host.querySelector('tbody')?.dataset.sort;
          const start = performance.now();
          button.click();
          await until(host, () => {
            const shown = host.querySelector('tbody')?.dataset.sort ?? '';
            return shown !== previous && shown.startsWith(`${field},`);
          });
          critical.push(listRequests(service).length - before);
          times.push((await nextFrame()) - start);
          await settled(queryClient);
          total.push(listRequests(service).length - before);
        }
        return { times, critical, total };
      },
    );
  },

  /** Types `text` at `keyMs` a key into the search box: list requests sent after the first key. */
  search({ setup, latencyMs, text, keyMs }) {
    const Search = setup === 'pagewise' ? PagewiseSearch : HandRolledSearch;
    return mounted(
      latencyMs,
      (client) => <Search client={client} />,
      async ({ service, queryClient, host }) => {
        await until(host, () => host.querySelector('input')?.dataset.rows !== '');
        await settled(queryClient);
        const before = listRequests(service).length;
        const input = host.querySelector('input');
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        for (let end = 1; end <= text.length; end++) {
          setValue.call(input, text.slice(0, end));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await sleep(keyMs);
        }
        await sleep(400);
        await settled(queryClient);
        const sent = listRequests(service)
          .slice(before)
          .map((r) => new URL(r.url).searchParams.get('q'));
        return { requests: sent.length, queries: sent };
      },
    );
  },

  /** Renders of a component that reads only the rows, across `loads` load-mores. */
  loadMore({ setup, latencyMs, loads }) {
    const counter = { renders: 0, loadMore: () => {} };
    const Rows = setup === 'pagewise' ? PagewiseRows : HandRolledRows;
    return mounted(
      latencyMs,
      (client) => <Rows counter={counter} client={client} />,
      async ({ queryClient, host }) => {
        await until(host, () => host.querySelector('output')?.dataset.rows === '20');
        await settled(queryClient);
        const first = counter.renders;
        for (let i = 2; i <= loads + 1; i++) {
          counter.loadMore();
          await until(host, () => host.querySelector('output')?.dataset.rows === String(i * 20));
          await settled(queryClient);
        }
        return { renders: counter.renders - first };
      },
    );
  },
};
