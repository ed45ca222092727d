import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, isHttpError, isResponseShapeError } from '../../src/client/index';
import { apiAccountToken, clientCredentials } from '../../src/server/index';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG, springPage } from './fixtures';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

const TOKEN = 'jsd_4c7e1a9b3d5f8a2c';
const API = 'https://api.example.test/v1';
const seen: Request[] = [];
const server = setupServer();

beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const params = { organizationId: ORG, page: 1, size: 20 };

describe('client in a browser-like environment (jsdom)', () => {
  it('runs where window, document and fetch exist', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
    expect(typeof fetch).toBe('function');
  });

  it('resolves a path baseUrl against the page origin and sends no Authorization (behind a proxy)', async () => {
    server.use(
      http.get(`${location.origin}/bff/pagewise/:org/shares`, ({ request }) => {
        seen.push(request);
        return HttpResponse.json(springPage([{ id: 's1' }], 1));
      }),
    );
    const client = createApiClient({ baseUrl: '/bff/pagewise/' });
    expect(client.baseUrl).toBe(`${location.origin}/bff/pagewise`);
    await expect(client.listShares(params)).resolves.toMatchObject({ items: [{ id: 's1' }], total: 1, pageCount: 1 });
    expect(new URL(seen[0]!.url).search).toBe('?page=0&size=20');
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it.each(['//evil.example/api', '/\\evil.example/api', '/\\/evil.example'])(
    'rejects the path baseUrl %j, which leads to another origin where the bearer token would go',
    (baseUrl) => {
      expect(() => createApiClient({ baseUrl, auth: bearerToken(() => TOKEN) })).toThrow(
        'pagewise: `baseUrl` must be a path on this origin',
      );
    },
  );

  it('caches a bearer token response and retries a 401 once with a fresh token', async () => {
    let issued = 0;
    server.use(
      http.get(`${API}/:org/environments`, ({ request }) => {
        seen.push(request);
        return request.headers.get('authorization') === `Bearer ${TOKEN}-2`
          ? HttpResponse.json({ items: [], total: 0 })
          : HttpResponse.json({ error: 'invalid_token' }, { status: 401 });
      }),
    );
    const auth = bearerToken(async () => ({ access_token: `${TOKEN}-${++issued}`, expires_in: 300 }));
    const client = createApiClient({ baseUrl: API, auth });
    await expect(client.listEnvironments(params)).resolves.toMatchObject({ total: 0 });
    await expect(client.listEnvironments(params)).resolves.toMatchObject({ total: 0 });
    expect(issued).toBe(2);
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([
      `Bearer ${TOKEN}-1`,
      `Bearer ${TOKEN}-2`,
      `Bearer ${TOKEN}-2`,
    ]);
  });

  it('rejects an error status with a typed, secret-free HttpError', async () => {
    server.use(
      http.get(`${API}/:org/shares`, () =>
        HttpResponse.json({ message: 'nope' }, { status: 503, headers: { 'Retry-After': '30' } }),
      ),
    );
    const error = await createApiClient({ baseUrl: API, auth: bearerToken(() => TOKEN) })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 30_000, body: { message: 'nope' } });
    expectNoSecrets(error, [TOKEN]);
  });

  it('rejects an unknown body shape with a ResponseShapeError listing its keys', async () => {
    server.use(http.get(`${API}/:org/shares`, () => HttpResponse.json({ rows: [], n: 0 })));
    const error = await createApiClient({ baseUrl: API })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expect(error).toMatchObject({ keys: ['rows', 'n'] });
  });

  it("propagates the caller's abort as an AbortError", async () => {
    server.use(http.get(`${API}/:org/shares`, () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const result = createApiClient({ baseUrl: API }).listShares({ ...params, signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects bad arguments before any request', async () => {
    await expect(createApiClient({ baseUrl: API }).listShares({ ...params, size: 0 })).rejects.toThrow(
      'pagewise: `size` must be an integer >= 1, got 0',
    );
  });

  it('refuses server-side credentials in the browser unless dangerouslyAllowBrowser is true', () => {
    const secret = 'cs_browser_Q8w2e4r6';
    expect(() => clientCredentials({ authUrl: API, clientId: 'c', clientSecret: secret })).toThrow(
      /refuses to run in a browser/,
    );
    expect(() => apiAccountToken({ accountId: ORG, apiToken: secret })).toThrow(/refuses to run in a browser/);
    expect(apiAccountToken({ accountId: ORG, apiToken: secret, dangerouslyAllowBrowser: true }).id).toBe(
      `api-account:${ORG}`,
    );
  });
});
