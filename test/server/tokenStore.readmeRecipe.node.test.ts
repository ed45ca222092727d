import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { springPage } from '../client/fixtures';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { startRedis, type StartedRedis } from '../helpers/startRedis';

// The documented Redis snippets (the client reference page), as written (node-redis, and ioredis with its commented lines taken instead), each run in
// two processes sharing a real redis-server that is killed and restarted under them.

const root = fileURLToPath(new URL('../../', import.meta.url));
const ORG = '3f9c2a1e-8b7d-4c6e-9a5f-1d2e3f4a5b6c';

/** The ts block of the client reference's "Running on many instances" that sets up `redisTokenStore`. */
function readmeSnippet(): string {
  const readme = readFileSync(join(root, 'stories/docs/reference/Client.mdx'), 'utf8');
  const section = readme.slice(readme.indexOf('## Running on many instances'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
  expect(block).toContain('redisTokenStore(redis)');
  return block.replace("from 'pagewise/server'", `from '${join(root, 'src/server/index.ts')}'`);
}

/** The snippet for one client: node-redis as written, or ioredis by its commented-out lines instead. */
function variant(snippet: string, kind: 'node-redis' | 'ioredis'): string {
  if (kind === 'node-redis') return snippet;
  const lines = snippet.split('\n');
  const ioredis = lines.filter((line) => /^\/\/ (import \{ Redis \}|const redis = new Redis)/.test(line));
  expect(ioredis).toHaveLength(2);
  return lines
    .filter((line) => !/createClient/.test(line))
    .map((line) => (ioredis.includes(line) ? line.slice(3) : line))
    .join('\n');
}

let redis: StartedRedis;
let server: LocalServer;
let dir: string;
const children: ChildProcess[] = [];
const exits: string[] = [];
let errorOutput = '';
const issued: string[] = [];
const revoked = new Set<string>();
const tokenRequests = () => server.requestsTo('/oauth/token').length;
let next = 0;
const ask = <T>(child: ChildProcess, message: Record<string, unknown>) =>
  new Promise<T>((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(exits.join('\n')));
    const id = ++next;
    // A process that dies answers with how it died, at once.
    const exited = () => setTimeout(() => reject(new Error(exits.join('\n'))), 10);
    const listener = (reply: { id?: number }) => {
      if (reply.id !== id) return;
      child.off('message', listener);
      child.off('exit', exited);
      resolve(reply as T);
    };
    child.on('message', listener);
    child.once('exit', exited);
    child.send({ ...message, id });
  });
const calls = (n: number) =>
  Promise.all(children.map((child) => ask<{ ok: number; failures: string[] }>(child, { cmd: 'calls', n })));
const ready = async () =>
  (await Promise.all(children.map((child) => ask<{ ready: boolean }>(child, { cmd: 'ready' })))).every((r) => r.ready);

beforeAll(async () => {
  redis = await startRedis();
  server = await startLocalServer((request) => {
    if (request.path === '/oauth/token') {
      const token = `readme-at-${issued.length + 1}-2c7d9e1f`;
      issued.push(token);
      return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    return issued.includes(token) && !revoked.has(token)
      ? { body: springPage([{ id: 's1' }], 1) }
      : { status: 401, body: { error: 'invalid_token' } };
  });
  // Inside the repository, so the snippet's `redis` and `ioredis` imports resolve from its node_modules.
  mkdirSync(join(root, '.artifacts'), { recursive: true });
  dir = mkdtempSync(join(root, '.artifacts', 'readme-redis-'));
  const harness = readFileSync(join(root, 'test/server/fixtures/readmeRecipeProcess.ts'), 'utf8').replace(
    "from '../../../src/client/index'",
    `from '${join(root, 'src/client/index.ts')}'`,
  );
  const env = {
    ...process.env,
    REDIS_URL: redis.url,
    AUTH_URL: server.origin,
    ORIGIN: server.origin,
    CLIENT_ID: 'readme-client',
    CLIENT_SECRET: 'readme-secret-4b8e1a',
    ORG,
  };
  for (const [i, kind] of (['node-redis', 'ioredis', 'node-redis', 'ioredis'] as const).entries()) {
    const file = join(dir, `process${i}.mts`);
    writeFileSync(file, `${variant(readmeSnippet(), kind)}\n${harness}`);
    const child = fork(file, {
      env,
      execArgv: ['--import', 'tsx'],
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), (errorOutput += chunk.toString())));
    child.on('exit', (code, signal) =>
      exits.push(`${kind} process ${i} exited (${code ?? signal}): ${stderr.slice(0, 500)}`),
    );
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) =>
        setTimeout(() => reject(new Error(`${kind} process exited with ${code} before it started: ${stderr}`)), 50),
      );
    });
    children.push(child);
  }
  await vi.waitFor(async () => expect(await ready()).toBe(true), { timeout: 10_000, interval: 20 });
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill();
  await server?.close();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('The documented Redis recipe (node-redis and ioredis, as written) while redis-server is killed and restarted', () => {
  it('shares one token between the 4 processes', async () => {
    const reports = await calls(10);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    expect(tokenRequests()).toBe(1);
  });

  it('keeps every process up and every call answered while Redis is down, and shares again once it is back', async () => {
    await redis.stop();
    // Every process needs a new token while the store is gone.
    for (const token of issued) revoked.add(token);
    for (let round = 0; round < 5; round++) {
      const reports = await calls(10);
      expect(reports.flatMap((r) => r.failures)).toEqual([]);
    }
    expect(exits).toEqual([]);

    await redis.start();
    await vi.waitFor(async () => expect(await ready()).toBe(true), { timeout: 15_000, interval: 100 });
    // Each process left the store alone after its last failure for at most 10 s (its store back-off); waited out once,
    // not polled: a revocation on every poll would pile up 401 holds and hide what is being checked.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    for (const token of issued) revoked.add(token);
    const before = tokenRequests();
    const reports = await calls(5);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    // One renewal serves the whole fleet again.
    expect(tokenRequests() - before).toBe(1);
    expect(exits).toEqual([]);
    // ioredis writes every reconnection error to stderr unless someone listens.
    expect(errorOutput).not.toContain('Unhandled error event');
  }, 90_000);
});
