import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, memoryTokenStore, type TokenStore } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { startLocalServer } from '../helpers/localServer';

// What revoking promises whatever the app's listener and store do: `revoke()` and `close()` never reject, a renewal's
// background revocation never takes the process down, and `close()` revokes the tokens this process alone holds even
// when a `tokenStore` shares the others.

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
const directStatus = async (token: string) =>
  (await fetch(`${server.baseUrl}/${acme}/shares?page=0&size=10`, { headers: { Authorization: `Bearer ${token}` } }))
    .status;
/** A client whose fetch records the bearer token of each call. */
const clientWith = (auth: ReturnType<typeof clientCredentials>) => {
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization?.startsWith('Bearer ')) sent.push(authorization.slice(7));
    return fetch(input, init);
  };
  return { client: createApiClient({ baseUrl: server.baseUrl, auth, fetch: recording }), sent };
};
/** A store every call of which fails, as Redis does while it is down. */
const downStore = (): TokenStore => {
  const down = () => Promise.reject(new Error('connection refused'));
  return { get: down, set: down, lock: down, unlock: down, deleteIfEqual: down };
};

describe('an onEvent that throws', () => {
  it('leaves revoke() and close() resolving, and the tokens revoked', async () => {
    const auth = clientCredentials({
      ...options(),
      onEvent: () => {
        throw new Error('a listener that throws');
      },
    });
    const { client, sent } = clientWith(auth);
    await client.listShares(params);
    await expect(auth.revoke()).resolves.toBeUndefined();
    await client.listShares(params);
    await expect(auth.close()).resolves.toBeUndefined();
    expect(mock.revocations).toBe(2);
    expect(await directStatus(sent[0]!)).toBe(401);
    expect(await directStatus(sent[1]!)).toBe(401);
  });

  it('never takes the process down when a renewal after a 401 revokes the replaced token', async () => {
    const file = fileURLToPath(new URL('./fixtures/throwingOnEventProcess.ts', import.meta.url));
    const child = fork(file, {
      env: {
        ...process.env,
        AUTH_URL: server.authUrl,
        BASE_URL: server.baseUrl,
        CLIENT_ID: mock.credentials.clientId,
        CLIENT_SECRET: mock.credentials.clientSecret!,
        ORG: acme,
      },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    // The app's own revocation of the first token, then the renewal's revocation of the second.
    expect(mock.revocations).toBe(2);
    expect(mock.tokenRequests).toBe(2);
  }, 60_000);
});

describe('close() with a tokenStore', () => {
  it('revokes a token obtained while the store was down, which no other process holds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const auth = clientCredentials({ ...options(), tokenStore: downStore() });
      const { client, sent } = clientWith(auth);
      await client.listShares(params);
      await auth.close();
      expect(mock.revocations).toBe(1);
      expect(await directStatus(sent[0]!)).toBe(401);
    } finally {
      warn.mockRestore();
    }
  });

  it('leaves the token it shares through the store valid for the fleet', async () => {
    const tokenStore = memoryTokenStore();
    const auth = clientCredentials({ ...options(), tokenStore });
    const { client, sent } = clientWith(auth);
    await client.listShares(params);
    await auth.close();
    expect(mock.revocations).toBe(0);
    expect(await directStatus(sent[0]!)).toBe(200);
  });

  it('revokes a DPoP-bound token of this process’s own key, and takes it out of the store', async () => {
    let issued = 0;
    const idp = await startLocalServer((request) =>
      request.path === '/token'
        ? { body: { access_token: `bound-${++issued}`, token_type: 'DPoP', expires_in: 300 } }
        : { status: 200, body: '' },
    );
    try {
      const tokenStore = memoryTokenStore();
      const set = vi.spyOn(tokenStore, 'set');
      const deleted = vi.spyOn(tokenStore, 'deleteIfEqual');
      const auth = clientCredentials({
        tokenUrl: `${idp.origin}/token`,
        revocationUrl: `${idp.origin}/revoke`,
        clientId: 'process-key',
        clientSecret: 'process-secret',
        bodyEncoding: 'form',
        dpop: true,
        tokenStore,
      });
      const context = { baseUrl: 'https://api.example', fetch, url: 'https://api.example/x', method: 'GET' };
      const headers = (await auth.authorize(context)) as Record<string, string>;
      expect(headers.Authorization).toBe('DPoP bound-1');
      expect(set).toHaveBeenCalledTimes(1);
      await auth.close();
      const revocations = idp.requests.filter((r) => r.path === '/revoke');
      expect(revocations).toHaveLength(1);
      expect(new URLSearchParams(revocations[0]!.body).get('token')).toBe('bound-1');
      expect(deleted).toHaveBeenCalledWith(expect.any(String), 'bound-1');
    } finally {
      await idp.close();
    }
  });
});
