import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, createProxyHandler, type ProxyHandler } from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG } from '../client/fixtures';
import { CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';

let service: FakeService;
let handler: ProxyHandler;
let proxy: Server;
let proxyOrigin: string;

/** The Node http adapter documented on createProxyHandler. */
function serve(handle: ProxyHandler): Server {
  return createServer(async (req, res) => {
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method: req.method,
      headers: req.headers as Record<string, string>,
    });
    const response = await handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

beforeAll(async () => {
  service = await startFakeService();
  proxy = serve((request) => handler(request));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await service.server.close();
});
beforeEach(() => {
  service.reset();
  // A fresh handler (and token cache) per test, so each test's token requests are its own.
  const { origin } = service.server;
  handler = createProxyHandler({
    baseUrl: `${origin}/api`,
    auth: clientCredentials({ authUrl: origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, scope: 'acme.read' }),
    basePath: '/bff/pagewise',
  });
});

const call = (path: string, init?: RequestInit) => handler(new Request(`https://app.example.test${path}`, init));

describe('createProxyHandler', () => {
  it('serves a browser client without auth: the upstream gets the server-side token, the browser never does', async () => {
    const client = createApiClient({ baseUrl: `${proxyOrigin}/bff/pagewise` });
    await expect(client.listShares({ organizationId: ORG, page: 2, size: 10 })).resolves.toMatchObject({
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
      headers: { Authorization: 'Bearer browser-token-77aa', Cookie: 'session=s3ss10n-c00k1e', 'X-Forwarded-For': '10.0.0.1' },
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
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('authorization')).toBeNull();
    expect([...response.headers.values()].join(' ')).not.toContain(service.issued[0]);
  });

  it('passes upstream errors through with their status, body and Retry-After', async () => {
    service.apiReply = () => ({ status: 429, headers: { 'Retry-After': '12' }, body: { error: 'slow_down' } });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
    expect(await response.json()).toEqual({ error: 'slow_down' });
  });

  it('answers 502 without details when the token request fails, never exposing the identity provider', async () => {
    service.tokenReply = () => ({ status: 401, body: { error: 'invalid_client', error_description: 'bad secret for pw-client' } });
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`);
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'bad_gateway' });
    expect(text).not.toContain('invalid_client');
    expect(service.apiRequests()).toHaveLength(0);
  });

  it('answers 504 when the upstream does not answer within timeoutMs, and reports it to onError', async () => {
    const { origin } = service.server;
    const errors: unknown[] = [];
    const slow = createProxyHandler({
      baseUrl: `${origin}/api`,
      auth: clientCredentials({ authUrl: origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      timeoutMs: 20,
      onError: (error) => errors.push(error),
    });
    service.apiReply = () => new Promise(() => undefined);
    const response = await slow(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: 'upstream_timeout' });
    expect(errors).toEqual([expect.objectContaining({ name: 'TimeoutError' })]);
    expectNoSecrets(errors[0], [CLIENT_SECRET, ...service.issued]);
  });

  it('reports a failed token request to onError with its RFC 6749 details', async () => {
    const { origin } = service.server;
    const errors: unknown[] = [];
    const bad = createProxyHandler({
      baseUrl: `${origin}/api`,
      auth: clientCredentials({ authUrl: origin, clientId: CLIENT_ID, clientSecret: 'cs_wrong_77x' }),
      onError: (error) => errors.push(error),
    });
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
    [`/other/${ORG}/shares?page=0&size=20`],
    [`/bff/pagewiseX/${ORG}/shares?page=0&size=20`],
  ])('answers 404 for %s without an upstream request', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(service.server.requests).toHaveLength(0);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'])('answers 405 with Allow: GET for %s on a list path', async (method) => {
    const response = await call(`/bff/pagewise/${ORG}/shares?page=0&size=20`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(service.server.requests).toHaveLength(0);
  });

  it.each([
    ['page=-1&size=20', '`page` must be an integer >= 0'],
    ['page=abc&size=20', '`page` must be an integer >= 0 (zero-based), got "abc"'],
    ['size=20', '`page` must be an integer >= 0 (zero-based), got null'],
    ['page=0&size=0', '`size` must be an integer >= 1, got 0'],
    ['page=0&size=2.5', '`size` must be an integer >= 1, got "2.5"'],
    ['page=0', '`size` must be an integer >= 1'],
  ])('answers 400 naming the parameter for ?%s without an upstream request', async (query, message) => {
    const response = await call(`/bff/pagewise/${ORG}/shares?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(message) });
    expect(service.server.requests).toHaveLength(0);
  });

  it('works without a basePath', async () => {
    const { origin } = service.server;
    const bare = createProxyHandler({
      baseUrl: `${origin}/api`,
      auth: clientCredentials({ authUrl: origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
    });
    const response = await bare(new Request(`https://app.example.test/${ORG}/shares?page=0&size=20`));
    expect(response.status).toBe(200);
  });

  it.each([
    [{ auth: undefined }, '`auth` is required'],
    [{ basePath: 'api' }, '`basePath` must be a path starting with "/", got "api"'],
    [{ baseUrl: '/api' }, '`baseUrl` must be an absolute http(s) URL'],
  ])('throws at creation for %j', (override, message) => {
    const auth = clientCredentials({ authUrl: 'https://idp.example.test', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(() => createProxyHandler({ baseUrl: 'https://api.example.test', auth, ...(override as object) })).toThrow(message);
  });
});
