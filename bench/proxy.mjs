// Proxy overhead, over real HTTP on 127.0.0.1 only (autocannon), on two upstreams (a static page from memory, and
// pagewise's mock service): the upstream direct, two minimal streaming pass-throughs (fetch, node:http), pagewise's createProxyListener and
// its createProxyHandler (through @hono/node-server), each in a child process of its own, at 10 and 100 connections,
// interleaved rounds, the load average printed; token requests during the run; the listener's RSS before and after
// 100k requests. Bounded: every run has a fixed duration or request count.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import os from 'node:os';
import { build } from 'esbuild';
import autocannon from 'autocannon';
import { benchDir, median, rootDir, tmpDir } from './util.mjs';

const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const PATH = `/api/${ORG}/shares?page=0&size=20`;
const pathFor = (organizationId) => `/api/${organizationId}/shares?page=0&size=20`;
export const ROUND_SECONDS = 2;
// More rounds steady the medians on a loaded machine: `BENCH_PROXY_ROUNDS=7 node bench/proxy.mjs`.
export const ROUNDS = Number(process.env.BENCH_PROXY_ROUNDS) || 3;
export const RSS_REQUESTS = 100_000;

async function bundlePagewise() {
  const outfile = join(tmpDir, 'proxy', 'pagewise-server.mjs');
  mkdirSync(join(tmpDir, 'proxy'), { recursive: true });
  await build({
    stdin: {
      contents: [
        `export { createProxyHandler, createProxyListener, clientCredentials } from './src/server/index.ts';`,
        `export { createMockService, demoOrganizationIds } from './src/testing/index.ts';`,
        `export { createMockHttpServer } from './src/testing/node.ts';`,
        `export { getRequestListener } from '@hono/node-server';`,
        `export { rewritePagingBody } from './src/server/rewritePagingBody.ts';`,
        `export { VerbatimJson } from './src/server/upstreamBody.ts';`,
      ].join('\n'),
      resolveDir: rootDir,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return outfile;
}

async function start(script, args) {
  const child = fork(join(benchDir, script), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [message] = await once(child, 'message');
  const ask = async (what, key) => {
    child.send(what);
    for (;;) {
      const [reply] = await once(child, 'message');
      if (key in reply) return reply[key];
    }
  };
  return { child, origin: `http://127.0.0.1:${message.port}`, info: message, ask, stop: () => child.kill() };
}

function cannon(url, connections, options) {
  return autocannon({ url, connections, pipelining: 1, ...options });
}

/** Requests per second, p50 and p99 latency (ms) and failures of one autocannon run. */
function figures(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** CPU µs per call of `fn`, over `n` calls (CPU time, not wall time: other processes' load counts less). */
async function cpuPerCall(fn, n) {
  for (let i = 0; i < 1000; i += 1) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await fn();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / n;
}

/**
 * What stands between pagewise and the pass-through, piece by piece, in this process with an in-memory upstream
 * (no sockets): the same page through Fetch objects alone (the floor any Fetch-based handler pays), through the whole
 * handler, and the handler's own steps on their own.
 */
async function profileHandler(bundle, origin) {
  const { createProxyHandler, rewritePagingBody, VerbatimJson } = await import(bundle);
  const text = await (await fetch(origin + PATH)).text();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'x-total-count': '1000',
  };
  const upstream = async () => new Response(text, { headers });
  const url = `http://127.0.0.1${PATH}`;
  const token = 'at-bench-0123456789abcdef0123456789abcdef';
  const handler = createProxyHandler({
    baseUrl: 'http://127.0.0.1:9/api',
    auth: { id: 'bench', authorize: async () => `Bearer ${token}` },
    basePath: '/api',
    allowRequest: () => true,
    fetch: upstream,
  });
  // The same rows as a Django REST Framework cursor page, through a handler with cursor paging on: its `next` link
  // (and `previous`) rewritten to the proxy's path, the rest passed on as it came.
  const next = `http://127.0.0.1:9/api/${ORG}/shares?cursor=cD0yMDI1LTAxLTAx&size=20`;
  const cursorText = JSON.stringify({ next, previous: null, results: JSON.parse(text).content });
  const cursorHeaders = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(cursorText)) };
  const cursorHandler = createProxyHandler({
    baseUrl: 'http://127.0.0.1:9/api',
    auth: { id: 'bench', authorize: async () => `Bearer ${token}` },
    basePath: '/api',
    allowRequest: () => true,
    allow: { shares: { cursor: true } },
    fetch: async () => new Response(cursorText, { headers: cursorHeaders }),
  });
  const links = {
    upstreamUrl: next,
    path: `/api/${ORG}/shares`,
    size: 20,
    maxSize: 1000,
    allow: { shares: { cursor: true } },
    resource: 'shares',
  };
  const n = 20_000;
  const steps = [
    [
      'Fetch objects alone: new Request, upstream Response, its text, new Response',
      async () => {
        const request = new Request(url);
        const response = await upstream(request.url);
        return new Response(await response.text(), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    ],
    [
      'whole createProxyHandler call (route, checks, token, timeout signals, JSON check, answer)',
      () => handler(new Request(url)),
    ],
    ['of which: the JSON check of the page (JSON.parse, result dropped)', () => JSON.parse(text)],
    [
      'whole call with cursor paging on, the same rows as a DRF cursor page (next link rewritten)',
      () => cursorHandler(new Request(`http://127.0.0.1/api/${ORG}/shares?cursor=cD0yMDI1&size=20`)),
    ],
    [
      'of which: rewriting its next-page links to the proxy path',
      () => rewritePagingBody(new VerbatimJson(cursorText), links),
    ],
    [
      'of which: the secret scan of the page (3 × includes)',
      () => [token, `Bearer ${token}`, '\\'].some((secret) => text.includes(secret)),
    ],
    [
      'of which: one AbortController + timeout (per call)',
      () => {
        const controller = new AbortController();
        clearTimeout(setTimeout(() => controller.abort(), 30_000));
      },
    ],
  ];
  const rows = [];
  for (const [name, fn] of steps) rows.push({ name, cpuUs: await cpuPerCall(fn, n) });
  return { rows, bytes: Buffer.byteLength(text), calls: n };
}

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** One upstream and the three servers in front of it, measured interleaved at 10 and 100 connections. */
async function measureUpstream(kind, bundle, log) {
  const upstream = await start('proxy-upstream.mjs', kind === 'mock' ? ['mock', bundle] : ['static']);
  const info = JSON.stringify(upstream.info);
  const servers = {
    'minimal pass-through (fetch)': await start('proxy-server.mjs', ['passthrough', info]),
    'minimal pass-through (node:http)': await start('proxy-server.mjs', ['passthrough-http', info]),
    'pagewise createProxyListener': await start('proxy-server.mjs', ['listener', info, bundle]),
    'pagewise createProxyHandler': await start('proxy-server.mjs', ['handler', info, bundle]),
  };
  const path = pathFor(upstream.info.organizationId);
  const targets = {
    'upstream direct': `http://127.0.0.1:${upstream.info.port}${upstream.info.baseUrl.replace(/^https?:\/\/[^/]+/, '')}${path.slice(4)}`,
    ...Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.origin + path])),
  };
  try {
    // Warm every path (JIT, keep-alive pools, pagewise's token) before measuring.
    const direct = { authorization: `Bearer ${upstream.info.token}` };
    for (const url of Object.values(targets)) await cannon(url, 10, { duration: 1, headers: direct });
    const runs = {};
    for (const connections of [10, 100]) {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Interleaved, so the machine's load drifts over every target alike.
        for (const [name, url] of Object.entries(targets)) {
          if (name === 'upstream direct' && round > 0) continue;
          const server = servers[name];
          const cpuBefore = await server?.ask('cpu', 'cpu');
          // The upstream direct is called with a valid token, as the servers in front of it call it.
          const headers = server ? {} : { authorization: `Bearer ${upstream.info.token}` };
          const result = figures(await cannon(url, connections, { duration: ROUND_SECONDS, headers }));
          if (server) result.cpuPerRequest = ((await server.ask('cpu', 'cpu')) - cpuBefore) / result.requests;
          result.load = os.loadavg()[0];
          (runs[`${name}@${connections}`] ??= []).push(result);
          log(
            `  ${kind}: ${name}, ${connections} connections: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (load ${loadNow()})`,
          );
        }
      }
    }
    let rss;
    if (kind === 'static') {
      const listener = servers['pagewise createProxyListener'];
      const before = await listener.ask('rss', 'rss');
      const long = figures(await cannon(targets['pagewise createProxyListener'], 100, { amount: RSS_REQUESTS }));
      rss = { before, after: await listener.ask('rss', 'rss'), requests: long.requests, failures: long.failures };
    }
    const tokens = await upstream.ask('tokens', 'tokens');
    const rows = Object.entries(runs).map(([key, results]) => {
      const [name, connections] = key.split('@');
      return {
        upstream: kind,
        name,
        connections: Number(connections),
        rps: median(results.map((r) => r.rps)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        cpuPerRequest: results[0].cpuPerRequest === undefined ? undefined : median(results.map((r) => r.cpuPerRequest)),
        failures: results.reduce((sum, r) => sum + r.failures, 0),
        requests: results.reduce((sum, r) => sum + r.requests, 0),
        load: median(results.map((r) => r.load)),
      };
    });
    const rps = (name, connections) => rows.find((r) => r.name === name && r.connections === connections).rps;
    const ratios = [10, 100].flatMap((connections) =>
      ['pagewise createProxyListener', 'pagewise createProxyHandler'].flatMap((name) =>
        ['minimal pass-through (fetch)', 'minimal pass-through (node:http)'].map((baseline) => ({
          upstream: kind,
          name,
          baseline,
          connections,
          ratio: rps(name, connections) / rps(baseline, connections),
        })),
      ),
    );
    const proxied = rows.filter((r) => r.name.startsWith('pagewise')).reduce((sum, r) => sum + r.requests, 0);
    return { rows, ratios, tokens, proxied: proxied + (rss?.requests ?? 0), rss, pageBytes: upstream.info.bytes };
  } finally {
    for (const server of [...Object.values(servers), upstream]) server.stop();
  }
}

export async function runProxy({ log }) {
  const loadBefore = os.loadavg();
  const bundle = await bundlePagewise();
  const measured = [];
  for (const kind of ['static', 'mock']) measured.push(await measureUpstream(kind, bundle, log));
  const statics = await start('proxy-upstream.mjs', ['static']);
  let profile;
  try {
    profile = await profileHandler(bundle, `${statics.info.baseUrl.replace(/\/api$/, '')}`);
  } finally {
    statics.stop();
  }
  for (const row of profile.rows) log(`  profile: ${row.name}: ${row.cpuUs.toFixed(1)} µs CPU`);
  const ratios = measured.flatMap((m) => m.ratios);
  for (const r of ratios)
    log(`  ${r.name} ÷ ${r.baseline}, ${r.upstream} upstream, ${r.connections} connections: ${r.ratio.toFixed(2)}×`);
  return {
    rows: measured.flatMap((m) => m.rows),
    ratios,
    tokens: measured.map((m) => ({ upstream: m.rows[0].upstream, tokens: m.tokens, proxied: m.proxied })),
    rss: measured[0].rss,
    pageBytes: Object.fromEntries(measured.map((m) => [m.rows[0].upstream, m.pageBytes])),
    roundSeconds: ROUND_SECONDS,
    rounds: ROUNDS,
    profile,
    load: { before: loadBefore, after: os.loadavg() },
  };
}

// `node bench/proxy.mjs` runs this section alone and puts it into BENCHMARKS.md in place (before the peer libraries).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { proxySection } = await import('./report.mjs');
  const result = await runProxy({ log: console.log });
  const file = join(rootDir, 'BENCHMARKS.md');
  const text = readFileSync(file, 'utf8').replace(/## Proxy overhead[\s\S]*?(?=\n## )/, '');
  const section = proxySection(result);
  writeFileSync(file, text.replace('## Peer libraries', `${section}\n\n## Peer libraries`));
  console.log(`\n${section}`);
  process.exit(0);
}
