import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, type TokenResponse } from '../../src/client/index';
import { apiAccountToken, clientCredentials, createProxyHandler } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { serveFetchHandler } from '../helpers/serveFetchHandler';
import { createGate } from '../helpers/createGate';
import { mockOverHttpForFile } from './mockOverHttpForFile';

// The real client in jsdom (window, document, jsdom's AbortController) against the real mock over real HTTP.

const { globex } = demoOrganizationIds;
const params = { organizationId: globex, page: 2, size: 10 };
const { mock, http } = mockOverHttpForFile();

/** What an app's own backend does for bearerToken: fetch a token response for the browser. */
async function tokenFromBackend(): Promise<TokenResponse> {
  const { clientId, clientSecret, scope } = mock.credentials;
  const response = await fetch(`${http.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
      audience: http.baseUrl,
      scope,
    }),
  });
  return (await response.json()) as TokenResponse;
}

describe('the client in jsdom against the mock over HTTP', () => {
  it('runs where window and document exist, and refuses server credentials there unless allowed', () => {
    expect(typeof window).toBe('object');
    const { clientId, clientSecret } = mock.credentials;
    expect(() => clientCredentials({ authUrl: http.authUrl, clientId, clientSecret })).toThrow(
      /refuses to run in a browser/,
    );
  });

  it('bearerToken: 100 concurrent calls ask the backend for 1 token; after expireTokens() one retry with one new token', async () => {
    let asked = 0;
    const client = createApiClient({ baseUrl: http.baseUrl, auth: bearerToken(() => (asked++, tokenFromBackend())) });
    await Promise.all(Array.from({ length: 100 }, () => client.listShares(params)));
    expect(asked).toBe(1);
    mock.expireTokens();
    await expect(client.listEnvironments(params)).resolves.toMatchObject({ total: 3 });
    expect(asked).toBe(2);
    expect(mock.requests.filter((r) => r.resource === 'environments').map((r) => r.status)).toEqual([401, 200]);
  });

  it("aborts over real HTTP with jsdom's AbortController, rejecting with the caller's reason", async () => {
    // The answer is held until the call has aborted.
    const gate = createGate();
    mock.setLatency(() => gate.held);
    const controller = new AbortController();
    const { accountId, apiToken } = mock.credentials;
    const auth = apiAccountToken({ accountId, apiToken, dangerouslyAllowBrowser: true });
    const result = createApiClient({ baseUrl: http.baseUrl, auth }).listShares({
      ...params,
      signal: controller.signal,
    });
    await expect.poll(() => mock.requests.length, { interval: 5 }).toBe(1);
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    gate.release();
    expect(error).toBe(controller.signal.reason);
    expect((error as Error).name).toBe('AbortError');
  });

  it('clientCredentials with dangerouslyAllowBrowser works, and its failures carry no secret', async () => {
    const { clientId, clientSecret, scope } = mock.credentials;
    const auth = clientCredentials({
      authUrl: http.authUrl,
      clientId,
      clientSecret,
      scope,
      dangerouslyAllowBrowser: true,
    });
    const client = createApiClient({ baseUrl: http.baseUrl, auth });
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 23, page: 2 });
    mock.fail({ status: 401, times: 2 });
    const error = await client.listShares(params).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 401 });
    expect(mock.tokenRequests).toBe(2);
    expectNoSecrets(error, [clientSecret]);
  });

  it('a keyless client lists through createProxyHandler', async () => {
    const { accountId, apiToken } = mock.credentials;
    const proxy = await serveFetchHandler(
      // jsdom plays both sides here, so the server-only parts are told they may run under a window.
      createProxyHandler({
        baseUrl: http.baseUrl,
        auth: apiAccountToken({ accountId, apiToken, dangerouslyAllowBrowser: true }),
        basePath: '/bff',
        allowRequest: () => true,
        dangerouslyAllowBrowser: true,
      }),
    );
    try {
      const page = await createApiClient({ baseUrl: `${proxy.origin}/bff/` }).listShares(params);
      expect(page).toMatchObject({
        total: 23,
        page: 2,
        pageSize: 10,
        pageCount: 3,
        hasNext: true,
        hasPrevious: true,
      });
      expect(mock.requests.map((r) => r.authorization)).toEqual(['Basic']);
    } finally {
      await proxy.close();
    }
  });
});
