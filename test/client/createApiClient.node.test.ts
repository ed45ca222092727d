import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  createApiClient,
  isHttpError,
  isInvalidArgumentError,
  isNetworkError,
  isTimeoutError,
} from '../../src/client/index';
import type { AuthStrategy } from '../../src/client/index';
import { createGate } from '../helpers/createGate';
import { listenLocally, startLocalServer } from '../helpers/localServer';
import { createServer } from 'node:http';
import { isResponseShapeError } from '../../src/client/index';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG, springPage } from './fixtures';
import { startStatusLineServer } from './startStatusLineServer';

const TOKEN = 'tok_8f3a1c9e5b7d2f4a6c8e0b1d';
const fixedAuth = (header: string): AuthStrategy => ({ id: 'fixed', authorize: async () => header });
/** A real fetch that drops the signal it is given, as some wrappers and polyfills do. */
const fetchIgnoringSignal: typeof fetch = (input, init) => fetch(input, { ...init, signal: undefined });

const server = localServerForFile(() => ({ body: springPage([{ id: 'a' }], 1) }));

describe('request shape (seed 4.2, 4.3)', () => {
  it('GETs {baseUrl}/{organizationId}/shares with exactly page and size, Accept JSON and the Authorization header', async () => {
    const client = createApiClient({ baseUrl: `${server.origin}/api`, auth: fixedAuth(`Bearer ${TOKEN}`) });
    await client.listShares({ organizationId: ORG, page: 1, size: 20 });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe(`/api/${ORG}/shares`);
    expect([...request!.query]).toEqual([
      ['page', '0'],
      ['size', '20'],
    ]);
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('GETs {baseUrl}/{organizationId}/environments for listEnvironments', async () => {
    const client = createApiClient({ baseUrl: `${server.origin}/api`, auth: fixedAuth(`Bearer ${TOKEN}`) });
    await client.listEnvironments({ organizationId: ORG, page: 4, size: 50 });
    expect(server.requests[0]!.path).toBe(`/api/${ORG}/environments`);
    expect(server.requests[0]!.query.toString()).toBe('page=3&size=50');
  });

  it('handles a trailing slash on baseUrl', async () => {
    const client = createApiClient({ baseUrl: `${server.origin}/api//` });
    expect(client.baseUrl).toBe(`${server.origin}/api`);
    await client.listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(server.requests[0]!.path).toBe(`/api/${ORG}/shares`);
  });

  it('sends no Authorization header without auth (behind a proxy)', async () => {
    const client = createApiClient({ baseUrl: server.origin });
    await client.listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
  });

  it('resolves to a normalized Page', async () => {
    server.handle(() => ({ body: springPage([{ id: 'a' }, { id: 'b' }], 42, 2, 20) }));
    const client = createApiClient({ baseUrl: server.origin });
    await expect(client.listShares({ organizationId: ORG, page: 3, size: 20 })).resolves.toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      total: 42,
      page: 3,
      pageSize: 20,
      pageCount: 3,
      hasNext: false,
      hasPrevious: true,
    });
  });

  it('has a non-secret id, the same for every client of the service unless a bearer token names its user', () => {
    const auth = bearerToken(() => TOKEN, { id: 'user-42' });
    expect(createApiClient({ baseUrl: `${server.origin}/api/`, auth }).id).toBe('user-42');
    expect(createApiClient({ baseUrl: server.origin }).id).toBe('default');
    expect(createApiClient({ baseUrl: `${server.origin}/proxy`, auth: bearerToken(() => TOKEN) }).id).toBe('default');
  });

  it('takes an explicit id, so a server client and a browser proxy client can share cached pages', () => {
    const onServer = createApiClient({
      baseUrl: `${server.origin}/api`,
      auth: fixedAuth(`Bearer ${TOKEN}`),
      id: 'acme-shares',
    });
    const inBrowser = createApiClient({ baseUrl: `${server.origin}/proxy`, id: 'acme-shares' });
    expect(onServer.id).toBe('acme-shares');
    expect(inBrowser.id).toBe(onServer.id);
  });
});

describe('bad arguments', () => {
  const client = () => createApiClient({ baseUrl: server.origin, auth: fixedAuth(`Bearer ${TOKEN}`) });

  it.each([
    [{ organizationId: 'abc', page: 1, size: 20 }, 'pagewise: `organizationId` must be a UUID, got "abc"'],
    [{ organizationId: undefined, page: 1, size: 20 }, '`organizationId` must be a UUID, got undefined'],
    [{ organizationId: `${ORG}/../x`, page: 1, size: 20 }, '`organizationId` must be a UUID'],
    [{ organizationId: ORG, page: 0, size: 20 }, '`page` must be an integer >= 1, got 0'],
    [{ organizationId: ORG, page: 1.5, size: 20 }, '`page` must be an integer >= 1'],
    [{ organizationId: ORG, page: Number.NaN, size: 20 }, '`page` must be an integer >= 1, got NaN'],
    [{ organizationId: ORG, page: '1', size: 20 }, '`page` must be an integer >= 1, got "1"'],
    [{ organizationId: ORG, page: 1, size: 0 }, '`size` must be an integer >= 1, got 0'],
    [{ organizationId: ORG, page: 1, size: Infinity }, '`size` must be an integer >= 1, got Infinity'],
    [{ organizationId: ORG, page: [2], size: 20 }, '`page` must be an integer >= 1, got [2]'],
    [
      { organizationId: Object.create(null), page: 1, size: 20 },
      '`organizationId` must be a UUID, got [object Object]',
    ],
  ])('rejects %j with a TypeError naming the argument and makes no request', async (params, message) => {
    const result = client().listShares(params as never);
    await expect(result).rejects.toThrow(TypeError);
    await expect(result).rejects.toThrow(message);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [{ organizationId: 'abc', page: 1, size: 20 }, 'organizationId'],
    [{ organizationId: ORG, page: -1, size: 20 }, 'page'],
    [{ organizationId: ORG, page: 1, size: 0 }, 'size'],
    [{ organizationId: ORG, page: 1, size: 20, sort: 'name' }, 'sort'],
    [{ organizationId: ORG, page: 1, size: 20, filters: { page: '2' } }, 'filters.page'],
  ])('gives the rejection for %j the stable code and the argument it names', async (params, argument) => {
    await expect(client().listShares(params as never)).rejects.toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('gives the construction errors the stable code and the option they name', () => {
    for (const [options, argument] of [
      [{ baseUrl: 'ftp://x' }, 'baseUrl'],
      [{ baseUrl: server.origin, auth: {} }, 'auth'],
      [{ baseUrl: server.origin, id: '' }, 'id'],
    ] as const) {
      expect(() => createApiClient(options as never)).toThrow(
        expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument }),
      );
    }
  });

  it('lets programs tell bad input apart with isInvalidArgumentError: a thrown option, a rejected call', async () => {
    const thrown = (() => {
      try {
        createApiClient({ baseUrl: 'ftp://x' });
      } catch (error) {
        return error;
      }
    })();
    const rejected = await client()
      .listShares({ organizationId: 'abc', page: 1, size: 20 })
      .catch((error: unknown) => error);
    expect([thrown, rejected].map(isInvalidArgumentError)).toEqual([true, true]);
    // A TypeError of any other origin, and what is no error at all, are not argument errors.
    expect([new TypeError('x is not a function'), null, undefined, 'pagewise'].map(isInvalidArgumentError)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('rejects (does not throw synchronously) when called without params', async () => {
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = client().listEnvironments(undefined as never);
    }).not.toThrow();
    await expect(result).rejects.toThrow('`organizationId` must be a UUID');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [undefined, 'pagewise: `baseUrl` must be an absolute http(s) URL or a path starting with "/", got undefined'],
    ['', 'pagewise: `baseUrl` must be an absolute http(s) URL or a path starting with "/", got ""'],
    ['//elsewhere.example.test/api', '`baseUrl` must be a path on this origin'],
    ['/\\elsewhere.example.test/api', '`baseUrl` must be a path on this origin'],
    ['/api/pagewise?api_key=k3y_9f8e7d6c', '`baseUrl` must not have a query or fragment'],
    ['api.example.test/v1', '`baseUrl` must be an absolute http(s) URL'],
    [
      'ftp://files.example.test/api',
      '`baseUrl` must be an absolute http(s) URL or a path starting with "/", got "ftp://files.example.test/api"',
    ],
    // Not echoed past the path: a query or fragment often carries a key.
    [
      'api.example.test/v1?api_key=k3y_9f8e7d6c#token=t0k_1a2b',
      '`baseUrl` must be an absolute http(s) URL or a path starting with "/", got "api.example.test/v1"',
    ],
    ['https://api.example.test/v1?x=1', '`baseUrl` must not have a query or fragment'],
  ])('createApiClient rejects baseUrl %j naming it', (baseUrl, message) => {
    expect(() => createApiClient({ baseUrl: baseUrl as string })).toThrow(message);
  });

  it('constructs a client with a path as baseUrl on a server, and rejects its calls before any request, saying what to do', async () => {
    const onServer = createApiClient({ baseUrl: '/api/pagewise/' });
    expect(onServer.baseUrl).toBe('/api/pagewise');
    const result = onServer.listShares({ organizationId: ORG, page: 1, size: 20 });
    await expect(result).rejects.toThrow(TypeError);
    await expect(result).rejects.toThrow(
      'pagewise: `baseUrl` must be an absolute http(s) URL outside a browser, got "/api/pagewise"',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('resolves a path baseUrl against the page origin when the call is made, not when the client was made', async () => {
    const client = createApiClient({ baseUrl: '/api' });
    const location = { origin: server.origin };
    Object.defineProperty(globalThis, 'location', { value: location, configurable: true });
    try {
      await client.listShares({ organizationId: ORG, page: 1, size: 20 }).catch(() => undefined);
    } finally {
      delete (globalThis as { location?: unknown }).location;
    }
    expect(server.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
      `/api/${ORG}/shares?page=0&size=20`,
    ]);
  });

  it('names a baseUrl given as a URL object by its kind, never by its text, which holds its credentials and query', () => {
    const baseUrl = new URL('https://admin:pw_H8k2q@api.example.test/v1?api_key=k3y_7d6c');
    let error: unknown;
    try {
      createApiClient({ baseUrl: baseUrl as never });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe(
      'pagewise: `baseUrl` must be an absolute http(s) URL or a path starting with "/", got [object URL]',
    );
    expectNoSecrets(error, ['pw_H8k2q', 'k3y_7d6c']);
  });

  it.each([
    [{ timeoutMs: Object.create(null) }, 'pagewise: `timeoutMs` must be a positive number, got [object Object]'],
    [{ timeoutMs: [5000] }, 'pagewise: `timeoutMs` must be a positive number, got [5000]'],
    [{ timeoutMs: '5000' }, 'pagewise: `timeoutMs` must be a positive number, got "5000"'],
  ])('names an option value that has no text of its own, an array or a string as such: %j', (extra, message) => {
    expect(() => createApiClient({ baseUrl: server.origin, ...(extra as object) })).toThrow(new TypeError(message));
  });

  it('rejects a baseUrl with credentials without echoing them', () => {
    const attempt = () => createApiClient({ baseUrl: 'https://admin:hunter2secret@api.example.test/v1' });
    expect(attempt).toThrow('`baseUrl` must not contain credentials');
    try {
      attempt();
    } catch (error) {
      expectNoSecrets(error, ['hunter2secret']);
    }
  });

  it.each([
    ['no scheme', 'admin:pw_Q7z9x2Kc@api.example.test/v1'],
    ['a "/" in the password', 'https://admin:pw_Q7z9/x2Kc@api.example.test/v1'],
    ['a "#" in the password', 'https://admin:pw_Q7z9#x2Kc@api.example.test/v1'],
    ['a "?" in the password', 'https://admin:pw_Q7z9?x2Kc@api.example.test/v1'],
    ['a password of digits before a "/", which parses as a port', 'https://admin:4471/x2Kc@api.example.test/v1'],
  ])('rejects a baseUrl with credentials and %s without echoing any part of the password', (_, baseUrl) => {
    let error: unknown;
    try {
      createApiClient({ baseUrl });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe('pagewise: `baseUrl` must not contain credentials or "@"');
    expectNoSecrets(error, ['pw_Q7z9', 'x2Kc', '4471']);
  });

  it.each([
    [{ auth: { id: 'x' } }, '`auth` must be an auth strategy'],
    [{ fetch: 'nope' }, '`fetch` must be a function'],
    [{ timeoutMs: 0 }, '`timeoutMs` must be a positive number, got 0'],
    [{ parsePage: 1 }, '`parsePage` must be a function'],
    [{ id: '' }, '`id` must be a non-empty string'],
  ])('createApiClient rejects %j naming the option', (extra, message) => {
    expect(() => createApiClient({ baseUrl: server.origin, ...(extra as object) })).toThrow(message);
  });
});

describe('a credential over plain HTTP', () => {
  const insecure = 'http://api.example.com/v1';

  it('refuses an auth strategy with a non-loopback http: baseUrl, naming baseUrl, before any request', () => {
    let authorized = 0;
    const auth: AuthStrategy = { id: 'counted', authorize: async () => `Bearer ${(authorized += 1) && TOKEN}` };
    const make = () => createApiClient({ baseUrl: insecure, auth });
    expect(make).toThrow(expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'baseUrl' }));
    expect(make).toThrow(/must be an https: URL/);
    expect(authorized).toBe(0);
  });

  it.each(['http://localhost:8080', 'http://127.0.0.9:1/api', 'http://[::1]:9/api', 'https://api.example.com/v1'])(
    'accepts %s with an auth strategy',
    (baseUrl) => {
      expect(() => createApiClient({ baseUrl, auth: fixedAuth(`Bearer ${TOKEN}`) })).not.toThrow();
    },
  );

  it('accepts a non-loopback http: baseUrl with no auth strategy, which sends no credential', () => {
    expect(() => createApiClient({ baseUrl: insecure })).not.toThrow();
  });

  it('accepts it with the explicit opt-in dangerouslyAllowInsecureHttp', () => {
    const make = () =>
      createApiClient({ baseUrl: insecure, auth: fixedAuth(`Bearer ${TOKEN}`), dangerouslyAllowInsecureHttp: true });
    expect(make).not.toThrow();
  });
});

describe('a response body past maxBodyBytes', () => {
  /** A service that sends `[` and then commas for as long as the connection stays open, counting what it wrote. */
  async function endlessService() {
    const sent = { bytes: 0, closed: false };
    const server = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, ',');
      const more = () => {
        while (!res.destroyed && res.write(chunk)) sent.bytes += chunk.length;
        if (res.destroyed) sent.closed = true;
      };
      res.on('drain', more);
      res.on('close', () => (sent.closed = true));
      res.write('[');
      more();
    });
    return { sent, ...(await listenLocally(server)) };
  }

  it('stops reading an endless body at the limit and rejects with a ResponseShapeError naming it', async () => {
    const service = await endlessService();
    try {
      const client = createApiClient({ baseUrl: service.origin, maxBodyBytes: 1 << 20 });
      const error = await client.listShares({ organizationId: ORG, page: 1, size: 20 }).catch((e: unknown) => e);
      expect(isResponseShapeError(error)).toBe(true);
      expect(String((error as Error).message)).toContain('maxBodyBytes (1048576 bytes)');
      await expect.poll(() => service.sent.closed).toBe(true);
    } finally {
      await service.close();
    }
  });

  it.each([0, -1, 1.5, '1024', Number.NaN])('rejects maxBodyBytes %j naming it, before any request', (maxBodyBytes) => {
    expect(() => createApiClient({ baseUrl: server.origin, maxBodyBytes: maxBodyBytes as number })).toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'maxBodyBytes' }),
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('HTTP errors', () => {
  const client = () => createApiClient({ baseUrl: `${server.origin}/api`, auth: fixedAuth(`Bearer ${TOKEN}`) });

  it('rejects a 404 with an HttpError carrying status, statusText, method, URL and the parsed body', async () => {
    server.handle(() => ({ status: 404, body: { message: 'organization not found' } }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 404,
      statusText: 'Not Found',
      method: 'GET',
      url: `${server.origin}/api/${ORG}/shares?page=0&size=20`,
      body: { message: 'organization not found' },
      retryAfterMs: undefined,
      message: `GET ${server.origin}/api/${ORG}/shares?page=0&size=20 failed: 404 Not Found`,
    });
    expectNoSecrets(error, [TOKEN]);
  });

  it('redacts the credential when the service echoes it in the status line', async () => {
    const echo = await startStatusLineServer(500, (request) => `denied for ${request.headers.authorization}`);
    try {
      const error = await createApiClient({ baseUrl: echo.origin, auth: fixedAuth(`Bearer ${TOKEN}`) })
        .listShares({ organizationId: ORG, page: 1, size: 20 })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'HttpError',
        status: 500,
        statusText: 'denied for Bearer [redacted]',
        message: `GET ${echo.origin}/${ORG}/shares?page=0&size=20 failed: 500 denied for Bearer [redacted]`,
      });
      expectNoSecrets(error, [TOKEN]);
    } finally {
      await echo.close();
    }
  });

  it('redacts a credential shorter than 8 characters from error text: the status line, a non-JSON body and a fetch error', async () => {
    const auth = fixedAuth('Bearer k9Zx');
    const params = { organizationId: ORG, page: 1, size: 20 };
    const echo = await startStatusLineServer(500, (request) => `denied for ${request.headers.authorization}`);
    try {
      const statusLine = await createApiClient({ baseUrl: echo.origin, auth })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(statusLine).toMatchObject({ statusText: 'denied for Bearer [redacted]' });
      expectNoSecrets(statusLine, ['k9Zx']);
    } finally {
      await echo.close();
    }
    server.handle((request) => ({ status: 401, body: `no such token ${request.headers.authorization!.slice(7)}` }));
    const text = await createApiClient({ baseUrl: server.origin, auth })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(text).toMatchObject({ status: 401, body: 'no such token [redacted]' });
    expectNoSecrets(text, ['k9Zx']);
    const fetchError = new TypeError('invalid header value Bearer k9Zx');
    const network = await createApiClient({ baseUrl: server.origin, auth, fetch: () => Promise.reject(fetchError) })
      .listShares(params)
      .catch((e: unknown) => e);
    expect((network as Error).cause).toMatchObject({ message: 'invalid header value Bearer [redacted]' });
    expectNoSecrets(network, ['k9Zx']);
  });

  it('leaves a credential shorter than 8 characters alone in page data, where ordinary words match it', async () => {
    server.handle(() => ({
      status: 200,
      body: { content: [{ id: 'id', name: 'id' }], totalElements: 1, number: 0, size: 20 },
    }));
    const page = await createApiClient({ baseUrl: server.origin, auth: fixedAuth('Bearer id') }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
    });
    expect(page.items).toEqual([{ id: 'id', name: 'id' }]);
  });

  it('redacts a credential shorter than 8 characters from a JSON error body, in values and keys', async () => {
    server.handle(() => ({ status: 404, body: { error: 'no such token k9Zx', k9Zx: true } }));
    const error = await createApiClient({ baseUrl: server.origin, auth: fixedAuth('Bearer k9Zx') })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, body: { error: 'no such token [redacted]', '[redacted]': true } });
    expectNoSecrets(error, ['k9Zx']);
  });

  it('redacts the credential in object keys, also where the JSON escapes it, and leaves the other keys alone', async () => {
    const escaped = TOKEN.replace('t', '\\u0074');
    server.handle(() => ({
      status: 403,
      headers: { 'content-type': 'application/json' },
      body: `{"error":"denied","seen":{"${escaped}":true,"by ${TOKEN}":1}}`,
    }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      body: { error: 'denied', seen: { '[redacted]': true, 'by [redacted]': 1 } },
    });
    expectNoSecrets(error, [TOKEN]);
  });

  it('keeps a non-JSON error body as text', async () => {
    server.handle(() => ({ status: 500, body: 'upstream exploded' }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, body: 'upstream exploded' });
    expectNoSecrets(error, [TOKEN]);
  });

  it('redacts the credential when the service echoes it in an error body', async () => {
    server.handle((request) => ({ status: 403, body: { seen: request.headers.authorization } }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: { seen: 'Bearer [redacted]' } });
    expectNoSecrets(error, [TOKEN]);
  });

  it.each([
    [429, { 'retry-after': '7' }, 7000],
    [503, { 'retry-after': '0' }, 0],
    [503, { 'retry-after': 'soon' }, undefined],
    [500, { 'retry-after': '7' }, undefined],
    [429, {}, undefined],
  ])('status %i with %j has retryAfterMs %s', async (status, headers, retryAfterMs) => {
    server.handle(() => ({ status, headers, body: {} }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status, retryAfterMs });
    expectNoSecrets(error, [TOKEN]);
  });

  it('reads an HTTP-date Retry-After as the milliseconds until then', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    server.handle(() => ({ status: 429, headers: { 'retry-after': at }, body: {} }));
    const error = await client()
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .then(
        () => ({ retryAfterMs: Number.NaN }),
        (e: unknown) => e as { retryAfterMs: number },
      );
    // HTTP dates have one-second resolution: the wait is within the two minutes asked for.
    expect(error.retryAfterMs).toBeGreaterThan(100_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('rejects a refused connection with a NetworkError whose cause is the fetch error', async () => {
    const closed = await startLocalServer();
    const origin = closed.origin;
    await closed.close();
    const error = await createApiClient({ baseUrl: origin, auth: fixedAuth(`Bearer ${TOKEN}`) })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ message: `GET ${origin}/${ORG}/shares?page=0&size=20 failed: network error` });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expectNoSecrets(error, [TOKEN]);
  });

  it("keeps a custom fetch's error as a cause without its object fields and with the credential redacted", async () => {
    // Like an HTTP library's error: it quotes the header and carries the request config.
    const leaky = Object.assign(new TypeError(`request with Authorization: Bearer ${TOKEN} failed`), {
      config: { headers: { Authorization: `Bearer ${TOKEN}` } },
      cause: new Error(`socket closed for Bearer ${TOKEN}`),
    });
    const error = await createApiClient({
      baseUrl: server.origin,
      auth: fixedAuth(`Bearer ${TOKEN}`),
      fetch: () => Promise.reject(leaky),
    })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    const cause = (error as Error).cause as Error & { config?: unknown };
    expect(cause).toBeInstanceOf(TypeError);
    expect(cause.message).toBe('request with Authorization: Bearer [redacted] failed');
    expect(cause.config).toBeUndefined();
    expect((cause.cause as Error).message).toBe('socket closed for Bearer [redacted]');
    expectNoSecrets(error, [TOKEN]);
  });

  it('rejects with a TimeoutError when the service never answers within timeoutMs', async () => {
    server.handle(() => new Promise(() => undefined));
    const error = await createApiClient({ baseUrl: server.origin, auth: fixedAuth(`Bearer ${TOKEN}`), timeoutMs: 20 })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({
      timeoutMs: 20,
      message: `GET ${server.origin}/${ORG}/shares?page=0&size=20 timed out after 20 ms`,
    });
    expectNoSecrets(error, [TOKEN]);
  });
});

describe('a fetch that ignores its signal and never settles', () => {
  it('still rejects with a TimeoutError at timeoutMs', async () => {
    const received = createGate();
    server.handle(() => {
      received.release();
      return new Promise(() => undefined);
    });
    const error = await createApiClient({
      baseUrl: server.origin,
      auth: fixedAuth(`Bearer ${TOKEN}`),
      fetch: fetchIgnoringSignal,
      timeoutMs: 20,
    })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 20 });
    // On a loaded machine the timeout can end the call before the request reaches the server: it arrives here, not
    // in the next test's count.
    await received.held;
  });

  it("still rejects with the caller's abort reason", async () => {
    server.handle(() => new Promise(() => undefined));
    const controller = new AbortController();
    const result = createApiClient({ baseUrl: server.origin, fetch: fetchIgnoringSignal }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
      signal: controller.signal,
    });
    await expect.poll(() => server.requests.length).toBe(1);
    const reason = new Error('navigated away');
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
  });
});

describe('abort', () => {
  it("propagates the caller's abort as the fetch's AbortError", async () => {
    const received = createGate();
    server.handle(() => {
      received.release();
      return new Promise(() => undefined);
    });
    const controller = new AbortController();
    const result = createApiClient({ baseUrl: server.origin }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
      signal: controller.signal,
    });
    await received.held;
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(error).toBe(controller.signal.reason);
  });

  it('makes no request when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = createApiClient({ baseUrl: server.origin }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
      signal: controller.signal,
    });
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('401 handling', () => {
  it('retries once with a fresh header when the strategy dropped its token', async () => {
    let issued = 0;
    const auth = bearerToken(() => ({ access_token: `${TOKEN}-${++issued}`, expires_in: 3600 }));
    server.handle((request) =>
      request.headers.authorization === `Bearer ${TOKEN}-1` ? { status: 401, body: {} } : { body: springPage([], 0) },
    );
    await createApiClient({ baseUrl: server.origin, auth }).listShares({ organizationId: ORG, page: 1, size: 20 });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}-1`, `Bearer ${TOKEN}-2`]);
    expect(issued).toBe(2);
  });

  it('makes at most 2 requests on a persistent 401, then rejects with an HttpError', async () => {
    let issued = 0;
    const auth = bearerToken(() => ({ access_token: `${TOKEN}-${++issued}`, expires_in: 3600 }));
    server.handle(() => ({ status: 401, body: { error: 'invalid_token' } }));
    const error = await createApiClient({ baseUrl: server.origin, auth })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 401, statusText: 'Unauthorized' });
    expect(server.requests).toHaveLength(2);
    expect(issued).toBe(2);
    expectNoSecrets(error, [TOKEN]);
  });

  it('does not retry when the strategy says a new header would not help', async () => {
    server.handle(() => ({ status: 401, body: {} }));
    const auth: AuthStrategy = { id: 'fixed', authorize: async () => `Basic ${TOKEN}`, unauthorized: () => false };
    await expect(
      createApiClient({ baseUrl: server.origin, auth }).listShares({ organizationId: ORG, page: 1, size: 20 }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(1);
  });
});

describe('limits and URLs beyond the ordinary', () => {
  /** Answers only after a few macrotasks: later than a timer that wrongly fires after 1 ms. */
  const answerLate = () => async () => {
    await new Promise((resolve) => setTimeout(resolve, 25));
    return { body: springPage([{ id: 'late' }], 1) };
  };

  it.each([Infinity, 3e9])(
    'treats timeoutMs %s (beyond what timers hold) as no limit instead of 1 ms',
    async (timeoutMs) => {
      server.handle(answerLate());
      const client = createApiClient({ baseUrl: server.origin, auth: fixedAuth(`Bearer ${TOKEN}`), timeoutMs });
      await expect(client.listShares({ organizationId: ORG, page: 1, size: 20 })).resolves.toMatchObject({ total: 1 });
    },
  );

  it.each(['?', '#', '/?', '//#'])(
    'drops an empty %j at the end of baseUrl instead of putting it in every request URL',
    async (suffix) => {
      const client = createApiClient({ baseUrl: `${server.origin}/api${suffix}` });
      expect(client.baseUrl).toBe(`${server.origin}/api`);
      await client.listShares({ organizationId: ORG, page: 1, size: 20 });
      expect(server.requests[0]!.path).toBe(`/api/${ORG}/shares`);
      expect(server.requests[0]!.query.toString()).toBe('page=0&size=20');
    },
  );

  it('does not echo the query of a rejected baseUrl, which may hold a key', () => {
    let error: unknown;
    try {
      createApiClient({ baseUrl: 'https://api.example.test/v1?api_key=k3y_9Qw8Er7Ty6' });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe('pagewise: `baseUrl` must not have a query or fragment');
    expectNoSecrets(error, ['k3y_9Qw8Er7Ty6']);
  });

  it.each([{}, 'abort', 1])('rejects signal %j naming it, before any request', async (signal) => {
    const result = createApiClient({ baseUrl: server.origin }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
      signal: signal as never,
    });
    await expect(result).rejects.toThrow(TypeError);
    await expect(result).rejects.toThrow('pagewise: `signal` must be an AbortSignal');
    expect(server.requests).toHaveLength(0);
  });

  it('redacts the credential also where the JSON error body escapes it (\\/)', async () => {
    const token = 'tok/with/slashes+9a8b7c6d';
    server.handle((request) => ({
      status: 403,
      headers: { 'content-type': 'application/json' },
      // Serializers such as PHP's write "/" as "\/": the raw text never contains the token verbatim.
      body: JSON.stringify({ seen: request.headers.authorization, note: 'echoed' }).replaceAll('/', '\\/'),
    }));
    const error = await createApiClient({ baseUrl: server.origin, auth: fixedAuth(`Bearer ${token}`) })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: { seen: 'Bearer [redacted]', note: 'echoed' } });
    expectNoSecrets(error, [token]);
  });

  it('redacts the token half of a raw Basic pair echoed in a non-JSON error body, not the account id (no secret, and it may appear in data)', async () => {
    const pair = '9b2d4f6a-8c0e-4a1b-9d3f-5e7a9c1b3d5f:pat_Vx93kLq0ZmA7rT2w';
    server.handle((request) => ({
      status: 401,
      body: `no account for ${request.headers.authorization!.slice(6).split(':').reverse().join(' / ')}`,
    }));
    const error = await createApiClient({ baseUrl: server.origin, auth: fixedAuth(`Basic ${pair}`) })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      body: 'no account for [redacted] / 9b2d4f6a-8c0e-4a1b-9d3f-5e7a9c1b3d5f',
    });
    expectNoSecrets(error, ['pat_Vx93kLq0ZmA7rT2w']);
  });
});

describe('a credential fetch would quote in its error', () => {
  it.each([
    ['a line break', 'tok_line\nbreak_5e6f7a8b'],
    ['a carriage return', 'tok_cr\rreturn_5e6f7a8b'],
    ['a NUL', 'tok_nul\0byte_5e6f7a8b'],
  ])('rejects a token with %s before any request, without quoting it', async (_, token) => {
    const error = await createApiClient({ baseUrl: server.origin, auth: bearerToken(() => token) })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(
      '`auth` gave an Authorization header with a line break or NUL (not shown)',
    );
    expect(server.requests).toHaveLength(0);
    expectNoSecrets(error, [token, ...token.split(/[\n\r\0]/)]);
  });

  it('still sends a token with a trailing newline (as read from a file), which fetch trims', async () => {
    await createApiClient({ baseUrl: server.origin, auth: bearerToken(() => `${TOKEN}\n`) }).listShares({
      organizationId: ORG,
      page: 1,
      size: 20,
    });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each<[string, AuthStrategy]>([
    ['bearerToken with a string', bearerToken(() => `${TOKEN}\n`)],
    ['bearerToken with a token response', bearerToken(() => ({ access_token: `${TOKEN}\n`, expires_in: 60 }))],
    ['a strategy of its own', fixedAuth(`Bearer ${TOKEN}\n`)],
  ])('redacts a token given with a trailing newline when the service echoes it: %s', async (_, auth) => {
    server.handle((request) => ({
      status: 403,
      body: { seen: request.headers.authorization, token: request.headers.authorization!.slice(7) },
    }));
    const error = await createApiClient({ baseUrl: server.origin, auth })
      .listShares({ organizationId: ORG, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: { seen: 'Bearer [redacted]', token: '[redacted]' } });
    expectNoSecrets(error, [TOKEN]);
  });
});

describe('the organization and resource as the list call built them', () => {
  it("tells the strategy the organization's path for a 401 and for an accepted answer, and events the resource", async () => {
    const told: Array<[string, string, string | undefined, number | undefined]> = [];
    let issued = 0;
    const auth: AuthStrategy = {
      id: 'recording',
      authorize: async () => `Bearer ${TOKEN}-${(issued += 1)}`,
      unauthorized: (authorization, organizationUrl, response) => {
        told.push(['unauthorized', authorization.slice(-2), organizationUrl, response?.status]);
        return true;
      },
      accepted: (authorization, organizationUrl, response) => {
        told.push(['accepted', authorization.slice(-2), organizationUrl, response?.status]);
      },
    };
    let calls = 0;
    server.handle(() =>
      (calls += 1) === 1 ? { status: 401, body: { error: 'invalid_token' } } : { body: springPage([], 0) },
    );
    const events: unknown[] = [];
    const client = createApiClient({ baseUrl: `${server.origin}/api`, auth, onEvent: (event) => events.push(event) });
    // A filter value with "/" and "?" in it: nothing about the organization or resource is read back from the URL.
    await client.list('environments', { organizationId: ORG, page: 1, size: 5, filters: { q: 'a/b?c=/d' } });
    expect(told).toEqual([
      ['unauthorized', '-1', `${server.origin}/api/${ORG}`, 401],
      ['accepted', '-2', `${server.origin}/api/${ORG}`, 200],
    ]);
    expect(events.filter((event) => (event as { type: string }).type !== 'client-response')).toEqual([
      { type: 'client-request', resource: 'environments', attempt: 1 },
      { type: 'client-retry', resource: 'environments', reason: 'unauthorized' },
      { type: 'client-request', resource: 'environments', attempt: 2 },
    ]);
    expect(server.requests.map((request) => request.query.get('q'))).toEqual(['a/b?c=/d', 'a/b?c=/d']);
  });
});
