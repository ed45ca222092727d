// Proxy overhead, over real HTTP on 127.0.0.1 only (autocannon): the in-memory service direct, a minimal streaming
// pass-through and pagewise's createProxyHandler (mounted through @hono/node-server as the README shows), each in a
// child process of its own, at 10 and 100 connections, interleaved rounds; token requests during the run; the
// proxy's RSS before and after 100k requests. Bounded: every run has a fixed duration or request count.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { build } from 'esbuild';
import autocannon from 'autocannon';
import { benchDir, median, rootDir, tmpDir } from './util.mjs';

const ORG = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const PATH = `/api/${ORG}/shares?page=0&size=20`;
export const ROUND_SECONDS = 2;
export const ROUNDS = 2;
export const RSS_REQUESTS = 100_000;

async function bundlePagewise() {
  const outfile = join(tmpDir, 'proxy', 'pagewise-server.mjs');
  mkdirSync(join(tmpDir, 'proxy'), { recursive: true });
  await build({
    stdin: {
      contents: `export { createProxyHandler, clientCredentials } from './src/server/index.ts'; export { getRequestListener } from '@hono/node-server';`,
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

export async function runProxy({ log }) {
  const bundle = await bundlePagewise();
  const upstream = await start('proxy-upstream.mjs', []);
  const passthrough = await start('proxy-server.mjs', ['passthrough', upstream.origin]);
  const pagewise = await start('proxy-server.mjs', ['pagewise', upstream.origin, bundle]);
  const targets = { 'upstream direct': upstream.origin, 'minimal pass-through': passthrough.origin, pagewise: pagewise.origin };
  try {
    // Warm every path (JIT, keep-alive pools, pagewise's token) before measuring.
    for (const origin of Object.values(targets)) await cannon(origin + PATH, 10, { duration: 1 });
    const runs = {};
    for (const connections of [10, 100]) {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Interleaved, so the machine's load drifts over every target alike.
        for (const [name, origin] of Object.entries(targets)) {
          if (name === 'upstream direct' && round > 0) continue;
          const server = name === 'pagewise' ? pagewise : name === 'minimal pass-through' ? passthrough : undefined;
          const cpuBefore = await server?.ask('cpu', 'cpu');
          const result = figures(await cannon(origin + PATH, connections, { duration: ROUND_SECONDS }));
          if (server) result.cpuPerRequest = ((await server.ask('cpu', 'cpu')) - cpuBefore) / result.requests;
          (runs[`${name}@${connections}`] ??= []).push(result);
          log(`  ${name}, ${connections} connections: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
        }
      }
    }
    const rssBefore = await pagewise.ask('rss', 'rss');
    const long = figures(await cannon(pagewise.origin + PATH, 100, { amount: RSS_REQUESTS }));
    const rssAfter = await pagewise.ask('rss', 'rss');
    // The whole session's, warm-up included: clientCredentials caches its token for every request after the first.
    const tokens = await upstream.ask('tokens', 'tokens');
    const rows = Object.entries(runs).map(([key, results]) => {
      const [name, connections] = key.split('@');
      return {
        name,
        connections: Number(connections),
        rps: median(results.map((r) => r.rps)),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        cpuPerRequest: results[0].cpuPerRequest === undefined ? undefined : median(results.map((r) => r.cpuPerRequest)),
        failures: results.reduce((sum, r) => sum + r.failures, 0),
        requests: results.reduce((sum, r) => sum + r.requests, 0),
      };
    });
    const ratio = (connections) =>
      rows.find((r) => r.name === 'pagewise' && r.connections === connections).rps /
      rows.find((r) => r.name === 'minimal pass-through' && r.connections === connections).rps;
    return {
      rows,
      ratio10: ratio(10),
      ratio100: ratio(100),
      tokens,
      proxiedRequests: rows.filter((r) => r.name === 'pagewise').reduce((sum, r) => sum + r.requests, 0) + long.requests,
      rss: { before: rssBefore, after: rssAfter, requests: long.requests, failures: long.failures },
      pageBytes: upstream.info.bytes,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
    };
  } finally {
    for (const server of [pagewise, passthrough, upstream]) server.stop();
  }
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
