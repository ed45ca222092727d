import { calculateJwkThumbprint, decodeJwt, exportJWK, exportPKCS8, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import {
  clientCredentials,
  createProxyHandler,
  memoryTokenStore,
  type ClientCredentialsOptions,
  type TokenStore,
} from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG } from '../client/fixtures';
import { startOidcProvider, type StartedOidcProvider } from '../helpers/startOidcProvider';
import { startVerifyingApi, type VerifyingApi } from '../helpers/startVerifyingApi';
import { startFakeService, type FakeService } from './fakeService';

// DPoP (RFC 9449) against oidc-provider on 127.0.0.1, which wants a nonce at its token endpoint, and an API that
// verifies every proof with jose and wants its own nonce: tokens bound to the key, a fresh proof per call, one retry
// per nonce challenge, and a replayed proof refused.

let idp: StartedOidcProvider;
let api: VerifyingApi;
let signingKey: { pem: string; jwk: JWK };

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  signingKey = { pem: await exportPKCS8(privateKey), jwk };
  api = await startVerifyingApi({ requireNonce: true });
  const publicJwk = { ...jwk, d: undefined };
  idp = await startOidcProvider({
    clients: [{ client_id: 'dpop-client', token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [publicJwk] } }],
    resources: [api.url],
    requireDpopNonce: true,
  });
  api.trust(idp.issuer, idp.jwksUri);
});
afterAll(async () => {
  await Promise.all([idp.close(), api.close()]);
});
beforeEach(() => {
  idp.tokenRequests.length = 0;
  api.calls.length = 0;
  api.proofs.length = 0;
});

const params = { organizationId: ORG, page: 1, size: 20 };
const options = (extra: Partial<ClientCredentialsOptions> = {}) =>
  ({
    tokenUrl: idp.tokenUrl,
    clientId: 'dpop-client',
    privateKey: signingKey.pem,
    bodyEncoding: 'form',
    audience: false,
    resource: api.url,
    dpop: true,
    ...extra,
  }) as ClientCredentialsOptions;
const client = (extra?: Partial<ClientCredentialsOptions>) =>
  createApiClient({ baseUrl: api.url, auth: clientCredentials(options(extra)) });

describe('DPoP against oidc-provider and a proof-verifying API', () => {
  it("gets a bound token through the provider's nonce challenge (a fresh assertion for the retry), then the API's", async () => {
    const shares = client();
    await expect(shares.listShares(params)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    await expect(shares.listShares(params)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    // The provider: a nonce asked for, then a token (the private_key_jwt assertion was not replayed).
    expect(idp.tokenRequests).toEqual([{ status: 400, error: 'use_dpop_nonce' }, { status: 200 }]);
    // The API: its nonce asked for once, then remembered.
    expect(api.calls.map(({ scheme, ok, reason }) => ({ scheme, ok, reason }))).toEqual([
      { scheme: 'DPoP', ok: false, reason: 'no current nonce' },
      { scheme: 'DPoP', ok: true, reason: undefined },
      { scheme: 'DPoP', ok: true, reason: undefined },
    ]);
    expect(api.calls[1]!.claims?.cnf?.jkt).toEqual(expect.any(String));
    const jtis = api.proofs.map(({ proof }) => decodeJwt(proof).jti);
    expect(new Set(jtis).size).toBe(2);
  });

  it("retries once on the API's new nonce, keeping the token", async () => {
    const shares = client();
    await shares.listShares(params);
    api.rotateNonce();
    await expect(shares.listShares(params)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    expect(api.calls.map(({ ok, reason }) => reason ?? ok)).toEqual([
      'no current nonce',
      true,
      'no current nonce',
      true,
    ]);
    expect(idp.tokenRequests.filter(({ status }) => status === 200)).toHaveLength(1);
  });

  it('has a replayed proof, and the token without its proof, refused by the API', async () => {
    await client().listShares(params);
    const [{ authorization, proof, url }] = api.proofs as [(typeof api.proofs)[0]];
    const replayed = await fetch(url, { headers: { Authorization: authorization, DPoP: proof } });
    expect(replayed.status).toBe(401);
    const asBearer = await fetch(url, { headers: { Authorization: authorization.replace(/^DPoP /, 'Bearer ') } });
    expect(asBearer.status).toBe(401);
    expect(api.calls.slice(-2).map(({ reason }) => reason)).toEqual([
      'replayed proof',
      'DPoP-bound token sent as Bearer',
    ]);
  });

  it('makes one token request (after the nonce) for 100 concurrent calls, each call with its own proof', async () => {
    const shares = client();
    await Promise.all(Array.from({ length: 100 }, () => shares.listShares(params)));
    expect(idp.tokenRequests).toEqual([{ status: 400, error: 'use_dpop_nonce' }, { status: 200 }]);
    const accepted = api.calls.filter(({ ok }) => ok);
    expect(accepted).toHaveLength(100);
    expect(new Set(api.proofs.map(({ proof }) => decodeJwt(proof).jti)).size).toBe(100);
  });

  it('sends each upstream call of the proxy handler with its own proof', async () => {
    const handler = createProxyHandler({
      baseUrl: api.url,
      auth: clientCredentials(options()),
      basePath: '/api/pagewise',
      allowRequest: () => true,
    });
    for (let i = 0; i < 2; i++) {
      const response = await handler(new Request(`http://app.example.test/api/pagewise/${ORG}/shares?page=0&size=20`));
      expect(response.status).toBe(200);
    }
    expect(api.calls.map(({ ok, reason }) => reason ?? ok)).toEqual(['no current nonce', true, true]);
    expect(new Set(api.proofs.map(({ proof }) => decodeJwt(proof).jti)).size).toBe(2);
  });

  it('binds the token to a given key pair (Ed25519 here)', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    await client({ dpop: pair }).listShares(params);
    const jkt = await calculateJwkThumbprint((await crypto.subtle.exportKey('jwk', pair.publicKey)) as JWK);
    expect(api.calls.find(({ ok }) => ok)?.claims?.cnf?.jkt).toBe(jkt);
  });
});

describe('DPoP tokens in a shared token store', () => {
  /** A store recording what is written to it. */
  function recordingStore() {
    const plain = memoryTokenStore();
    const written: { key: string; value: unknown }[] = [];
    const store: TokenStore = {
      get: (key) => plain.get(key),
      set: async (key, value, ttlMs) => {
        written.push({ key, value });
        await plain.set(key, value, ttlMs);
      },
      lock: (key, owner, ttlMs) => plain.lock(key, owner, ttlMs),
      unlock: (key, owner) => plain.unlock(key, owner),
      deleteIfEqual: (key, token) => plain.deleteIfEqual(key, token),
    };
    return { store, written };
  }

  it('shares them between processes holding the same key pair, and never between processes with their own keys', async () => {
    const shared = recordingStore();
    const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    // Two "processes" with the fleet's key pair: one token.
    await client({ dpop: pair, tokenStore: shared.store }).listShares(params);
    await client({ dpop: pair, tokenStore: shared.store }).listShares(params);
    expect(idp.tokenRequests.filter(({ status }) => status === 200)).toHaveLength(1);
    // Two with `dpop: true` (a key each): a token each, under keys of their own, neither taking the other's.
    await client({ tokenStore: shared.store }).listShares(params);
    await client({ tokenStore: shared.store }).listShares(params);
    expect(idp.tokenRequests.filter(({ status }) => status === 200)).toHaveLength(3);
    expect(new Set(shared.written.map(({ key }) => key)).size).toBe(3);
    expect(api.calls.filter(({ ok }) => !ok).every(({ reason }) => reason === 'no current nonce')).toBe(true);
    // Keys and values hold no key material, assertion or proof.
    const assertionsAndProofs = api.proofs.map(({ proof }) => proof);
    for (const { key, value } of shared.written) {
      for (const secret of [signingKey.pem, signingKey.jwk.d!, ...assertionsAndProofs])
        expect(JSON.stringify({ key, value })).not.toContain(secret);
    }
  });
});

describe('DPoP refusals', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.server.close());

  it('refuses a token the provider did not bind (token_type Bearer) with an AuthError that quotes nothing', async () => {
    service.tokenReply = () => ({
      body: { access_token: 'at-unbound-5f4e3d2c1b', token_type: 'Bearer', expires_in: 60 },
    });
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: 'c',
      clientSecret: 's3cr3t-value',
      dpop: true,
    });
    const error = await createApiClient({ baseUrl: `${service.server.origin}/api`, auth })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'AuthError',
      message: expect.stringContaining('returned an invalid token response: `token_type` is not "DPoP"'),
    });
    expect(service.apiRequests()).toHaveLength(0);
    expectNoSecrets(error, ['at-unbound-5f4e3d2c1b', 's3cr3t-value']);
  });

  it('rejects a dpop option that is not a key pair with a TypeError naming it, before any request', async () => {
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: 'c',
      clientSecret: 's',
      dpop: { privateKey: 'x' } as unknown as CryptoKeyPair,
    });
    await expect(createApiClient({ baseUrl: `${service.server.origin}/api`, auth }).listShares(params)).rejects.toThrow(
      TypeError,
    );
    service.reset();
    await expect(createApiClient({ baseUrl: `${service.server.origin}/api`, auth }).listShares(params)).rejects.toThrow(
      '`dpop` must be a boolean or a CryptoKeyPair',
    );
    expect(service.tokenRequests()).toHaveLength(0);
  });
});
