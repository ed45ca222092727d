import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import {
  apiAccountToken,
  clientCredentials,
  createProxyHandler,
  type ApiAccountTokenOptions,
} from '../../src/server/index';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG, springPage } from '../client/fixtures';
import { startStatusLineServer } from '../client/startStatusLineServer';
import { asInBrowser } from './fakeService';

const ACCOUNT = '9b2d4f6a-8c0e-4a1b-9d3f-5e7a9c1b3d5f';
const API_TOKEN = 'pat_Vx93kLq0ZmA7rT2w';
const params = { organizationId: ORG, page: 1, size: 20 };

/** Runs `fn` with `globals` defined (and Node's own `navigator` replaced), as in another runtime. */
function asIn(globals: Record<string, unknown>, fn: () => void): void {
  for (const [name, value] of Object.entries(globals)) vi.stubGlobal(name, value);
  try {
    fn();
  } finally {
    vi.unstubAllGlobals();
  }
}

const server = localServerForFile(() => ({ body: springPage([], 0) }));

const client = (options: Partial<ApiAccountTokenOptions> = {}) =>
  createApiClient({
    baseUrl: server.origin,
    auth: apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN, ...options }),
  });

describe('apiAccountToken (seed 5)', () => {
  it('sends Authorization: Basic <account_id>:<API_TOKEN> raw by default, with no token request', async () => {
    await client().listShares(params);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe(`/${ORG}/shares`);
    expect(server.requests[0]!.headers.authorization).toBe(`Basic ${ACCOUNT}:${API_TOKEN}`);
  });

  it('sends the pair base64-encoded from UTF-8 with encoding: base64 (RFC 7617)', async () => {
    const apiToken = 'pät_€uro-Ω';
    await client({ encoding: 'base64', apiToken }).listShares(params);
    const header = server.requests[0]!.headers.authorization!;
    expect(header).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(header.slice(6), 'base64').toString('utf8')).toBe(`${ACCOUNT}:${apiToken}`);
    expect(header).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${apiToken}`, 'utf8').toString('base64')}`);
  });

  it('does not retry a 401: one request, then an HttpError without the token', async () => {
    server.handle(() => ({ status: 401, body: { error: 'unauthorized' } }));
    for (const encoding of ['raw', 'base64'] as const) {
      server.requests.length = 0;
      const error = await client({ encoding })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'HttpError', status: 401 });
      expect(server.requests).toHaveLength(1);
      expectNoSecrets(error, [API_TOKEN, Buffer.from(`${ACCOUNT}:${API_TOKEN}`).toString('base64')]);
    }
  });

  it('takes a rotated token from an apiToken function without a restart, retrying a 401 once with the token it gives then', async () => {
    const ROTATED = 'pat_N3wT0k3nRot4t3d';
    let currentToken = API_TOKEN;
    const valid = new Set([API_TOKEN]);
    server.handle((request) =>
      valid.has(request.headers.authorization!.slice(`Basic ${ACCOUNT}:`.length))
        ? { body: springPage([], 0) }
        : { status: 401, body: { error: 'unauthorized', echoed: request.headers.authorization } },
    );
    const rotating = createApiClient({
      baseUrl: server.origin,
      auth: apiAccountToken({ accountId: ACCOUNT, apiToken: async () => currentToken }),
    });
    await rotating.listShares(params);
    // The holder rotates: the new token is valid at once, the old one is revoked a moment later.
    valid.add(ROTATED);
    currentToken = ROTATED;
    await rotating.listShares(params);
    valid.delete(API_TOKEN);
    await rotating.listShares(params);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Basic ${ACCOUNT}:${API_TOKEN}`,
      `Basic ${ACCOUNT}:${ROTATED}`,
      `Basic ${ACCOUNT}:${ROTATED}`,
    ]);

    // A call sent with the old token as the rotation lands is retried once with the new one.
    server.requests.length = 0;
    let first = true;
    const racing = createApiClient({
      baseUrl: server.origin,
      auth: apiAccountToken({
        accountId: ACCOUNT,
        apiToken: () => (first ? ((first = false), API_TOKEN) : ROTATED),
      }),
    });
    await racing.listShares(params);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Basic ${ACCOUNT}:${API_TOKEN}`,
      `Basic ${ACCOUNT}:${ROTATED}`,
    ]);

    // A token refused again is not retried again, and no error holds either token.
    server.requests.length = 0;
    valid.clear();
    const refused = createApiClient({
      baseUrl: server.origin,
      auth: apiAccountToken({ accountId: ACCOUNT, apiToken: () => ROTATED }),
    });
    const errors = await Promise.all([1, 2, 3].map(() => refused.listShares(params).catch((e: unknown) => e)));
    expect(server.requests).toHaveLength(4);
    for (const error of errors) expectNoSecrets(error, [API_TOKEN, ROTATED]);
  });

  it('rejects an apiToken function that gives something other than a token, before any request', async () => {
    const bad = createApiClient({
      baseUrl: server.origin,
      auth: apiAccountToken({ accountId: ACCOUNT, apiToken: () => '' }),
    });
    await expect(bad.listShares(params)).rejects.toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'apiToken' }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('redacts the token if the service echoes the header back in an error', async () => {
    server.handle((request) => ({ status: 403, body: `denied for ${request.headers.authorization}` }));
    const error = await client()
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, body: 'denied for Basic [redacted]' });
    expectNoSecrets(error, [API_TOKEN]);
  });

  it.each([
    ['the token alone', (pair: string) => pair.slice(pair.indexOf(':') + 1)],
    ['the decoded account:token pair', (pair: string) => pair],
  ])(
    'with encoding: base64, redacts %s when the service echoes it decoded, in JSON and in text bodies',
    async (_, echoed) => {
      const pair = `${ACCOUNT}:${API_TOKEN}`;
      for (const body of [{ error: 'denied', detail: `for ${echoed(pair)}` }, `denied for ${echoed(pair)}`]) {
        server.handle(() => ({ status: 403, body }));
        const error = await client({ encoding: 'base64' })
          .listShares(params)
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ status: 403 });
        expect(JSON.stringify((error as { body: unknown }).body)).toContain('[redacted]');
        expectNoSecrets(error, [API_TOKEN]);
      }
    },
  );

  it.each(['raw', 'base64'] as const)(
    'sends an apiToken read with a trailing newline trimmed (%s), and redacts the token when the service echoes it',
    async (encoding) => {
      server.handle(() => ({
        status: 403,
        body: { error: 'denied', detail: `token ${API_TOKEN} is not allowed here` },
      }));
      const error = await client({ encoding, apiToken: `${API_TOKEN}\n` })
        .listShares(params)
        .catch((e: unknown) => e);
      const pair = `${ACCOUNT}:${API_TOKEN}`;
      expect(server.requests[0]!.headers.authorization).toBe(
        `Basic ${encoding === 'raw' ? pair : Buffer.from(pair).toString('base64')}`,
      );
      expect(error).toMatchObject({ status: 403, body: { detail: 'token [redacted] is not allowed here' } });
      expectNoSecrets(error, [API_TOKEN]);
    },
  );

  it('redacts the whole pair and a short apiToken from a status line that echoes the header', async () => {
    const echo = await startStatusLineServer(
      401,
      (request) => `bad credentials ${request.headers.authorization} (token k9)`,
    );
    try {
      const error = await createApiClient({
        baseUrl: echo.origin,
        auth: apiAccountToken({ accountId: ACCOUNT, apiToken: 'k9' }),
      })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 401, statusText: 'bad credentials Basic [redacted] (token [redacted])' });
      expectNoSecrets(error, [`${ACCOUNT}:k9`, 'k9']);
    } finally {
      await echo.close();
    }
  });

  it.each(['id', 'content', 'Tokyo'])(
    'leaves rows and page intact when the apiToken (%s) is a word shorter than 8 characters that occurs in them',
    async (apiToken) => {
      server.handle(() => ({ body: springPage([{ id: 'a1', city: 'Tokyo' }], 1) }));
      await expect(client({ apiToken }).listShares(params)).resolves.toMatchObject({
        items: [{ id: 'a1', city: 'Tokyo' }],
        total: 1,
      });
    },
  );

  it('has a non-secret id', () => {
    expect(apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN }).id).toBe(`api-account:${ACCOUNT}`);
  });

  it.each([
    [{ accountId: 'acct-1' }, 'pagewise: `accountId` must be a UUID'],
    [{ apiToken: '' }, 'pagewise: `apiToken` must be a non-empty string'],
    [{ apiToken: undefined }, 'pagewise: `apiToken` must be a non-empty string'],
    [{ encoding: 'hex' }, 'pagewise: `encoding` must be one of raw, base64, got "hex"'],
    [{ apiToken: 'tök en' }, '`apiToken` has characters a raw Basic header cannot carry; use `encoding: "base64"`'],
  ])('throws for %j, naming the argument without echoing the token', (override, message) => {
    let error: unknown;
    try {
      apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN, ...(override as object) } as ApiAccountTokenOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toContain(message);
    expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: /`(\w+)`/.exec(message)![1] });
    expectNoSecrets(error, [API_TOKEN, 'tök en']);
  });

  it('does not print the token when the account id and the token are swapped', () => {
    let error: unknown;
    try {
      apiAccountToken({ accountId: API_TOKEN, apiToken: ACCOUNT });
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe('pagewise: `accountId` must be a UUID');
    expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'accountId' });
    expectNoSecrets(error, [API_TOKEN]);
  });

  it('refuses to run in a browser unless dangerouslyAllowBrowser is true', () => {
    expect(() => asInBrowser(() => apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN }))).toThrow(
      /`apiAccountToken` holds a secret and refuses to run in a browser.*`bearerToken`.*`createProxyHandler`/,
    );
    const auth = asInBrowser(() =>
      apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN, dangerouslyAllowBrowser: true }),
    );
    expect(auth.id).toBe(`api-account:${ACCOUNT}`);
  });

  it('refuses to run in a browser worker (WorkerGlobalScope with importScripts), where the secret ships to the browser just the same', () => {
    asIn(
      {
        WorkerGlobalScope: function WorkerGlobalScope() {},
        importScripts: () => undefined,
        navigator: { userAgent: 'Mozilla/5.0 Chrome/130' },
      },
      () => {
        expect(() => apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN })).toThrow(
          /refuses to run in a browser/,
        );
        expect(() =>
          clientCredentials({ authUrl: 'https://idp.example.test', clientId: 'c', clientSecret: 's' }),
        ).toThrow(/refuses to run in a browser/);
        const auth = apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN, dangerouslyAllowBrowser: true });
        expect(() => createProxyHandler({ baseUrl: 'https://api.example.test', auth })).toThrow(
          /refuses to run in a browser/,
        );
      },
    );
  });

  it('runs where WorkerGlobalScope is defined without importScripts, as on Cloudflare Workers and Deno', () => {
    asIn({ WorkerGlobalScope: function WorkerGlobalScope() {} }, () => {
      const auth = apiAccountToken({ accountId: ACCOUNT, apiToken: API_TOKEN });
      expect(auth.id).toBe(`api-account:${ACCOUNT}`);
      expect(clientCredentials({ authUrl: 'https://idp.example.test', clientId: 'c', clientSecret: 's' }).id).toMatch(
        /^client-credentials:/,
      );
      expect(typeof createProxyHandler({ baseUrl: 'https://api.example.test', auth, allowRequest: () => true })).toBe(
        'function',
      );
    });
  });
});
