// The figures of bench/acrossPages.mjs, bundled with pagewise's sources by esbuild: an export over HTTP, and a bulk
// delete on a QueryClient with the shown page observed after every change.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MutationObserver, notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { createApiClient, exportList, exportStream } from '../src/client/index.ts';
import { createMockService } from '../src/testing/index.ts';
import { createMockHttpServer } from '../src/testing/node.ts';
import { listQueryOptions } from '../src/hooks/queryOptions.ts';
import { bulkMutationOptions } from '../src/hooks/useBulkAction.ts';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One page's request time (median of `samples`), then the export's time and the RSS it grew by. */
export async function measureExport({ baseUrl, organizationId, rows, size, concurrency, file, samples = 15 }) {
  const client = createApiClient({ baseUrl });
  // Warmed up first (connections, the JIT, the heap's first growth): the figures are of the steady state.
  for await (const chunk of exportList(client, 'shares', { organizationId, size }, { concurrency, maxPages: 10 }))
    void chunk;
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    await client.list('shares', { organizationId, page: 1 + ((i * 7) % (rows / size)), size });
    times.push(performance.now() - start);
  }
  globalThis.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let rssMost = rssBefore;
  let done;
  const start = performance.now();
  const chunks = exportList(
    client,
    'shares',
    { organizationId, size },
    {
      concurrency,
      onProgress: (progress) => {
        done = progress;
        rssMost = Math.max(rssMost, process.memoryUsage.rss());
      },
    },
  );
  await pipeline(Readable.fromWeb(exportStream(chunks)), createWriteStream(file));
  const ms = performance.now() - start;
  const pageMs = median(times);
  return {
    ms,
    pageMs,
    pages: done.pages,
    rows: done.rows,
    ratio: ms / (done.pages * pageMs),
    rssGrowthMiB: (rssMost - rssBefore) / 2 ** 20,
  };
}

/**
 * 500 rows selected across 25 cached pages (20 of each page's 40) deleted with the bulk action's mutation, page 1
 * observed as a screen shows it: every result the observer hands out is checked against the service.
 */
export async function measureBulk() {
  const organizationId = 'b0b0b0b0-0000-4000-8000-00000000b0b0';
  const service = createMockService({
    auth: 'none',
    organizations: { [organizationId]: { name: 'Bulk', shares: 1000 } },
    latencyMs: 2,
  });
  const server = await createMockHttpServer(service, { port: 0 });
  try {
    const client = createApiClient({ baseUrl: server.baseUrl });
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    const params = (page) => ({ client, organizationId, pageSize: 40, page });
    for (let page = 1; page <= 25; page += 1) await queryClient.fetchQuery(listQueryOptions('shares', params(page)));
    const all = service.rows(organizationId, 'shares');
    const selected = all
      .slice(0, 1000)
      .filter((_, index) => index % 2 === 0)
      .map((row) => row.id);
    const chosen = new Set(selected);
    const observer = new QueryObserver(queryClient, listQueryOptions('shares', params(1)));
    let started = false;
    let wrong = 0;
    let shown = 0;
    // Heard as React's useQuery hears it (`batchCalls`): one render for the changes of one task.
    const unsubscribe = observer.subscribe(
      notifyManager.batchCalls(() => {
        const result = observer.getCurrentResult();
        if (!started || !result.data) return;
        shown += 1;
        // Once the action runs, no row it deletes may be shown, and a row shown must still be in the service.
        const live = new Set(service.rows(organizationId, 'shares').map((row) => row.id));
        wrong += result.data.items.filter((row) => chosen.has(row.id) || !live.has(row.id)).length;
      }),
    );
    const requestsBefore = service.requests.length;
    started = true;
    const mutation = new MutationObserver(
      queryClient,
      bulkMutationOptions(queryClient, client, 'shares', { organizationId, concurrency: 4 }, () => {}),
    );
    const result = await mutation.mutate({
      target: selected,
      action: { type: 'delete' },
      signal: new AbortController().signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const truth = service
      .rows(organizationId, 'shares')
      .slice(0, 40)
      .map((row) => row.id);
    const final = observer.getCurrentResult().data.items.map((row) => row.id);
    const finalWrong = final.filter((id, index) => truth[index] !== id).length;
    unsubscribe();
    const during = service.requests.slice(requestsBefore);
    return {
      selected: selected.length,
      deleted: result.succeeded.length,
      deletes: during.filter((request) => request.method === 'DELETE').length,
      refetched: during.filter((request) => request.method === 'GET').length,
      shown,
      wrong: wrong + finalWrong,
    };
  } finally {
    await server.close();
  }
}
