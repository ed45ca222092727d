// "A 5,000-row page painted and scrolled to its end" in headless Chromium: pagewise + TanStack Virtual
// (useVirtualPageRows) against AG Grid Community (client-side row model, its own row virtualization), interleaved
// in one tab; the figure is the ratio of the medians. `node bench/bigpage.mjs` runs this section alone and puts it
// into BENCHMARKS.md in place (its target row is written by a whole `npm run bench`).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from '../scripts/chromium.mjs';
import { serve } from './render.mjs';
import { benchDir, esbuildFlags, median, mdTable, reactAlias, rootDir, tmpDir } from './util.mjs';

const ROUNDS = 10;
export const bigPageSetups = [
  { id: 'pagewise', label: 'pagewise + TanStack Virtual (useShares, useServerTablePagination, useVirtualPageRows)' },
  { id: 'ag-grid', label: 'AG Grid Community (client-side row model)' },
];

export async function runBigPage({ log = () => {} } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage);
  const outdir = join(tmpDir, 'pages', 'bigpage');
  mkdirSync(outdir, { recursive: true });
  await build({
    ...esbuildFlags,
    format: 'iife',
    entryPoints: [join(benchDir, 'bigpage-app.jsx')],
    jsx: 'automatic',
    alias: reactAlias,
    outfile: join(outdir, 'bundle.js'),
  });
  writeFileSync(
    join(outdir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>big page</title><link rel="icon" href="data:,"></head><body><script src="bundle.js"></script></body></html>',
  );
  const server = await serve(join(tmpDir, 'pages'));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e.message)));
    await page.goto(`${server.origin}/bigpage/index.html`);
    await page.waitForFunction(() => window.bench !== undefined);
    const runs = Object.fromEntries(bigPageSetups.map((s) => [s.id, []]));
    // One warm-up round (JIT, fonts, the page generated), then interleaved rounds, the order swapping each round.
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 ? [...bigPageSetups].reverse() : bigPageSetups;
      for (const s of order) {
        const r = await page.evaluate((a) => window.bench.run(a), { setup: s.id });
        if (round > 0) runs[s.id].push(r);
      }
      if (round === 0 || round === ROUNDS)
        log(`  big page round ${round + 1}/${ROUNDS + 1}${round === 0 ? ' (warm-up)' : ''}`);
    }
    const rows = bigPageSetups.map((s) => ({
      ...s,
      runs: runs[s.id].length,
      painted: median(runs[s.id].map((r) => r.painted)),
      scrolled: median(runs[s.id].map((r) => r.scrolled)),
      total: median(runs[s.id].map((r) => r.total)),
      rendered: median(runs[s.id].map((r) => r.rendered)),
    }));
    const ratio = rows[0].total / rows[1].total;
    return { rows, ratio, pageSize: 5000, errors: [...new Set(errors)], chromiumVersion: browser.version() };
  } finally {
    await browser.close();
    await server.close();
  }
}

const ms = (n) => n.toFixed(1);

export function bigPageSection(bigPage) {
  if (!bigPage) return '';
  const out = ['## Big pages: a 5,000-row page painted and scrolled to its end', ''];
  if (bigPage.error) return [...out, `Failed: ${bigPage.error}`].join('\n');
  out.push(
    `One page of ${bigPage.pageSize.toLocaleString('en')} shares × 6 columns in headless Chromium (production React), in a 1000 × 600 px view,`,
    'handed to each setup from the query cache (no request while timed). The time runs from the mount to the end of the first frame',
    'showing the first row ("painted"), then from setting the view\'s scrollTop to its end to the end of the first frame showing the',
    'last row ("scrolled"). Setups run interleaved in one tab, medians of each; AG Grid uses its client-side row model and its own',
    'row virtualization with default options; pagewise renders the rows in view with `useVirtualPageRows` (TanStack Virtual) and',
    'keeps its control (`TablePagination` with the "All" choice). Goal: ratio ≤ 1.0.',
    '',
    mdTable(
      ['Setup', 'Runs', 'Median ms painted', 'Median ms scrolled', 'Median ms total', 'Rows in the DOM at the end'],
      bigPage.rows.map((r) => [r.label, r.runs, ms(r.painted), ms(r.scrolled), ms(r.total), r.rendered]),
    ),
    '',
    `Ratio, pagewise + TanStack Virtual ÷ AG Grid Community (median totals): **${bigPage.ratio.toFixed(2)}**`,
  );
  if (bigPage.errors.length) out.push('', `Page errors: ${bigPage.errors.join('; ')}`);
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runBigPage({ log: console.log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
  const section = bigPageSection(result);
  const file = join(rootDir, 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8').replace(/## Big pages[\s\S]*?(?=\n## )/, '');
  // Where the whole run puts it: after the server-paged table.
  writeFileSync(
    file,
    text.replace('## Sorting, search and load more', `${section}\n\n## Sorting, search and load more`),
  );
  console.log(`\n${section}`);
  process.exit(0);
}
