import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { clientCredentials, type ClientCredentialsOptions } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { expectNoSecrets } from '../client/expectNoSecrets';

// Every request form clientCredentials can send, against the mock's token endpoint over real HTTP on 127.0.0.1,
// which accepts them as real identity providers do. The secret holds every character form encoding changes.

const CLIENT_ID = 'pw client:7/+';
const CLIENT_SECRET = 'se+cr%et/with:colon and space';
const mock = createMockService({ clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }] });
let server: MockHttpServer;
beforeAll(async () => {
  server = await createMockHttpServer(mock);
});
afterAll(() => server.close());

/** A fetch recording each token request's content type, Authorization scheme and body. */
function recording() {
  const sent: { contentType: string | null; authorization: string | null; body: string }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (String(input).endsWith('/oauth/token')) {
      const headers = new Headers(init?.headers);
      sent.push({
        contentType: headers.get('content-type'),
        authorization: headers.get('authorization'),
        body: String(init?.body),
      });
    }
    return globalThis.fetch(input, init);
  };
  return { sent, fetch };
}

const params = { organizationId: demoOrganizationIds.acme, page: 1, size: 5 };

describe('clientCredentials request forms against the mock identity provider', () => {
  it("sends the seed's JSON body byte for byte when no new option is given", async () => {
    const { sent, fetch } = recording();
    const auth = clientCredentials({
      authUrl: server.authUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: 'pagewise.read',
      fetch,
    });
    await createApiClient({ baseUrl: server.baseUrl, auth }).listShares(params);
    expect(sent).toEqual([
      {
        contentType: 'application/json',
        authorization: null,
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          audience: server.baseUrl,
          scope: 'pagewise.read',
        }),
      },
    ]);
  });

  it.each([
    ['json', 'client_secret_post'],
    ['json', 'client_secret_basic'],
    ['form', 'client_secret_post'],
    ['form', 'client_secret_basic'],
  ] as const)('lists shares with a %s body and %s', async (bodyEncoding, clientAuthentication) => {
    const { sent, fetch } = recording();
    const auth = clientCredentials({
      tokenUrl: `${server.authUrl}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      bodyEncoding,
      clientAuthentication,
      fetch,
    });
    await expect(createApiClient({ baseUrl: server.baseUrl, auth }).listShares(params)).resolves.toMatchObject({
      page: 1,
      pageSize: 5,
    });
    const [request] = sent;
    expect(request!.contentType).toBe(
      bodyEncoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
    );
    const fields =
      bodyEncoding === 'json'
        ? (JSON.parse(request!.body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(request!.body));
    if (clientAuthentication === 'client_secret_basic') {
      // RFC 6749 2.3.1: base64 of the form-urlencoded id, a colon and the form-urlencoded secret; nothing in the body.
      const encode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
      expect(request!.authorization).toBe(`Basic ${btoa(`${encode(CLIENT_ID)}:${encode(CLIENT_SECRET)}`)}`);
      expect(fields).not.toHaveProperty('client_id');
      expect(fields).not.toHaveProperty('client_secret');
    } else {
      expect(request!.authorization).toBeNull();
      expect(fields).toMatchObject({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    }
  });

  it('names the API by RFC 8707 resource indicators instead of an audience when asked', async () => {
    const { sent, fetch } = recording();
    const auth = clientCredentials({
      tokenUrl: `${server.authUrl}/oauth/token`,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      bodyEncoding: 'form',
      audience: false,
      resource: [server.baseUrl, `${server.baseUrl}/`],
      fetch,
    });
    await expect(createApiClient({ baseUrl: server.baseUrl, auth }).listShares(params)).resolves.toMatchObject({
      page: 1,
      pageSize: 5,
    });
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.getAll('resource')).toEqual([server.baseUrl, `${server.baseUrl}/`]);
    expect(form.has('audience')).toBe(false);
  });

  it('refuses a token request that uses both client authentication methods, as RFC 6749 2.3 requires', async () => {
    const response = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${btoa('a:b')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_secret: 'b', audience: server.baseUrl }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it.each([
    ['json', 'client_secret_post'],
    ['form', 'client_secret_post'],
    ['form', 'client_secret_basic'],
  ] as const)(
    'keeps every form of a wrong secret out of the AuthError (%s, %s)',
    async (bodyEncoding, clientAuthentication) => {
      const wrong = 'wr+ong%2Fse/cret:x';
      const options: ClientCredentialsOptions = {
        authUrl: server.authUrl,
        clientId: CLIENT_ID,
        clientSecret: wrong,
        bodyEncoding,
        clientAuthentication,
      };
      const error = await createApiClient({ baseUrl: server.baseUrl, auth: clientCredentials(options) })
        .listShares(params)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'AuthError',
        status: 401,
        error: 'invalid_client',
        url: `${server.authUrl}/oauth/token`,
      });
      const encode = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
      expectNoSecrets(error, [wrong, encode(wrong), btoa(`${encode(CLIENT_ID)}:${encode(wrong)}`)]);
    },
  );
});
