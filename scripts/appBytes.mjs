// What the example apps' browser bundles pay for pagewise: min+gzip of its JS as each app imports it (tree-shaken,
// production, what the page loads up front; code behind a dynamic import, such as a write's, is left out), which of
// its modules the app pulls in, and its stylesheet apart. Measured on the builds the example-apps step of `npm test`
// makes anyway (scripts/e2e.mjs), never on a build of its own, and never on a build changed to be measured.
//
// - Vite apps (examples/shares-app, examples/react-router-app): source-map attribution over the shipped chunks. The
//   build also writes hidden source maps (`--sourcemap hidden`, `--sourcemapClient hidden`); every byte of a chunk is
//   given to the source its mapping names, and pagewise's bytes (node_modules/pagewise/dist/…) are gzipped together.
//   Exact in which bytes are pagewise's; a chunk of pagewise's own (a Rolldown chunk group) would measure them as a
//   file, but it changes the app's module order: the Vite SPA's React then ran before its CommonJS init and the page
//   failed ("i is not a function"), so the apps are measured as users build them.
// - Next.js (examples/next-app, Turbopack): `next build --analyze` records, per browser chunk, the bytes each source
//   module holds (Turbopack's own source-map attribution; scope hoisting merges pagewise into chunks shared with the
//   app). Minified bytes are exact; min+gzip apportions each shipped chunk's gzip to its modules in proportion to
//   their separately compressed sizes.
// - CSS: the package's stylesheet, which each app imports whole (its build merges it with the app's own CSS).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

/**
 * min+gzip budgets in bytes for what each app's browser pays for pagewise, JS and CSS apart: what they measure with
 * about 1.5 % of room (Next.js's attribution moves a little more between builds), so growth is a decision, not a
 * drift. `goal` is where the JS is to go back to, the figures once measured for these apps (Next.js 5.6 kB, React
 * Router 9.2 kB, a Vite table app 8.85 kB); the Pagination control's share of each figure is printed beside it.
 */
export const appBudgets = {
  // Next.js and React Router keep the reader's place (useListPlace: scroll on a move, kept height): about 1 kB more.
  // Every app then pays about 2.5 kB for a page that says its real size and route templates (createApiClient),
  // client.pages' checks, prefetch on intent and estimated totals.
  // Fixed and organization headers, a key in the query and writes following routes (createApiClient's up-front code):
  // 608 B more, measured on the Vite app (16,810 B then 17,418 B).
  // A service's size cap followed and each list's served size remembered, with the served-size warning's text
  // dropped from production builds: the Vite app 23 B less; measured on all three (Vite 17,395 B, Next.js 18,222 B,
  // React Router 17,373 B).
  // A key redacted in every form a URL writes it, connection headers refused, an empty page by number ending a walk, a
  // cursor that leads to itself refused, the client's routes kept for a server function's cursor check and no filter
  // under a route's own parameter: about 300 B (measured: Vite 17,696 B, Next.js 18,493 B, React Router 17,669 B).
  // An echoed key taken out of a next-page URL in one pass: 11 B on createApiClient's row; each app given 20 B.
  // Pages by number sent at the size their list served (an offset list's cap), a next link's word kept over a count
  // at another size and a short first page leading on by a next link taken as the service's size: 135 B on
  // createApiClient's row; each app given 150 B.
  // A page past the last that a back-end refuses (`pastEndStatus`) read as the empty page past the end, the option
  // checked: 231 B on createApiClient's row; each app given 250 B.
  // A capped list opened at its last page by the size asked: 57 B on createApiClient's row; each app given 60 B.
  'next-app': { js: 18990, css: 1860, goal: 5600 },
  'react-router-app': { js: 18170, css: 1860, goal: 9200 },
  'shares-app': { js: 18190, css: 1860, goal: 8850 },
};

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const PAGEWISE = /node_modules[\\/]pagewise[\\/]dist[\\/]/;
/** The dist modules the control is made of: its own folder and the shared hooks only it uses. */
const CONTROL = /^(pagination\/|shared\/(usePageState|useUncontrolled|useLatest)\.js$)/;
const distPath = (source) => source.replace(/^.*node_modules[\\/]pagewise[\\/]dist[\\/]/, '').replaceAll('\\', '/');

/** The text of each source in a minified file, read from its source map (a mapped segment runs to the next one). */
function textBySource(code, map) {
  const lines = code.split('\n');
  const starts = [0];
  for (const line of lines) starts.push(starts.at(-1) + line.length + 1);
  const segments = [];
  eachMapping(new TraceMap(map), (m) => segments.push(m));
  const bySource = new Map();
  for (let i = 0; i < segments.length; i++) {
    const { generatedLine, generatedColumn, source } = segments[i];
    if (!source) continue;
    const next = segments[i + 1];
    const end = next && next.generatedLine === generatedLine ? next.generatedColumn : lines[generatedLine - 1].length;
    const start = starts[generatedLine - 1];
    const piece = code.slice(start + generatedColumn, start + end);
    bySource.set(source, (bySource.get(source) ?? '') + piece);
  }
  return bySource;
}

/** Chunk files another chunk imports, statically (`from"./x.js"`, `import"./x.js"`) or by `import("./x.js")`. */
function importsOf(code) {
  const named = (re) => new Set([...code.matchAll(re)].map((m) => m[1].replace(/^.*\//, '')));
  return {
    static: named(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g),
    dynamic: named(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g),
  };
}

/**
 * A Vite app built with hidden source maps: `assets` is where its browser chunks went. Every chunk counts but those
 * only a dynamic import loads.
 */
export function measureViteApp(assets, stylesheet) {
  const chunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js') && existsSync(join(assets, `${f}.map`)))
    .map((file) => ({ file, code: readFileSync(join(assets, file), 'utf8') }));
  const statics = new Set();
  const dynamics = new Set();
  for (const { code } of chunks) {
    const imports = importsOf(code);
    imports.static.forEach((f) => statics.add(f));
    imports.dynamic.forEach((f) => dynamics.add(f));
  }
  const modules = [];
  let text = '';
  for (const { file, code } of chunks) {
    if (dynamics.has(file) && !statics.has(file)) continue;
    const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8'));
    for (const [source, piece] of textBySource(code, map)) {
      if (!PAGEWISE.test(source)) continue;
      modules.push({ module: distPath(source), min: piece.length });
      text += piece;
    }
  }
  if (modules.length === 0) throw new Error(`no pagewise module in the chunks of ${assets}`);
  const css = readFileSync(stylesheet, 'utf8');
  return summarize({
    jsMin: text.length,
    jsGzip: gzip(text),
    css,
    modules,
    method: 'source maps of the shipped chunks',
  });
}

/** The Next.js app after `next build --analyze`, its route `/` (the page that lists). */
export function measureNextApp(appDir, route = '/') {
  const out = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'analyze', 'export', '--route', route], {
    cwd: appDir,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  if (out.status !== 0) throw new Error(`next analyze export failed:\n${out.stderr}`);
  const records = out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((r) => r.route === route);
  // What the route loads up front: every group's chunks but those behind a dynamic import (a write's, loaded at the
  // first write).
  const upfront = new Set(records.filter((r) => r.type === 'group' && r.kind !== 'async').flatMap((r) => r.outputs));
  const parts = records.filter(
    (r) => r.type === 'part' && upfront.has(r.filename) && r.filename.startsWith('[client-fs]/_next/static/'),
  );
  // The analysis names chunks by its own compile; the shipped chunk is the route's first-load chunk of (nearly) the
  // same length.
  const stats = JSON.parse(readFileSync(join(appDir, '.next/diagnostics/route-bundle-stats.json'), 'utf8'));
  const shipped = stats
    .find((r) => r.route === route)
    .firstLoadChunkPaths.map((path) => readFileSync(join(appDir, path), 'utf8'));
  const chunks = Map.groupBy(parts, (p) => p.filename);
  const modules = [];
  let jsMin = 0;
  let jsGzip = 0;
  for (const [filename, chunkParts] of chunks) {
    const mine = chunkParts.filter((p) => PAGEWISE.test(p.source_path));
    if (mine.length === 0) continue;
    if (filename.endsWith('.css')) continue;
    const size = chunkParts.reduce((sum, p) => sum + p.size, 0);
    // Chunk names inside a chunk differ in length between the two compiles: a few dozen bytes.
    const text = shipped.reduce((best, t) => (Math.abs(t.length - size) < Math.abs(best.length - size) ? t : best));
    if (Math.abs(text.length - size) > Math.max(size * 0.01, 64))
      throw new Error(`no shipped chunk matches ${filename} (${size} B)`);
    const share =
      mine.reduce((s, p) => s + p.compressed_size, 0) / chunkParts.reduce((s, p) => s + p.compressed_size, 0);
    jsGzip += Math.round(gzip(text) * share);
    for (const p of mine) {
      modules.push({ module: distPath(p.source_path), min: p.size });
      jsMin += p.size;
    }
  }
  const css = readFileSync(join(appDir, 'node_modules/pagewise/dist/styles.css'), 'utf8');
  return summarize({ jsMin, jsGzip, css, modules, method: 'next build --analyze' });
}

function summarize({ jsMin, jsGzip, css, modules, method }) {
  const merged = new Map();
  for (const { module, min } of modules) merged.set(module, (merged.get(module) ?? 0) + min);
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  const list = [...merged].map(([module, min]) => ({ module, min, share: min / total })).sort((a, b) => b.min - a.min);
  const controlShare = list.filter((m) => CONTROL.test(m.module)).reduce((s, m) => s + m.share, 0);
  return {
    method,
    jsMin,
    jsGzip,
    controlGzip: Math.round(jsGzip * controlShare),
    cssMin: Buffer.byteLength(css),
    cssGzip: gzip(css),
    modules: list,
  };
}

/** One app's figures against its budget, as lines to print. */
export function formatAppBytes(app, m) {
  const budget = appBudgets[app];
  const ok = m.jsGzip <= budget.js && m.cssGzip <= budget.css;
  const lines = [
    `${ok ? '✔' : '✖'} ${app}: pagewise adds ${m.jsGzip} B JS min+gzip (budget ${budget.js}, goal ${budget.goal}; ` +
      `the control ${m.controlGzip}, the rest ${m.jsGzip - m.controlGzip}) and ${m.cssGzip} B CSS (budget ${budget.css}); ${m.method}`,
    // The ten largest modules point at an overrun's cause; the rest are counted in one line.
    ...m.modules
      .slice(0, 10)
      .map(
        (x) =>
          `    ${x.module.padEnd(44)} ${String(x.min).padStart(6)} B min  ${(x.share * 100).toFixed(1).padStart(5)} %`,
      ),
    ...(m.modules.length > 10 ? [`    and ${m.modules.length - 10} smaller modules`] : []),
  ];
  return { ok, text: lines.join('\n') };
}

const recordsDir = (root) => join(root, '.artifacts', 'app-bytes');

/** Writes an app's figures where `npm run bench` reads them (it builds no app itself). */
export function recordAppBytes(root, app, m) {
  mkdirSync(recordsDir(root), { recursive: true });
  const file = join(recordsDir(root), `${app}.json`);
  writeFileSync(file, JSON.stringify({ app, measuredAt: new Date().toISOString(), ...m }, null, 2));
  return relative(root, file);
}

/** The figures the last example-apps run recorded, by app (none before one has run). */
export function readAppBytes(root) {
  if (!existsSync(recordsDir(root))) return [];
  return readdirSync(recordsDir(root))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(recordsDir(root), f), 'utf8')))
    .map((m) => ({ ...m, budget: appBudgets[m.app] }));
}
