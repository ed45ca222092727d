// Token requests for a fleet: 4 Node processes of the built package × 50 concurrent calls, with a shared Redis token
// store (test/server/fixtures/tokenFleetProcess.mjs, 2 with node-redis, 2 with ioredis) and without one. Needs
// redis-server and `npm run build` (run.mjs builds when dist/ is missing).
import { spawn, fork } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { findRedisServer, missingRedisMessage } from '../scripts/redisServer.mjs';
import { rootDir } from './util.mjs';

const PROCESSES = 4;
const CALLS = 50;
const script = join(rootDir, 'test', 'server', 'fixtures', 'tokenFleetProcess.mjs');
const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

async function startRedis(binary) {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('redis-server did not start');
}

async function fleetRun({ kinds, env }) {
  const children = [];
  let id = 0;
  const ask = (child, message) =>
    new Promise((resolve) => {
      const mine = ++id;
      const on = (reply) => reply.id === mine && (child.off('message', on), resolve(reply));
      child.on('message', on);
      child.send({ ...message, id: mine });
    });
  for (let i = 0; i < PROCESSES; i++) {
    const child = fork(script, {
      env: { ...process.env, ...env, KIND: kinds[i % kinds.length] },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise((resolve) => child.once('message', resolve));
    children.push(child);
  }
  for (
    let i = 0;
    i < 200 && !(await Promise.all(children.map((c) => ask(c, { cmd: 'ready' })))).every((r) => r.ready);
    i++
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const started = performance.now();
  const reports = await Promise.all(children.map((c) => ask(c, { cmd: 'calls', n: CALLS })));
  const ms = performance.now() - started;
  await Promise.all(children.map((c) => ask(c, { cmd: 'exit' })));
  return { ok: reports.reduce((sum, r) => sum + r.ok, 0), ms };
}

export async function runFleet() {
  const binary = findRedisServer();
  if (!binary) return { error: missingRedisMessage };
  let tokenRequests = 0;
  let outage = false;
  const idp = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url.endsWith('/oauth/token')) {
        tokenRequests += 1;
        if (outage)
          return res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"temporarily_unavailable"}');
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ access_token: `bench-at-${tokenRequests}`, token_type: 'Bearer', expires_in: 3600 }));
      } else {
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ content: [{ id: 's1' }], totalElements: 1 }));
      }
    });
  });
  const port = await listen(idp);
  const redis = await startRedis(binary);
  const env = {
    REDIS_URL: redis.url,
    ORIGIN: `http://127.0.0.1:${port}`,
    CLIENT_ID: 'bench-client',
    CLIENT_SECRET: 'bench-secret',
    ORG: '3f9c2a1e-8b7d-4c6e-9a5f-1d2e3f4a5b6c',
    START_TIME: '1000000',
  };
  try {
    const rows = [];
    // Then the identity provider down (503): with a store, the processes that wait for the lock holder must answer
    // as fast as without one, not after the lock's lifetime.
    for (const [label, kinds, down] of [
      ['without a token store (each process its own cache)', ['none'], false],
      ['with redisTokenStore (2 × node-redis, 2 × ioredis)', ['node-redis', 'ioredis'], false],
      ['identity provider answering 503, without a token store', ['none'], true],
      ['identity provider answering 503, with redisTokenStore', ['node-redis', 'ioredis'], true],
    ]) {
      tokenRequests = 0;
      outage = down;
      const { ok, ms } = await fleetRun({ kinds, env: { ...env, REDIS_PREFIX: `bench${rows.length}:` } });
      rows.push({ label, calls: PROCESSES * CALLS, ok, tokenRequests, ms });
    }
    return { processes: PROCESSES, callsPerProcess: CALLS, rows };
  } finally {
    redis.stop();
    idp.close();
  }
}
