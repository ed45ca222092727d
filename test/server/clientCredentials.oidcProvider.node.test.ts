import { createServer, type Server } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, type ClientCredentialsOptions } from '../../src/server/index';
import { expectNoSecrets } from '../client/expectNoSecrets';
import { ORG, springPage } from '../client/fixtures';
import { listenLocally } from '../helpers/localServer';
import { startOidcProvider, type StartedOidcProvider } from '../helpers/startOidcProvider';

// clientCredentials against panva's oidc-provider (OpenID Certified) on 127.0.0.1, and an API that verifies the
// access token as a JWT against the provider's JWKS with jose, audience included.

const BASIC = {
  client_id: 'basic-client',
  client_secret: 'b4sic+se%cr/et:with colon',
  token_endpoint_auth_method: 'client_secret_basic',
} as const;
const POST = {
  client_id: 'post-client',
  client_secret: 'p0st+se%cr/et:x',
  token_endpoint_auth_method: 'client_secret_post',
} as const;

let idp: StartedOidcProvider;
let api: Server;
let apiUrl: string;
const verified: { aud: unknown; scope: unknown; client_id: unknown }[] = [];

beforeAll(async () => {
  api = createServer();
  apiUrl = `${(await listenLocally(api)).origin}/api`;
  idp = await startOidcProvider({ clients: [BASIC, POST], resources: [apiUrl] });
  const jwks = createRemoteJWKSet(new URL(idp.jwksUri));
  api.on('request', (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    jwtVerify(token, jwks, { issuer: idp.issuer, audience: apiUrl }).then(
      ({ payload }) => {
        verified.push({ aud: payload.aud, scope: payload.scope, client_id: payload.client_id });
        response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(springPage([{ id: 'share-1' }], 0)));
      },
      (error: Error) =>
        response
          .writeHead(401, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: 'invalid_token', reason: error.message })),
    );
  });
});
afterAll(async () => {
  await idp.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});
beforeEach(() => {
  verified.length = 0;
  idp.tokenRequests.length = 0;
});

const params = { organizationId: ORG, page: 1, size: 20 };
const list = (options: ClientCredentialsOptions) =>
  createApiClient({ baseUrl: apiUrl, auth: clientCredentials(options) }).listShares(params);

describe('clientCredentials against oidc-provider', () => {
  it('finds the token endpoint through issuer discovery and gets a resource-indicated JWT the API verifies (client_secret_basic)', async () => {
    const options: ClientCredentialsOptions = {
      issuer: idp.issuer,
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      bodyEncoding: 'form',
      clientAuthentication: 'client_secret_basic',
      audience: false,
      resource: apiUrl,
      scope: 'shares.read',
    };
    await expect(list(options)).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    expect(verified).toEqual([{ aud: apiUrl, scope: 'shares.read', client_id: BASIC.client_id }]);
    expect(idp.tokenRequests).toEqual([{ status: 200 }]);
  });

  it('works with a tokenUrl and client_secret_post, a secret holding + % / : included', async () => {
    await expect(
      list({
        tokenUrl: idp.tokenUrl,
        clientId: POST.client_id,
        clientSecret: POST.client_secret,
        bodyEncoding: 'form',
        audience: false,
        resource: apiUrl,
      }),
    ).resolves.toMatchObject({ items: [{ id: 'share-1' }] });
    expect(verified).toEqual([{ aud: apiUrl, scope: undefined, client_id: POST.client_id }]); // no scope asked, none granted
  });

  it('is refused by the provider with the JSON body (it takes forms only, as RFC 6749 says), and says so without the secret', async () => {
    const error = await list({
      tokenUrl: idp.tokenUrl,
      clientId: POST.client_id,
      clientSecret: POST.client_secret,
      audience: false,
      resource: apiUrl,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 400, error: 'invalid_request', url: idp.tokenUrl });
    expectNoSecrets(error, [POST.client_secret, encodeURIComponent(POST.client_secret)]);
  });

  it('gets invalid_client for a wrong secret in either method, with no form of the secret in the error', async () => {
    for (const client of [BASIC, POST]) {
      const wrong = `${client.client_secret}-wrong+%/`;
      const error = await list({
        tokenUrl: idp.tokenUrl,
        clientId: client.client_id,
        clientSecret: wrong,
        bodyEncoding: 'form',
        clientAuthentication: client.token_endpoint_auth_method,
        audience: false,
        resource: apiUrl,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'AuthError', status: 401, error: 'invalid_client' });
      const form = new URLSearchParams([['', wrong]]).toString().slice(1);
      expectNoSecrets(error, [wrong, form, btoa(`${client.client_id}:${form}`)]);
    }
  });

  it('gets invalid_target for a resource the provider does not serve', async () => {
    const error = await list({
      issuer: idp.issuer,
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      bodyEncoding: 'form',
      clientAuthentication: 'client_secret_basic',
      audience: false,
      resource: 'https://elsewhere.example.test/api',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthError', status: 400, error: 'invalid_target' });
  });

  it('refuses discovery metadata whose issuer differs from the one given (here: a trailing slash)', async () => {
    const error = await list({
      issuer: `${idp.issuer}/`,
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      bodyEncoding: 'form',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'AuthError',
      message: expect.stringContaining(`returned metadata for issuer "${idp.issuer}", not "${idp.issuer}/"`),
    });
    expect(idp.tokenRequests).toEqual([]);
  });

  // The README's identity-provider rows, with oidc-provider's endpoints in place of each provider's (its clients are
  // registered with one method each, as Hydra's are). Without a resource its tokens are opaque: the token request is checked.
  it.each([
    [
      'Okta',
      {
        issuer: true,
        bodyEncoding: 'form',
        clientAuthentication: 'client_secret_basic',
        audience: false,
        scope: 'shares.read',
      },
    ],
    ['Keycloak', { issuer: true, bodyEncoding: 'form', audience: false }],
    ['Microsoft Entra ID', { bodyEncoding: 'form', audience: false, scope: 'shares.read' }],
    [
      'AWS Cognito',
      { bodyEncoding: 'form', clientAuthentication: 'client_secret_basic', audience: false, scope: 'shares.read' },
    ],
    ['Ory Hydra', { issuer: true, bodyEncoding: 'form', clientAuthentication: 'client_secret_basic', audience: false }],
    [
      'Zitadel',
      {
        issuer: true,
        bodyEncoding: 'form',
        clientAuthentication: 'client_secret_basic',
        audience: false,
        scope: 'shares.read',
      },
    ],
  ] as const)("the README's %s recipe gets a token from oidc-provider", async (_, recipe) => {
    const { issuer, ...rest } = recipe as { issuer?: boolean } & Partial<ClientCredentialsOptions>;
    const client = rest.clientAuthentication === 'client_secret_basic' ? BASIC : POST;
    const auth = clientCredentials({
      ...(issuer ? { issuer: idp.issuer } : { tokenUrl: idp.tokenUrl }),
      clientId: client.client_id,
      clientSecret: client.client_secret,
      ...(rest as object),
    } as ClientCredentialsOptions);
    await expect(auth.authorize({ baseUrl: apiUrl, fetch: globalThis.fetch })).resolves.toMatch(/^Bearer \S{20,}$/);
    expect(idp.tokenRequests).toEqual([{ status: 200 }]);
  });
});
