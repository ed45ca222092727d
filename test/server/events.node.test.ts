import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ClientEvent } from '../../src/client/index';
import {
  clientCredentials,
  memoryTokenStore,
  type ProxyEvent,
  type ProxyHandlerOptions,
  type TokenEvent,
  type TokenStore,
} from '../../src/server/index';
import { ORG, springPage } from '../client/fixtures';
import { createGate } from '../helpers/createGate';
import { CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';
import { closeServedListeners, proxyEntryPoints } from './proxyEntryPoints';

// The events of clientCredentials' token cache and store and of the proxy (both entry points), over real HTTP on
// 127.0.0.1.

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.server.close());
beforeEach(() => service.reset());

const params = { organizationId: ORG, page: 1, size: 20 };
const types = (events: { type: string }[]) => events.map((event) => event.type);
/** No event may carry a credential or say which organization or query was asked for. */
const expectNothingSecret = (events: object[]) => {
  const text = JSON.stringify(events);
  for (const secret of [CLIENT_SECRET, CLIENT_ID, ORG, 'page=', ...service.issued]) expect(text).not.toContain(secret);
};

function setup(extra: Partial<Parameters<typeof clientCredentials>[0]> = {}) {
  const events: TokenEvent[] = [];
  const clock = { time: 1_000_000 };
  const auth = clientCredentials({
    authUrl: service.server.origin,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now: () => clock.time,
    onEvent: (event) => events.push(event),
    ...extra,
  } as Parameters<typeof clientCredentials>[0]);
  return { events, clock, auth, client: createApiClient({ baseUrl: `${service.server.origin}/api`, auth }) };
}

describe('clientCredentials onEvent', () => {
  it('tells a fetched token, then cache hits, then a 401 renewal', async () => {
    const { events, client } = setup();
    await client.listShares(params);
    await client.listShares(params);
    expect(events).toEqual([
      { type: 'token-fetched', durationMs: 0, expiresInSeconds: 3600 },
      { type: 'token-cache-hit' },
    ]);
    service.issued.push('at-revoked-elsewhere-0c1d'); // the current token is no longer the latest: the API says 401
    await client.listShares(params);
    expect(types(events).slice(2)).toEqual(['token-cache-hit', 'token-rejected', 'token-fetched']);
    expect(events[3]).toEqual({ type: 'token-rejected', renewing: true });
    expectNothingSecret(events);
  });

  it('tells a refusal with its back-off, calls failed during it, and reset()', async () => {
    service.tokenReply = () => ({ status: 401, body: { error: 'invalid_client' } });
    const { events, client, auth, clock } = setup();
    await expect(client.listShares(params)).rejects.toMatchObject({ name: 'AuthError' });
    clock.time += 400;
    await expect(client.listShares(params)).rejects.toMatchObject({ name: 'AuthError' });
    auth.reset();
    expect(events).toEqual([
      { type: 'token-failed', durationMs: 0, status: 401, refusal: true, backoffMs: 1000 },
      { type: 'token-backing-off', remainingMs: 600 },
      { type: 'token-reset' },
    ]);
    expectNothingSecret(events);
  });

  it('tells a token shared from the store, and a store failure as a fallback naming only the error kind', async () => {
    const store = memoryTokenStore();
    await setup({ tokenStore: store }).client.listShares(params);
    const second = setup({ tokenStore: store });
    await second.client.listShares(params);
    expect(types(second.events)).toEqual(['token-shared', 'token-fetched']);

    const failing: TokenStore = {
      get: () =>
        Promise.reject(Object.assign(new Error(`redis://:${CLIENT_SECRET}@host refused`), { name: 'ConnectionError' })),
      set: () => Promise.resolve(),
      lock: () => Promise.resolve(true),
      unlock: () => Promise.resolve(),
      deleteIfEqual: () => Promise.resolve(),
    };
    const third = setup({ tokenStore: failing, onTokenStoreError: () => undefined });
    await third.client.listShares(params);
    expect(third.events).toEqual([
      { type: 'token-store-fallback', errorName: 'ConnectionError' },
      expect.objectContaining({ type: 'token-fetched' }),
    ]);
    expectNothingSecret([...second.events, ...third.events]);
  });

  it('never fails a call because onEvent throws', async () => {
    const { client } = setup({
      onEvent: () => {
        throw new Error('a broken metrics exporter');
      },
    });
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 1 });
  });

  it('refuses an onEvent that is not a function, naming it, before any request', () => {
    expect(() => setup({ onEvent: 'log' as never })).toThrow('pagewise: `onEvent` must be a function');
    expect(service.tokenRequests()).toHaveLength(0);
  });
});

describe('createApiClient onEvent', () => {
  const client = (events: ClientEvent[]) =>
    createApiClient({
      baseUrl: `${service.server.origin}/api`,
      auth: clientCredentials({ authUrl: service.server.origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      onEvent: (event) => events.push(event),
    });

  it('tells each request and response, the retry after a 401, and the error a call rejects with', async () => {
    const events: ClientEvent[] = [];
    const api = client(events);
    await api.listShares(params);
    service.issued.push('at-revoked-elsewhere-0c1d');
    await api.listEnvironments(params);
    service.apiReply = () => ({ status: 503, body: { error: 'unavailable' } });
    await expect(api.listShares(params)).rejects.toMatchObject({ name: 'HttpError', status: 503 });
    const response = (resource: string, attempt: number, status: number) => ({
      type: 'client-response',
      resource,
      attempt,
      status,
      durationMs: expect.any(Number),
    });
    expect(events).toEqual([
      { type: 'client-request', resource: 'shares', attempt: 1 },
      response('shares', 1, 200),
      { type: 'client-request', resource: 'environments', attempt: 1 },
      response('environments', 1, 401),
      { type: 'client-retry', resource: 'environments', reason: 'unauthorized' },
      { type: 'client-request', resource: 'environments', attempt: 2 },
      response('environments', 2, 200),
      { type: 'client-request', resource: 'shares', attempt: 1 },
      response('shares', 1, 503),
      { type: 'client-error', resource: 'shares', errorName: 'HttpError', status: 503 },
    ]);
    expectNothingSecret(events);
  });

  it('never fails a call because onEvent throws, and refuses an onEvent that is not a function', async () => {
    const api = createApiClient({
      baseUrl: `${service.server.origin}/api`,
      auth: clientCredentials({ authUrl: service.server.origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      onEvent: () => {
        throw new Error('a broken metrics exporter');
      },
    });
    await expect(api.listShares(params)).resolves.toMatchObject({ total: 1 });
    expect(() => createApiClient({ baseUrl: 'https://api.example.test', onEvent: 1 as never })).toThrow(
      'pagewise: `onEvent` must be a function',
    );
  });
});

describe.each(proxyEntryPoints)('$name onEvent', ({ create }) => {
  afterAll(closeServedListeners);
  const proxy = (options: Partial<ProxyHandlerOptions> = {}) => {
    const events: ProxyEvent[] = [];
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const handler = create({
      baseUrl: `${service.server.origin}/api`,
      auth,
      allowRequest: () => true,
      onError: () => undefined,
      onEvent: (event) => events.push(event),
      ...options,
    });
    return {
      events,
      call: (path: string, init?: RequestInit) => handler(new Request(`https://app.example.test${path}`, init)),
    };
  };

  it('tells each request, the upstream status and latency, and the answer', async () => {
    const { events, call } = proxy();
    expect((await call(`/${ORG}/environments?page=0&size=20`)).status).toBe(200);
    expect(await (await call('/nowhere')).json()).toEqual({ error: 'not_found' });
    expect(events).toEqual([
      { type: 'proxy-request', method: 'GET' },
      { type: 'proxy-upstream', resource: 'environments', status: 200, durationMs: expect.any(Number) },
      { type: 'proxy-response', method: 'GET', status: 200, durationMs: expect.any(Number), resource: 'environments' },
      { type: 'proxy-request', method: 'GET' },
      { type: 'proxy-response', method: 'GET', status: 404, durationMs: expect.any(Number), resource: undefined },
    ]);
    expectNothingSecret(events);
  });

  it('tells an upstream 401 and the renewed attempt as two upstream answers', async () => {
    const { events, call } = proxy();
    await call(`/${ORG}/shares?page=0&size=20`);
    service.issued.push('at-revoked-elsewhere-0c1d');
    events.length = 0;
    expect((await call(`/${ORG}/shares?page=0&size=20`)).status).toBe(200);
    expect(events.filter((event) => event.type === 'proxy-upstream').map((event) => event.status)).toEqual([401, 200]);
  });

  it('tells the cap reached, a body too large and a browser gone', async () => {
    const gate = createGate();
    const overloaded = proxy({ maxConcurrent: 1 });
    service.apiReply = async () => (await gate.held, { body: springPage([{ id: 's1' }], 1) });
    const first = overloaded.call(`/${ORG}/shares?page=0&size=20`);
    // Wait for the first call to be upstream before the second arrives.
    await expect.poll(() => service.apiRequests().length).toBe(1);
    expect((await overloaded.call(`/${ORG}/shares?page=0&size=20`)).status).toBe(503);
    gate.release();
    expect((await first).status).toBe(200);
    expect(types(overloaded.events)).toContain('proxy-overloaded');
    expect(overloaded.events.find((event) => event.type === 'proxy-overloaded')).toEqual({
      type: 'proxy-overloaded',
      maxConcurrent: 1,
    });

    service.apiReply = () => ({
      body: springPage(
        Array.from({ length: 100 }, (_, i) => ({ id: `s${i}` })),
        100,
      ),
    });
    const small = proxy({ maxBodyBytes: 1024 });
    expect((await small.call(`/${ORG}/shares?page=0&size=20`)).status).toBe(502);
    expect(small.events).toContainEqual({ type: 'proxy-body-too-large', maxBodyBytes: 1024 });

    const hang = createGate();
    service.apiReply = async () => (await hang.held, { body: springPage([], 0) });
    const gone = proxy();
    const controller = new AbortController();
    const answer = gone.call(`/${ORG}/shares?page=0&size=20`, { signal: controller.signal });
    await expect.poll(() => service.apiRequests().length).toBe(3);
    controller.abort();
    expect((await answer).status).toBe(499);
    hang.release();
    expect(gone.events).toContainEqual({ type: 'proxy-client-gone' });
    expect(gone.events.at(-1)).toMatchObject({ type: 'proxy-response', status: 499 });
  });

  it('never fails a request because onEvent throws', async () => {
    const { call } = proxy({
      onEvent: () => {
        throw new Error('a broken metrics exporter');
      },
    });
    expect((await call(`/${ORG}/shares?page=0&size=20`)).status).toBe(200);
  });
});
