import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  isAuthError,
  isHttpError,
  isNetworkError,
  isResponseShapeError,
  isTimeoutError,
  type Page,
} from '../../src/client/index';
import { apiAccountToken, clientCredentials, createProxyHandler } from '../../src/server/index';
import {
  createMockService,
  demoOrganizationIds,
  type MockResponseShape,
  type MockService,
} from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { serveFetchHandler } from '../helpers/serveFetchHandler';
import { tokenRecordingFetch, type TokenRecordingFetch } from '../helpers/tokenRecordingFetch';
import { createGate } from '../helpers/createGate';
import { mockOverHttpForFile } from './mockOverHttpForFile';
import type { ClientCredentialsRequestOptions } from '../../src/server/clientCredentials';

// The real client and server strategies against the real mock, over real HTTP on 127.0.0.1.

const { acme, globex, empty } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();
let recorder: TokenRecordingFetch;
beforeEach(() => {
  recorder = tokenRecordingFetch();
});

/** Every secret a failure could leak: the demo credentials and every token the mock issued in this test. */
const secrets = () => [
  mock.credentials.clientSecret,
  mock.credentials.apiToken,
  mock.credentials.apiSecret!,
  ...recorder.tokens,
];

/** A client using client credentials with the mock's demo client. */
function oauthClient(extra: Partial<ClientCredentialsRequestOptions> = {}, timeoutMs?: number) {
  const { clientId, clientSecret, scope } = mock.credentials;
  const auth = clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope, ...extra });
  return createApiClient({ baseUrl: http.baseUrl, auth, fetch: recorder.fetch, ...(timeoutMs ? { timeoutMs } : {}) });
}

const listRequests = () => mock.requests.filter((r) => r.resource !== 'token');
const globexPage1 = { organizationId: globex, page: 2, size: 10 };

describe('client credentials against the mock identity provider', () => {
  it('gets a token (seed 4.1) and lists shares with it', async () => {
    const page = await oauthClient().listShares(globexPage1);
    expect(page).toMatchObject({
      total: 23,
      page: 2,
      pageSize: 10,
      pageCount: 3,
      hasNext: true,
      hasPrevious: true,
    });
    expect(page.items).toHaveLength(10);
    expect(mock.tokenRequests).toBe(1);
    expect(mock.requests.map((r) => [r.resource, r.method, r.authorization, r.status])).toEqual([
      ['token', 'POST', null, 200],
      ['shares', 'GET', 'Bearer', 200],
    ]);
  });

  it('makes exactly 1 token request for 100 concurrent calls', async () => {
    const client = oauthClient();
    const pages = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? client.listShares({ organizationId: acme, page: (i % 40) + 1, size: 10 })
          : client.listEnvironments({ organizationId: acme, page: 1, size: 10 }),
      ),
    );
    expect(pages).toHaveLength(100);
    expect(mock.tokenRequests).toBe(1);
    expect(listRequests()).toHaveLength(100);
    expect(recorder.tokens).toHaveLength(1);
  });

  it('after expireTokens(), retries once with one new token', async () => {
    const client = oauthClient();
    await client.listShares(globexPage1);
    mock.expireTokens();
    await expect(client.listShares(globexPage1)).resolves.toMatchObject({ total: 23 });
    expect(mock.tokenRequests).toBe(2);
    expect(listRequests().map((r) => r.status)).toEqual([200, 401, 200]);
    expect(new Set(recorder.tokens).size).toBe(2);
  });

  it('after expireTokens(), 100 concurrent calls share one new token: 2 token requests in all', async () => {
    const client = oauthClient();
    await client.listShares(globexPage1);
    mock.expireTokens();
    await Promise.all(Array.from({ length: 100 }, () => client.listShares(globexPage1)));
    expect(mock.tokenRequests).toBe(2);
    expect(listRequests().filter((r) => r.status === 401)).toHaveLength(100);
    expect(listRequests().filter((r) => r.status === 200)).toHaveLength(101);
  });

  it('a late 401 for the old token does not drop the new one: 1 new token for both callers', async () => {
    const client = oauthClient();
    await client.listShares(globexPage1);
    mock.expireTokens();
    // Page 0 is held, and answers (401) only after page 1 has been refused, re-authorized and served.
    const gate = createGate();
    mock.setLatency(({ resource, page }) => (resource === 'shares' && page === 0 ? gate.held : 0));
    const slow = client.listShares({ ...globexPage1, page: 1 });
    await expect.poll(() => listRequests().length).toBe(2);
    await expect(client.listShares(globexPage1)).resolves.toMatchObject({ page: 2 });
    expect(mock.tokenRequests).toBe(2);
    gate.release();
    await expect(slow).resolves.toMatchObject({ page: 1 });
    expect(mock.tokenRequests).toBe(2);
    expect(listRequests().map((r) => [r.page, r.status])).toEqual([
      [1, 200],
      [0, 401],
      [1, 401],
      [1, 200],
      [0, 200],
    ]);
  });

  it('makes at most 2 token requests for 20 calls the service refuses with a 401, and 30 s later renews a token expired there once', async () => {
    let time = 0;
    const client = oauthClient({ now: () => time });
    // Call 1 makes 2 list requests (refused, renewed, refused again); calls 2 to 20 make 1 each.
    mock.fail({ status: 401, times: 21 });
    for (let i = 0; i < 20; i += 1)
      await expect(client.listShares(globexPage1)).rejects.toMatchObject({ name: 'HttpError', status: 401 });
    expect(mock.tokenRequests).toBe(2);
    expect(listRequests()).toHaveLength(21);
    time = 30_000;
    mock.expireTokens();
    await expect(client.listShares(globexPage1)).resolves.toMatchObject({ total: 23 });
    expect(mock.tokenRequests).toBe(3);
    expect(
      listRequests()
        .slice(21)
        .map((r) => r.status),
    ).toEqual([401, 200]);
  });

  it('on a persistent 401 makes 2 list requests, then rejects with an HttpError: never a loop', async () => {
    mock.fail({ status: 401, times: 5 });
    const error = await oauthClient()
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, statusText: 'Unauthorized' });
    expect(listRequests()).toHaveLength(2);
    expect(mock.tokenRequests).toBe(2);
    expectNoSecrets(error, secrets());
  });

  it('renews the token leewaySeconds before expires_in, counted from when the request was sent', async () => {
    let time = 1_000_000;
    const clock = createMockService({ tokenLifetimeSeconds: 120, now: () => time });
    const server = await createMockHttpServer(clock);
    try {
      const { clientId, clientSecret } = clock.credentials;
      const auth = clientCredentials({
        authUrl: server.authUrl,
        clientId,
        clientSecret,
        leewaySeconds: 30,
        now: () => time,
      });
      const client = createApiClient({ baseUrl: server.baseUrl, auth });
      await client.listShares(globexPage1);
      time += 89_999;
      await client.listShares(globexPage1);
      expect(clock.tokenRequests).toBe(1);
      time += 1;
      await client.listShares(globexPage1);
      expect(clock.tokenRequests).toBe(2);
      expect(clock.requests.filter((r) => r.resource !== 'token').map((r) => r.status)).toEqual([200, 200, 200]);
    } finally {
      await server.close();
    }
  });

  it('accepts an API Account key and secret in place of client_id and client_secret (seed 4.1 rule 2)', async () => {
    const { apiKey, apiSecret } = mock.credentials;
    const page = await oauthClient({ clientId: apiKey!, clientSecret: apiSecret! }).listEnvironments(globexPage1);
    expect(page).toMatchObject({ total: 3, items: [] });
  });

  it('rejects a wrong client secret with an AuthError (invalid_client) after 1 token request and no list request', async () => {
    const error = await oauthClient({ clientSecret: 'wrong-secret-5d4c3b2a' })
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client', url: `${http.authUrl}/oauth/token` });
    expect(mock.tokenRequests).toBe(1);
    expect(listRequests()).toHaveLength(0);
    expectNoSecrets(error, [...secrets(), 'wrong-secret-5d4c3b2a']);
  });

  it('rejects a scope the client may not have with an AuthError (invalid_scope)', async () => {
    const error = await oauthClient({ scope: 'pagewise.admin' })
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 400, error: 'invalid_scope' });
    expectNoSecrets(error, secrets());
  });

  it('backs off after a 503 from the identity provider: no token request until the wait is over', async () => {
    let time = 0;
    mock.fail({ status: 503, resource: 'token' });
    const client = oauthClient({ now: () => time });
    const first = await client.listShares(globexPage1).catch((e: unknown) => e);
    expect(first).toMatchObject({ name: 'AuthError', status: 503, error: 'temporarily_unavailable' });
    time = 999;
    await expect(client.listShares(globexPage1)).rejects.toMatchObject({
      name: 'AuthError',
      status: 503,
      message: (first as Error).message,
    });
    expect(mock.tokenRequests).toBe(1);
    time = 1_000;
    await expect(client.listShares(globexPage1)).resolves.toMatchObject({ total: 23 });
    expect(mock.tokenRequests).toBe(2);
    expectNoSecrets(first, secrets());
  });

  it('lets one caller abort while waiting for the shared token request without cancelling it for the others', async () => {
    // The token is held until the leaving caller has aborted.
    const gate = createGate();
    mock.setLatency(({ resource }) => (resource === 'token' ? gate.held : 0));
    const client = oauthClient();
    const controller = new AbortController();
    const leaving = client.listShares({ ...globexPage1, signal: controller.signal });
    const staying = client.listEnvironments(globexPage1);
    await expect.poll(() => mock.tokenRequests, { interval: 5 }).toBe(1);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    gate.release();
    await expect(staying).resolves.toMatchObject({ total: 3 });
    expect(mock.tokenRequests).toBe(1);
    expect(listRequests().map((r) => r.resource)).toEqual(['environments']);
  });
});

describe('no unhandled rejections', () => {
  it('a shared token request that fails after every waiting caller aborted rejects with a listener', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The token request fails only after both callers have aborted.
      const gate = createGate();
      mock.setLatency(({ resource }) => (resource === 'token' ? gate.held : 0));
      mock.fail({ status: 500, resource: 'token' });
      // Tells when the failed token response has reached the client, read in full.
      const arrived = createGate();
      const tokenFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const body = await response.arrayBuffer();
        arrived.release();
        return new Response(body, response);
      };
      const client = oauthClient({ fetch: tokenFetch });
      const controllers = [new AbortController(), new AbortController()];
      const calls = controllers.map((controller) => client.listShares({ ...globexPage1, signal: controller.signal }));
      await expect.poll(() => mock.tokenRequests, { interval: 5 }).toBe(1);
      for (const controller of controllers) controller.abort();
      for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      // Let the token request fail with nobody waiting, then give Node a turn to report it.
      gate.release();
      await arrived.held;
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('API Account token against the mock', () => {
  const accountClient = (encoding: 'raw' | 'base64', apiToken = mock.credentials.apiToken) =>
    createApiClient({
      baseUrl: http.baseUrl,
      auth: apiAccountToken({ accountId: mock.credentials.accountId, apiToken, encoding }),
    });

  it.each(['raw', 'base64'] as const)('is accepted with encoding %s, with no token request', async (encoding) => {
    await expect(accountClient(encoding).listShares(globexPage1)).resolves.toMatchObject({ total: 23 });
    expect(mock.tokenRequests).toBe(0);
    expect(mock.requests.map((r) => [r.authorization, r.status])).toEqual([['Basic', 200]]);
  });

  it.each(['raw', 'base64'] as const)(
    'rejects a wrong token (%s) with an HttpError after 1 request: no retry',
    async (encoding) => {
      const error = await accountClient(encoding, 'not-the-token-0a9b8c7d')
        .listShares(globexPage1)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'HttpError', status: 401 });
      expect(mock.requests).toHaveLength(1);
      expectNoSecrets(error, [...secrets(), 'not-the-token-0a9b8c7d']);
    },
  );

  it('serves a non-ASCII API token in base64 (RFC 7617, UTF-8)', async () => {
    const account = { accountId: '0e1d2c3b-4a59-4687-9a5b-4c3d2e1f0a9b', apiToken: 'pät-€uro-Ω-1234' };
    const unicode = createMockService({ accounts: [account] });
    const server = await createMockHttpServer(unicode);
    try {
      const client = createApiClient({
        baseUrl: server.baseUrl,
        auth: apiAccountToken({ ...account, encoding: 'base64' }),
      });
      await expect(client.listShares({ organizationId: globex, page: 1, size: 5 })).resolves.toMatchObject({
        total: 23,
      });
    } finally {
      await server.close();
    }
  });
});

describe('every mock response shape normalizes to the same Page', () => {
  const shapes: MockResponseShape[] = ['spring-page', 'paged-model', 'hal', 'array', 'items'];
  const servers = new Map<MockResponseShape, { service: MockService; server: MockHttpServer }>();
  beforeAll(async () => {
    for (const shape of shapes) {
      const service = createMockService({ shape });
      servers.set(shape, { service, server: await createMockHttpServer(service) });
    }
  });
  afterAll(() => Promise.all([...servers.values()].map(({ server }) => server.close())));

  /** The page as the spring-page shape gives it, which every other shape must match. */
  async function list(
    shape: MockResponseShape,
    params: { organizationId: string; page: number; size: number },
  ): Promise<Page<unknown>> {
    const { service, server } = servers.get(shape)!;
    const { accountId, apiToken } = service.credentials;
    return createApiClient({ baseUrl: server.baseUrl, auth: apiAccountToken({ accountId, apiToken }) }).listShares(
      params,
    );
  }

  it.each([
    [
      'a middle page',
      { organizationId: globex, page: 2, size: 10 },
      { total: 23, page: 2, pageSize: 10, pageCount: 3, hasNext: true, hasPrevious: true },
      10,
    ],
    [
      'the last, partial page',
      { organizationId: globex, page: 3, size: 10 },
      { total: 23, page: 3, pageCount: 3, hasNext: false, hasPrevious: true },
      3,
    ],
    [
      'a page past the end',
      { organizationId: globex, page: 10, size: 10 },
      { total: 23, page: 10, pageCount: 3, hasNext: false, hasPrevious: true },
      0,
    ],
    [
      'an empty organization',
      { organizationId: empty, page: 1, size: 20 },
      { total: 0, page: 1, pageSize: 20, pageCount: 1, hasNext: false, hasPrevious: false },
      0,
    ],
  ])('%s', async (_, params, expected, rows) => {
    const pages = await Promise.all(shapes.map((shape) => list(shape, params)));
    const [reference] = pages;
    expect(reference).toMatchObject(expected);
    expect(reference!.items).toHaveLength(rows);
    pages.forEach((page, i) => expect({ shape: shapes[i], page }).toEqual({ shape: shapes[i], page: reference }));
  });

  it('moves the page past the end after rows are deleted, in every shape', async () => {
    for (const shape of shapes) servers.get(shape)!.service.deleteRows(globex, 'shares', 20);
    try {
      const pages = await Promise.all(
        shapes.map((shape) => list(shape, { organizationId: globex, page: 2, size: 10 })),
      );
      for (const page of pages)
        expect(page).toEqual({
          items: [],
          total: 3,
          page: 2,
          pageSize: 10,
          pageCount: 1,
          hasNext: false,
          hasPrevious: true,
        });
    } finally {
      for (const shape of shapes) servers.get(shape)!.service.reset();
    }
  });
});

describe('failures the mock injects', () => {
  const client = () =>
    createApiClient({
      baseUrl: http.baseUrl,
      auth: apiAccountToken({ accountId: mock.credentials.accountId, apiToken: mock.credentials.apiToken }),
    });

  it.each([
    [7, 7_000],
    [0, 0],
  ])('fail({ status: 429, retryAfter: %s }) is an HttpError with retryAfterMs %s', async (retryAfter, retryAfterMs) => {
    mock.fail({ status: 429, retryAfter });
    const error = await client()
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, statusText: 'Too Many Requests', retryAfterMs });
    expectNoSecrets(error, secrets());
  });

  it('reads a Retry-After HTTP date on a 503', async () => {
    mock.fail({ status: 503, retryAfter: new Date(Date.now() + 60_000).toUTCString() });
    const error = (await client()
      .listShares(globexPage1)
      .catch((e: unknown) => e)) as { status: number; retryAfterMs: number };
    expect(error.status).toBe(503);
    // HTTP dates have one-second resolution.
    expect(error.retryAfterMs).toBeGreaterThan(50_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it.each([403, 500] as const)(
    'fail({ status: %i }) is an HttpError with the Spring error body, no retry',
    async (status) => {
      mock.fail({ status });
      const error = await client()
        .listShares(globexPage1)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        status,
        retryAfterMs: undefined,
        body: { status, message: `Simulated ${status}` },
      });
      expect(mock.requests).toHaveLength(1);
      expectNoSecrets(error, secrets());
    },
  );

  it('malformed JSON is a ResponseShapeError', async () => {
    mock.fail({ status: 'malformed-json' });
    const error = await client()
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expectNoSecrets(error, secrets());
  });

  it('a dropped connection is a NetworkError', async () => {
    mock.fail({ status: 'network' });
    const error = await client()
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expectNoSecrets(error, secrets());
  });

  it('a response slower than timeoutMs is a TimeoutError, and the token wait counts towards it', async () => {
    // The token is held until the call has timed out.
    const gate = createGate();
    mock.setLatency(({ resource }) => (resource === 'token' ? gate.held : 0));
    const error = await oauthClient({}, 40)
      .listShares(globexPage1)
      .catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 40 });
    expect(listRequests()).toHaveLength(0);
    gate.release();
    await expect.poll(() => mock.requests[0]?.status, { interval: 5 }).toBe(200);
    expectNoSecrets(error, secrets());
  });

  it('bad arguments make no request at all', async () => {
    const bad = [
      { organizationId: 'acme', page: 1, size: 10 },
      { organizationId: globex, page: -1, size: 10 },
      { organizationId: globex, page: 1, size: 0 },
    ];
    for (const params of bad) await expect(oauthClient().listShares(params)).rejects.toThrow(TypeError);
    expect(mock.requests).toHaveLength(0);
  });

  it('clears every timer it starts once calls have settled (success, error, abort), so Node can exit', async () => {
    // Distinctive limits pick the client's own timers out of everything else that runs in this process.
    const limits = new Set([12_345, 23_456]);
    const started: unknown[] = [];
    const cleared = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const setSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      const handle = realSet(fn, ms);
      if (ms !== undefined && limits.has(ms)) started.push(handle);
      return handle;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((
      handle?: Parameters<typeof clearTimeout>[0],
    ) => {
      cleared.add(handle);
      realClear(handle);
    }) as typeof clearTimeout);
    try {
      const c = oauthClient({ timeoutMs: 23_456 }, 12_345);
      await c.listShares(globexPage1);
      mock.fail({ status: 500 });
      await c.listShares(globexPage1).catch(() => undefined);
      const controller = new AbortController();
      const gate = createGate();
      mock.setLatency(() => gate.held);
      const aborted = c.listShares({ ...globexPage1, signal: controller.signal });
      await expect.poll(() => listRequests().length, { interval: 5 }).toBe(3);
      controller.abort();
      await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
      gate.release();
      // The mock picks failures after its latency: let it answer, so no later test's failure goes to this request.
      await expect.poll(() => listRequests()[2]?.status, { interval: 5 }).not.toBeNull();
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
    // 3 calls + 1 token request, each with its own limit, all cleared.
    expect(started).toHaveLength(4);
    expect(started.filter((handle) => !cleared.has(handle))).toEqual([]);
  });
});

describe('createProxyHandler in front of the mock, with a keyless client behind it', () => {
  it('lists through the proxy: the mock sees the server-side Bearer token, never the browser’s headers', async () => {
    const { clientId, clientSecret, scope } = mock.credentials;
    const handler = createProxyHandler({
      baseUrl: http.baseUrl,
      auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
      basePath: '/bff/pagewise',
      allowRequest: () => true,
    });
    const proxy = await serveFetchHandler(handler);
    try {
      // The "browser" sends the API Account's Basic pair and a cookie: neither may reach the service.
      const browserFetch: typeof fetch = (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            Authorization: `Basic ${mock.credentials.accountId}:${mock.credentials.apiToken}`,
            Cookie: 'session=abc',
          },
        });
      const client = createApiClient({ baseUrl: `${proxy.origin}/bff/pagewise`, fetch: browserFetch });
      const [viaProxy, direct] = await Promise.all([
        client.listShares(globexPage1),
        oauthClient().listShares(globexPage1),
      ]);
      expect(viaProxy).toEqual(direct);
      expect(listRequests().map((r) => r.authorization)).toEqual(['Bearer', 'Bearer']);
      // A 429 upstream reaches the browser with its Retry-After.
      mock.fail({ status: 429, retryAfter: 5 });
      await expect(client.listShares(globexPage1)).rejects.toMatchObject({
        name: 'HttpError',
        status: 429,
        retryAfterMs: 5_000,
      });
      // Anything but the two list routes never reaches the service.
      const before = mock.requests.length;
      expect(
        (await fetch(`${proxy.origin}/bff/pagewise/${globex}/shares%2F..%2F..%2Fadmin?page=0&size=1`)).status,
      ).toBe(404);
      expect(
        (await fetch(`${proxy.origin}/bff/pagewise/${globex}/shares?page=0&size=1`, { method: 'POST' })).status,
      ).toBe(405);
      expect(mock.requests.length).toBe(before);
    } finally {
      await proxy.close();
    }
  });

  it('passes X-Total-Count through so a keyless client reads the array shape', async () => {
    const arrays = createMockService({ shape: 'array' });
    const server = await createMockHttpServer(arrays);
    const { accountId, apiToken } = arrays.credentials;
    const proxy = await serveFetchHandler(
      createProxyHandler({
        baseUrl: server.baseUrl,
        auth: apiAccountToken({ accountId, apiToken }),
        allowRequest: () => true,
      }),
    );
    try {
      const page = await createApiClient({ baseUrl: proxy.origin }).listEnvironments({
        organizationId: acme,
        page: 6,
        size: 10,
      });
      expect(page).toMatchObject({ total: 58, page: 6, pageCount: 6, hasNext: false });
      expect(page.items).toHaveLength(8);
    } finally {
      await Promise.all([proxy.close(), server.close()]);
    }
  });

  it('answers 502 to the browser and tells onError (secret-free) when the credentials are wrong', async () => {
    const errors: unknown[] = [];
    const handler = createProxyHandler({
      baseUrl: http.baseUrl,
      auth: clientCredentials({
        authUrl: http.authUrl,
        clientId: mock.credentials.clientId,
        clientSecret: 'wrong-7e6d5c4b',
      }),
      onError: (error) => errors.push(error),
      allowRequest: () => true,
    });
    const proxy = await serveFetchHandler(handler);
    try {
      const error = await createApiClient({ baseUrl: proxy.origin })
        .listShares(globexPage1)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'HttpError', status: 502, body: { error: 'bad_gateway' } });
      expect(errors).toEqual([expect.objectContaining({ name: 'AuthError', error: 'invalid_client' })]);
      expectNoSecrets(errors[0], ['wrong-7e6d5c4b', ...secrets()]);
      expectNoSecrets(error, ['wrong-7e6d5c4b', ...secrets()]);
    } finally {
      await proxy.close();
    }
  });
});
