// Render cost in headless Chromium: each library's control mounted with 1e12 items under React state,
// then 200 page changes and 20 page-size changes, timed with performance.now() inside the page.
// All libraries share one browser session (one tab each) and run interleaved; medians over RUNS runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from '../scripts/chromium.mjs';
import { benchDir, esbuildFlags, median, reactAlias, rootDir, tmpDir } from './util.mjs';

export const TOTAL = 1e12;
const PAGE_SIZE = 20;
const LAST_PAGE = Math.ceil(TOTAL / PAGE_SIZE);
const WARMUP = 2;
const RUNS = 9;

export const renderLibraries = [
  { id: 'pagewise', name: 'pagewise Pagination', needs: 'src/pagination/index.ts' },
  { id: 'antd', name: 'antd Pagination' },
  { id: 'mui', name: 'MUI Pagination' },
  { id: 'mui-table', name: 'MUI TablePagination' },
  { id: 'mantine', name: 'Mantine Pagination' },
  { id: 'ark', name: 'Ark UI Pagination' },
  // Ark is headless: its documented markup lacks first/last, a page-size selector and a live region.
  { id: 'ark-full', name: 'Ark UI + pagewise features', likeForLike: true },
  { id: 'rc-pagination', name: 'rc-pagination' },
  {
    id: 'react-paginate',
    name: 'react-paginate',
    // Its render loops over every page (O(pageCount)): 5·10^10 iterations per render would hang the tab.
    total: 1e6,
    note: 'each render loops over every page (O(page count)); measured with 1e6 items (50,000 pages)',
  },
];

/** Page changes: a step to the next page alternating with a jump anywhere in the range (the first to the last page). Deterministic. */
export function pageSequence(count = 200, lastPage = LAST_PAGE) {
  const pages = [];
  let page = 1;
  let seed = 12345;
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) page = page < lastPage ? page + 1 : page - 1;
    else {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      page = i === 1 ? lastPage : 1 + Math.floor((seed / 2 ** 32) * lastPage);
    }
    pages.push(page);
  }
  return pages;
}
const SIZES = Array.from({ length: 20 }, (_, i) => [50, 10, 100, 20][i % 4]);

/** React's profiling build, so <Profiler onRender> fires in a production bundle. */
const profilingPlugin = {
  name: 'react-dom-profiling',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/client$/ }, () => ({ path: join(reactAlias['react-dom'], 'profiling.js') }));
  },
};

async function buildPage(lib, { profiling = false } = {}) {
  const outdir = join(tmpDir, 'pages', profiling ? `${lib.id}-profiling` : lib.id);
  mkdirSync(outdir, { recursive: true });
  await build({
    ...esbuildFlags,
    format: 'iife',
    stdin: {
      contents: `import { install } from './harness.jsx'; import * as lib from './${lib.id}.jsx'; install(lib);`,
      resolveDir: join(benchDir, 'pages'),
      loader: 'jsx',
      sourcefile: `${lib.id}-entry.jsx`,
    },
    jsx: 'automatic',
    alias: reactAlias,
    plugins: profiling ? [profilingPlugin] : [],
    outdir,
    entryNames: 'bundle',
    loader: { '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.svg': 'empty', '.png': 'empty' },
  });
  const css = existsSync(join(outdir, 'bundle.css')) ? '<link rel="stylesheet" href="bundle.css">' : '';
  writeFileSync(
    join(outdir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${lib.id}</title><link rel="icon" href="data:,">${css}</head><body><script src="bundle.js"></script></body></html>`,
  );
  return `${lib.id}${profiling ? '-profiling' : ''}/index.html`;
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the page bundles on 127.0.0.1, cross-origin isolated so performance.now() has fine resolution. */
export async function serve(dir) {
  const server = createServer((req, res) => {
    const file = join(
      dir,
      normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''),
    );
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** Whether the control, mounted on the last of 5e10 pages, shows that page (or the 1e12 total). */
function judgeCheck(result) {
  if (!result.ok) return `crashed: ${result.error}`;
  const digits = result.text.replace(/[\s,.\u00a0\u202f']/g, '');
  if (digits.includes(String(LAST_PAGE))) return 'ok (shows page 50,000,000,000)';
  if (digits.includes(String(TOTAL))) return 'ok (shows total 1,000,000,000,000)';
  return `clamped or wrong: shows "${result.text.slice(0, 80)}"`;
}

export async function runRender({ log = () => {} } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(missingChromiumMessage);
  const libs = renderLibraries.filter((l) => !l.needs || existsSync(join(rootDir, l.needs)));
  const skipped = renderLibraries.filter((l) => !libs.includes(l)).map((l) => l.name);

  const urls = {};
  for (const lib of libs) urls[lib.id] = await buildPage(lib);
  const pagewise = libs.find((l) => l.id === 'pagewise');
  const profilingUrl = pagewise ? await buildPage(pagewise, { profiling: true }) : undefined;

  const server = await serve(join(tmpDir, 'pages'));
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  const chromiumVersion = browser.version();
  try {
    const context = await browser.newContext();
    const tabs = {};
    const errors = {};
    for (const lib of libs) {
      const page = await context.newPage();
      errors[lib.id] = [];
      page.on('pageerror', (e) => errors[lib.id].push(String(e.message)));
      page.on('console', (m) => m.type() === 'error' && errors[lib.id].push(m.text().slice(0, 200)));
      await page.goto(`${server.origin}/${urls[lib.id]}`);
      await page.waitForFunction(() => window.bench !== undefined);
      tabs[lib.id] = page;
    }
    const isolated = await tabs[libs[0].id].evaluate(() => window.crossOriginIsolated);

    const checks = {};
    for (const lib of libs) {
      checks[lib.id] = lib.total
        ? `not run: ${lib.note}`
        : judgeCheck(await tabs[lib.id].evaluate((a) => window.bench.check(a), { total: TOTAL, lastPage: LAST_PAGE }));
    }

    const pages = pageSequence();
    const argsFor = (lib) => {
      const total = lib.total ?? TOTAL;
      return {
        total,
        pages: lib.total ? pageSequence(pages.length, Math.ceil(total / PAGE_SIZE)) : pages,
        sizes: SIZES,
      };
    };
    const samples = Object.fromEntries(libs.map((l) => [l.id, []]));
    for (let run = 0; run < WARMUP + RUNS; run++) {
      // Interleave, rotating the order each run so no library always goes first or last.
      const order = libs.map((_, i) => libs[(i + run) % libs.length]);
      for (const lib of order) {
        const page = tabs[lib.id];
        await page.bringToFront();
        try {
          const r = await page.evaluate((a) => window.bench.run(a), argsFor(lib));
          // Even changes step to the next page, odd ones jump across the range (see pageSequence).
          const sum = (odd) => r.pageTimes.reduce((acc, t, i) => (i % 2 === odd ? acc + t : acc), 0);
          const sample = { mount: r.mount, steps: sum(0), jumps: sum(1), sizes: r.sizes };
          if (run >= WARMUP) samples[lib.id].push(sample);
        } catch (e) {
          errors[lib.id].push(String(e.message).split('\n')[0]);
        }
      }
      log(`  render run ${run + 1}/${WARMUP + RUNS}${run < WARMUP ? ' (warm-up)' : ''}`);
    }

    let commitsPerChange;
    if (profilingUrl) {
      const page = await context.newPage();
      await page.goto(`${server.origin}/${profilingUrl}`);
      await page.waitForFunction(() => window.bench !== undefined);
      commitsPerChange = await page.evaluate((a) => window.bench.commits(a), { total: TOTAL, pages: pageSequence(50) });
    }

    const rows = libs.map((lib) => {
      const s = samples[lib.id];
      if (s.length === 0) return { ...lib, check: checks[lib.id], errors: errors[lib.id], runs: 0 };
      const med = (f) => median(s.map(f));
      return {
        ...lib,
        items: lib.total ?? TOTAL,
        runs: s.length,
        mount: med((x) => x.mount),
        steps: med((x) => x.steps),
        jumps: med((x) => x.jumps),
        sizes: med((x) => x.sizes),
        total: med((x) => x.mount + x.steps + x.jumps + x.sizes),
        check: checks[lib.id],
        errors: [...new Set(errors[lib.id])],
      };
    });
    const base = rows.find((r) => r.id === 'pagewise' && r.runs);
    for (const r of rows) r.ratio = base && r.runs ? r.total / base.total : undefined;
    return {
      rows,
      skipped,
      commitsPerChange,
      chromiumVersion,
      isolated,
      runs: RUNS,
      warmup: WARMUP,
      pageChanges: pages.length,
      sizeChanges: SIZES.length,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
