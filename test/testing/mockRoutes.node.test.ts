import { http as route, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { createMockService, type MockServiceOptions } from '../../src/testing/index';
import { createMockHttpServer } from '../../src/testing/node';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

// The mock serves its lists and rows where a client's route template puts them, through MSW and over real HTTP,
// so an app written with `route`/`routes` runs on it unchanged.

const ACME = '3c0a5e2d-1b4f-4c6a-9d8e-7f6a5b4c3d2e';
const GLOBEX = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const organizations = {
  [ACME]: { name: 'Acme', shares: 23, environments: 4, lists: { users: 7 } },
  [GLOBEX]: { name: 'Globex', shares: 3, environments: 1, lists: { users: 2 } },
};
const msw = setupServer();
beforeAll(() => msw.listen(failOnUnhandledRequests));
afterAll(() => msw.close());

/** A mock with `routes` and a client with the same, through MSW or over HTTP. */
async function stack(over: 'msw' | 'http', routing: Pick<MockServiceOptions, 'route' | 'routes'>) {
  const mock = createMockService({ auth: 'none', organizations, ...routing });
  if (over === 'msw') {
    msw.resetHandlers(...mock.handlers);
    return { mock, client: createApiClient({ baseUrl: mock.baseUrl, ...routing }), close: async () => {} };
  }
  const http = await createMockHttpServer(mock);
  // Real HTTP to the mock's own server: MSW, listening for the other half of this file, lets it through.
  msw.resetHandlers(route.all(`${new URL(http.baseUrl).origin}/*`, () => passthrough()));
  return { mock, client: createApiClient({ baseUrl: http.baseUrl, ...routing }), close: () => http.close() };
}

describe.each(['msw', 'http'] as const)('the mock at route templates, through %s', (over) => {
  it('serves lists behind a trailing slash, the organization absent: the first organization’s rows', async () => {
    const { mock, client, close } = await stack(over, { route: '/{resource}/' });
    try {
      const page = await client.listShares({ organizationId: 'anything', page: 2, size: 10 });
      expect([page.total, page.items.length, page.page]).toEqual([23, 10, 2]);
      expect(new URL(mock.requests.at(-1)!.url).pathname).toMatch(/\/shares\/$/);
      expect(mock.requests.at(-1)!.organizationId).toBe(ACME);
    } finally {
      await close();
    }
  });

  it('reads the organization from the query where the route puts it, never as a filter of the rows', async () => {
    const { mock, client, close } = await stack(over, { route: '/v2/{resource}?org={organizationId}' });
    try {
      const globex = await client.list('users', { organizationId: GLOBEX, page: 1, size: 10 });
      const acme = await client.list('users', {
        organizationId: ACME,
        page: 1,
        size: 10,
        sort: [{ id: 'name', desc: false }],
      });
      expect([globex.total, acme.total]).toEqual([2, 7]);
      // Recorded as the client sent it, the organization included.
      expect(new URL(mock.requests.at(-1)!.url).searchParams.get('org')).toBe(ACME);
      expect(mock.requests.at(-1)!.organizationId).toBe(ACME);
    } finally {
      await close();
    }
  });

  it('serves a resource at its own route only, the others at the shared one', async () => {
    const { client, close } = await stack(over, { routes: { users: '/people/' } });
    try {
      expect((await client.list('users', { organizationId: ACME, page: 1, size: 5 })).total).toBe(7);
      expect((await client.listEnvironments({ organizationId: GLOBEX, page: 1, size: 5 })).total).toBe(1);
    } finally {
      await close();
    }
  });

  it('takes writes at the row’s route (the list’s path and the id, the trailing slash kept)', async () => {
    const { mock, client, close } = await stack(over, { route: '/{organizationId}/{resource}/' });
    try {
      const list = `${client.baseUrl}/${GLOBEX}/users/`;
      const write = (method: string, url: string) =>
        fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: method }) });
      const created = await write('POST', list);
      const { id } = (await created.json()) as { id: string };
      expect([created.status, created.headers.get('location')]).toEqual([201, `${new URL(list).pathname}${id}/`]);
      expect((await write('PATCH', `${list}${id}/`)).status).toBe(200);
      const rows = await client.list<{ id: string; name: string }>('users', {
        organizationId: GLOBEX,
        page: 1,
        size: 10,
      });
      expect(rows.items.at(-1)).toMatchObject({ id, name: 'PATCH' });
      expect(mock.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'PATCH']);
    } finally {
      await close();
    }
  });
});

describe('the mock at route templates over HTTP', () => {
  it('serves at a resource’s own template that resource only, whatever its placeholder reads', async () => {
    const { client, close } = await stack('http', { routes: { users: '/people/{resource}/' } });
    try {
      expect((await fetch(`${client.baseUrl}/people/users/?page=0&size=5`)).status).toBe(200);
      expect((await fetch(`${client.baseUrl}/people/shares/?page=0&size=5`)).status).toBe(404);
    } finally {
      await close();
    }
  });

  it('answers 404 at the shared route for a resource that has a route of its own', async () => {
    const { client, close } = await stack('http', { routes: { users: '/people/' } });
    try {
      expect((await fetch(`${client.baseUrl}/${ACME}/users?page=0&size=5`)).status).toBe(404);
      expect((await fetch(`${client.baseUrl}/people/?page=0&size=5`)).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('the mock’s route options', () => {
  it('refuses a template that is not a route with the argument error naming it', () => {
    expect(() => createMockService({ route: 'users' })).toThrow(/`route` must be a path from '\/'/);
    expect(() => createMockService({ routes: { users: '/{organizationId}{resource}' } })).toThrow(/`routes\.users`/);
  });
});
