import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { springPage } from '../client/fixtures';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { startRedis, type StartedRedis } from '../helpers/startRedis';
import { WAIT_TIMEOUT_MS } from '../helpers/waits.mjs';
import { startFleet, type CallsReport, type Fleet } from './fixtures/startFleet';

// Four Node processes of the BUILT package (two with node-redis, two with ioredis) share tokens through a real
// redis-server; a local identity provider and API on 127.0.0.1 count token requests. Each process's clock is virtual
// (the test advances it), so expiry needs no waiting.

const CLIENT_ID = 'fleet-client';
const CLIENT_SECRET = 'fleet-secret-9f8e7d6c5b4a';
const ORG = '3f9c2a1e-8b7d-4c6e-9a5f-1d2e3f4a5b6c';
let redis: StartedRedis;
let server: LocalServer;
let fleet: Fleet;
const issued: string[] = [];
const revoked = new Set<string>();
const tokenRequests = () => server.requestsTo('/oauth/token').length;
const allOk = (reports: CallsReport[], n: number) => {
  expect(reports.flatMap((r) => r.failures)).toEqual([]);
  expect(reports.every((r) => r.ok === n)).toBe(true);
};

beforeAll(async () => {
  redis = await startRedis();
  server = await startLocalServer((request) => {
    if (request.path === '/oauth/token') {
      const token = `fleet-at-${issued.length + 1}-7c9e6679f4b1`;
      issued.push(token);
      return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
    return issued.includes(token) && !revoked.has(token)
      ? { body: springPage([{ id: 's1' }], 1) }
      : { status: 401, body: { error: 'invalid_token' } };
  });
  fleet = await startFleet({
    size: 4,
    kinds: ['node-redis', 'ioredis'],
    env: { REDIS_URL: redis.url, ORIGIN: server.origin, CLIENT_ID, CLIENT_SECRET, ORG, START_TIME: '1000000' },
  });
  // As an app would: serve once the Redis clients are connected (ioredis connects in the background).
  await vi.waitFor(async () => expect(await fleet.ready()).toBe(true), { timeout: WAIT_TIMEOUT_MS, interval: 20 });
}, 30_000);
afterAll(async () => {
  await fleet?.close();
  await server?.close();
  await redis?.stop();
});

describe('a fleet of 4 processes sharing a Redis token store', () => {
  it('makes exactly 1 token request for 4 processes × 50 concurrent calls with an empty store', async () => {
    allOk(await fleet.calls(50), 50);
    expect(tokenRequests()).toBe(1);
  });

  it('renews exactly once across the fleet after a 401 in one process, and the others pick up the new token', async () => {
    revoked.add(issued.at(-1)!);
    allOk(await fleet.calls(10, [0]), 10);
    expect(tokenRequests()).toBe(2);
    allOk(await fleet.calls(10, [1, 2, 3]), 10);
    expect(tokenRequests()).toBe(2);
  });

  it('renews once for the fleet when the token expires', async () => {
    await fleet.advance(3_600_000);
    allOk(await fleet.calls(50), 50);
    expect(tokenRequests()).toBe(3);
  });

  it('keeps every call working while Redis is down (one token request per process at most), and shares again after its restart', async () => {
    await redis.stop();
    await fleet.advance(3_600_000); // every process needs a new token while the store is gone
    const down = await fleet.calls(20);
    allOk(down, 20);
    const duringOutage = tokenRequests() - 3;
    expect(duringOutage).toBeGreaterThanOrEqual(1);
    expect(duringOutage).toBeLessThanOrEqual(4);
    expect(down.every((r) => r.storeErrors > 0)).toBe(true);

    await redis.start();
    await vi.waitFor(async () => expect(await fleet.ready()).toBe(true), { timeout: WAIT_TIMEOUT_MS, interval: 50 });
    await fleet.advance(3_600_000); // past each process's store back-off, and the tokens expire again
    allOk(await fleet.calls(50), 50);
    expect(tokenRequests()).toBe(3 + duringOutage + 1);
  });

  it('keeps no client secret in the store: every key and value scanned', async () => {
    const client = new Redis(redis.url);
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [nextCursor, batch] = await client.scan(cursor, 'COUNT', 100);
        cursor = nextCursor;
        keys.push(...batch);
      } while (cursor !== '0');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const value = (await client.type(key)) === 'string' ? ((await client.get(key)) ?? '') : '';
        for (const text of [key, value]) {
          expect(text).not.toContain(CLIENT_SECRET);
          expect(text).not.toContain(CLIENT_ID);
        }
      }
    } finally {
      client.disconnect();
    }
  });
});
