// Work that spans pages, measured: an export of 100,000 rows from the mock service over HTTP (the mock in a process of
// its own), sequential and four pages at a time, against the time of one page's request; the RSS the export grows by;
// and a bulk delete of 500 rows selected across 25 pages: requests, pages refetched, rows shown wrong. Ratios and
// counts, never a gate. Runs alone: `node --expose-gc bench/acrossPages.mjs`.
import { fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { benchDir, reactAlias, rootDir, tmpDir } from './util.mjs';

const ROWS = 100_000;
const SIZE = 1000;
const LATENCY_MS = 50;
const ORGANIZATION = 'e0e0e0e0-0000-4000-8000-0000000e0e0e';

/** The measuring code with pagewise's sources, bundled for Node. */
async function load() {
  const outfile = join(tmpDir, 'across-pages', 'run.mjs');
  mkdirSync(join(tmpDir, 'across-pages'), { recursive: true });
  await build({
    entryPoints: [join(benchDir, 'across-pages-run.js')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    alias: reactAlias,
    external: ['msw', 'msw/*'],
    outfile,
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(outfile).href);
}

/** The mock service in a child process; resolves to its base URL and a way to stop it. */
function startMock() {
  const child = fork(join(benchDir, 'across-pages-mock.mjs'), [ORGANIZATION, String(ROWS), String(LATENCY_MS)], {
    cwd: rootDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', ({ baseUrl }) => resolve({ baseUrl, stop: () => child.disconnect() }));
  });
}

export async function runAcrossPages({ log = () => {} } = {}) {
  const { measureExport, measureBulk } = await load();
  const mock = await startMock();
  const file = join(tmpDir, 'across-pages', 'shares.csv');
  try {
    const common = { baseUrl: mock.baseUrl, organizationId: ORGANIZATION, rows: ROWS, size: SIZE, file };
    const sequential = await measureExport({ ...common, concurrency: 1 });
    log(`  export sequential: ${sequential.ms.toFixed(0)} ms, ratio ${sequential.ratio.toFixed(2)}`);
    const parallel = await measureExport({ ...common, concurrency: 4 });
    log(`  export concurrency 4: ${parallel.ms.toFixed(0)} ms, ratio ${parallel.ratio.toFixed(2)}`);
    const bulk = await measureBulk();
    log(`  bulk delete: ${bulk.deletes} deletes, ${bulk.refetched} pages refetched, ${bulk.wrong} rows shown wrong`);
    return { rows: ROWS, size: SIZE, latencyMs: LATENCY_MS, sequential, parallel, bulk };
  } finally {
    mock.stop();
    rmSync(file, { force: true });
  }
}

const mib = (value) => `${value.toFixed(1)} MiB`;

/** The section of BENCHMARKS.md these figures make. */
export function formatAcrossPages(figures) {
  const title = '## Across pages: export and bulk delete';
  if (figures.error) return `${title}\n\nNot measured: ${figures.error}\n`;
  const { sequential: s, parallel: p, bulk, rows, size, latencyMs } = figures;
  return [
    title,
    '',
    `Export of ${rows.toLocaleString('en')} rows as CSV from the mock service over HTTP on 127.0.0.1 (its own process, ${latencyMs} ms latency a request), ${size} rows a page, written to a file through \`exportStream\` (bench/acrossPages.mjs). Ratio: the export's time ÷ (pages × one page's median request time).`,
    '',
    '| Figure | Sequential | Concurrency 4 | Goal |',
    '| --- | --- | --- | --- |',
    `| Time | ${s.ms.toFixed(0)} ms (${s.pages} pages × ${s.pageMs.toFixed(1)} ms) | ${p.ms.toFixed(0)} ms | |`,
    `| Time ÷ (pages × one page's request) | ${s.ratio.toFixed(2)} | ${p.ratio.toFixed(2)} | ≤ 1.1 / ≤ 0.4 |`,
    `| Node RSS growth over the export | ${mib(s.rssGrowthMiB)} | ${mib(p.rssGrowthMiB)} | ≤ 20 MiB |`,
    '',
    `Bulk delete of ${bulk.selected} rows selected across 25 cached pages of 40 (concurrency 4), page 1 observed: ${bulk.deletes} DELETE requests, ${bulk.refetched} list request(s) after (the page shown, refetched once), **${bulk.wrong} rows shown wrong** over the ${bulk.shown} observer notifications (each checked against the service).`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runAcrossPages({ log: console.log });
  console.log(formatAcrossPages(figures));
  process.exit(0);
}
