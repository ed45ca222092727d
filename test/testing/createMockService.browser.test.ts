import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';

const service = createMockService({ latencyMs: 5 });

function send(url: string, init?: RequestInit): Promise<Response | undefined> {
  return getResponse(service.handlers, new Request(url, init));
}

describe('createMockService in Chromium', () => {
  it('issues a token and serves a page to it with browser APIs only', async () => {
    const tokenResponse = await send(`${service.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: service.credentials.clientId,
        client_secret: service.credentials.clientSecret,
        audience: service.credentials.audience,
      }),
    });
    const { access_token: token } = (await tokenResponse?.json()) as { access_token: string };
    const page = await send(`${service.baseUrl}/${demoOrganizationIds.acme}/shares?page=1&size=10`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(page?.status).toBe(200);
    expect(await page?.json()).toMatchObject({ number: 1, size: 10, totalElements: 437, numberOfElements: 10 });
  });

  it('decodes a UTF-8 Basic credential sent base64-encoded', async () => {
    const account = { accountId: '11111111-2222-4333-8444-555555555555', apiToken: 'tök€n' };
    const utf8 = createMockService({ accounts: [account] });
    const bytes = new TextEncoder().encode(`${account.accountId}:${account.apiToken}`);
    const encoded = btoa(String.fromCharCode(...bytes));
    const response = await getResponse(
      utf8.handlers,
      new Request(`${utf8.baseUrl}/${demoOrganizationIds.globex}/environments`, {
        headers: { Authorization: `Basic ${encoded}` },
      }),
    );
    expect(response?.status).toBe(200);
  });
});
