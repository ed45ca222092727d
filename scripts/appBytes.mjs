// What the example apps' browser bundles pay for pagewise: min+gzip of its JS as each app imports it (tree-shaken,
// production), its stylesheet apart, and which of its modules the app pulls in. Measured on the builds the
// example-apps step of `npm test` makes anyway (scripts/e2e.mjs), never on a build of its own.
//
// - Vite apps (examples/shares-app, examples/react-router-app): exact. The build runs with the app's own config plus
//   one Rolldown chunk group that puts node_modules/pagewise in a chunk of its own (and a hidden source map), so
//   pagewise's bytes are a file: its min+gzip is measured as is. The CSS is the stylesheet the app's build emits from
//   `pagewise/styles.css`. The per-module breakdown reads that chunk's source map (bytes of the minified chunk mapped to
//   each dist module).
// - Next.js (examples/next-app, Turbopack): attributed. `next build --analyze` records, per browser chunk, the bytes
//   each source module holds (Turbopack's own source-map attribution; scope hoisting merges pagewise into chunks shared
//   with the app). Minified bytes are exact; min+gzip apportions each shipped chunk's gzip to its modules in proportion
//   to their separately compressed sizes.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

/**
 * min+gzip budgets in bytes for what each app's browser pays for pagewise, JS and CSS apart. The JS budgets are the
 * issue's earlier figures (Next.js 5.6 kB, React Router 9.2 kB, a Vite table app 8.85 kB); `control` is the part of
 * each figure that the Pagination control (src/pagination and the shared hooks it is built on) holds.
 */
export const appBudgets = {
  'next-app': { js: 5600, css: 2200 },
  'react-router-app': { js: 9200, css: 2200 },
  'shares-app': { js: 8850, css: 2200 },
};

const gzip = (text) => gzipSync(text, { level: 9 }).length;
const PAGEWISE = /node_modules[\\/]pagewise[\\/]dist[\\/]/;
/** The dist modules the control is made of: its own folder and the shared hooks only it uses. */
const CONTROL = /^(pagination\/|shared\/(usePageState|useUncontrolled|useLatest)\.js$)/;
const distPath = (source) => source.replace(/^.*node_modules[\\/]pagewise[\\/]dist[\\/]/, '').replaceAll('\\', '/');

/**
 * The app's Vite config plus a chunk group for pagewise and a hidden source map, written next to the app's own config
 * (so its imports resolve from the app's node_modules). Pass it to `vite build --config` / `react-router build -c`.
 */
export function measuredViteConfig(appDir) {
  const config = ['vite.config.ts', 'vite.config.mts', 'vite.config.js'].find((file) => existsSync(join(appDir, file)));
  const path = join(appDir, '.vite.measured.config.mjs');
  const group = '{ name: "pagewise", test: /node_modules[\\\\/]pagewise[\\\\/]/, includeDependenciesRecursively: false, tags: ["$initial"] }';
  writeFileSync(
    path,
    [
      '// Written by scripts/appBytes.mjs: the app’s config, with pagewise in a chunk of its own so its bytes are a file.',
      `import { mergeConfig } from 'vite';`,
      `import app from './${config}';`,
      `export default mergeConfig(app, {`,
      // Only pagewise's own modules: its peers (React, TanStack) stay where the app's build puts them.
      `  build: { sourcemap: 'hidden', rolldownOptions: { output: { codeSplitting: { groups: [${group}] } } } },`,
      `  plugins: [`,
      // A group that leaves out dependencies may add exports to an entry; React Router keeps its route entries'
      // exports as they are ('exports-only'), and no route reads an added one.
      `    {`,
      `      name: 'pagewise-bytes',`,
      `      enforce: 'post',`,
      `      configEnvironment: () => ({ build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } }),`,
      `    },`,
      `  ],`,
      `});`,
      '',
    ].join('\n'),
  );
  return path;
}

/** Bytes of each source in a minified file, read from its source map (a mapped segment runs to the next one). */
function bytesBySource(code, map) {
  const lines = code.split('\n');
  const trace = new TraceMap(map);
  const segments = [];
  eachMapping(trace, (m) => segments.push(m));
  const bySource = new Map();
  for (let i = 0; i < segments.length; i++) {
    const { generatedLine, generatedColumn, source } = segments[i];
    const next = segments[i + 1];
    const end =
      next && next.generatedLine === generatedLine ? next.generatedColumn : lines[generatedLine - 1].length + 1;
    const key = source ?? '(unmapped)';
    bySource.set(key, (bySource.get(key) ?? 0) + end - generatedColumn);
  }
  return bySource;
}

/** A Vite app built with {@link measuredViteConfig}: `outDir` is where its browser assets went. */
export function measureViteApp(outDir) {
  const assets = join(outDir, 'assets');
  const files = readdirSync(assets);
  const js = files.find((f) => /^pagewise-.*\.js$/.test(f));
  if (!js) throw new Error(`no pagewise chunk in ${assets}`);
  const code = readFileSync(join(assets, js), 'utf8');
  const map = JSON.parse(readFileSync(join(assets, `${js}.map`), 'utf8'));
  const modules = [];
  for (const [source, bytes] of bytesBySource(code, map)) {
    modules.push({ module: PAGEWISE.test(source) ? distPath(source) : source, min: bytes });
  }
  // The stylesheet: the CSS file that holds pagewise's own rules (its root class), wherever the app's build put it.
  const css = files
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .find((text) => text.includes('.pw-pagination'));
  return summarize({ jsMin: code.length, jsGzip: gzip(code), css, modules, method: 'exact' });
}

/** The Next.js app after `next build --analyze`, its route `/` (the page that lists). */
export function measureNextApp(appDir, route = '/') {
  const out = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'analyze', 'export', '--route', route], {
    cwd: appDir,
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  if (out.status !== 0) throw new Error(`next analyze export failed:\n${out.stderr}`);
  const parts = out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((r) => r.type === 'part' && r.route === route && r.filename.startsWith('[client-fs]/_next/static/'));
  // The analysis names chunks by its own compile; the shipped chunk is the one of (nearly) the same length.
  const shipped = readdirSync(join(appDir, '.next/static/chunks'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(appDir, '.next/static/chunks', f), 'utf8'));
  const chunks = Map.groupBy(parts, (p) => p.filename);
  const modules = [];
  let jsMin = 0;
  let jsGzip = 0;
  let cssMin = 0;
  for (const [filename, chunkParts] of chunks) {
    const mine = chunkParts.filter((p) => PAGEWISE.test(p.source_path));
    if (mine.length === 0) continue;
    if (filename.endsWith('.css')) {
      cssMin += mine.reduce((sum, p) => sum + p.size, 0);
      continue;
    }
    const size = chunkParts.reduce((sum, p) => sum + p.size, 0);
    const text = shipped.reduce((best, t) =>
      Math.abs(t.length - size) < Math.abs(best.length - size) ? t : best,
    );
    if (Math.abs(text.length - size) > size * 0.01) throw new Error(`no shipped chunk matches ${filename} (${size} B)`);
    const share = mine.reduce((s, p) => s + p.compressed_size, 0) / chunkParts.reduce((s, p) => s + p.compressed_size, 0);
    jsGzip += Math.round(gzip(text) * share);
    for (const p of mine) {
      modules.push({ module: distPath(p.source_path), min: p.size });
      jsMin += p.size;
    }
  }
  // Next's CSS is merged with the app's own: pagewise's share is its stylesheet as the app's build minified it, which
  // the analysis sizes; gzip is the shipped stylesheet's own.
  const css = readFileSync(join(appDir, 'node_modules/pagewise/dist/styles.css'), 'utf8');
  return summarize({ jsMin, jsGzip, css, cssMin, modules, method: 'attributed (next build --analyze)' });
}

function summarize({ jsMin, jsGzip, css, cssMin, modules, method }) {
  const merged = new Map();
  for (const { module, min } of modules) merged.set(module, (merged.get(module) ?? 0) + min);
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  const list = [...merged]
    .map(([module, min]) => ({ module, min, share: min / total }))
    .sort((a, b) => b.min - a.min);
  const controlShare = list.filter((m) => CONTROL.test(m.module)).reduce((s, m) => s + m.share, 0);
  return {
    method,
    jsMin,
    jsGzip,
    controlGzip: Math.round(jsGzip * controlShare),
    cssMin: cssMin ?? (css ? Buffer.byteLength(css) : 0),
    cssGzip: css ? gzip(css) : 0,
    modules: list,
  };
}

/** One app's figures against its budget, as lines to print. */
export function formatAppBytes(app, m) {
  const budget = appBudgets[app];
  const ok = m.jsGzip <= budget.js && m.cssGzip <= budget.css;
  const lines = [
    `${ok ? '✔' : '✖'} ${app}: pagewise adds ${m.jsGzip} B JS min+gzip (budget ${budget.js}; the control ${m.controlGzip}, the rest ${m.jsGzip - m.controlGzip}) and ${m.cssGzip} B CSS (budget ${budget.css}); ${m.method}`,
    ...m.modules.map((x) => `    ${x.module.padEnd(44)} ${String(x.min).padStart(6)} B min  ${(x.share * 100).toFixed(1).padStart(5)} %`),
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
