import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, isHttpError, type TokenResponse } from '../../src/client/index';
import { apiAccountToken, clientCredentials } from '../../src/server/index';
import {
  createMockService,
  demoOrganizationIds,
  type MockResponseShape,
  type MockService,
} from '../../src/testing/index';

// The client in real Chromium: its own Request, Response, Headers, AbortController, TextEncoder and btoa.
// The mock's MSW handlers answer through a `fetch` built on msw's getResponse (no service worker needed).

const { globex } = demoOrganizationIds;
const params = { organizationId: globex, page: 2, size: 10 };

/** A fetch answered by `service`'s handlers, honouring the request's signal like a real fetch. */
function mockFetch(service: MockService): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const response = await new Promise<Response | undefined>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      getResponse(service.handlers, request).then(resolve, reject);
    });
    if (!response) return new Response(null, { status: 404 });
    if (response.type === 'error') throw new TypeError('Failed to fetch');
    return response;
  };
}

/** What an app's backend does for bearerToken: get a token response from the identity provider. */
async function tokenFromBackend(service: MockService): Promise<TokenResponse> {
  const { clientId, clientSecret, scope, audience } = service.credentials;
  const response = await mockFetch(service)(`${service.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      audience,
      scope,
    }),
  });
  return (await response.json()) as TokenResponse;
}

/** Asserts that no rendering a browser can log (message, stack, JSON, String) contains a secret. */
function expectNoSecretsInBrowser(error: unknown, secrets: readonly string[]): void {
  const e = error as Error & { toJSON?: () => unknown };
  for (const text of [e.message, String(e.stack), JSON.stringify(e.toJSON?.() ?? e), String(e)]) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

describe('createApiClient in Chromium', () => {
  it('refuses server-side credentials in a real browser, pointing to bearerToken and createProxyHandler', () => {
    const service = createMockService();
    const { clientId, clientSecret, accountId, apiToken } = service.credentials;
    expect(() => clientCredentials({ authUrl: service.authUrl, clientId, clientSecret })).toThrow(
      /refuses to run in a browser.*`bearerToken`.*`createProxyHandler`/,
    );
    expect(() => apiAccountToken({ accountId, apiToken })).toThrow(/refuses to run in a browser/);
  });

  it('bearerToken: 100 concurrent calls make 1 token request; after expireTokens() one retry with one new token', async () => {
    const service = createMockService();
    const fetch = mockFetch(service);
    const client = createApiClient({
      baseUrl: service.baseUrl,
      auth: bearerToken(() => tokenFromBackend(service)),
      fetch,
    });
    const pages = await Promise.all(Array.from({ length: 100 }, () => client.listShares(params)));
    expect(pages.every((page) => page.total === 23 && page.items.length === 10)).toBe(true);
    expect(service.tokenRequests).toBe(1);
    service.expireTokens();
    await expect(client.listEnvironments(params)).resolves.toMatchObject({ total: 3, page: 2 });
    expect(service.tokenRequests).toBe(2);
    expect(service.requests.filter((r) => r.resource === 'environments').map((r) => r.status)).toEqual([401, 200]);
  });

  it('encodes a non-ASCII API token as UTF-8 base64 with Chromium’s TextEncoder and btoa', async () => {
    const account = { accountId: '0e1d2c3b-4a59-4687-9a5b-4c3d2e1f0a9b', apiToken: 'pät-€uro-Ω-1234' };
    const service = createMockService({ accounts: [account] });
    const auth = apiAccountToken({ ...account, encoding: 'base64', dangerouslyAllowBrowser: true });
    const client = createApiClient({ baseUrl: service.baseUrl, auth, fetch: mockFetch(service) });
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 23 });
    expect(service.requests.map((r) => [r.authorization, r.status])).toEqual([['Basic', 200]]);
  });

  it('resolves a path baseUrl against the page origin, for a same-origin proxy, and sends no Authorization', async () => {
    const service = createMockService({ baseUrl: '/bff/pagewise', auth: 'none' });
    const seen: Request[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(new Request(input, init));
      return mockFetch(service)(input, init);
    };
    const client = createApiClient({ baseUrl: '/bff/pagewise/', fetch });
    expect(client.baseUrl).toBe(`${location.origin}/bff/pagewise`);
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 23, pageCount: 3 });
    expect(seen[0]!.url).toBe(`${location.origin}/bff/pagewise/${globex}/shares?page=1&size=10`);
    expect(seen[0]!.headers.has('authorization')).toBe(false);
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
  });

  it("aborts with Chromium's AbortController, rejecting with the caller's reason", async () => {
    const service = createMockService({ latencyMs: 10_000 });
    const controller = new AbortController();
    const result = createApiClient({
      baseUrl: service.baseUrl,
      auth: bearerToken(() => 'tok-abort-1a2b3c4d'),
      fetch: mockFetch(service),
    }).listShares({
      ...params,
      signal: controller.signal,
    });
    await expect.poll(() => service.requests.length).toBe(1);
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('normalizes every mock response shape to the same Page', async () => {
    const shapes: MockResponseShape[] = ['spring-page', 'paged-model', 'hal', 'array', 'items'];
    const pages = await Promise.all(
      shapes.map((shape) => {
        const service = createMockService({ shape, auth: 'none' });
        return createApiClient({ baseUrl: service.baseUrl, fetch: mockFetch(service) }).listShares({
          organizationId: globex,
          page: 3,
          size: 10,
        });
      }),
    );
    for (const page of pages) {
      expect(page).toEqual({
        items: pages[0]!.items,
        total: 23,
        page: 3,
        pageSize: 10,
        pageCount: 3,
        hasNext: false,
        hasPrevious: true,
      });
    }
    expect(pages[0]!.items).toHaveLength(3);
  });

  it('rejects a 429 with an HttpError carrying retryAfterMs, and no secret in any rendering', async () => {
    const service = createMockService();
    const token = 'tok-429-9f8e7d6c5b4a';
    service.fail({ status: 429, retryAfter: 4 });
    const error = await createApiClient({
      baseUrl: service.baseUrl,
      auth: bearerToken(() => token),
      fetch: mockFetch(service),
    })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 4_000 });
    expectNoSecretsInBrowser(error, [token]);
  });
});
