import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, createApiClient } from '../../src/client/index';
import { clientCredentials } from '../../src/server/index';
import type { ProxyHandler, ProxyHandlerOptions } from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG, springPage } from '../client/fixtures';
import { asInBrowser, CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import type { ReceivedRequest } from '../helpers/localServer';
import { closeServedListeners, proxyEntryPoints, type ProxyEntryPoint } from './proxyEntryPoints';
import type { ClientCredentialsRequestOptions } from '../../src/server/clientCredentials';

let service: FakeService;
let handler: ProxyHandler;
let proxy: ServedHandler;
let proxyOrigin: string;

beforeAll(async () => {
  service = await startFakeService();
  proxy = await serveFetchHandler((request) => handler(request));
  proxyOrigin = proxy.origin;
});
afterAll(async () => {
  await closeServedListeners();
  await proxy.close();
  await service.server.close();
});
beforeEach(() => {
  service.reset();
  // A fresh handler (and token cache) per test, so each test's token requests are its own.
  handler = proxyForService({ basePath: '/bff/pagewise' }, { scope: 'acme.read' });
});

/** A proxy handler for the fake service's API, getting its tokens from the fake service with client credentials. */
function proxyForService(
  options: Omit<ProxyHandlerOptions, 'baseUrl' | 'auth'> = {},
  credentials: Partial<ClientCredentialsRequestOptions> = {},
): ProxyHandler {
  const { origin } = service.server;
  const auth = clientCredentials({ authUrl: origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...credentials });
  return createProxyHandler({ baseUrl: `${origin}/api`, auth, allowRequest: () => true, ...options });
}

const call = (path: string, init?: RequestInit) => handler(new Request(`https://app.example.test${path}`, init));

/** The entry point the running describe block tests. */
let createProxyHandler: ProxyEntryPoint['create'];

describe.each(proxyEntryPoints)('$name', ({ name, module, create }) => {
  beforeAll(() => {
    createProxyHandler = create;
  });

  it('serves a browser client without auth: the upstream gets the server-side token, the browser never does', async () => {
    const client = createApiClient({ baseUrl: `${proxyOrigin}/bff/pagewise` });
    await expect(client.listShares({ organizationId: ORG, page: 3, size: 10 })).resolves.toMatchObject({
      items: [{ id: 's1' }],
      total: 1,
    });
    const [upstream] = service.apiRequests();
    expect(upstream!.path).toBe(`/api/${ORG}/shares`);
    expect(upstream!.query.toString()).toBe('page=2&size=10');
    expect(upstream!.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
    expect(service.tokenRequests()).toHaveLength(1);
  });

  it('forwards only page and size, and drops the incoming Authorization and Cookie', async () => {
    const response = await call(`/bff/pagewise/${ORG}/environments?page=0&size=20&sort=name&admin=true`, {
      headers: {
        Authorization: 'Bearer browser-token-77aa',
        Cookie: 'session=s3ss10n-c00k1e',
        'X-Forwarded-For': '10.0.0.1',
      },
    });
    expect(response.status).toBe(200);
    const [upstream] = service.apiRequests();
    expect(upstream!.path).toBe(`/api/${ORG}/environments`);
    expect([...upstream!.query.keys()]).toEqual(['page', 'size']);
    expect(upstream!.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
    expect(service.apiRequests()).toHaveLength(1);
    expect(upstream!.headers).not.toHaveProperty('cookie');
    expect(upstream!.headers).not.toHaveProperty('x-forwarded-for');
  });

  it('passes the status and JSON body through, with X-Total-Count, and copies no other upstream header', async () => {
    service.apiReply = () => ({
      body: [{ id: 'a' }],
      headers: { 'X-Total-Count': '41', 'Set-Cookie': 'upstream=1', Authorization: 'Bearer leaked-upstream-99' },
    });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 'a' }]);
    expect(response.headers.get('x-total-count')).toBe('41');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('authorization')).toBeNull();
    expect([...response.headers.values()].join(' ')).not.toContain(service.issued[0]);
  });

  it('never passes an echoed credential on to the browser, in a success body or an error body', async () => {
    for (const status of [200, 403]) {
      service.apiReply = (request) => ({
        status,
        headers: { 'X-Total-Count': '1' },
        body:
          status === 200
            ? [{ id: 'a', note: `seen ${request.headers.authorization}` }]
            : { error: `denied for ${request.headers.authorization}` },
      });
      const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(text).toContain('Bearer [redacted]');
      expect(text).not.toContain(service.issued[0]);
    }
  });

  it('passes upstream errors through with their status, body and Retry-After', async () => {
    service.apiReply = () => ({ status: 429, headers: { 'Retry-After': '12' }, body: { error: 'slow_down' } });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
    expect(await response.json()).toEqual({ error: 'slow_down' });
  });

  it('answers 502 without details when the token request fails, never exposing the identity provider', async () => {
    handler = proxyForService({ basePath: '/bff/pagewise', onError: () => undefined });
    service.tokenReply = () => ({
      status: 401,
      body: { error: 'invalid_client', error_description: 'bad secret for pw-client' },
    });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'bad_gateway' });
    expect(text).not.toContain('invalid_client');
    expect(service.apiRequests()).toHaveLength(0);
  });

  it('answers 502 over HTTP, without details, and tells onError when auth throws an error of its own', async () => {
    const errors: unknown[] = [];
    const failure = new Error('vault unreachable: token=s.V4ULT7');
    handler = createProxyHandler({
      baseUrl: `${service.server.origin}/api`,
      auth: bearerToken(() => {
        throw failure;
      }),
      allowRequest: () => true,
      onError: (error) => errors.push(error),
    });
    // Through the node:http adapter: a rejected handler would crash it instead of answering.
    const response = await fetch(`${proxyOrigin}/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'bad_gateway' });
    expect(text).not.toContain('V4ULT7');
    expect(errors).toEqual([failure]);
    expect(service.apiRequests()).toHaveLength(0);
  });

  it('answers 502 and tells onError when auth gives a header that cannot be sent', async () => {
    const errors: unknown[] = [];
    handler = createProxyHandler({
      baseUrl: `${service.server.origin}/api`,
      auth: bearerToken(() => 'tok_line\nbreak_5e6f7a8b'),
      allowRequest: () => true,
      onError: (error) => errors.push(error),
    });
    const response = await call(`/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'bad_gateway' });
    expect(errors).toEqual([expect.any(TypeError)]);
    expect(service.apiRequests()).toHaveLength(0);
  });

  it('answers 502 and tells onError when the service answers with a status above 599, which a Response cannot carry', async () => {
    const errors: unknown[] = [];
    handler = proxyForService({ onError: (error) => errors.push(error) });
    service.apiReply = () => ({ status: 600, body: { error: 'odd' } });
    const response = await call(`/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'bad_gateway' });
    expect(errors).toEqual([expect.objectContaining({ name: 'HttpError', status: 600 })]);
  });

  it('passes a 304 from the service on without a body, and does not tell onError', async () => {
    const errors: unknown[] = [];
    handler = proxyForService({ onError: (error) => errors.push(error) });
    service.apiReply = () => ({ status: 304 });
    const response = await call(`/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
    expect(errors).toEqual([]);
  });

  it('answers a 304 from the service over HTTP, through the node:http adapter', async () => {
    handler = proxyForService();
    service.apiReply = () => ({ status: 304 });
    const response = await fetch(`${proxyOrigin}/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('answers 502 and tells onError when the service answers 204, a success without a JSON page', async () => {
    const errors: unknown[] = [];
    handler = proxyForService({ onError: (error) => errors.push(error) });
    service.apiReply = () => ({ status: 204 });
    const response = await call(`/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'bad_gateway' });
    expect(errors).toEqual([
      expect.objectContaining({ name: 'ResponseShapeError', message: expect.stringContaining('not valid JSON') }),
    ]);
  });

  it.each([
    ['braces around words', '{ this is not json }'],
    ['brackets around a trailing comma', '[1,2,]'],
    ['an object cut short in the middle', '{"content":[{"id":"a"}],"totalElements":1'],
    ['two objects one after the other', '{}{}'],
  ])('answers 502 and tells onError when a success body is not JSON: %s', async (_, text) => {
    const errors: unknown[] = [];
    handler = proxyForService({ onError: (error) => errors.push(error) });
    service.apiReply = () => ({ headers: { 'content-type': 'application/json' }, body: text });
    const response = await call(`/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'bad_gateway' });
    expect(errors).toEqual([expect.objectContaining({ name: 'ResponseShapeError' })]);
  });

  it.each([
    ['arrays', (n: number, inner: string) => `${'['.repeat(n)}${inner}${']'.repeat(n)}`],
    ['objects', (n: number, inner: string) => `${'{"a":'.repeat(n)}${inner}${'}'.repeat(n)}`],
  ])('passes on valid %s nested 200,000 deep as sent, with or without an escape in them', async (_, nest) => {
    for (const inner of ['1', '"caf\\u00e9"']) {
      const text = nest(200_000, inner);
      service.apiReply = () => ({ headers: { 'content-type': 'application/json' }, body: text });
      const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(text);
    }
  });

  it('redacts a token echoed JSON-escaped deep inside a body, and answers 502 rather than overflow when the body is deeper than it can re-serialise', async () => {
    const echo = (n: number) => (request: ReceivedRequest) => ({
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(n)}"${String(request.headers.authorization).slice(7).replace('a', '\\u0061')}"${']'.repeat(n)}`,
    });
    service.apiReply = echo(50);
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`${'['.repeat(50)}"[redacted]"${']'.repeat(50)}`);

    const errors: unknown[] = [];
    handler = proxyForService({ onError: (error) => errors.push(error) });
    service.apiReply = echo(200_000);
    const deep = await call(`/${ORG}/shares?page=0&size=20`);
    expect(deep.status).toBe(502);
    expect(await deep.text()).not.toContain('at-');
    // Valid JSON, so not called invalid: the error says why it was not passed on.
    expect(errors).toEqual([
      expect.objectContaining({
        name: 'ResponseShapeError',
        message: expect.stringMatching(/returned a body with a credential in it nested too deeply to redact$/),
      }),
    ]);
  });

  it('logs the failure behind a 502 as one console.error line when no onError is given, in production too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('NODE_ENV', 'production');
    try {
      handler = proxyForService();
      service.tokenReply = () => ({ status: 401, body: { error: 'invalid_client' } });
      expect((await call(`/${ORG}/shares?page=0&size=20`)).status).toBe(502);
      expect(logged.mock.calls).toEqual([
        [
          expect.stringMatching(
            new RegExp(`^\\[pagewise\\] ${name}: 502 AuthError: POST .*oauth\\/token failed: 401 .*invalid_client`),
          ),
        ],
      ]);
      expect(logged.mock.calls[0]![0]).not.toContain('\n');
      expect(logged.mock.calls[0]![0]).not.toContain(CLIENT_SECRET);
    } finally {
      vi.unstubAllEnvs();
      logged.mockRestore();
    }
  });

  it('writes no log line for a browser that went away (499), in production too: fast paging aborts requests all the time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('NODE_ENV', 'production');
    try {
      handler = proxyForService();
      service.apiReply = () => new Promise(() => undefined);
      const browser = new AbortController();
      const pending = handler(
        new Request(`https://app.example.test/${ORG}/shares?page=7&size=20`, { signal: browser.signal }),
      );
      await expect.poll(() => service.apiRequests().filter((r) => r.query.get('page') === '7').length).toBe(1);
      browser.abort(new Error('gone'));
      expect((await pending).status).toBe(499);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
      logged.mockRestore();
    }
  });

  it('logs nothing itself when onError is given', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      handler = proxyForService({ onError: () => undefined });
      service.tokenReply = () => ({ status: 401, body: { error: 'invalid_client' } });
      expect((await call(`/${ORG}/shares?page=0&size=20`)).status).toBe(502);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('never passes on the token echoed in an object key, even JSON-escaped', async () => {
    service.apiReply = (request) => ({
      headers: { 'content-type': 'application/json' },
      body: `{"content":[{"id":"a","seen":{"${request.headers.authorization!.slice(7).replace('a', '\\u0061')}":true}}],"totalElements":1}`,
    });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ content: [{ id: 'a', seen: { '[redacted]': true } }], totalElements: 1 });
    expect(text).not.toContain(service.issued[0]);
  });

  it('answers 504 when the upstream does not answer within timeoutMs, and reports it to onError', async () => {
    const errors: unknown[] = [];
    const slow = proxyForService({ timeoutMs: 20, onError: (error) => errors.push(error) });
    service.apiReply = () => new Promise(() => undefined);
    const response = await slow(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: 'upstream_timeout' });
    expect(errors).toEqual([expect.objectContaining({ name: 'TimeoutError' })]);
    expectNoSecrets(errors[0], [CLIENT_SECRET, ...service.issued]);
  });

  it('answers 499 without details, and tells onError the abort reason, when the browser goes away (its request aborted)', async () => {
    const errors: unknown[] = [];
    const guarded = proxyForService({ onError: (error, { status }) => errors.push([status, error]) });
    service.apiReply = () => new Promise(() => undefined);
    const browser = new AbortController();
    // A page of its own: an earlier test's timed-out request may still reach the service while this one runs.
    const pending = guarded(
      new Request(`https://app.example.test/${ORG}/shares?page=7&size=20`, { signal: browser.signal }),
    );
    await expect.poll(() => service.apiRequests().filter((r) => r.query.get('page') === '7').length).toBe(1);
    const reason = new Error('gone');
    browser.abort(reason);
    const response = await pending;
    expect(response.status).toBe(499);
    expect(await response.json()).toEqual({ error: 'client_closed_request' });
    // The listener's browser is a closed connection, which carries no reason: it names the closing itself.
    expect(errors).toEqual([
      [499, name === 'createProxyHandler' ? reason : new Error('the browser closed the connection')],
    ]);
  });

  it('never passes on an echoed token that the identity provider gave with a trailing newline', async () => {
    const token = 'at-nl-3d2c1b0a9f8e7d6c';
    service.tokenReply = () => ({ body: { access_token: `${token}\n`, token_type: 'Bearer', expires_in: 3600 } });
    service.apiReply = (request) => ({
      status: 403,
      body: { error: 'forbidden', token: request.headers.authorization!.slice(7) },
    });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'forbidden', token: '[redacted]' });
    expect(text).not.toContain(token);
  });

  it('makes 2 token requests, not 21, for 20 browser calls about an organization the service refuses with 401', async () => {
    const refused = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    service.apiReply = (request) =>
      request.path.startsWith(`/api/${refused}/`)
        ? { status: 401, body: { error: 'invalid_token' } }
        : { body: springPage([{ id: 's1' }], 1) };
    for (let i = 0; i < 20; i += 1)
      expect((await call(`/bff/pagewise/${refused}/shares?page=0&size=20`)).status).toBe(401);
    expect((await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`)).status).toBe(200);
    expect(service.tokenRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(22);
  });

  it('answers 400 for a size above maxSize (1000 unless given) without an upstream request', async () => {
    const tooLarge = await call(`/bff/pagewise/${ORG}/shares?page=0&size=1001`);
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({
      error: 'bad_request',
      message: 'pagewise: `size` must be an integer from 1 to 1000',
    });
    expect(service.server.requests).toHaveLength(0);
    expect((await call(`/bff/pagewise/${ORG}/shares?page=0&size=1000`)).status).toBe(200);
    const small = proxyForService({ maxSize: 50 });
    expect((await small(new Request(`https://app.example.test/${ORG}/shares?page=0&size=51`))).status).toBe(400);
    expect((await small(new Request(`https://app.example.test/${ORG}/shares?page=0&size=50`))).status).toBe(200);
    expect(service.apiRequests().map((r) => r.query.get('size'))).toEqual(['1000', '50']);
  });

  it('reports a failed token request to onError with its RFC 6749 details', async () => {
    const errors: unknown[] = [];
    const bad = proxyForService({ onError: (error) => errors.push(error) }, { clientSecret: 'cs_wrong_77x' });
    const response = await bad(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(502);
    expect(errors).toEqual([expect.objectContaining({ name: 'AuthError', error: 'invalid_client', status: 401 })]);
    expectNoSecrets(errors[0], ['cs_wrong_77x']);
  });

  it.each([
    ['/'],
    ['/bff/pagewise'],
    [`/bff/pagewise/${ORG}`],
    [`/bff/pagewise/${ORG}/accounts?page=0&size=20`],
    [`/bff/pagewise/${ORG}/shares/extra?page=0&size=20`],
    ['/bff/pagewise/not-a-uuid/shares?page=0&size=20'],
    [`/bff/pagewise/${ORG}%2F..%2Fadmin/shares?page=0&size=20`],
    ['/bff/pagewise/%E0%A4%A/shares?page=0&size=20'],
    [`/bff/pagewise//${ORG}/shares?page=0&size=20`],
    [`/bff/pagewise/${ORG}//shares?page=0&size=20`],
    [`/bff/pagewise/${ORG}/shares%2F..%2F..%2Fadmin?page=0&size=20`],
    [`/bff/pagewise/%2e%2e/${ORG}/shares?page=0&size=20`],
    [`/bff/pagewise/..%2f${ORG}/shares?page=0&size=20`],
    [`/bff/pagewise/${ORG}/SHARES?page=0&size=20`],
    [`/bff/pagewise/${ORG}/shares;jsessionid=1?page=0&size=20`],
    [`/other/${ORG}/shares?page=0&size=20`],
    [`/bff/pagewiseX/${ORG}/shares?page=0&size=20`],
  ])('answers 404 for %s without an upstream request', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(service.server.requests).toHaveLength(0);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'])(
    'answers 405 with Allow: GET for %s on a list path',
    async (method) => {
      const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
      expect(service.server.requests).toHaveLength(0);
    },
  );

  it.each([
    ['page=-1&size=20', 'pagewise: `page` must be an integer >= 0 (zero-based)'],
    ['page=%3Cscript%3Ealert(1)%3C/script%3E&size=20', 'pagewise: `page` must be an integer >= 0 (zero-based)'],
    ['size=20', 'pagewise: `page` must be an integer >= 0 (zero-based)'],
    ['page=0&size=0', 'pagewise: `size` must be an integer from 1 to 1000'],
    ['page=0&size=2.5%3Cimg%20src%3Dx%3E', 'pagewise: `size` must be an integer from 1 to 1000'],
    ['page=0', 'pagewise: `size` must be an integer from 1 to 1000'],
  ])(
    'answers 400 naming the parameter, never echoing the input, for ?%s without an upstream request',
    async (query, message) => {
      const response = await call(`/bff/pagewise/${ORG}/shares?${query}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'bad_request', message });
      expect(text).not.toMatch(/script|img|2\.5|-1/);
      expect(service.server.requests).toHaveLength(0);
    },
  );

  it('works without a basePath', async () => {
    const bare = proxyForService();
    const response = await bare(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(200);
  });

  it.each([
    [{ auth: undefined }, '`auth` is required'],
    [{ basePath: 'api' }, '`basePath` must be a path starting with "/", got "api"'],
    [{ baseUrl: '/api' }, '`baseUrl` must be an absolute http(s) URL'],
    [{ maxSize: 0 }, '`maxSize` must be an integer >= 1, got 0'],
    [{ maxSize: 2.5 }, '`maxSize` must be an integer >= 1, got 2.5'],
    [{ maxSize: '100' }, '`maxSize` must be an integer >= 1, got "100"'],
    [{ maxSize: Object.create(null) }, '`maxSize` must be an integer >= 1, got [object Object]'],
    [{ maxSize: [50] }, '`maxSize` must be an integer >= 1, got [50]'],
    [{ onError: 'log' }, '`onError` must be a function'],
    [{ maxConcurrent: 0 }, '`maxConcurrent` must be an integer >= 1, got 0'],
    [{ maxConcurrent: Infinity }, '`maxConcurrent` must be an integer >= 1, got Infinity'],
    [{ maxBodyBytes: -1 }, '`maxBodyBytes` must be an integer >= 1, got -1'],
    [{ maxBodyBytes: '1mb' }, '`maxBodyBytes` must be an integer >= 1, got "1mb"'],
  ])('throws at creation for %j', (override, message) => {
    const auth = clientCredentials({
      authUrl: 'https://idp.example.test',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(() =>
      createProxyHandler({
        baseUrl: 'https://api.example.test',
        auth,
        allowRequest: () => true,
        ...(override as object),
      }),
    ).toThrow(message);
  });

  it.each([
    [{ auth: undefined }, 'auth'],
    [{ basePath: 'api' }, 'basePath'],
    [{ maxBodyBytes: 0 }, 'maxBodyBytes'],
    [{ allow: { shares: { sort: 'name' } } }, 'allow.shares.sort'],
  ])('gives the argument error for %j the stable code and the option it names', (override, argument) => {
    const attempt = () =>
      createProxyHandler({
        baseUrl: 'https://api.example.test',
        auth: clientCredentials({
          authUrl: 'https://idp.example.test',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
        }),
        allowRequest: () => true,
        ...(override as object),
      });
    expect(attempt).toThrow(TypeError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument }));
  });

  it('forwards an upper-case organization UUID as is', async () => {
    const upper = ORG.toUpperCase();
    const response = await call(`/bff/pagewise/${upper}/shares?page=0&size=20`);
    expect(response.status).toBe(200);
    expect(service.apiRequests()[0]!.path).toBe(`/api/${upper}/shares`);
  });

  it('matches a basePath with characters that request URLs percent-encode', async () => {
    const accented = proxyForService({ basePath: '/bff/pagé wise/' });
    const request = new Request(`https://app.example.test/bff/pagé wise/${ORG}/shares?page=0&size=20`);
    expect(new URL(request.url).pathname).toBe(`/bff/pag%C3%A9%20wise/${ORG}/shares`);
    expect((await accented(request)).status).toBe(200);
  });

  it('forwards only the first page and size when a query repeats them', async () => {
    const response = await call(`/bff/pagewise/${ORG}/shares?page=1&size=5&page=9&size=500`);
    expect(response.status).toBe(200);
    expect(service.apiRequests()[0]!.query.toString()).toBe('page=1&size=5');
  });

  it('asks allowRequest with the request, organization and resource, and answers 403 without an upstream request when refused', async () => {
    const asked: unknown[] = [];
    const guarded = proxyForService({
      allowRequest: async (request, target) => {
        asked.push(target);
        return request.headers.get('cookie') === 'session=member-of-org';
      },
    });
    const path = `https://app.example.test/${ORG}/environments?page=0&size=20`;
    const refused = await guarded(new Request(path, { headers: { Cookie: 'session=stranger' } }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden' });
    expect(service.server.requests).toHaveLength(0);
    const allowed = await guarded(new Request(path, { headers: { Cookie: 'session=member-of-org' } }));
    expect(allowed.status).toBe(200);
    expect(asked).toEqual([
      { organizationId: ORG, resource: 'environments', method: 'GET' },
      { organizationId: ORG, resource: 'environments', method: 'GET' },
    ]);
    // The cookie decided access; it still never went upstream.
    expect(service.apiRequests()[0]!.headers).not.toHaveProperty('cookie');
  });

  it('does not ask allowRequest about requests it answers 404, 405 or 400 anyway', async () => {
    let asked = 0;
    const guarded = proxyForService({ allowRequest: () => (asked++, true) });
    expect((await guarded(new Request(`https://app.example.test/nope/shares?page=0&size=1`))).status).toBe(404);
    expect(
      (await guarded(new Request(`https://app.example.test/${ORG}/shares?page=0&size=1`, { method: 'POST' }))).status,
    ).toBe(405);
    expect((await guarded(new Request(`https://app.example.test/${ORG}/shares?page=x&size=1`))).status).toBe(400);
    expect(asked).toBe(0);
  });

  it('answers 500 without an upstream request when allowRequest throws, and tells onError', async () => {
    const failures: unknown[] = [];
    const guarded = proxyForService({
      allowRequest: () => {
        throw new Error('session store unreachable');
      },
      onError: (error) => failures.push(error),
    });
    const response = await guarded(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal_error' });
    expect(service.server.requests).toHaveLength(0);
    expect(failures.map((e) => (e as Error).message)).toEqual(['session store unreachable']);
  });

  it('refuses to run in a browser unless dangerouslyAllowBrowser is true', () => {
    const auth = bearerToken(() => 'browser-token');
    expect(() => asInBrowser(() => createProxyHandler({ baseUrl: 'https://api.example.test', auth }))).toThrow(
      new RegExp(`\`${name}\` .*refuses to run in a browser`),
    );
    const handler = asInBrowser(() =>
      createProxyHandler({
        baseUrl: 'https://api.example.test',
        auth,
        allowRequest: () => true,
        dangerouslyAllowBrowser: true,
      }),
    );
    expect(typeof handler).toBe('function');
  });

  it('throws at creation when allowRequest is not a function', () => {
    const auth = clientCredentials({
      authUrl: 'https://idp.example.test',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(() =>
      createProxyHandler({ baseUrl: 'https://api.example.test', auth, allowRequest: true as never }),
    ).toThrow('pagewise: `allowRequest` must be a function');
  });

  it('warns once outside production when allowRequest is missing, and never when it is given or in production', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = process.env.NODE_ENV;
    try {
      const fresh = async () => {
        vi.resetModules();
        return (await import(module))[name] as ProxyEntryPoint['create'];
      };
      const auth = bearerToken(() => 'server-token');
      let create = await fresh();
      create({ baseUrl: 'https://api.example.test', auth, allowRequest: () => true });
      expect(warn).not.toHaveBeenCalled();
      create({ baseUrl: 'https://api.example.test', auth });
      create({ baseUrl: 'https://api.example.test', auth });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain(
        'no `allowRequest`, so anyone who reaches the proxy can list any organization',
      );
      process.env.NODE_ENV = 'production';
      create = await fresh();
      create({ baseUrl: 'https://api.example.test', auth });
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      process.env.NODE_ENV = env;
      warn.mockRestore();
    }
  });
});
