// A server function holds the credentials, and `allow` judges the call's organization and resource: a URL cursor the
// browser sends must not lead anywhere else under the service's address, nor a filter name the organization again.
// The server client calls a real node:http server on 127.0.0.1, which counts the requests.
import { describe, expect, it } from 'vitest';
import { createApiClient, createRpcClient, isInvalidArgumentError, type ListCall } from '../../src/client/index';
import { serveListCall } from '../../src/server/index';
import { localServerForFile } from '../helpers/localServerForFile';

const ORG = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER = '9d1e4c27-0b3a-4f6e-8a5d-7c2b1e0f9a34';
const server = localServerForFile(() => ({ body: { items: [{ id: 'a' }], total: 1 } }));
const mine = (call: ListCall) => call.organizationId === ORG;

describe('serveListCall keeps a URL cursor to the organization and resource `allow` judged', () => {
  const seed = () => createApiClient({ baseUrl: `${server.origin}/v1` });

  it.each([
    ['another organization', () => `${server.origin}/v1/${OTHER}/shares?page=1&size=10`],
    ['another resource', () => `${server.origin}/v1/${ORG}/admins?page=1&size=10`],
    ['a row below the list', () => `${server.origin}/v1/${ORG}/shares/a?page=1`],
    ['a path of the service that is no list', () => `${server.origin}/v1/tokens?page=1`],
  ])('refuses a cursor to %s as the cursor argument error, without a request', async (_, cursor) => {
    const call: ListCall = { resource: 'shares', organizationId: ORG, cursor: cursor(), size: 10 };
    expect(await serveListCall(seed(), call, { allow: mine })).toEqual({
      error: { kind: 'TypeError', argument: 'cursor' },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('follows a cursor to the same organization and resource', async () => {
    const cursor = `${server.origin}/v1/${ORG}/shares?page=1&size=10`;
    const answer = await serveListCall(
      seed(),
      { resource: 'shares', organizationId: ORG, cursor, size: 10 },
      {
        allow: mine,
      },
    );
    expect(answer).toMatchObject({ page: { items: [{ id: 'a' }] } });
    expect(server.requests.map(({ path, query }) => `${path}?${query}`)).toEqual([`/v1/${ORG}/shares?page=1&size=10`]);
  });

  it('refuses a cursor naming another organization in the query, where the route puts it there', async () => {
    const client = createApiClient({ baseUrl: server.origin, route: '/v2/{resource}?org={organizationId}' });
    const call: ListCall = {
      resource: 'rows',
      organizationId: ORG,
      cursor: `${server.origin}/v2/rows?org=${OTHER}&page=2`,
      size: 10,
    };
    expect(await serveListCall(client, call, { allow: mine })).toEqual({
      error: { kind: 'TypeError', argument: 'cursor' },
    });
    await serveListCall(client, { ...call, cursor: `${server.origin}/v2/rows?org=${ORG}&page=2` }, { allow: mine });
    expect(server.requests.map(({ query }) => query.getAll('org'))).toEqual([[ORG]]);
  });

  it('sends no token cursor under the name of the route’s own parameter: the organization goes out once', async () => {
    const client = createApiClient({ baseUrl: server.origin, route: '/v2/{resource}?org={organizationId}' });
    const call: ListCall = { resource: 'rows', organizationId: ORG, cursor: OTHER, cursorParam: 'org', size: 10 };
    await serveListCall(client, call, { allow: mine });
    expect(server.requests.map(({ query }) => query.getAll('org'))).toEqual([[ORG]]);
  });

  it('sends no filter named as the route’s own parameter: the organization goes out once, the one allowed', async () => {
    const client = createApiClient({ baseUrl: server.origin, route: '/v2/{resource}?org={organizationId}' });
    const call: ListCall = {
      resource: 'rows',
      organizationId: ORG,
      page: 1,
      size: 10,
      filters: { org: OTHER },
    };
    await serveListCall(client, call, { allow: mine });
    await client.list('rows', { organizationId: ORG, page: 1, size: 10, filters: { org: OTHER, q: 'x' } });
    expect(server.requests.map(({ query }) => [query.getAll('org'), query.get('q')])).toEqual([
      [[ORG], null],
      [[ORG], 'x'],
    ]);
  });
});

describe('serveListCall bounds the size a browser asks for', () => {
  const call: ListCall = { resource: 'shares', organizationId: ORG, page: 1, size: 1001 };
  const seed = () => createApiClient({ baseUrl: `${server.origin}/v1` });

  it('answers a size over maxSize (1000 by default, as the proxy’s) as the size argument error, without a request', async () => {
    const answer = await serveListCall(seed(), call, { allow: mine });
    expect(answer).toEqual({ error: { kind: 'TypeError', argument: 'size' } });
    expect(server.requests).toHaveLength(0);
    const error = await createRpcClient({ call: async () => answer })
      .list('shares', { organizationId: ORG, page: 1, size: 1001 })
      .catch((e: unknown) => e);
    expect([isInvalidArgumentError(error), (error as { argument?: string }).argument]).toEqual([true, 'size']);
  });

  it('asks the service for a size up to a maxSize of the app’s', async () => {
    await serveListCall(seed(), call, { allow: mine, maxSize: 5000 });
    expect(server.requests.map(({ query }) => query.get('size'))).toEqual(['1001']);
    await expect(serveListCall(seed(), call, { allow: mine, maxSize: 0 })).rejects.toMatchObject({
      argument: 'maxSize',
    });
  });
});
