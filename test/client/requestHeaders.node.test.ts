import { describe, expect, it } from 'vitest';
import { createApiClient, isInvalidArgumentError, type AuthStrategy } from '../../src/client/index';
import { listQueryOptions } from '../../src/hooks/queryOptions';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

// The headers a client adds to every list call and write: the organization's and fixed ones a back-end needs, sent
// to a real node:http server on 127.0.0.1.

const OTHER = '9d1e4c27-0b3a-4f6e-8a5d-7c2b1e0f9a34';
const server = localServerForFile((request) =>
  request.method === 'GET' && request.query.get('page') === '0'
    ? { body: { items: [{ id: 'a' }], total: 2, nextCursor: 'next-2' } }
    : { body: { items: [{ id: 'b' }], total: 2 } },
);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return isInvalidArgumentError(error) ? { argument: error.argument, message: error.message } : error;
  }
  return undefined;
};

describe('the organization in a header', () => {
  const client = (options = {}) =>
    createApiClient({
      baseUrl: server.origin,
      route: '/{resource}',
      organizationHeader: 'X-Organization-Id',
      ...options,
    });

  it('goes out on a list call, on the page its cursor leads to, and on every write; never in the URL', async () => {
    const first = await client().list('rows', { organizationId: ORG, page: 1, size: 1 });
    await client().list('rows', { organizationId: ORG, size: 1, cursor: first.nextCursor! });
    await client().create('rows', { organizationId: ORG, body: { name: 'n' } });
    await client().update('rows', { organizationId: ORG, id: 'b', body: { name: 'm' } });
    await client().delete('rows', { organizationId: ORG, id: 'b' });
    expect(server.requests.map((request) => request.headers['x-organization-id'])).toEqual(Array(5).fill(ORG));
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /rows',
      'GET /rows',
      'POST /rows',
      'PATCH /rows/b',
      'DELETE /rows/b',
    ]);
    expect(server.requests.every(({ query }) => ![...query.values()].includes(ORG))).toBe(true);
  });

  it('takes a name that is not a UUID, as another back-end’s organizations are named, but nothing a header cannot carry', async () => {
    await client().list('rows', { organizationId: 'org-acme', page: 1, size: 1 });
    expect(server.requests.at(-1)!.headers['x-organization-id']).toBe('org-acme');
    for (const organizationId of ['', 'a\r\nX-Injected: 1', 'naïve']) {
      await expect(client().list('rows', { organizationId, page: 1, size: 1 })).rejects.toMatchObject({
        argument: 'organizationId',
      });
      await expect(client().create('rows', { organizationId, body: {} })).rejects.toMatchObject({
        argument: 'organizationId',
      });
    }
    expect(server.requests).toHaveLength(1);
  });

  it('keeps organizations apart in query keys, as the organizationId does', () => {
    const keyOf = (organizationId: string) =>
      listQueryOptions('rows', { client: client(), organizationId, page: 1, pageSize: 10 }).queryKey;
    expect(keyOf(ORG)).not.toEqual(keyOf(OTHER));
  });

  it('names each organization to the 401 rule on its own, as a route naming it does', async () => {
    const seen: Array<string | undefined> = [];
    const auth: AuthStrategy = {
      id: 'recording',
      authorize: async () => 'Bearer token-0001',
      accepted: (_, organizationUrl) => void seen.push(organizationUrl),
    };
    const withAuth = client({ auth });
    await withAuth.list('rows', { organizationId: ORG, page: 1, size: 1 });
    await withAuth.list('rows', { organizationId: OTHER, page: 1, size: 1 });
    await createApiClient({ baseUrl: server.origin, route: '/{resource}', auth }).list('rows', {
      organizationId: ORG,
      page: 1,
      size: 1,
    });
    expect(seen).toEqual([`${server.origin}/${ORG}`, `${server.origin}/${OTHER}`, server.origin]);
  });

  it.each(['Authorization', 'cookie', 'Accept', 'Content-Type', 'Idempotency-Key', 'X Org', '', 42])(
    'refuses %j as the header name when the client is made',
    (organizationHeader) => {
      expect(
        refusal(() => createApiClient({ baseUrl: server.origin, organizationHeader: organizationHeader as string })),
      ).toMatchObject({ argument: 'organizationHeader' });
    },
  );
});

describe('fixed request headers', () => {
  it('go out on every list call and write, beside what pagewise sets itself', async () => {
    const client = createApiClient({
      baseUrl: server.origin,
      route: '/{resource}',
      headers: { Prefer: 'count=exact' },
    });
    await client.list('rows', { organizationId: 'any', page: 1, size: 1 });
    await client.create('rows', { organizationId: 'any', body: { name: 'n' } });
    expect(server.requests.map(({ headers }) => [headers.prefer, headers.accept])).toEqual([
      ['count=exact', 'application/json'],
      ['count=exact', 'application/json'],
    ]);
    expect(server.requests[1]!.headers['content-type']).toBe('application/json');
  });

  it.each([
    ['headers', { Authorization: 'Bearer secret-value-1' }],
    ['headers', { Cookie: 'session=secret-value-1' }],
    ['headers', { 'If-Match': '"1"' }],
    ['headers', { 'Bad Name': 'x' }],
    ['headers.Prefer', { Prefer: 'count=exact\r\nX-Injected: secret-value-1' }],
    ['headers.Prefer', { Prefer: ' count=exact' }],
    ['headers.Prefer', { Prefer: 1 }],
    ['headers', ['Prefer', 'count=exact']],
  ])('refuses a bad %s when the client is made, never quoting a value', (argument, headers) => {
    const refused = refusal(() =>
      createApiClient({ baseUrl: server.origin, headers: headers as unknown as Record<string, string> }),
    ) as { argument: string; message: string };
    expect(refused.argument).toBe(argument);
    expect(refused.message).not.toContain('secret-value-1');
  });

  it.each([
    ['headers', { 'X-API-Key: secret-value-1': 'x' }],
    ['headers', { 'Bearer secret-value-1': 'x' }],
    ['organizationHeader', 'X-API-Key: secret-value-1'],
  ])('never quotes a %s name that is a whole header line pasted in, which may hold its secret', (argument, given) => {
    const option =
      argument === 'headers' ? { headers: given as Record<string, string> } : { organizationHeader: given as string };
    const refused = refusal(() => createApiClient({ baseUrl: server.origin, ...option })) as {
      argument: string;
      message: string;
    };
    expect(refused.argument).toBe(argument);
    expect(refused.message).not.toContain('secret-value-1');
  });

  it.each([
    'Connection',
    'keep-alive',
    'Transfer-Encoding',
    'TE',
    'Trailer',
    'Upgrade',
    'Expect',
    'Proxy-Connection',
    'Host',
  ])('refuses %s, a header of the connection that fetch refuses or drops, when the client is made', (name) => {
    expect(refusal(() => createApiClient({ baseUrl: server.origin, headers: { [name]: 'close' } }))).toMatchObject({
      argument: 'headers',
    });
    expect(refusal(() => createApiClient({ baseUrl: server.origin, organizationHeader: name }))).toMatchObject({
      argument: 'organizationHeader',
    });
  });

  it('refuses a fixed header of the organization header’s name, which each call sets', () => {
    expect(
      refusal(() =>
        createApiClient({
          baseUrl: server.origin,
          organizationHeader: 'X-Organization-Id',
          headers: { 'x-organization-id': ORG },
        }),
      ),
    ).toMatchObject({ argument: 'headers' });
  });
});
