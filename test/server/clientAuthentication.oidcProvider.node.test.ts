import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, exportJWK, exportPKCS8, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, readTokenFile, type ClientCredentialsOptions } from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG } from '../client/fixtures';
import { selfSignedCertificate } from '../helpers/certificates';
import { listenLocally } from '../helpers/localServer';
import { startOidcProvider, type OidcClient, type StartedOidcProvider } from '../helpers/startOidcProvider';
import { startVerifyingApi, type VerifyingApi } from '../helpers/startVerifyingApi';

// Client authentication without a shared secret, against panva's oidc-provider on 127.0.0.1: private_key_jwt with
// RSA, EC and Ed25519 keys given as CryptoKey, JWK and PEM, a certificate's thumbprint in the header (checked as
// Entra ID checks it), client_secret_jwt, and assertions made elsewhere (a federated issuer whose JWKS the provider
// fetches). An API verifies every access token with jose.

type Algorithm = 'RS256' | 'PS256' | 'ES256' | 'EdDSA';
const ALGORITHMS: Algorithm[] = ['RS256', 'PS256', 'ES256', 'EdDSA'];

interface ClientKey {
  algorithm: Algorithm;
  cryptoKey: CryptoKey;
  jwk: JWK;
  pem: string;
}
const keys = {} as Record<Algorithm, ClientKey>;
const SECRET_JWT = {
  client_id: 'hs256-client',
  client_secret: 'a-client-secret-long-enough-for-HS256-0123456789',
  token_endpoint_auth_method: 'client_secret_jwt',
} as const;
let certificate: string;
let certificateKey: ClientKey;
let federated: { url: string; sign: (claims: Record<string, unknown>) => Promise<string>; close: () => Promise<void> };

let idp: StartedOidcProvider;
let api: VerifyingApi;
const headersSeen: Record<string, unknown>[] = [];

async function clientKey(algorithm: Algorithm): Promise<ClientKey> {
  const { privateKey } = await generateKeyPair(algorithm, {
    extractable: true,
    ...(algorithm === 'EdDSA' ? { crv: 'Ed25519' } : {}),
  });
  return { algorithm, cryptoKey: privateKey, jwk: await exportJWK(privateKey), pem: await exportPKCS8(privateKey) };
}
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];
const publicJwk = (jwk: JWK): JWK =>
  Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.includes(name)));

/** A stand-in for a platform issuing workload tokens (Kubernetes, GitHub Actions): its own key, served as a JWKS. */
async function startFederatedIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const server = createServer((_, response) => {
    void exportJWK(publicKey).then((jwk) =>
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ keys: [{ ...jwk, kid: 'platform', alg: 'ES256', use: 'sig' }] })),
    );
  });
  const { origin, close } = await listenLocally(server);
  const url = `${origin}/jwks`;
  return {
    url,
    sign: (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'platform' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti(crypto.randomUUID())
        .sign(privateKey),
    close,
  };
}

const thumbprint = (der: Buffer, hash: string) => createHash(hash).update(der).digest('base64url');

beforeAll(async () => {
  for (const algorithm of ALGORITHMS) keys[algorithm] = await clientKey(algorithm);
  certificateKey = await clientKey('RS256');
  certificate = selfSignedCertificate(certificateKey.pem, '/CN=pagewise-client');
  const der = Buffer.from(certificate.replace(/-----[A-Z ]+-----|\s+/g, ''), 'base64');
  federated = await startFederatedIssuer();
  api = await startVerifyingApi();
  const clients: OidcClient[] = [
    ...ALGORITHMS.map((algorithm) => ({
      client_id: `${algorithm}-client`,
      token_endpoint_auth_method: 'private_key_jwt' as const,
      jwks: { keys: [{ ...publicJwk(keys[algorithm].jwk), kid: `${algorithm}-key`, use: 'sig' }] },
    })),
    // Entra ID's certificate credential: the key registered with its certificate, the assertion naming it by thumbprint.
    {
      client_id: 'certificate-client',
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...publicJwk(certificateKey.jwk), x5c: [der.toString('base64')] }] },
    },
    SECRET_JWT,
    { client_id: 'workload-client', token_endpoint_auth_method: 'private_key_jwt', jwks_uri: federated.url },
  ];
  idp = await startOidcProvider({
    clients,
    resources: [api.url],
    checkAssertionHeader(header, client) {
      headersSeen.push(header);
      return client.clientId !== 'certificate-client' || header['x5t#S256'] === thumbprint(der, 'sha256');
    },
  });
  api.trust(idp.issuer, idp.jwksUri);
});
afterAll(async () => {
  await Promise.all([idp.close(), api.close(), federated.close()]);
});
beforeEach(() => {
  idp.tokenRequests.length = 0;
  api.calls.length = 0;
  headersSeen.length = 0;
});

const params = { organizationId: ORG, page: 1, size: 20 };

/** A fetch recording each token request's form fields. */
function recordingFetch() {
  const sent: Record<string, string>[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input).endsWith('/token')) sent.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
    return globalThis.fetch(input, init);
  };
  return { sent, fetch };
}

/** Options for `clientId` at oidc-provider's token endpoint, with the API as resource indicator. */
const at = (clientId: string) =>
  ({ tokenUrl: idp.tokenUrl, clientId, bodyEncoding: 'form', audience: false, resource: api.url }) as const;

const client = (options: ClientCredentialsOptions) =>
  createApiClient({ baseUrl: api.url, auth: clientCredentials(options) });

describe('private_key_jwt against oidc-provider', () => {
  it.each(
    ALGORITHMS.flatMap((algorithm) => (['CryptoKey', 'JWK', 'PEM'] as const).map((form) => [algorithm, form] as const)),
  )('gets a token the API verifies, signed %s with the key given as a %s', async (algorithm, form) => {
    const key = keys[algorithm];
    const privateKey = form === 'CryptoKey' ? key.cryptoKey : form === 'JWK' ? key.jwk : key.pem;
    // A PS256 key is an RSA key: as a JWK or PEM, nothing says PSS, so the algorithm is named.
    const options = {
      ...at(`${algorithm}-client`),
      clientAuthentication: 'private_key_jwt',
      privateKey,
      keyId: `${algorithm}-key`,
      ...(algorithm === 'PS256' && form !== 'CryptoKey' ? { algorithm } : {}),
    } as const;
    await expect(client(options).listShares(params)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    expect(headersSeen).toEqual([expect.objectContaining({ alg: algorithm, kid: `${algorithm}-key` })]);
    expect(api.calls).toEqual([
      expect.objectContaining({
        scheme: 'Bearer',
        ok: true,
        claims: expect.objectContaining({ client_id: `${algorithm}-client`, aud: api.url }),
      }),
    ]);
    expect(idp.tokenRequests).toEqual([{ status: 200 }]);
  });

  it('signs RFC 7523 claims: iss = sub = the client, aud = the token endpoint, a fresh jti, exp at most 5 minutes on', async () => {
    const { sent, fetch } = recordingFetch();
    const clock = { time: Date.now() };
    const api2 = client({
      ...at('ES256-client'),
      privateKey: keys.ES256.jwk,
      keyId: 'ES256-key',
      fetch,
      now: () => clock.time,
      leewaySeconds: 0,
    });
    await api2.listShares(params);
    clock.time += 3_600_000; // the token expired: a second token request
    await api2.listShares(params);
    expect(idp.tokenRequests).toEqual([{ status: 200 }, { status: 200 }]);
    const claims = sent.map((fields) => {
      expect(fields).toMatchObject({
        client_id: 'ES256-client',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      });
      expect(fields).not.toHaveProperty('client_secret');
      return decodeJwt(fields.client_assertion!);
    });
    for (const { iss, sub, aud, iat, exp } of claims) {
      expect({ iss, sub, aud }).toEqual({ iss: 'ES256-client', sub: 'ES256-client', aud: idp.tokenUrl });
      expect(exp! - iat!).toBeGreaterThan(0);
      expect(exp! - iat!).toBeLessThanOrEqual(300);
    }
    expect(claims[0]!.jti).not.toBe(claims[1]!.jti);
  });

  it('takes the kid from a JWK that has one, and the issuer as audience when told (Auth0 wants it)', async () => {
    const { sent, fetch } = recordingFetch();
    await client({
      ...at('EdDSA-client'),
      privateKey: { ...keys.EdDSA.jwk, kid: 'EdDSA-key' } as JsonWebKey,
      assertionAudience: idp.issuer,
      fetch,
    }).listShares(params);
    expect(headersSeen).toEqual([expect.objectContaining({ alg: 'EdDSA', kid: 'EdDSA-key' })]);
    expect(decodeJwt(sent[0]!.client_assertion!).aud).toBe(idp.issuer);
  });

  it('signs Ed25519 as RFC 9864 names it when asked (algorithm: Ed25519)', async () => {
    await client({
      ...at('EdDSA-client'),
      privateKey: keys.EdDSA.pem,
      keyId: 'EdDSA-key',
      algorithm: 'Ed25519',
    }).listShares(params);
    expect(headersSeen).toEqual([expect.objectContaining({ alg: 'Ed25519' })]);
  });

  it("puts the certificate's x5t#S256 and x5t in the header, which a provider checking them as Entra ID does accepts", async () => {
    await expect(
      client({ ...at('certificate-client'), privateKey: certificateKey.pem, certificate }).listShares(params),
    ).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    const der = Buffer.from(certificate.replace(/-----[A-Z ]+-----|\s+/g, ''), 'base64');
    expect(headersSeen).toEqual([
      expect.objectContaining({ alg: 'RS256', 'x5t#S256': thumbprint(der, 'sha256'), x5t: thumbprint(der, 'sha1') }),
    ]);
    // Without the certificate, the same key is refused there.
    const error = await client({ ...at('certificate-client'), privateKey: certificateKey.pem })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 401, error: 'invalid_client' });
  });

  it('makes one token request for 100 concurrent calls', async () => {
    const api100 = client({ ...at('RS256-client'), privateKey: keys.RS256.cryptoKey, keyId: 'RS256-key' });
    const pages = await Promise.all(Array.from({ length: 100 }, () => api100.listShares(params)));
    expect(pages).toHaveLength(100);
    expect(idp.tokenRequests).toEqual([{ status: 200 }]);
    expect(api.calls.filter((call) => call.ok)).toHaveLength(100);
  });

  it("refuses a wrong key with a typed AuthError carrying the provider's error, one token request for 100 calls, and backs off", async () => {
    const wrong = await clientKey('ES256');
    const { sent, fetch } = recordingFetch();
    const clock = { time: 0 };
    const refused = client({
      ...at('ES256-client'),
      privateKey: wrong.pem,
      keyId: 'ES256-key',
      fetch,
      now: () => clock.time,
    });
    const errors = await Promise.all(
      Array.from({ length: 100 }, () => refused.listShares(params).catch((e: unknown) => e)),
    );
    for (const error of errors)
      expect(error).toMatchObject({ name: 'AuthError', status: 401, error: 'invalid_client', url: idp.tokenUrl });
    expect(idp.tokenRequests).toEqual([{ status: 401, error: 'invalid_client' }]);
    clock.time = 999; // within the first back-off (1 s): no request
    await expect(refused.listShares(params)).rejects.toMatchObject({ error: 'invalid_client' });
    expect(idp.tokenRequests).toHaveLength(1);
    clock.time = 1_000;
    await expect(refused.listShares(params)).rejects.toMatchObject({ error: 'invalid_client' });
    expect(idp.tokenRequests).toHaveLength(2);
    clock.time = 2_999; // the second refusal blocks for 2 s
    await expect(refused.listShares(params)).rejects.toMatchObject({ error: 'invalid_client' });
    expect(idp.tokenRequests).toHaveLength(2);
    expect(api.calls).toEqual([]);
    const assertions = sent.map((fields) => fields.client_assertion!);
    expectNoSecrets(errors[0], [wrong.pem, wrong.jwk.d!, ...assertions, ...assertions.map((a) => a.split('.')[2]!)]);
  });
});

describe('client_secret_jwt against oidc-provider', () => {
  it('gets a token with an HS256 assertion, never sending the secret', async () => {
    const { sent, fetch } = recordingFetch();
    const options = {
      ...at(SECRET_JWT.client_id),
      clientAuthentication: 'client_secret_jwt',
      clientSecret: SECRET_JWT.client_secret,
      fetch,
    } as const;
    await expect(client(options).listShares(params)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    expect(headersSeen).toEqual([expect.objectContaining({ alg: 'HS256' })]);
    expect(JSON.stringify(sent)).not.toContain(SECRET_JWT.client_secret);
    expect(decodeJwt(sent[0]!.client_assertion!)).toMatchObject({
      iss: SECRET_JWT.client_id,
      sub: SECRET_JWT.client_id,
      aud: idp.tokenUrl,
    });
  });

  it('is refused with a wrong secret, the secret in no form in the error', async () => {
    const wrong = 'a-wrong-secret-long-enough-for-HS256-9876543210+/';
    const error = await client({
      ...at(SECRET_JWT.client_id),
      clientAuthentication: 'client_secret_jwt',
      clientSecret: wrong,
    })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 401, error: 'invalid_client' });
    expectNoSecrets(error, [wrong, encodeURIComponent(wrong)]);
  });
});

describe('client assertions made elsewhere (workload identity federation) against oidc-provider', () => {
  const workloadClaims = () => ({ iss: 'workload-client', sub: 'workload-client', aud: idp.tokenUrl });

  it('sends what the callback gives, asking it again for every token request', async () => {
    const { sent, fetch } = recordingFetch();
    const made: string[] = [];
    const clock = { time: Date.now() };
    const workload = client({
      ...at('workload-client'),
      clientAssertion: async () => {
        made.push(await federated.sign(workloadClaims()));
        return made.at(-1)!;
      },
      fetch,
      now: () => clock.time,
    });
    await workload.listShares(params);
    await workload.listShares(params); // the token is reused: the callback is not asked
    clock.time += 3_600_000;
    await workload.listShares(params);
    expect(idp.tokenRequests).toEqual([{ status: 200 }, { status: 200 }]);
    expect(sent.map((fields) => fields.client_assertion)).toEqual(made);
    expect(made).toHaveLength(2);
    expect(api.calls.every((call) => call.ok && call.claims?.client_id === 'workload-client')).toBe(true);
  });

  it('reads a rotated token file afresh for each token request (readTokenFile)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagewise-token-'));
    try {
      const file = join(dir, 'token');
      const { sent, fetch } = recordingFetch();
      const clock = { time: Date.now() };
      const workload = client({
        ...at('workload-client'),
        clientAssertion: readTokenFile(file),
        fetch,
        now: () => clock.time,
      });
      const first = await federated.sign(workloadClaims());
      writeFileSync(file, `${first}\n`); // as mounted: with a trailing newline
      await workload.listShares(params);
      const second = await federated.sign(workloadClaims());
      writeFileSync(file, second);
      clock.time += 3_600_000;
      await workload.listShares(params);
      expect(sent.map((fields) => fields.client_assertion)).toEqual([first, second]);
      expect(idp.tokenRequests).toEqual([{ status: 200 }, { status: 200 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with the file system error, without a token request, when the token file is missing', async () => {
    const error = await client({
      ...at('workload-client'),
      clientAssertion: readTokenFile('/nonexistent/pagewise/token'),
    })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ENOENT' });
    expect(idp.tokenRequests).toEqual([]);
  });

  it('is refused when the platform token is not the one the provider trusts, and the error holds no assertion', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(workloadClaims())
      .setProtectedHeader({ alg: 'ES256', kid: 'platform' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti('x')
      .sign(privateKey);
    const error = await client({ ...at('workload-client'), clientAssertion: () => forged })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 401, error: 'invalid_client' });
    expectNoSecrets(error, [forged, forged.split('.')[2]!]);
    expect(decodeProtectedHeader(forged).kid).toBe('platform');
  });
});
