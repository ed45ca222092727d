// `npm run bench`: size, render cost and data-layer figures for pagewise and the libraries users would
// pick instead, written to BENCHMARKS.md and printed. Not part of `npm test`; never gates on time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchDir, rootDir, tmpDir } from './util.mjs';

const started = Date.now();
const log = (line) => console.log(line);

// esbuild, playwright-core, jsdom, msw and React come from the repository's own install.
if (!existsSync(join(rootDir, 'node_modules', 'esbuild'))) {
  console.error(
    'bench: run `npm ci` at the repository root first (bench uses its esbuild, playwright-core, jsdom, msw and React).',
  );
  process.exit(1);
}
// `--only hostile`: the hostile-input section alone (it needs neither the peers nor a build), put into BENCHMARKS.md.
if (process.argv.includes('--only') && process.argv[process.argv.indexOf('--only') + 1] === 'hostile') {
  const { runHostile, writeHostileSection } = await import('./hostile.mjs');
  log('bench: hostile input, 64 KB ÷ 4 KB per parser');
  writeHostileSection(await runHostile({ log }));
  process.exit(0);
}
// The peer libraries live in bench/'s own package.json, so a fresh clone installs them here first.
if (!existsSync(join(benchDir, 'node_modules'))) {
  log('bench: installing the peer libraries (npm ci in bench/)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
rmSync(tmpDir, { recursive: true, force: true });
// The fleet and client-authentication sections run the built package: built first on a fresh clone, and again
// whenever a source is newer than the build, so the figures are the sources'.
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce((latest, entry) => Math.max(latest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs), 0);
const built = join(rootDir, 'dist', 'server.js');
if (!existsSync(built) || statSync(built).mtimeMs < newest(join(rootDir, 'src'))) {
  log('bench: building the package (npm run build)');
  const r = spawnSync('node', ['scripts/build.mjs'], { cwd: rootDir, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Imported after the install: they resolve the peers from bench/node_modules.
const { runSize } = await import('./size.mjs');
const { runRender } = await import('./render.mjs');
const { runData } = await import('./data.mjs');
const { runTable } = await import('./table.mjs');
const { runBigPage } = await import('./bigpage.mjs');
const { runProxy } = await import('./proxy.mjs');
const { runLists } = await import('./lists.mjs');
const { runAcrossPages } = await import('./acrossPages.mjs');
const { runFleet } = await import('./fleet.mjs');
const { runClientAuthentication } = await import('./clientAuthentication.mjs');
const { runHostile } = await import('./hostile.mjs');
const { formatReport } = await import('./report.mjs');
const { readAppBytes } = await import('../scripts/appBytes.mjs');

const loadBefore = os.loadavg();
log('bench: size');
const size = await runSize();
// What the example apps pay: recorded by the example-apps step of `npm test`, which builds them (the bench does not).
const appBytes = readAppBytes(rootDir);
log('bench: render cost in headless Chromium');
const render = await runRender({ log });
log('bench: data layer');
const data = await runData({ log });
log('bench: server-paged table, click → rows painted in headless Chromium');
const table = await runTable({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
log(
  'bench: a 5,000-row page painted and scrolled to its end, pagewise + TanStack Virtual vs AG Grid, in headless Chromium',
);
const bigPage = await runBigPage({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
log('bench: sorting, search and load more in headless Chromium');
const lists = await runLists({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
log('bench: across pages, export of 100,000 rows over HTTP and a bulk delete');
const acrossPages = await runAcrossPages({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
log('bench: token requests for a fleet of processes, with and without a shared token store');
const fleet = await runFleet().catch((e) => ({ error: String(e.message).split('\n')[0] }));
log('bench: client authentication, signing cost per token request and call');
const clientAuthentication = await runClientAuthentication().catch((e) => ({
  error: String(e.message).split('\n')[0],
}));
log('bench: proxy overhead (autocannon, 127.0.0.1)');
const proxy = await runProxy({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));
log('bench: hostile input, 64 KB ÷ 4 KB per parser');
const hostile = await runHostile({ log }).catch((e) => ({ error: String(e.message).split('\n')[0] }));

const machine = {
  cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
  memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  chromium: render.chromiumVersion,
  load: `${loadBefore.map((l) => l.toFixed(2)).join(' / ')} before, ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} after (1/5/15 min)`,
  date: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 1000),
};

const peers = Object.keys(JSON.parse(readFileSync(join(benchDir, 'package.json'), 'utf8')).dependencies)
  .filter((name) => name !== 'react' && name !== 'react-dom')
  .map((name) => {
    const pkg = JSON.parse(readFileSync(join(benchDir, 'node_modules', name, 'package.json'), 'utf8'));
    return { name, version: pkg.version, react: pkg.peerDependencies?.react ?? '—' };
  });
const results = {
  size,
  appBytes,
  render,
  data,
  table,
  bigPage,
  lists,
  fleet,
  clientAuthentication,
  proxy,
  hostile,
  acrossPages,
  machine,
  peers,
};
const { markdown, summary } = formatReport(results);
writeFileSync(join(rootDir, 'BENCHMARKS.md'), markdown);
mkdirSync(tmpDir, { recursive: true });
writeFileSync(join(tmpDir, 'results.json'), JSON.stringify(results, null, 2));
console.log(`\n${summary}\n\nbench: wrote BENCHMARKS.md in ${machine.seconds} s`);
// jsdom timers and keep-alive sockets must not keep the process alive.
process.exit(0);
