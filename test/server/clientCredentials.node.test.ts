import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isAuthError, isNetworkError } from '../../src/client/index';
import { clientCredentials, type ClientCredentialsOptions } from '../../src/server/index';
import { createGate } from '../helpers/createGate';
import { startLocalServer } from '../helpers/localServer';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG } from '../client/fixtures';
import { startStatusLineServer } from '../client/startStatusLineServer';
import { asInBrowser, CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';
import type { ClientCredentialsRequestOptions } from '../../src/server/clientCredentials';

const params = { organizationId: ORG, page: 1, size: 20 };
let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.server.close());
beforeEach(() => service.reset());

/** A client with client credentials against the fake service, and the secrets to scan errors for. */
function setup(extra: Partial<ClientCredentialsRequestOptions> & { authUrl?: string } = {}) {
  const { origin } = service.server;
  const auth = clientCredentials({
    authUrl: origin,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    scope: 'acme.read',
    ...extra,
  });
  return { auth, client: createApiClient({ baseUrl: `${origin}/api`, auth }) };
}
const secrets = () => [CLIENT_SECRET, ...service.issued];

describe('clientCredentials: the token request (seed 4.1)', () => {
  it('POSTs exactly the seed JSON body with JSON headers to {authUrl}/oauth/token, then sends the bearer token', async () => {
    await setup().client.listShares(params);
    const [token] = service.tokenRequests();
    expect(token!.method).toBe('POST');
    expect(token!.headers['content-type']).toBe('application/json');
    expect(token!.headers.accept).toBe('application/json');
    expect(JSON.parse(token!.body)).toStrictEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      audience: `${service.server.origin}/api`,
      scope: 'acme.read',
    });
    expect(service.apiRequests()[0]!.headers.authorization).toBe(`Bearer ${service.issued[0]}`);
  });

  it('sends the audience given instead of the base URL', async () => {
    await setup({ audience: 'https://api.example.test/' }).client.listShares(params);
    expect(JSON.parse(service.tokenRequests()[0]!.body)).toMatchObject({ audience: 'https://api.example.test/' });
  });

  it('accepts token_type in any case and expires_in as a numeric string', async () => {
    service.tokenReply = () => ({ body: { access_token: 'at-x-0123456789', token_type: 'bearer', expires_in: '60' } });
    service.apiReply = (request) => ({
      status: request.headers.authorization === 'Bearer at-x-0123456789' ? 200 : 401,
      body: { items: [], total: 0 },
    });
    await expect(setup().client.listShares(params)).resolves.toMatchObject({ total: 0 });
  });
});

describe('clientCredentials: caching', () => {
  it('makes 1 token request for 100 concurrent calls', async () => {
    const { client } = setup();
    await Promise.all(Array.from({ length: 100 }, (_, i) => client.listShares({ ...params, page: i + 1 })));
    expect(service.tokenRequests()).toHaveLength(1);
    expect(service.apiRequests()).toHaveLength(100);
  });

  it('shares one token between listShares and listEnvironments', async () => {
    const { client } = setup();
    await Promise.all([client.listShares(params), client.listEnvironments(params)]);
    expect(service.tokenRequests()).toHaveLength(1);
  });

  it('renews the token leewaySeconds before expires_in runs out', async () => {
    let time = 0;
    service.expiresIn = 120;
    const { client } = setup({ leewaySeconds: 30, now: () => time });
    await client.listShares(params);
    time = 89_999;
    await client.listShares(params);
    expect(service.tokenRequests()).toHaveLength(1);
    time = 90_000;
    await client.listShares(params);
    expect(service.tokenRequests()).toHaveLength(2);
    expect(service.apiRequests().map((r) => r.headers.authorization)).toEqual([
      `Bearer ${service.issued[0]}`,
      `Bearer ${service.issued[0]}`,
      `Bearer ${service.issued[1]}`,
    ]);
  });

  it("lets one caller abort while waiting for the token without breaking the others' shared request", async () => {
    const gate = createGate();
    service.tokenReply = async () => {
      await gate.held;
      service.issued.push('at-gated-5f2a9c7e1b3d');
      return { body: { access_token: 'at-gated-5f2a9c7e1b3d', token_type: 'Bearer', expires_in: 3600 } };
    };
    const { client } = setup();
    const controller = new AbortController();
    const leaving = client.listShares({ ...params, signal: controller.signal });
    const staying = client.listEnvironments(params);
    await expect.poll(() => service.tokenRequests().length).toBe(1);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    gate.release();
    await expect(staying).resolves.toMatchObject({ total: 1 });
    expect(service.tokenRequests()).toHaveLength(1);
    expect(service.apiRequests()).toHaveLength(1);
  });
});

describe('clientCredentials: 401 from the API', () => {
  it('drops the token and retries once: 2 API requests, 2 token requests', async () => {
    const { client } = setup();
    let first = true;
    service.apiReply = (request) => {
      const ok = !first && request.headers.authorization === `Bearer ${service.issued.at(-1)}`;
      first = false;
      return ok ? { body: { items: [{ id: 'x' }], total: 1 } } : { status: 401, body: { error: 'invalid_token' } };
    };
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 1 });
    expect(service.apiRequests()).toHaveLength(2);
    expect(service.tokenRequests()).toHaveLength(2);
    expect(service.apiRequests()[1]!.headers.authorization).toBe(`Bearer ${service.issued[1]}`);
  });

  it('on a persistent 401 makes at most 2 API requests, then rejects with an HttpError', async () => {
    service.apiReply = () => ({ status: 401, body: { error: 'invalid_token' } });
    const error = await setup()
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 401, body: { error: 'invalid_token' } });
    expect(service.apiRequests()).toHaveLength(2);
    expect(service.tokenRequests()).toHaveLength(2);
    expectNoSecrets(error, secrets());
  });

  it('makes one new token request when 100 concurrent calls all get a 401', async () => {
    const { client } = setup();
    const stale = new Set<string | undefined>();
    service.apiReply = (request) => {
      const header = request.headers.authorization;
      if (header === `Bearer ${service.issued[0]}`) stale.add(header);
      return header === `Bearer ${service.issued[1]}` ? { body: { items: [], total: 0 } } : { status: 401, body: {} };
    };
    await Promise.all(Array.from({ length: 100 }, (_, i) => client.listShares({ ...params, page: i + 1 })));
    expect(service.tokenRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(200);
    expect(stale.size).toBe(1);
  });

  it('makes 2 token requests, not 21, for 20 calls that all get a 401, and renews once more when the next 401 comes 30 s later', async () => {
    let time = 0;
    const { client } = setup({ now: () => time });
    service.apiReply = () => ({ status: 401, body: { error: 'invalid_token' } });
    for (let i = 0; i < 20; i += 1)
      await expect(client.listShares(params)).rejects.toMatchObject({ name: 'HttpError', status: 401 });
    expect(service.tokenRequests()).toHaveLength(2);
    expect(service.apiRequests()).toHaveLength(21);
    // 30 s on, the service still refuses that token (say it expired there) but accepts a new one.
    time = 30_000;
    const refused = `Bearer ${service.issued[1]}`;
    service.apiReply = (request) =>
      request.headers.authorization === refused
        ? { status: 401, body: { error: 'invalid_token' } }
        : { body: { items: [], total: 1 } };
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 1 });
    expect(service.tokenRequests()).toHaveLength(3);
  });

  it('does not drop a newer token when a late 401 arrives for an older one', async () => {
    const { auth, client } = setup();
    await client.listShares(params);
    const old = service.issued[0]!;
    auth.unauthorized!(`Bearer ${old}`);
    await client.listShares(params);
    expect(service.tokenRequests()).toHaveLength(2);
    auth.unauthorized!(`Bearer ${old}`);
    await client.listShares(params);
    expect(service.tokenRequests()).toHaveLength(2);
  });
});

describe('clientCredentials: token endpoint failures', () => {
  it('rejects invalid_client with an AuthError (RFC 6749 5.2) after 1 token request, not retried', async () => {
    const error = await setup({ clientSecret: 'cs_wrong_Kd83jf02' })
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 401,
      error: 'invalid_client',
      error_description: 'Client authentication failed',
      method: 'POST',
      url: `${service.server.origin}/oauth/token`,
      message: `POST ${service.server.origin}/oauth/token failed: 401 Unauthorized (invalid_client: Client authentication failed)`,
    });
    expect(service.tokenRequests()).toHaveLength(1);
    expect(service.apiRequests()).toHaveLength(0);
    expectNoSecrets(error, [CLIENT_SECRET, 'cs_wrong_Kd83jf02']);
  });

  it('redacts the client secret if the identity provider echoes it', async () => {
    service.tokenReply = (request) => ({
      status: 400,
      body: { error: 'invalid_request', error_description: `bad body ${request.body}` },
    });
    const error = await setup()
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('[redacted]') });
    expectNoSecrets(error, [CLIENT_SECRET]);
  });

  it.each([
    [{ token_type: 'Bearer', expires_in: 60 }, '`access_token` is not a non-empty string'],
    [{ access_token: 'at-leak-8a7b6c5d4e', expires_in: 60 }, '`token_type` is not "Bearer"'],
    [{ access_token: 'at-leak-8a7b6c5d4e', token_type: 'mac', expires_in: 60 }, '`token_type` is not "Bearer"'],
    // An identity provider may put anything in token_type, even the token: it is never quoted.
    [
      { access_token: 'at-leak-8a7b6c5d4e', token_type: 'at-leak-8a7b6c5d4e', expires_in: 60 },
      '`token_type` is not "Bearer"',
    ],
    [
      { access_token: 'at-leak-8a7b6c5d4e', token_type: 'Bearer', expires_in: 0 },
      '`expires_in` is not a positive number',
    ],
    ['not json', '`access_token` is not a non-empty string'],
  ])('rejects the token response %j with an AuthError saying why, without the token', async (body, problem) => {
    service.tokenReply = () => ({ body });
    const error = await setup()
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'AuthError',
      status: 200,
      message: `POST ${service.server.origin}/oauth/token returned an invalid token response: ${problem}`,
    });
    expect(service.apiRequests()).toHaveLength(0);
    expectNoSecrets(error, [CLIENT_SECRET, 'at-leak-8a7b6c5d4e']);
  });

  it('backs off after a 5xx: calls during the back-off fail without a token request', async () => {
    let time = 0;
    service.tokenReply = () => ({ status: 503, body: 'maintenance' });
    const { client } = setup({ now: () => time });
    const first = await client.listShares(params).catch((e: unknown) => e);
    expect(first).toMatchObject({ name: 'AuthError', status: 503 });
    time = 999;
    const blocked = await client.listShares(params).catch((e: unknown) => e);
    expect(blocked).not.toBe(first); // a copy: no caller can change what another one gets
    expect(blocked).toMatchObject({ name: 'AuthError', status: 503, message: (first as Error).message });
    expect(service.tokenRequests()).toHaveLength(1);
    time = 1_000;
    await expect(client.listShares(params)).rejects.toMatchObject({ status: 503 });
    expect(service.tokenRequests()).toHaveLength(2);
    time = 2_999; // the second failure blocks for 2 s
    await expect(client.listShares(params)).rejects.toMatchObject({ status: 503 });
    expect(service.tokenRequests()).toHaveLength(2);
    service.tokenReply = undefined;
    time = 3_000;
    await expect(client.listShares(params)).resolves.toMatchObject({ total: 1 });
    expect(service.apiRequests()).toHaveLength(1);
    expectNoSecrets(first, secrets());
  });

  it('rejects with a TimeoutError for the API call when the token does not arrive within timeoutMs', async () => {
    service.tokenReply = () => new Promise(() => undefined);
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const client = createApiClient({ baseUrl: `${service.server.origin}/api`, auth, timeoutMs: 20 });
    const error = await client.listShares(params).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'TimeoutError',
      message: `GET ${service.server.origin}/api/${ORG}/shares?page=0&size=20 timed out after 20 ms`,
    });
    expect(service.apiRequests()).toHaveLength(0);
    expectNoSecrets(error, [CLIENT_SECRET]);
  });

  it('rejects an unreachable identity provider with a NetworkError and backs off', async () => {
    const down = await startLocalServer();
    const authUrl = down.origin;
    await down.close();
    let time = 0;
    const { client } = setup({ authUrl, now: () => time });
    const error = await client.listShares(params).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ message: `POST ${authUrl}/oauth/token failed: network error` });
    time = 500;
    await expect(client.listShares(params)).rejects.toMatchObject({
      name: 'NetworkError',
      message: (error as Error).message,
    });
    expect(service.apiRequests()).toHaveLength(0);
    expectNoSecrets(error, [CLIENT_SECRET]);
  });
});

describe('clientCredentials: arguments', () => {
  const base = { authUrl: 'https://idp.example.test', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

  it.each([
    [{ authUrl: undefined }, 'pagewise: `authUrl` or `tokenUrl` or `issuer` must be given, exactly one'],
    [
      { tokenUrl: 'https://idp.example.test/token' },
      'pagewise: `authUrl` or `tokenUrl` or `issuer` must be given, exactly one, got ["authUrl", "tokenUrl"]',
    ],
    [{ authUrl: undefined, issuer: 'idp.example.test' }, '`issuer` must be an absolute http(s) URL'],
    [
      { authUrl: undefined, tokenUrl: 'https://idp.example.test/token?key=x' },
      '`tokenUrl` must not have a query or fragment',
    ],
    [{ bodyEncoding: 'xml' }, '`bodyEncoding` must be one of json, form, got "xml"'],
    [
      { clientAuthentication: 'none' },
      '`clientAuthentication` must be one of client_secret_post, client_secret_basic, private_key_jwt, client_secret_jwt, tls_client_auth, got "none"',
    ],
    [{ resource: [] }, '`resource` must not be an empty list'],
    [{ resource: 'urn:x' }, '`resource` must be an absolute http(s) URL'],
    [{ audience: '' }, '`audience` must be a non-empty string'],
    [{ defaultExpiresIn: 0 }, '`defaultExpiresIn` must be a positive number of seconds, got 0'],
    [{ authUrl: 'idp.example.test' }, '`authUrl` must be an absolute http(s) URL'],
    [{ clientId: '' }, 'pagewise: `clientId` must be a non-empty string'],
    [{ clientSecret: undefined }, 'pagewise: `clientSecret` must be a non-empty string'],
    [{ scope: 42 }, '`scope` must be a non-empty string'],
    [{ leewaySeconds: -1 }, '`leewaySeconds` must be a number >= 0, got -1'],
    [{ timeoutMs: 0 }, '`timeoutMs` must be a positive number, got 0'],
    [{ fetch: {} }, '`fetch` must be a function'],
  ])('throws for %j, naming the argument', (override, message) => {
    expect(() => clientCredentials({ ...base, ...(override as object) } as ClientCredentialsOptions)).toThrow(message);
  });

  it.each([
    `https://${CLIENT_ID}:${CLIENT_SECRET}@idp.example.test`,
    `${CLIENT_ID}:${CLIENT_SECRET}@idp.example.test`,
    `https://${CLIENT_ID}:${CLIENT_SECRET}/x@idp.example.test`,
  ])('never echoes a secret in an argument error (authUrl %#)', (authUrl) => {
    try {
      clientCredentials({ ...base, authUrl });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe('pagewise: `authUrl` must not contain credentials or "@"');
      expectNoSecrets(error, [CLIENT_SECRET, 'cs_Zq9']);
    }
  });

  it.each([
    [{ authUrl: undefined }, 'authUrl'],
    [{ bodyEncoding: 'xml' }, 'bodyEncoding'],
    [{ clientAuthentication: 'none' }, 'clientAuthentication'],
    [{ resource: [] }, 'resource'],
    [{ defaultExpiresIn: 0 }, 'defaultExpiresIn'],
    [{ leewaySeconds: -1 }, 'leewaySeconds'],
    [{ tokenStore: { get: async () => undefined } }, 'tokenStore.set'],
  ])('gives the argument error for %j the stable code and the argument it names', (override, argument) => {
    let error: unknown;
    try {
      clientCredentials({ ...base, ...(override as object) } as ClientCredentialsOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument });
  });

  it('throws the one-of error, not a property read of undefined, when called without options', () => {
    expect(() => clientCredentials(undefined as unknown as ClientCredentialsOptions)).toThrow(
      'pagewise: `authUrl` or `tokenUrl` or `issuer` must be given, exactly one',
    );
  });

  it('has a non-secret id', () => {
    const { id } = clientCredentials(base);
    expect(id).toBe(`client-credentials:${CLIENT_ID}@https://idp.example.test`);
  });

  it('refuses to run in a browser, pointing to bearerToken and createProxyHandler', () => {
    let error: unknown;
    asInBrowser(() => {
      try {
        clientCredentials(base);
      } catch (e) {
        error = e;
      }
    });
    expect((error as Error).message).toMatch(/refuses to run in a browser.*`bearerToken`.*`createProxyHandler`/);
    expectNoSecrets(error, [CLIENT_SECRET]);
    expect(asInBrowser(() => clientCredentials({ ...base, dangerouslyAllowBrowser: true }).id)).toMatch(
      /^client-credentials:/,
    );
    expect(typeof (globalThis as Record<string, unknown>).window).toBe('undefined');
  });
});

describe('clientCredentials: beyond the ordinary', () => {
  it('treats timeoutMs: Infinity as no limit on the token request instead of timing out after 1 ms', async () => {
    service.tokenReply = async () => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      service.issued.push('at-slow-4e5f6a7b8c9d');
      return { body: { access_token: 'at-slow-4e5f6a7b8c9d', token_type: 'Bearer', expires_in: 3600 } };
    };
    await expect(setup({ timeoutMs: Infinity }).client.listShares(params)).resolves.toMatchObject({ total: 1 });
    expect(service.tokenRequests()).toHaveLength(1);
  });

  it('redacts the client secret where the identity provider’s JSON escapes it (\\/ and \\u)', async () => {
    const clientSecret = 'cs_a/b/c_Ü9Xk2';
    service.tokenReply = () => ({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: `{"error":"invalid_request","error_description":"secret ${clientSecret.replaceAll('/', '\\/').replace('Ü', '\\u00dc')} is malformed"}`,
    });
    const error = await setup({ clientSecret })
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'AuthError',
      error: 'invalid_request',
      error_description: 'secret [redacted] is malformed',
    });
    expectNoSecrets(error, [clientSecret]);
  });

  it('redacts the client secret where the JSON request body escapes it (" and \\), when the identity provider echoes the body', async () => {
    const clientSecret = 'cs_"quoted"\\back\\slash_9Xk2';
    service.tokenReply = (request) => ({
      status: 400,
      body: { error: 'invalid_request', error_description: `cannot read ${request.body}` },
    });
    const error = await setup({ clientSecret })
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', error: 'invalid_request' });
    expectNoSecrets(error, [clientSecret, JSON.stringify(clientSecret).slice(1, -1), 'quoted']);
  });

  it('sends and redacts an access_token that ends in a newline trimmed, as fetch sends it', async () => {
    const token = 'at-nl-7c6b5a4d3e2f1a0b';
    service.tokenReply = () => ({ body: { access_token: `${token}\n`, token_type: 'Bearer', expires_in: 3600 } });
    service.apiReply = (request) => ({
      status: 403,
      body: { error: 'forbidden', token: request.headers.authorization!.slice(7) },
    });
    const error = await setup()
      .client.listShares(params)
      .catch((e: unknown) => e);
    expect(service.apiRequests()[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(error).toMatchObject({ status: 403, body: { token: '[redacted]' } });
    expectNoSecrets(error, [token]);
  });

  it('sends a client secret read with a trailing newline trimmed', async () => {
    await expect(setup({ clientSecret: `${CLIENT_SECRET}\n` }).client.listShares(params)).resolves.toMatchObject({
      total: 1,
    });
    expect(JSON.parse(service.tokenRequests()[0]!.body)).toMatchObject({ client_secret: CLIENT_SECRET });
  });

  it.each(['s3cr', 's3cr3t_8'])(
    'redacts an echoed client secret (%s) from the AuthError however short it is: it is error text, not data',
    async (clientSecret) => {
      service.tokenReply = (request) => ({
        status: 401,
        body: {
          error: 'invalid_client',
          error_description: `unknown secret ${(JSON.parse(request.body) as { client_secret: string }).client_secret}`,
        },
      });
      const error = await setup({ clientSecret })
        .client.listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'AuthError', error_description: 'unknown secret [redacted]' });
      expectNoSecrets(error, [clientSecret]);
    },
  );

  it('redacts a short client secret when the identity provider echoes it in the status line', async () => {
    const echo = await startStatusLineServer(
      400,
      (request) => `bad secret ${(JSON.parse(request.body) as { client_secret: string }).client_secret}`,
    );
    try {
      const auth = clientCredentials({ authUrl: echo.origin, clientId: CLIENT_ID, clientSecret: 's3cr' });
      const error = await createApiClient({ baseUrl: `${echo.origin}/api`, auth })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'AuthError',
        message: `POST ${echo.origin}/oauth/token failed: 400 bad secret [redacted]`,
      });
      expectNoSecrets(error, ['s3cr']);
    } finally {
      await echo.close();
    }
  });

  it.each(['token', 'Bearer', 'expires'])(
    'reads the token response intact when the client secret (%s) is a short word that occurs in it',
    async (clientSecret) => {
      service.tokenReply = () => {
        service.issued.push('at-word-6d5c4b3a2f1e');
        return { body: { access_token: 'at-word-6d5c4b3a2f1e', token_type: 'Bearer', expires_in: 3600 } };
      };
      await expect(setup({ clientSecret }).client.listShares(params)).resolves.toMatchObject({ total: 1 });
      expect(service.apiRequests()[0]!.headers.authorization).toBe('Bearer at-word-6d5c4b3a2f1e');
    },
  );

  it('redacts the client secret when the identity provider echoes it in the status line', async () => {
    const echo = await startStatusLineServer(
      400,
      (request) => `bad secret ${(JSON.parse(request.body) as { client_secret: string }).client_secret}`,
    );
    try {
      const auth = clientCredentials({ authUrl: echo.origin, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
      const error = await createApiClient({ baseUrl: `${echo.origin}/api`, auth })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'AuthError',
        status: 400,
        message: `POST ${echo.origin}/oauth/token failed: 400 bad secret [redacted]`,
      });
      expectNoSecrets(error, [CLIENT_SECRET]);
    } finally {
      await echo.close();
    }
  });
});
