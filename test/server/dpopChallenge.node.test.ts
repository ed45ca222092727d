import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentials } from '../../src/server/index';
import { startLocalServer, type LocalServer } from '../helpers/localServer';

// DPoP as RFC 9449 has it, through the strategy as the API client drives it: a 401 is a nonce challenge only when the
// DPoP challenge itself says `use_dpop_nonce` (one retry with the nonce, the token kept), and the proof's `htu` is
// the request's URL normalized (RFC 9449 4.3: scheme and host lower-cased, default port dropped, no query or fragment).

let idp: LocalServer;
let issued = 0;
beforeAll(async () => {
  idp = await startLocalServer(() => ({
    body: { access_token: `bound-${++issued}`, token_type: 'DPoP', expires_in: 300 },
  }));
});
afterAll(() => idp.close());

const strategy = () =>
  clientCredentials({
    tokenUrl: `${idp.origin}/token`,
    clientId: 'dpop-client',
    clientSecret: 'dpop-secret',
    bodyEncoding: 'form',
    dpop: true,
  });
const api = 'https://api.example.test/acme/shares';
const call = (auth: ReturnType<typeof strategy>, url = api) =>
  auth.authorize({ baseUrl: 'https://api.example.test', fetch, url, method: 'GET' }) as Promise<Record<string, string>>;
const refusal = (challenge: string) =>
  new Response(null, { status: 401, headers: { 'WWW-Authenticate': challenge, 'DPoP-Nonce': 'api-nonce-1' } });

describe('an API’s DPoP nonce challenge', () => {
  it('is retried once with the nonce, keeping the token, when the DPoP challenge asks for it', async () => {
    const auth = strategy();
    const first = await call(auth);
    const response = refusal('Bearer realm="api", DPoP algs="ES256", error="use_dpop_nonce"');
    expect(auth.unauthorized!(first.Authorization!, api, response)).toBe(true);
    const second = await call(auth);
    expect(second.Authorization).toBe(first.Authorization);
    expect(decodeJwt(second.DPoP!).nonce).toBe('api-nonce-1');
  });

  it.each(['DPoP algs="ES256", Bearer error="use_dpop_nonce"', 'Bearer error="use_dpop_nonce", DPoP algs="ES256"'])(
    'is not one when another challenge carries use_dpop_nonce (%s): the token is dropped instead',
    async (challenge) => {
      const auth = strategy();
      const first = await call(auth);
      auth.unauthorized!(first.Authorization!, api, refusal(challenge));
      const second = await call(auth);
      expect(second.Authorization).not.toBe(first.Authorization);
      expect(decodeJwt(second.DPoP!).nonce).toBeUndefined();
    },
  );

  it('is not one when the header is no challenge at all (a quoted string that never closes)', async () => {
    const auth = strategy();
    const first = await call(auth);
    auth.unauthorized!(first.Authorization!, api, refusal('DPoP error="use_dpop_nonce'));
    expect((await call(auth)).Authorization).not.toBe(first.Authorization);
  });
});

describe('the proof’s htu', () => {
  it.each([
    ['HTTPS://API.Example.TEST:443/acme/shares?page=0&size=10#top', 'https://api.example.test/acme/shares'],
    ['https://api.example.test:8443/acme/shares?x=1', 'https://api.example.test:8443/acme/shares'],
    ['http://127.0.0.1:80/acme/shares', 'http://127.0.0.1/acme/shares'],
  ])('of %s is %s', async (url, htu) => {
    const { DPoP: proof } = await call(strategy(), url);
    expect(decodeJwt(proof!)).toMatchObject({ htu, htm: 'GET' });
  });
});
