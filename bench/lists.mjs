// Sorting, search and "load more" in headless Chromium: pagewise's hooks against what users write by hand with
// TanStack Query and Table, on the same in-page mock service. Counts are exact; times are medians of one run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from '../scripts/chromium.mjs';
import { serve } from './render.mjs';
import { benchDir, esbuildFlags, median, reactAlias, tmpDir } from './util.mjs';

export const LISTS_LATENCY_MS = 50;
const SORT_CLICKS = 12;
const SEARCH = 'acme-fin';
const KEY_MS = 80;
const LOADS = 5;

export async function runLists({ log = () => {} } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage);
  const outdir = join(tmpDir, 'pages', 'lists');
  mkdirSync(outdir, { recursive: true });
  await build({
    ...esbuildFlags,
    format: 'iife',
    entryPoints: [join(benchDir, 'lists-app.jsx')],
    jsx: 'automatic',
    alias: reactAlias,
    outfile: join(outdir, 'bundle.js'),
  });
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lists</title><link rel="icon" href="data:,"></head><body><script src="bundle.js"></script></body></html>',
  );
  const server = await serve(join(tmpDir, 'pages'));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e.message)));
    await page.goto(`${server.origin}/lists/index.html`);
    await page.waitForFunction(() => window.bench !== undefined);
    const call = (name, args) => page.evaluate(([n, a]) => window.bench[n](a), [name, args]);
    const sort = {};
    for (const setup of ['pagewise', 'hand']) {
      await call('sort', { setup, latencyMs: LISTS_LATENCY_MS, clicks: 2 }); // warm-up
      const r = await call('sort', { setup, latencyMs: LISTS_LATENCY_MS, clicks: SORT_CLICKS });
      sort[setup] = {
        clicks: r.times.length,
        median: median(r.times),
        critical: Math.max(...r.critical),
        total: median(r.total),
      };
      log(
        `  sort ${setup}: ${sort[setup].median.toFixed(1)} ms, ${sort[setup].critical} request(s) on the critical path`,
      );
    }
    const search = {};
    for (const setup of ['pagewise', 'hand']) {
      search[setup] = await call('search', { setup, latencyMs: LISTS_LATENCY_MS, text: SEARCH, keyMs: KEY_MS });
      log(`  search ${setup}: ${search[setup].requests} request(s)`);
    }
    const loadMore = {};
    for (const setup of ['pagewise', 'hand']) {
      loadMore[setup] = await call('loadMore', { setup, latencyMs: LISTS_LATENCY_MS, loads: LOADS });
      log(`  load more ${setup}: ${loadMore[setup].renders} render(s)`);
    }
    return {
      sort,
      search,
      loadMore,
      latencyMs: LISTS_LATENCY_MS,
      clicks: SORT_CLICKS,
      text: SEARCH,
      keyMs: KEY_MS,
      loads: LOADS,
      errors: [...new Set(errors)],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The section of BENCHMARKS.md these figures make. */
export function formatLists(lists) {
  if (lists.error) return `## Sorting, search and load more\n\nNot measured: ${lists.error}\n`;
  const { sort, search, loadMore } = lists;
  return [
    '## Sorting, search and load more',
    '',
    `Headless Chromium, the mock service in the page with ${lists.latencyMs} ms latency (bench/lists-app.jsx). Counts are exact.`,
    '',
    '| Figure | pagewise | hand-rolled TanStack Query + Table |',
    '| --- | --- | --- |',
    `| Sort change on a 100 × 6 server table: list requests before the new rows show | ${sort.pagewise.critical} | ${sort.hand.critical} |`,
    `| … click → rows painted, median of ${lists.clicks} | ${sort.pagewise.median.toFixed(1)} ms | ${sort.hand.median.toFixed(1)} ms |`,
    `| "${lists.text}" typed at ${lists.keyMs} ms a key: list requests sent | ${search.pagewise.requests} | ${search.hand.requests} (no debounce) |`,
    `| Renders of a component reading only the rows across ${lists.loads} load-mores | ${loadMore.pagewise.renders} | ${loadMore.hand.renders} |`,
    '',
  ].join('\n');
}
