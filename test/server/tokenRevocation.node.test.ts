import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, type TokenEvent } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { startLocalServer } from '../helpers/localServer';

// Revocation (RFC 7009) and scopes per need against pagewise's own mock service over HTTP on 127.0.0.1, which serves
// `{authUrl}/oauth/revoke` and answers a revoked token 401; and what revoking does when the provider has no endpoint
// or fails.

const acme = demoOrganizationIds.acme;
const mock = createMockService({ organizations: { [acme]: { name: 'Acme', shares: 30 } } });
let server: MockHttpServer;
beforeAll(async () => {
  server = await createMockHttpServer(mock);
});
afterAll(() => server.close());
beforeEach(() => mock.reset());

const params = { organizationId: acme, page: 1, size: 10 };
const options = () => ({
  authUrl: server.authUrl,
  revocationUrl: `${server.authUrl}/oauth/revoke`,
  clientId: mock.credentials.clientId,
  clientSecret: mock.credentials.clientSecret!,
  audience: server.baseUrl,
});
/** A client whose fetch records the token each list call was sent with. */
const clientWith = (auth: ReturnType<typeof clientCredentials>) => {
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization?.startsWith('Bearer ')) sent.push(authorization.slice(7));
    return fetch(input, init);
  };
  return { client: createApiClient({ baseUrl: server.baseUrl, auth, fetch: recording }), sent };
};
const directStatus = async (token: string) =>
  (
    await fetch(`${server.baseUrl}/${acme}/shares?page=0&size=10`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).status;

describe('revocation against the mock service', () => {
  it('revokes on revoke(): the mock counts it and answers the token 401 from then on; the next call takes a new one', async () => {
    const auth = clientCredentials(options());
    const { client, sent } = clientWith(auth);
    await client.listShares(params);
    const [token] = sent;
    expect(await directStatus(token!)).toBe(200);
    await auth.revoke();
    expect(mock.revocations).toBe(1);
    expect(await directStatus(token!)).toBe(401);
    await client.listShares(params);
    expect(sent.at(-1)).not.toBe(token);
    expect(mock.tokenRequests).toBe(2);
  });

  it('never fails revoke() or close() when revoking fails, tells onEvent, and writes no secret in its warning', async () => {
    const echo = await startLocalServer((request) => ({
      status: 500,
      body: { error: 'server_error', error_description: `could not revoke ${request.body}` },
    }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const events: TokenEvent[] = [];
      const auth = clientCredentials({
        ...options(),
        revocationUrl: `${echo.origin}/revoke`,
        clientAuthentication: 'client_secret_post',
        onEvent: (event) => events.push(event),
      });
      const { client, sent } = clientWith(auth);
      await client.listShares(params);
      await expect(auth.revoke()).resolves.toBeUndefined();
      await client.listShares(params);
      await expect(auth.close()).resolves.toBeUndefined();
      expect(echo.requests).toHaveLength(2);
      expect(echo.requests[0]!.body).toContain(`token=${sent[0]}`);
      expect(events.filter((e) => e.type === 'token-revoke-failed')).toEqual([
        { type: 'token-revoke-failed', reason: 'revoke', errorName: 'AuthError', status: 500 },
        { type: 'token-revoke-failed', reason: 'close', errorName: 'AuthError', status: 500 },
      ]);
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('[pagewise] clientCredentials: a token was not revoked: AuthError');
      for (const secret of [...sent, mock.credentials.clientSecret!]) expect(lines.join('\n')).not.toContain(secret);
      // The calls never noticed.
      expect(mock.requests.filter((r) => r.resource === 'shares').every((r) => r.status === 200)).toBe(true);
    } finally {
      warn.mockRestore();
      await echo.close();
    }
  });

  it('never fails revoke() when the revocation endpoint is unreachable', async () => {
    const events: TokenEvent[] = [];
    const auth = clientCredentials({
      ...options(),
      revocationUrl: 'http://127.0.0.1:9/revoke',
      onEvent: (event) => events.push(event),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await clientWith(auth).client.listShares(params);
      await expect(auth.revoke()).resolves.toBeUndefined();
      expect(events).toContainEqual({
        type: 'token-revoke-failed',
        reason: 'revoke',
        errorName: 'NetworkError',
        status: undefined,
      });
    } finally {
      warn.mockRestore();
    }
  });

  it('revokes nothing without a revocation endpoint, and says so once outside production', async () => {
    vi.resetModules();
    const fresh = (await import('../../src/server/index')).clientCredentials;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const withoutEndpoint = { ...options(), revocationUrl: undefined };
      for (let i = 0; i < 2; i++) {
        const auth = fresh(withoutEndpoint);
        await clientWith(auth).client.listShares(params);
        await auth.revoke();
        await auth.close();
      }
      expect(mock.revocations).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('tokens are not revoked');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('scopes per need', () => {
  it('asks for a narrower scope with withScope, caches each scope apart, and never sends one scope’s token for another', async () => {
    const auth = clientCredentials({ ...options(), scope: 'pagewise.read pagewise.write' });
    const readOnly = auth.withScope('pagewise.read');
    const wide = clientWith(auth);
    const narrow = clientWith(readOnly);
    for (let i = 0; i < 3; i++) {
      await wide.client.listShares(params);
      await narrow.client.listShares(params);
    }
    expect(mock.tokenRequests).toBe(2);
    expect(new Set(wide.sent).size).toBe(1);
    expect(new Set(narrow.sent).size).toBe(1);
    expect(wide.sent[0]).not.toBe(narrow.sent[0]);
    // Revoking through either revokes both scopes' tokens.
    await readOnly.revoke();
    expect(mock.revocations).toBe(2);
    expect(await directStatus(wide.sent[0]!)).toBe(401);
    expect(await directStatus(narrow.sent[0]!)).toBe(401);
  });

  it('rejects a scope that is not a non-empty string before any request', () => {
    const auth = clientCredentials(options());
    expect(() => auth.withScope('' as string)).toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'scope' }),
    );
    expect(() => auth.withScope(42 as never)).toThrow(TypeError);
    expect(mock.tokenRequests).toBe(0);
  });
});
