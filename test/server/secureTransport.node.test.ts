import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientCredentials, type ClientCredentialsOptions, type TokenEvent } from '../../src/server/index';
import { startLocalServer, type LocalServer } from '../helpers/localServer';

// Where a client secret, an assertion or a token may go: https, or http only to this machine (localhost, 127.0.0.0/8,
// ::1) or with `dangerouslyAllowInsecureHttp`; checked on the options before any request and on the endpoints an
// issuer's metadata names. And the `aud` of assertions: the issuer when one is configured.

const context = { baseUrl: 'https://api.example.test', fetch: globalThis.fetch, url: 'https://api.example.test/x' };
const secret = { clientId: 'transport-client', clientSecret: 'transport-secret-5f4e3d' };
/** A fetch that fails the test if it is called. */
const never = vi.fn<typeof fetch>(() => Promise.reject(new Error('no request may be sent')));

describe('options that would send a credential over plain HTTP', () => {
  it.each([
    ['authUrl', { authUrl: 'http://auth.example.test' }],
    ['tokenUrl', { tokenUrl: 'http://auth.example.test/oauth2/token' }],
    ['issuer', { issuer: 'http://auth.example.test/realms/acme' }],
    [
      'revocationUrl',
      { tokenUrl: 'https://auth.example.test/token', revocationUrl: 'http://auth.example.test/revoke' },
    ],
  ] as const)('refuses an http: %s elsewhere than loopback before any request, naming it', (name, where) => {
    expect(() => clientCredentials({ ...where, ...secret, fetch: never } as ClientCredentialsOptions)).toThrow(
      expect.objectContaining({ name: 'TypeError', code: 'PAGEWISE_INVALID_ARGUMENT', argument: name }),
    );
    expect(never).not.toHaveBeenCalled();
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://127.9.8.7', 'http://[::1]:8080'])(
    'accepts loopback %s for local development',
    (origin) => {
      expect(() => clientCredentials({ tokenUrl: `${origin}/token`, ...secret })).not.toThrow();
    },
  );

  it('sends over http: elsewhere only with dangerouslyAllowInsecureHttp', async () => {
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      sent.push(String(input));
      return Response.json({ access_token: 'insecure-at', token_type: 'Bearer', expires_in: 60 });
    };
    const auth = clientCredentials({
      tokenUrl: 'http://auth.internal.test/token',
      ...secret,
      dangerouslyAllowInsecureHttp: true,
      fetch,
    });
    expect(await auth.authorize(context)).toBe('Bearer insecure-at');
    expect(sent).toEqual(['http://auth.internal.test/token']);
  });
});

describe('endpoints an issuer names', () => {
  let idp: LocalServer;
  let metadata: Record<string, unknown>;
  beforeAll(async () => {
    idp = await startLocalServer((request) => {
      if (request.path === '/.well-known/openid-configuration') return { body: metadata };
      if (request.path === '/token') return { body: { access_token: 'at-1', token_type: 'Bearer', expires_in: 60 } };
      return { status: 200, body: '' };
    });
  });
  afterAll(() => idp.close());

  it('refuses a discovered http: token_endpoint elsewhere than loopback, naming the field, and sends nothing there', async () => {
    metadata = { issuer: idp.origin, token_endpoint: 'http://auth.example.test/token' };
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => (sent.push(String(input)), globalThis.fetch(input, init));
    const auth = clientCredentials({ issuer: idp.origin, ...secret, fetch });
    await expect(auth.authorize(context)).rejects.toMatchObject({
      name: 'AuthError',
      message: expect.stringContaining('`token_endpoint` is not an https: URL'),
    });
    expect(sent).toEqual([`${idp.origin}/.well-known/openid-configuration`]);
  });

  it('refuses a discovered http: revocation_endpoint elsewhere than loopback: revoke() tells onEvent and sends nothing', async () => {
    metadata = {
      issuer: idp.origin,
      token_endpoint: `${idp.origin}/token`,
      revocation_endpoint: 'http://auth.example.test/revoke',
    };
    const sent: string[] = [];
    const events: TokenEvent[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => (sent.push(String(input)), globalThis.fetch(input, init));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const auth = clientCredentials({ issuer: idp.origin, ...secret, fetch, onEvent: (e) => events.push(e) });
      await auth.authorize(context);
      await auth.revoke();
      expect(sent).toEqual([`${idp.origin}/.well-known/openid-configuration`, `${idp.origin}/token`]);
      expect(events).toContainEqual({
        type: 'token-revoke-failed',
        reason: 'revoke',
        errorName: 'AuthError',
        status: undefined,
      });
      expect(String(warn.mock.calls[0]?.[0])).toContain('`revocation_endpoint` is not an https: URL');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the audience of signed assertions', () => {
  let idp: LocalServer;
  let privateKey: CryptoKey;
  beforeAll(async () => {
    ({ privateKey } = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair);
    idp = await startLocalServer((request) => {
      if (request.path.endsWith('/.well-known/openid-configuration'))
        return { body: { issuer: `${idp.origin}/tenant`, token_endpoint: `${idp.origin}/tenant/oauth2/token` } };
      return { body: { access_token: 'at-aud', token_type: 'Bearer', expires_in: 60 } };
    });
  });
  afterAll(() => idp.close());
  const assertionSent = () =>
    decodeJwt(new URLSearchParams(idp.requestsTo('/tenant/oauth2/token').at(-1)!.body).get('client_assertion')!);

  it('is the issuer when an issuer is configured (private_key_jwt and client_secret_jwt)', async () => {
    const issuer = `${idp.origin}/tenant`;
    await clientCredentials({ issuer, clientId: 'c', privateKey, bodyEncoding: 'form' }).authorize(context);
    expect(assertionSent().aud).toBe(issuer);
    await clientCredentials({
      issuer,
      clientId: 'c',
      clientSecret: 'a-client-secret-long-enough-for-HS256-0123456789',
      clientAuthentication: 'client_secret_jwt',
      bodyEncoding: 'form',
    }).authorize(context);
    expect(assertionSent().aud).toBe(issuer);
  });

  it("is the discovered token endpoint with assertionAudience: 'token_endpoint', for providers that want it", async () => {
    await clientCredentials({
      issuer: `${idp.origin}/tenant`,
      clientId: 'c',
      privateKey,
      assertionAudience: 'token_endpoint',
      bodyEncoding: 'form',
    }).authorize(context);
    expect(assertionSent().aud).toBe(`${idp.origin}/tenant/oauth2/token`);
  });

  it('is the token endpoint when only a token URL is given (there is no issuer to name)', async () => {
    const tokenUrl = `${idp.origin}/tenant/oauth2/token`;
    await clientCredentials({ tokenUrl, clientId: 'c', privateKey, bodyEncoding: 'form' }).authorize(context);
    expect(assertionSent().aud).toBe(tokenUrl);
  });
});
