import { exportJWK, exportPKCS8, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import {
  clientCredentials,
  memoryTokenStore,
  type ClientCredentialsOptions,
  type TokenEvent,
} from '../../src/server/index';
import { ORG, springPage } from '../client/fixtures';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { startOidcProvider, type StartedOidcProvider } from '../helpers/startOidcProvider';

// RFC 7009 revocation against oidc-provider on 127.0.0.1 (opaque access tokens, which it keeps and can revoke; its
// introspection says whether a token is still active): on `revoke()`, on `close()`, after a renewal, with every client
// authentication method and DPoP, found by discovery or given.

const SECRET = 'revocation-secret-7c2f9a1e4b';
let idp: StartedOidcProvider;
let api: LocalServer;
let signingKey: { pem: string; jwk: JWK };

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  signingKey = { pem: await exportPKCS8(privateKey), jwk };
  api = await startLocalServer(() => ({ body: springPage([{ id: 's1' }], 1) }));
  idp = await startOidcProvider({
    clients: [
      { client_id: 'basic', client_secret: SECRET, token_endpoint_auth_method: 'client_secret_basic' },
      { client_id: 'post', client_secret: SECRET, token_endpoint_auth_method: 'client_secret_post' },
      { client_id: 'hmac', client_secret: SECRET, token_endpoint_auth_method: 'client_secret_jwt' },
      {
        client_id: 'keyed',
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...jwk, d: undefined }] },
      },
    ],
    resources: [api.origin],
    tokenFormat: 'opaque',
  });
}, 30_000);
afterAll(async () => {
  await Promise.all([idp.close(), api.close()]);
});
beforeEach(() => {
  idp.tokenRequests.length = 0;
  idp.revocationRequests.length = 0;
  api.requests.length = 0;
});

const params = { organizationId: ORG, page: 1, size: 20 };
const base = { issuer: '', bodyEncoding: 'form', audience: false } as const;
const byMethod: Record<string, () => ClientCredentialsOptions> = {
  client_secret_basic: () =>
    ({
      ...base,
      issuer: idp.issuer,
      clientId: 'basic',
      clientSecret: SECRET,
      clientAuthentication: 'client_secret_basic',
      resource: api.origin,
    }) as ClientCredentialsOptions,
  client_secret_post: () =>
    ({
      ...base,
      issuer: idp.issuer,
      clientId: 'post',
      clientSecret: SECRET,
      resource: api.origin,
    }) as ClientCredentialsOptions,
  client_secret_jwt: () =>
    ({
      ...base,
      issuer: idp.issuer,
      clientId: 'hmac',
      clientSecret: SECRET,
      clientAuthentication: 'client_secret_jwt',
      resource: api.origin,
    }) as ClientCredentialsOptions,
  private_key_jwt: () =>
    ({
      ...base,
      issuer: idp.issuer,
      clientId: 'keyed',
      privateKey: signingKey.pem,
      resource: api.origin,
    }) as ClientCredentialsOptions,
  'private_key_jwt with DPoP': () =>
    ({
      ...base,
      issuer: idp.issuer,
      clientId: 'keyed',
      privateKey: signingKey.pem,
      resource: api.origin,
      dpop: true,
    }) as ClientCredentialsOptions,
};
/** The token the API got last, whatever the scheme (Bearer or DPoP). */
const lastToken = () => api.requests.at(-1)!.headers.authorization!.replace(/^(Bearer|DPoP) /, '');
const introspector = { client_id: 'basic', client_secret: SECRET };

describe('clientCredentials revokes its tokens at the identity provider (RFC 7009)', () => {
  it.each(Object.keys(byMethod))(
    'revokes on revoke(), authenticated with %s, at the endpoint discovery names; the provider refuses the token afterwards',
    async (method) => {
      const auth = clientCredentials(byMethod[method]!());
      const client = createApiClient({ baseUrl: api.origin, auth });
      await client.listShares(params);
      const token = lastToken();
      expect(await idp.isActive(token, introspector)).toBe(true);
      await auth.revoke();
      expect(idp.revocationRequests).toEqual([expect.objectContaining({ status: 200, dpop: method.includes('DPoP') })]);
      expect(await idp.isActive(token, introspector)).toBe(false);
      // The next call takes a new token.
      await client.listShares(params);
      expect(lastToken()).not.toBe(token);
      expect(idp.tokenRequests).toHaveLength(2);
    },
  );

  it('revokes on close() the token only this process holds, and leaves a token shared through a tokenStore alone', async () => {
    const alone = clientCredentials(byMethod.client_secret_basic!());
    await createApiClient({ baseUrl: api.origin, auth: alone }).listShares(params);
    const own = lastToken();
    await alone.close();
    expect(await idp.isActive(own, introspector)).toBe(false);

    const store = memoryTokenStore();
    const shared = [1, 2].map(() => clientCredentials({ ...byMethod.client_secret_basic!(), tokenStore: store }));
    await createApiClient({ baseUrl: api.origin, auth: shared[0]! }).listShares(params);
    await createApiClient({ baseUrl: api.origin, auth: shared[1]! }).listShares(params);
    const fleets = lastToken();
    await shared[0]!.close();
    expect(await idp.isActive(fleets, introspector)).toBe(true);
    expect(idp.revocationRequests).toHaveLength(1);
    // The other process goes on with it, without a new token request.
    const before = idp.tokenRequests.length;
    await createApiClient({ baseUrl: api.origin, auth: shared[1]! }).listShares(params);
    expect(lastToken()).toBe(fleets);
    expect(idp.tokenRequests).toHaveLength(before);
  });

  it('revokes the token a renewal replaced, once the new one is in hand', async () => {
    let now = Date.now();
    const events: TokenEvent[] = [];
    const auth = clientCredentials({
      ...byMethod.client_secret_post!(),
      now: () => now,
      onEvent: (event) => events.push(event),
    });
    const client = createApiClient({ baseUrl: api.origin, auth });
    await client.listShares(params);
    const first = lastToken();
    now += 3600_000; // past its lifetime (3600 s)
    await client.listShares(params);
    const second = lastToken();
    expect(second).not.toBe(first);
    await expect.poll(() => events).toContainEqual({ type: 'token-revoked', reason: 'replaced' });
    expect(await idp.isActive(first, introspector)).toBe(false);
    expect(await idp.isActive(second, introspector)).toBe(true);
  });

  it('uses revocationUrl when given, and revokes nothing with revocationUrl: false', async () => {
    const given = clientCredentials({
      tokenUrl: idp.tokenUrl,
      revocationUrl: `${idp.issuer}/token/revocation`,
      clientId: 'post',
      clientSecret: SECRET,
      bodyEncoding: 'form',
      audience: false,
      resource: api.origin,
    });
    await createApiClient({ baseUrl: api.origin, auth: given }).listShares(params);
    const token = lastToken();
    await given.revoke();
    expect(await idp.isActive(token, introspector)).toBe(false);

    const none = clientCredentials({ ...byMethod.client_secret_post!(), revocationUrl: false });
    await createApiClient({ baseUrl: api.origin, auth: none }).listShares(params);
    const kept = lastToken();
    await none.revoke();
    expect(idp.revocationRequests).toHaveLength(1);
    expect(await idp.isActive(kept, introspector)).toBe(true);
  });
});
