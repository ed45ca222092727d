// "Click → rows painted" in headless Chromium for a server-paged TanStack Table v9 (100 rows × 6 columns a
// page): pagewise's useShares + useServerTablePagination against a hand-rolled useQuery + useTable setup, each
// with the next page prefetched and without. Setups run interleaved in one tab; figures are per click.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from '../scripts/chromium.mjs';
import { serve } from './render.mjs';
import { benchDir, esbuildFlags, median, reactAlias, tmpDir } from './util.mjs';

export const TABLE_LATENCY_MS = 50;
const CLICKS = 30;
const ROUNDS = 2;

export const tableSetups = [
  {
    id: 'pagewise-prefetch',
    label: 'pagewise (useShares + useServerTablePagination), prefetched',
    setup: 'pagewise',
    prefetch: true,
  },
  { id: 'hand-prefetch', label: 'hand-rolled useQuery + useTable, prefetched', setup: 'hand', prefetch: true },
  { id: 'pagewise', label: 'pagewise, not prefetched', setup: 'pagewise', prefetch: false },
  { id: 'hand', label: 'hand-rolled, not prefetched', setup: 'hand', prefetch: false },
];

const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

export async function runTable({ log = () => {} } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage);
  const outdir = join(tmpDir, 'pages', 'table');
  mkdirSync(outdir, { recursive: true });
  await build({
    ...esbuildFlags,
    format: 'iife',
    entryPoints: [join(benchDir, 'table-app.jsx')],
    jsx: 'automatic',
    alias: reactAlias,
    outfile: join(outdir, 'bundle.js'),
  });
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>table</title><link rel="icon" href="data:,"></head><body><script src="bundle.js"></script></body></html>',
  );
  const server = await serve(join(tmpDir, 'pages'));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e.message)));
    await page.goto(`${server.origin}/table/index.html`);
    await page.waitForFunction(() => window.bench !== undefined);
    const times = Object.fromEntries(tableSetups.map((s) => [s.id, []]));
    const commits = Object.fromEntries(tableSetups.map((s) => [s.id, []]));
    const frames = Object.fromEntries(tableSetups.map((s) => [s.id, []]));
    let shape;
    // One short warm-up round (JIT, fonts), then interleaved rounds, the order rotating each round.
    for (let round = 0; round <= ROUNDS; round++) {
      const order = tableSetups.map((_, i) => tableSetups[(i + round) % tableSetups.length]);
      for (const s of order) {
        const r = await page.evaluate((a) => window.bench.run(a), {
          setup: s.setup,
          prefetch: s.prefetch,
          clicks: round === 0 ? 5 : CLICKS,
          latencyMs: TABLE_LATENCY_MS,
        });
        shape = { rows: r.rows, cells: r.cells };
        if (round > 0) {
          times[s.id].push(...r.times);
          commits[s.id].push(...r.commits);
          frames[s.id].push(...r.frames);
        }
      }
      log(`  table run ${round + 1}/${ROUNDS + 1}${round === 0 ? ' (warm-up)' : ''}`);
    }
    const rows = tableSetups.map((s) => ({
      ...s,
      clicks: times[s.id].length,
      median: median(times[s.id]),
      p95: p95(times[s.id]),
      commit: median(commits[s.id]),
      p95Commit: p95(commits[s.id]),
      firstFrame: frames[s.id].filter((n) => n === 1).length / frames[s.id].length,
    }));
    for (const r of rows) {
      const hand = rows.find((h) => h.setup === 'hand' && h.prefetch === r.prefetch);
      r.ratio = r.median / hand.median;
    }
    return {
      rows,
      shape,
      latencyMs: TABLE_LATENCY_MS,
      errors: [...new Set(errors)],
      chromiumVersion: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
