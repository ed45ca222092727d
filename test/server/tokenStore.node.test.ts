import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, memoryTokenStore, redisTokenStore, type TokenStore } from '../../src/server/index';
import { shareTokens, STORE_TIMEOUT_MS } from '../../src/server/tokenSharing';
import { springPage } from '../client/fixtures';
import { createGate } from '../helpers/createGate';
import { startRedis, type StartedRedis } from '../helpers/startRedis';
import { WAIT_TIMEOUT_MS } from '../helpers/waits.mjs';
import { CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';

// The TokenStore contract, for the memory store and the Redis store through node-redis and ioredis, against a real
// redis-server of this file's own on 127.0.0.1.

let redis: StartedRedis;
let nodeRedis: ReturnType<typeof createClient>;
let ioredis: Redis;
beforeAll(async () => {
  redis = await startRedis();
  nodeRedis = createClient({ url: redis.url });
  nodeRedis.on('error', () => undefined);
  await nodeRedis.connect();
  ioredis = new Redis(redis.url, { lazyConnect: false });
});
afterAll(async () => {
  await nodeRedis.quit();
  ioredis.disconnect();
  await redis.stop();
});

const stores: [string, () => TokenStore][] = [
  ['memoryTokenStore', () => memoryTokenStore()],
  ['redisTokenStore (node-redis)', () => redisTokenStore(nodeRedis, { prefix: `t${Math.random()}:` })],
  ['redisTokenStore (ioredis)', () => redisTokenStore(ioredis, { prefix: `t${Math.random()}:` })],
];
const value = (token: string) => ({ token, issuedAt: 1_000, expiresAt: 3_601_000 });

describe.each(stores)('%s', (_, make) => {
  it('gets what was set, and nothing for another key', async () => {
    const store = make();
    await store.set('k', value('at-1'), 60_000);
    expect(await store.get('k')).toEqual(value('at-1'));
    expect(await store.get('other')).toBeUndefined();
  });

  it('gives a lock to one owner at a time, released only by its owner', async () => {
    const store = make();
    expect(await store.lock('k', 'a', 60_000)).toBe(true);
    expect(await store.lock('k', 'b', 60_000)).toBe(false);
    await store.unlock('k', 'b');
    expect(await store.lock('k', 'b', 60_000)).toBe(false);
    await store.unlock('k', 'a');
    expect(await store.lock('k', 'b', 60_000)).toBe(true);
  });

  it('deletes a rejected token only while it is still the stored one', async () => {
    const store = make();
    await store.set('k', value('at-2'), 60_000);
    await store.deleteIfEqual('k', 'at-1');
    expect(await store.get('k')).toEqual(value('at-2'));
    await store.deleteIfEqual('k', 'at-2');
    expect(await store.get('k')).toBeUndefined();
  });
});

describe('redisTokenStore', () => {
  it('lets the lock expire after its lifetime (a process that died holding it)', async () => {
    const store = redisTokenStore(ioredis, { prefix: `exp${Math.random()}:` });
    expect(await store.lock('k', 'a', 1)).toBe(true);
    await vi.waitFor(async () => expect(await store.lock('k', 'b', 60_000)).toBe(true), {
      timeout: WAIT_TIMEOUT_MS,
      interval: 5,
    });
  });

  it("listens for the client's 'error' events once, however many stores share the client, beside the app's own listener", () => {
    const client = Object.assign(new EventEmitter(), { call: async () => null });
    const heard: unknown[] = [];
    client.on('error', (error) => heard.push(error));
    redisTokenStore(client);
    redisTokenStore(client, { prefix: 'other:' });
    expect(client.listenerCount('error')).toBe(2);
    client.emit('error', new Error('Socket closed unexpectedly'));
    expect(heard).toHaveLength(1);
  });

  it("keeps a client with no 'error' listener of the app's own from throwing (crashing the process) when its connection drops", () => {
    const client = Object.assign(new EventEmitter(), { sendCommand: async () => null });
    expect(() => client.emit('error', new Error('Socket closed unexpectedly'))).toThrow('Socket closed unexpectedly');
    redisTokenStore(client);
    expect(() => client.emit('error', new Error('Socket closed unexpectedly'))).not.toThrow();
  });

  it('refuses a client that is neither node-redis nor ioredis, naming it', () => {
    expect(() => redisTokenStore({} as never)).toThrow('pagewise: `client` must be a node-redis or ioredis client');
  });

  it('reports data that is not a stored token as a failure of the store', async () => {
    const prefix = `bad${Math.random()}:`;
    await ioredis.set(`${prefix}k`, JSON.stringify({ nope: 1 }));
    await expect(redisTokenStore(ioredis, { prefix }).get('k')).rejects.toThrow('not a stored token');
  });

  it.each([
    ['text that is not JSON, quoting a token', 'at-garbage-7f3a9c1e2b4d then more'],
    ['an empty token', JSON.stringify({ token: '', issuedAt: 1_000, expiresAt: 3_601_000 })],
  ])('reports %s as not a stored token, quoting none of it', async (_, raw) => {
    const prefix = `bad${Math.random()}:`;
    await ioredis.set(`${prefix}k`, raw);
    const error = await redisTokenStore(ioredis, { prefix })
      .get('k')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'TypeError',
      message: 'pagewise: the token store holds something that is not a stored token',
    });
    expect(String((error as Error).stack)).not.toContain('at-garbage');
  });

  it('refuses a store missing a method of the TokenStore interface, naming it, before any request', () => {
    const partial = {
      get: async () => undefined,
      set: async () => undefined,
      lock: async () => true,
      unlock: async () => undefined,
    };
    expect(() =>
      clientCredentials({
        authUrl: 'https://idp.example.test',
        clientId: 'a',
        clientSecret: 'b',
        tokenStore: partial as unknown as TokenStore,
      }),
    ).toThrow('pagewise: `tokenStore.deleteIfEqual` must be a function');
  });
});

describe('token sharing between processes', () => {
  const grant = (token: string) => ({ token, expiresIn: 3600 });

  it('stops a waiting process waiting as soon as the lock holder fails: it takes the lock and asks itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const store = memoryTokenStore();
      let failHolder!: (error: Error) => void;
      const holderAsking = createGate();
      const holder = shareTokens(store, {
        keyParts: ['k'],
        request: () => new Promise((_, reject) => ((failHolder = reject), holderAsking.release())),
      });
      const waiterRequests: number[] = [];
      const waiterTriedLock = createGate();
      const waiterStore: TokenStore = {
        ...store,
        lock: (...args) => (waiterTriedLock.release(), store.lock(...args)),
      };
      const waiter = shareTokens(waiterStore, {
        keyParts: ['k'],
        request: async () => (waiterRequests.push(1), grant('at-waiter-5d1c9e7a')),
      });
      const held = holder.request(new AbortController().signal).catch((error: unknown) => error);
      // Each key is hashed off the main thread, as late as a loaded machine makes it, and no timer stands before
      // either store call: wait for the calls themselves (the test's timeout bounds a hang), not for a number of
      // turns or of steps of virtual time. First the holder has the lock and is asking, then the waiter has found
      // the lock taken.
      await holderAsking.held;
      const waited = waiter.request(new AbortController().signal);
      await waiterTriedLock.held;
      await vi.advanceTimersByTimeAsync(100);
      expect(waiterRequests).toHaveLength(0); // the holder is still asking: the waiter waits
      failHolder(Object.assign(new Error('failed: 503'), { status: 503 }));
      expect(await held).toMatchObject({ status: 503 });
      // The lock lives 10 s, but a holder that fails frees it: a few polls of virtual time are enough.
      await vi.advanceTimersByTimeAsync(500);
      expect(waiterRequests).toHaveLength(1);
      await expect(waited).resolves.toMatchObject({ token: 'at-waiter-5d1c9e7a' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('still makes one token request for many waiting processes when the holder succeeds', async () => {
    const store = memoryTokenStore();
    let requests = 0;
    const processes = Array.from({ length: 8 }, () =>
      shareTokens(store, {
        keyParts: ['k'],
        request: async () => (requests++, await new Promise((r) => setTimeout(r, 30)), grant('at-shared-0b9f3e2c')),
      }),
    );
    const tokens = await Promise.all(processes.map((p) => p.request(new AbortController().signal)));
    expect(new Set(tokens.map((t) => t.token))).toEqual(new Set(['at-shared-0b9f3e2c']));
    expect(requests).toBe(1);
  });
});

describe('clientCredentials with a tokenStore (one process)', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.server.close());
  beforeEach(() => service.reset());

  const setup = (tokenStore: TokenStore, extra: { onTokenStoreError?: (e: unknown) => void } = {}) =>
    createApiClient({
      baseUrl: `${service.server.origin}/api`,
      auth: clientCredentials({
        authUrl: service.server.origin,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        tokenStore,
        ...extra,
      }),
    });
  const params = { organizationId: '3f9c2a1e-8b7d-4c6e-9a5f-1d2e3f4a5b6c', page: 1, size: 20 };

  it('takes a token another process stored instead of asking the identity provider', async () => {
    const store = redisTokenStore(nodeRedis, { prefix: `p${Math.random()}:` });
    await setup(store).listShares(params);
    expect(service.tokenRequests()).toHaveLength(1);
    await setup(store).listShares(params); // a second "process": a new strategy, same store
    expect(service.tokenRequests()).toHaveLength(1);
  });

  it('keys the store by a hash of what the token is for: never the client secret or id in clear', async () => {
    const prefix = `h${Math.random()}:`;
    await setup(redisTokenStore(ioredis, { prefix })).listShares(params);
    const keys = await ioredis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix.replace('.', '\\.')}[0-9a-f]{64}$`));
    const stored = await ioredis.get(keys[0]!);
    expect(stored).not.toContain(CLIENT_SECRET);
    expect(keys[0]).not.toContain(CLIENT_ID);
  });

  it('goes on with its own token request when the store fails, and tells onTokenStoreError without a secret', async () => {
    const failing: TokenStore = {
      get: () => Promise.reject(new Error('ECONNREFUSED')),
      set: () => Promise.reject(new Error('ECONNREFUSED')),
      lock: () => Promise.reject(new Error('ECONNREFUSED')),
      unlock: () => Promise.reject(new Error('ECONNREFUSED')),
      deleteIfEqual: () => Promise.reject(new Error('ECONNREFUSED')),
    };
    const errors: unknown[] = [];
    await expect(
      setup(failing, { onTokenStoreError: (e) => errors.push(e) }).listShares(params),
    ).resolves.toMatchObject({ total: 1 });
    expect(service.tokenRequests()).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('goes on when the store never answers (an offline client queueing commands), within the store time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const asked = createGate();
      const hanging: TokenStore = {
        get: () => (asked.release(), new Promise(() => undefined)),
        set: () => new Promise(() => undefined),
        lock: () => new Promise(() => undefined),
        unlock: () => new Promise(() => undefined),
        deleteIfEqual: () => new Promise(() => undefined),
      };
      const errors: unknown[] = [];
      let settled = false;
      const call = setup(hanging, { onTokenStoreError: (e) => errors.push(e) })
        .listShares(params)
        .finally(() => (settled = true));
      // The store's limit starts only once the key is hashed off the main thread, which a loaded machine delays as
      // long as it likes, while the call's own 30 s limit runs from the start: move virtual time only once the store
      // is asked. Then the store's 1 s limit runs out without the test waiting for it.
      await asked.held;
      await vi.advanceTimersByTimeAsync(STORE_TIMEOUT_MS);
      expect(errors).toHaveLength(1);
      vi.useRealTimers();
      await expect(call).resolves.toMatchObject({ total: 1 });
      expect(settled).toBe(true);
      expect(String(errors[0])).toContain('did not answer within 1000 ms');
    } finally {
      vi.useRealTimers();
    }
  });

  it("warns once a minute by default, naming only the error kind: a Redis URL's password in its message never reaches the line", async () => {
    const STORE_PASSWORD = 'r3dis_Pw_4b7e2a';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing: TokenStore = {
      get: () =>
        Promise.reject(
          Object.assign(new Error(`redis://:${STORE_PASSWORD}@host refused`), { name: 'ConnectionError' }),
        ),
      set: () => Promise.resolve(),
      lock: () => Promise.resolve(false),
      unlock: () => Promise.resolve(),
      deleteIfEqual: () => Promise.resolve(),
    };
    await setup(failing).listShares(params);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toBe(
      '[pagewise] the token store failed (ConnectionError); this process uses its own token cache meanwhile',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(STORE_PASSWORD);
    warn.mockRestore();
  });

  it('does not change the store object the app passed in', async () => {
    const plain = memoryTokenStore();
    const before = { keys: Object.keys(plain), prototype: Object.getPrototypeOf(plain) as unknown };
    await setup(plain).listShares(params);
    expect(service.tokenRequests()).toHaveLength(1);
    expect({ keys: Object.keys(plain), prototype: Object.getPrototypeOf(plain) as unknown }).toEqual(before);
  });

  it('refuses a tokenStore that is not a TokenStore, naming the method it lacks, with the argument error code', () => {
    let error: unknown;
    try {
      clientCredentials({
        authUrl: 'https://idp.example.test',
        clientId: 'a',
        clientSecret: 'b',
        tokenStore: {} as TokenStore,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      name: 'TypeError',
      message: 'pagewise: `tokenStore.get` must be a function',
      code: 'PAGEWISE_INVALID_ARGUMENT',
      argument: 'tokenStore.get',
    });
  });
});

// A page body the fake API answers, for completeness of the import.
void springPage;
