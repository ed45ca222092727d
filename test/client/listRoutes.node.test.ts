import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, isInvalidArgumentError } from '../../src/client/index';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

// A real node:http server on 127.0.0.1 that answers every list with an empty page and records where it was asked.
const server = localServerForFile(() => ({ body: { items: [], total: 0 } }));
const asked = async (options: { route?: string; routes?: Record<string, string> }, resource = 'shares') => {
  await createApiClient({ baseUrl: `${server.origin}/api`, ...options }).list(resource, {
    organizationId: ORG,
    page: 2,
    size: 5,
  });
  const { path, query } = server.requests.at(-1)!;
  return `${path}?${query}`;
};
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return isInvalidArgumentError(error) ? error.argument : error;
  }
  return undefined;
};

describe('where a list lives', () => {
  it("asks the seed's /{organizationId}/{resource} with no route given", async () => {
    await expect(asked({})).resolves.toBe(`/api/${ORG}/shares?page=1&size=5`);
  });

  it('keeps a trailing slash, so a Django router answers at once instead of redirecting', async () => {
    await expect(asked({ route: '/{resource}/' })).resolves.toBe('/api/shares/?page=1&size=5');
  });

  it('sends the organization as a query parameter where the route puts it, before the page', async () => {
    await expect(asked({ route: '/v2/{resource}?org={organizationId}' })).resolves.toBe(
      `/api/v2/shares?org=${ORG}&page=1&size=5`,
    );
  });

  it('takes a route per resource over the client’s', async () => {
    const routes = { people: '/accounts/people/' };
    await expect(asked({ route: '/{resource}', routes }, 'people')).resolves.toBe(
      '/api/accounts/people/?page=1&size=5',
    );
    await expect(asked({ route: '/{resource}', routes }, 'shares')).resolves.toBe('/api/shares?page=1&size=5');
  });

  it('takes any organization name on a route without one, and sends none', async () => {
    const client = createApiClient({ baseUrl: server.origin, route: '/{resource}' });
    await client.list('rows', { organizationId: 'local', page: 1, size: 5 });
    expect(server.requests.at(-1)!.path).toBe('/rows');
    const seed = createApiClient({ baseUrl: server.origin });
    await expect(seed.list('rows', { organizationId: 'local', page: 1, size: 5 })).rejects.toMatchObject({
      argument: 'organizationId',
    });
  });

  it('drops a refused token per organization on a route with one, as on the seed’s', async () => {
    const tokens = ['first-token-0001', 'second-token-0002'];
    let calls = 0;
    server.handle((request) =>
      request.headers.authorization === `Bearer ${tokens[0]}` ? { status: 401 } : { body: { items: [], total: 0 } },
    );
    const auth = bearerToken(() => ({ access_token: tokens[calls++]!, expires_in: 3600 }));
    const client = createApiClient({ baseUrl: server.origin, route: '/{resource}?org={organizationId}', auth });
    await expect(client.list('rows', { organizationId: ORG, page: 1, size: 5 })).resolves.toMatchObject({ total: 0 });
    expect(calls).toBe(2);
  });

  it.each([
    ['route', { route: 'shares' }],
    ['route', { route: '/{resource}#frag' }],
    ['route', { route: '/{resource} /x' }],
    ['routes.people', { routes: { people: 'https://elsewhere.example/people' } }],
    ['routes', { routes: { '../x': '/x' } }],
  ])('refuses a bad %s when the client is made', (argument, options) => {
    expect(refusal(() => createApiClient({ baseUrl: server.origin, ...options }))).toBe(argument);
  });
});
