import { exportPKCS8, generateKeyPair, type JSONWebKeySet } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials } from '../../src/server/index';
import { ORG } from '../client/fixtures';
import { selfSignedCertificate } from '../helpers/certificates';
import { startOidcProvider, type StartedOidcProvider } from '../helpers/startOidcProvider';
import { startVerifyingApi, type VerifyingApi } from '../helpers/startVerifyingApi';

// mTLS client authentication (RFC 8705 tls_client_auth) against oidc-provider serving HTTPS on 127.0.0.1: the
// client certificate travels with the `fetch` clientCredentials is given (undici's Agent, as the guide shows), and
// the token request carries the client id alone.

let idp: StartedOidcProvider;
let api: VerifyingApi;
let tls: { serverCert: string; clientCert: string; clientKey: string };

beforeAll(async () => {
  const serverKey = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
  const clientKey = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
  tls = {
    serverCert: selfSignedCertificate(serverKey, '/CN=127.0.0.1', '127.0.0.1'),
    clientCert: selfSignedCertificate(clientKey, '/CN=pagewise-mtls-client'),
    clientKey,
  };
  api = await startVerifyingApi();
  idp = await startOidcProvider({
    clients: [
      {
        client_id: 'mtls-client',
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: 'CN=pagewise-mtls-client',
      },
    ],
    resources: [api.url],
    tls: { cert: tls.serverCert, key: serverKey, ca: [tls.clientCert] },
  });
  // Its keys read over the provider's HTTPS, whose certificate only this test trusts.
  api.trust(idp.issuer, (await (await fetchWith()(idp.jwksUri, {})).json()) as JSONWebKeySet);
});
afterAll(async () => {
  await Promise.all([idp.close(), api.close()]);
});

const params = { organizationId: ORG, page: 1, size: 20 };
/** undici's fetch over an Agent presenting `certificate` (none: no client certificate), trusting the test server's. */
const fetchWith = (certificate?: { cert: string; key: string }): typeof globalThis.fetch => {
  const dispatcher = new Agent({ connect: { ca: tls.serverCert, ...certificate } });
  return ((input: string, init: RequestInit) =>
    undiciFetch(input, { ...init, dispatcher } as Parameters<
      typeof undiciFetch
    >[1])) as unknown as typeof globalThis.fetch;
};

describe('tls_client_auth against oidc-provider over HTTPS', () => {
  it('gets a token with the client certificate a fetch presents, sending the client id alone', async () => {
    const auth = clientCredentials({
      tokenUrl: idp.tokenUrl,
      clientId: 'mtls-client',
      clientAuthentication: 'tls_client_auth',
      bodyEncoding: 'form',
      audience: false,
      resource: api.url,
      fetch: fetchWith({ cert: tls.clientCert, key: tls.clientKey }),
    });
    await expect(createApiClient({ baseUrl: api.url, auth }).listShares(params)).resolves.toMatchObject({
      items: [{ id: 'share-1' }],
    });
    expect(idp.tokenRequests).toEqual([{ status: 200 }]);
    expect(api.calls).toEqual([
      expect.objectContaining({ ok: true, claims: expect.objectContaining({ client_id: 'mtls-client' }) }),
    ]);
  });

  it('is refused with invalid_client when the fetch presents no certificate', async () => {
    idp.tokenRequests.length = 0;
    const auth = clientCredentials({
      tokenUrl: idp.tokenUrl,
      clientId: 'mtls-client',
      clientAuthentication: 'tls_client_auth',
      bodyEncoding: 'form',
      audience: false,
      resource: api.url,
      fetch: fetchWith(),
    });
    await expect(createApiClient({ baseUrl: api.url, auth }).listShares(params)).rejects.toMatchObject({
      name: 'AuthError',
      status: 401,
      error: 'invalid_client',
    });
    expect(idp.tokenRequests).toEqual([{ status: 401, error: 'invalid_client' }]);
  });
});
