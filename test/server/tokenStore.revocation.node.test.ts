import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { startRedis, type StartedRedis } from '../helpers/startRedis';

// A fleet of 4 processes sharing one token through a real redis-server, against the mock service (which revokes at
// `/oauth/revoke` and answers a revoked token 401): a process that stops leaves the fleet's token alone; an operator's
// revoke() in one process takes it out of the store and revokes it, and the others move to one new token.

const acme = demoOrganizationIds.acme;
const mock = createMockService({ organizations: { [acme]: { name: 'Acme', shares: 30 } } });
const file = fileURLToPath(new URL('./fixtures/revocationFleetProcess.ts', import.meta.url));
let redis: StartedRedis;
let server: MockHttpServer;
const children: ChildProcess[] = [];
let next = 0;

const ask = <T>(child: ChildProcess, message: Record<string, unknown>) =>
  new Promise<T>((resolve, reject) => {
    const id = ++next;
    const exited = (code: number | null) => reject(new Error(`a fleet process exited with ${code}`));
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
const calls = async (n: number, which = children) =>
  (await Promise.all(which.map((child) => ask<{ failures: string[] }>(child, { cmd: 'calls', n })))).flatMap(
    (reply) => reply.failures,
  );
const unauthorized = () => mock.requests.filter((r) => r.resource === 'shares' && r.status === 401).length;

beforeAll(async () => {
  redis = await startRedis();
  server = await createMockHttpServer(mock);
  const env = {
    ...process.env,
    REDIS_URL: redis.url,
    AUTH_URL: server.authUrl,
    BASE_URL: server.baseUrl,
    CLIENT_ID: mock.credentials.clientId,
    CLIENT_SECRET: mock.credentials.clientSecret!,
    ORG: acme,
  };
  for (let i = 0; i < 4; i++) {
    const child = fork(file, { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(child);
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`a fleet process exited with ${code} before it started`)));
    });
  }
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill();
  await server?.close();
  await redis?.stop();
});

describe('revocation in a fleet sharing its token through Redis (4 processes)', () => {
  it('shares one token; a process that closes leaves it valid for the others', async () => {
    expect(await calls(10)).toEqual([]);
    expect(mock.tokenRequests).toBe(1);
    await ask(children[3]!, { cmd: 'close' });
    expect(mock.revocations).toBe(0);
    expect(await calls(10, children.slice(0, 3))).toEqual([]);
    expect(mock.tokenRequests).toBe(1);
    // Started again (closed, not stopped, here), it takes the fleet's token from the store.
    expect(await calls(1, [children[3]!])).toEqual([]);
    expect(mock.tokenRequests).toBe(1);
    expect(unauthorized()).toBe(0);
  });

  it('revokes the fleet’s token on an operator’s revoke(): one 401 for each process that held it, one new token, no failed call', async () => {
    await ask(children[0]!, { cmd: 'revoke' });
    expect(mock.revocations).toBe(1);
    // One call per process first: each of the three that still hold the revoked token in memory (all but the revoker,
    // which forgot it) meets it once, then takes the one new token.
    for (const child of children) expect(await calls(1, [child])).toEqual([]);
    expect(unauthorized()).toBe(3);
    expect(await calls(10)).toEqual([]);
    expect(unauthorized()).toBe(3);
    expect(mock.tokenRequests).toBe(2);
  });
});
