import diagnostics from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { basicBase64, basicRaw, list, requestToken, tokenBody } from './mockTestUtils';

const { acme, globex } = demoOrganizationIds;
const service = createMockService();
let http: MockHttpServer;

beforeAll(async () => {
  http = await createMockHttpServer(service, { port: 0 });
});
afterAll(() => http.close());

describe('createMockHttpServer', () => {
  it('listens on 127.0.0.1 with the API under /api and tokens under /auth', () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(http.baseUrl).toBe(`${http.url}/api`);
    expect(http.authUrl).toBe(`${http.url}/auth`);
  });

  it('issues a token over real HTTP for the audience of its own base URL, and accepts it', async () => {
    service.reset();
    const response = await requestToken(http.authUrl, tokenBody(service, { audience: http.baseUrl }));
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const shares = await list(http.baseUrl, acme, 'shares', '?page=2&size=5', `Bearer ${token}`);
    expect(shares.status).toBe(200);
    expect(await shares.json()).toMatchObject({ number: 2, size: 5, totalElements: 437, numberOfElements: 5 });
    expect(service.requests.at(-1)).toMatchObject({
      url: `${http.baseUrl}/${acme}/shares?page=2&size=5`,
      page: 2,
      size: 5,
      authorization: 'Bearer',
      status: 200,
    });
  });

  it('accepts Basic raw and base64 over real HTTP', async () => {
    expect((await list(http.baseUrl, globex, 'environments', '', basicRaw(service))).status).toBe(200);
    expect((await list(http.baseUrl, globex, 'environments', '', basicBase64(service))).status).toBe(200);
  });

  it('answers 401 with WWW-Authenticate and its status text when Authorization is missing', async () => {
    const response = await list(http.baseUrl, acme, 'shares', '');
    expect(response.status).toBe(401);
    expect(response.statusText).toBe('Unauthorized');
    expect(response.headers.get('WWW-Authenticate')).toContain('Bearer');
  });

  it('passes Retry-After through and lets browsers read it', async () => {
    service.fail({ status: 429, retryAfter: 3 });
    const response = await list(http.baseUrl, acme, 'shares', '', basicRaw(service));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Link');
  });

  it('answers CORS preflights for Authorization without consulting the handlers', async () => {
    service.reset();
    const response = await fetch(`${http.baseUrl}/${acme}/shares`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('Authorization');
    expect(service.requests).toHaveLength(0);
  });

  it('drops the connection for a simulated network error', async () => {
    service.fail({ status: 'network' });
    await expect(list(http.baseUrl, acme, 'shares', '', basicRaw(service))).rejects.toThrow(TypeError);
    expect((await list(http.baseUrl, acme, 'shares', '', basicRaw(service))).status).toBe(200);
  });

  it('answers 413 to a request body over 1 MiB, declared or streamed, without buffering it', async () => {
    const url = `${http.authUrl}/oauth/token`;
    const big = 'a'.repeat(1024 * 1024 + 1);
    const declared = await fetch(url, { method: 'POST', body: big });
    expect([declared.status, ((await declared.json()) as { error: string }).error]).toEqual([413, 'Payload Too Large']);
    const chunks = [big.slice(0, 600_000), big.slice(600_000)];
    const streamed = await fetch(url, {
      method: 'POST',
      body: new ReadableStream({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(chunk));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    await streamed.body?.cancel();
    const fits = await requestToken(http.authUrl, tokenBody(service, { audience: http.baseUrl }));
    expect(fits.status).toBe(200);
  });

  it('answers 404 JSON for paths outside the service', async () => {
    const response = await fetch(`${http.url}/elsewhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, path: '/elsewhere' });
  });

  it('stops accepting connections after close()', async () => {
    const other = await createMockHttpServer(createMockService(), { port: 0 });
    expect((await fetch(`${other.url}/elsewhere`)).status).toBe(404);
    await other.close();
    await expect(fetch(`${other.url}/elsewhere`)).rejects.toThrow(TypeError);
  });

  it('expires tokens on the injected clock over real HTTP', async () => {
    let now = 0;
    const clocked = createMockService({ now: () => now, tokenLifetimeSeconds: 10 });
    const server = await createMockHttpServer(clocked);
    try {
      const response = await requestToken(server.authUrl, tokenBody(clocked, { audience: server.baseUrl }));
      const { access_token: token } = (await response.json()) as { access_token: string };
      expect((await list(server.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(200);
      now = 10_000;
      expect((await list(server.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('sends the array shape with X-Total-Count readable by browsers', async () => {
    const arrays = createMockService({ shape: 'array', auth: 'none' });
    const server = await createMockHttpServer(arrays);
    try {
      const response = await list(server.baseUrl, globex, 'shares', '?page=1&size=20');
      expect(await response.json()).toHaveLength(3);
      expect(response.headers.get('X-Total-Count')).toBe('23');
      expect(response.headers.get('Access-Control-Expose-Headers')).toContain('X-Total-Count');
    } finally {
      await server.close();
    }
  });

  it("answers a request sent on a kept connection after the process stalled past Node's keep-alive timeout", async () => {
    service.reset();
    const url = `${http.baseUrl}/${globex}/environments`;
    const authorization = basicRaw(service);
    let connections = 0;
    const counted = () => (connections += 1);
    diagnostics.subscribe('undici:client:connected', counted);
    try {
      const first = await list(http.baseUrl, globex, 'environments', '', authorization);
      expect([first.status, await first.json()]).toMatchObject([200, {}]);
      const before = connections;
      // The whole process stalls (a loaded machine) past Node's 5 s keep-alive timeout (6 s on Node 24): on waking,
      // the next request is written on the kept connection before any timer runs.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6_500);
      const again = await list(http.baseUrl, globex, 'environments', '', authorization);
      expect(again.status).toBe(200);
      expect(connections).toBe(before);
      expect(service.requests.map((request) => request.url)).toEqual([url, url]);
    } finally {
      diagnostics.unsubscribe('undici:client:connected', counted);
    }
    // The stall's own 6.5 s, above Vitest's 5 s default (the MSW 3 lane's).
  }, 20_000);

  it('refuses a service that createMockService did not make', async () => {
    await expect(createMockHttpServer({ ...service })).rejects.toThrow(/createMockService/);
  });
});
