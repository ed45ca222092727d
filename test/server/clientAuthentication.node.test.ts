import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, type JWK } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, type ClientCredentialsOptions } from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG } from '../client/fixtures';
import { startStatusLineServer } from '../client/startStatusLineServer';
import { CLIENT_ID, startFakeService, type FakeService } from './fakeService';

// Every new credential form kept out of errors: private keys (PEM, JWK), assertions (signed here or given), client
// secrets under client_secret_jwt, DPoP proofs, against identity providers and APIs that echo what they got. And
// the arguments of the new methods rejected with a TypeError naming the argument, never quoting a key.

let service: FakeService;
let key: { pem: string; jwk: JWK; publicPem: string };
beforeAll(async () => {
  service = await startFakeService();
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  key = {
    pem: await exportPKCS8(privateKey),
    jwk: await exportJWK(privateKey),
    publicPem: await exportSPKI(publicKey),
  };
});
afterAll(() => service.server.close());
beforeEach(() => service.reset());

const params = { organizationId: ORG, page: 1, size: 20 };
const SECRET = 'cs-jwt+se%cr/et:0123456789abcdef0123456789';
const ASSERTION = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2lnbmF0dXJlLW9mLXRoZS1wbGF0Zm9ybQ';

const METHODS: [string, Partial<ClientCredentialsOptions>, () => string[]][] = [
  ['private_key_jwt (PEM)', { privateKey: '' }, () => [key.pem, key.jwk.d!]],
  ['private_key_jwt (JWK)', { privateKey: {} }, () => [key.pem, key.jwk.d!]],
  [
    'client_secret_jwt',
    { clientAuthentication: 'client_secret_jwt', clientSecret: SECRET },
    () => [SECRET, encodeURIComponent(SECRET)],
  ],
  ['clientAssertion', { clientAssertion: () => ASSERTION }, () => [ASSERTION]],
  ['client_secret_post with DPoP', { clientSecret: SECRET, dpop: true }, () => [SECRET, encodeURIComponent(SECRET)]],
];
/** The method's options with this run's key in place of the placeholders. */
const withKey = (options: Partial<ClientCredentialsOptions>) =>
  ({
    ...options,
    ...('privateKey' in options ? { privateKey: typeof options.privateKey === 'string' ? key.pem : key.jwk } : {}),
  }) as Partial<ClientCredentialsOptions>;
/** The assertion and DPoP proof a recorded token request carried. */
const sentCredentials = (request: { body: string; headers: Record<string, unknown> }) => {
  const assertion = new URLSearchParams(request.body).get('client_assertion');
  const proof = request.headers.dpop as string | undefined;
  return [assertion, proof].filter((value): value is string => !!value).flatMap((jwt) => [jwt, jwt.split('.')[2]!]);
};

describe('new credential forms never in an error', () => {
  it.each(METHODS)('%s: not when the token endpoint echoes the request body and proof', async (_, options, secrets) => {
    service.tokenReply = (request) => ({
      status: 400,
      body: { error: 'invalid_request', error_description: `got ${request.body} with ${request.headers.dpop}` },
    });
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: CLIENT_ID,
      bodyEncoding: 'form',
      ...withKey(options),
    } as ClientCredentialsOptions);
    const error = await createApiClient({ baseUrl: `${service.server.origin}/api`, auth })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'AuthError',
      status: 400,
      error: 'invalid_request',
      error_description: expect.stringContaining('[redacted]'),
    });
    const [request] = service.tokenRequests();
    expectNoSecrets(error, [...secrets(), ...sentCredentials(request!)]);
  });

  it.each(METHODS)('%s: not when the token endpoint echoes them in its status line', async (_, options, secrets) => {
    const sent: { body: string; headers: Record<string, unknown> }[] = [];
    const echo = await startStatusLineServer(401, (request) => {
      sent.push(request);
      return `refused ${request.body} ${request.headers.dpop ?? ''}`;
    });
    try {
      const auth = clientCredentials({
        tokenUrl: `${echo.origin}/token`,
        clientId: CLIENT_ID,
        bodyEncoding: 'form',
        ...withKey(options),
      } as ClientCredentialsOptions);
      const error = await createApiClient({ baseUrl: `${service.server.origin}/api`, auth })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'AuthError', status: 401, message: expect.stringContaining('[redacted]') });
      expectNoSecrets(error, [...secrets(), ...sentCredentials(sent[0]!)]);
    } finally {
      await echo.close();
    }
  });

  it('DPoP: neither the token nor the proof when the API echoes the headers it got', async () => {
    service.tokenReply = () => ({
      body: { access_token: 'at-bound-0f1e2d3c4b5a', token_type: 'DPoP', expires_in: 60 },
    });
    service.apiReply = (request) => ({
      status: 403,
      body: { error: 'denied', authorization: request.headers.authorization, proof: request.headers.dpop },
    });
    const auth = clientCredentials({
      authUrl: service.server.origin,
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      dpop: true,
    });
    const error = await createApiClient({ baseUrl: `${service.server.origin}/api`, auth })
      .listShares(params)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 403 });
    const [call] = service.apiRequests();
    expect(call!.headers.authorization).toBe('DPoP at-bound-0f1e2d3c4b5a');
    const proof = call!.headers.dpop as string;
    expectNoSecrets(error, ['at-bound-0f1e2d3c4b5a', proof, proof.split('.')[2]!]);
  });
});

describe('arguments of the new methods', () => {
  /** The error of making the strategy and calling once: a TypeError now, or at the first call before any request. */
  async function failure(options: Record<string, unknown>): Promise<unknown> {
    try {
      const auth = clientCredentials({
        authUrl: service.server.origin,
        clientId: CLIENT_ID,
        ...options,
      } as unknown as ClientCredentialsOptions);
      return await createApiClient({ baseUrl: `${service.server.origin}/api`, auth })
        .listShares(params)
        .catch((e: unknown) => e);
    } catch (error) {
      return error;
    }
  }

  it.each([
    [
      'a public JWK',
      () => ({ privateKey: { ...key.jwk, d: undefined } }),
      '`privateKey` must be a CryptoKey, a private JWK (with `d`) or a PKCS#8 PEM string',
    ],
    ['a public PEM', () => ({ privateKey: key.publicPem }), '`privateKey` must be a PKCS#8 PEM'],
    [
      'a PKCS#1 PEM',
      () => ({
        privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          type: 'pkcs1',
          format: 'pem',
        }),
      }),
      'convert others with `openssl pkcs8 -topk8 -nocrypt`',
    ],
    [
      'a key of another algorithm',
      () => ({ privateKey: key.pem, algorithm: 'RS256' }),
      '`privateKey` could not be imported as a RS256 signing key',
    ],
    [
      'an algorithm it does not know',
      () => ({ privateKey: key.pem, algorithm: 'HS512' }),
      '`algorithm` must be one of RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA, Ed25519',
    ],
    ['a number', () => ({ privateKey: 42 }), '`privateKey` must be a CryptoKey, a private JWK or a PKCS#8 PEM string'],
    [
      'a client secret beside it',
      () => ({ privateKey: key.pem, clientSecret: SECRET }),
      '`clientSecret` is not used by private_key_jwt: leave it out',
    ],
    [
      'client_secret_basic beside it',
      () => ({ privateKey: key.pem, clientAuthentication: 'client_secret_basic' }),
      '`clientAuthentication` must be private_key_jwt when `privateKey` is given, got "client_secret_basic"',
    ],
    ['an empty keyId', () => ({ privateKey: key.pem, keyId: '' }), '`keyId` must be a non-empty string'],
    [
      'a certificate that is none',
      () => ({ privateKey: key.pem, certificate: 'not a certificate' }),
      '`certificate` must be a PEM certificate',
    ],
    [
      'a keyId without a key',
      () => ({ clientSecret: SECRET, clientAuthentication: 'client_secret_jwt', keyId: 'k' }),
      '`keyId` is not used by client_secret_jwt',
    ],
    [
      'client_secret_jwt without a secret',
      () => ({ clientAuthentication: 'client_secret_jwt' }),
      '`clientSecret` must be a non-empty string',
    ],
    [
      'an assertion callback that is not a function',
      () => ({ clientAssertion: 'eyJ.x.y' }),
      '`clientAssertion` must be a function',
    ],
    [
      'an assertion callback beside a method',
      () => ({ clientAssertion: () => ASSERTION, clientAuthentication: 'private_key_jwt' }),
      '`clientAssertion` is its own client authentication',
    ],
    [
      'an assertion callback returning nothing',
      () => ({ clientAssertion: () => '' }),
      '`clientAssertion` must return a non-empty string',
    ],
  ])(
    'rejects %s with a TypeError naming the argument, before any request, quoting no key',
    async (_, options, message) => {
      const error = await failure(options());
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toContain(message);
      // The argument error's code, and the argument it names: the one its message starts with.
      const named = /^pagewise: `(\w+)`/.exec((error as Error).message)![1];
      expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: named });
      expect(service.tokenRequests()).toHaveLength(0);
      expectNoSecrets(error, [key.pem, key.jwk.d!, key.jwk.x!, SECRET, ASSERTION]);
    },
  );
});
