import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, presets } from '../../src/client/index';
import { startDjangoRest, type DjangoRest } from '../helpers/startDjangoRest';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

// Writes go where the resource's list lives: the route's path, its trailing slash kept after the row's id, and its
// fixed query parameters, against the real Django REST Framework and a real local server.

describe('writes on a Django REST Framework router (the real service)', () => {
  let service: DjangoRest;
  beforeAll(async () => void (service = await startDjangoRest()), 60_000);
  afterAll(() => service?.stop());
  const client = () => createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber });
  const organizationId = 'local';

  /** The requests the service received while `run` ran. */
  const during = async (run: () => Promise<unknown>) => {
    const before = (await service.received()).length;
    const value = await run();
    return { value, requests: (await service.received()).slice(before) };
  };

  it('creates, changes and deletes a row with one request each at the trailing-slash paths, no redirect', async () => {
    const created = await during(() => client().create('notes', { organizationId, body: { name: 'first' } }));
    expect(created.value).toEqual({ id: expect.any(Number), name: 'first' });
    expect(created.requests).toEqual(['POST /notes/']);
    const id = String((created.value as { id: number }).id);

    const changed = await during(() => client().update('notes', { organizationId, id, body: { name: 'second' } }));
    expect(changed.value).toEqual({ id: Number(id), name: 'second' });
    expect(changed.requests).toEqual([`PATCH /notes/${id}/`]);

    const replaced = await during(() =>
      client().update('notes', { organizationId, id, method: 'PUT', body: { name: 'third' } }),
    );
    expect(replaced.requests).toEqual([`PUT /notes/${id}/`]);
    const listed = await client().list('notes', { organizationId, page: 1, size: 10 });
    expect(listed.items).toContainEqual({ id: Number(id), name: 'third' });

    const deleted = await during(() => client().delete('notes', { organizationId, id }));
    expect(deleted.requests).toEqual([`DELETE /notes/${id}/`]);
    const after = await client().list<{ id: number }>('notes', { organizationId, page: 1, size: 10 });
    expect(after.items.some((row) => row.id === Number(id))).toBe(false);
  });
});

describe('writes on routes of other shapes (a local server)', () => {
  const server = localServerForFile(() => ({ body: { ok: true } }));
  const sent = () =>
    server.requests.map(({ method, path, query }) => `${method} ${path}${query.size ? `?${query}` : ''}`);

  it("keeps the seed's /{organizationId}/{resource}[/{id}] with no route given", async () => {
    const client = createApiClient({ baseUrl: `${server.origin}/api` });
    await client.create('shares', { organizationId: ORG, body: { name: 'a' } });
    await client.update('shares', { organizationId: ORG, id: 'row-1', body: { name: 'b' } });
    await client.delete('shares', { organizationId: ORG, id: 'row-1' });
    expect(sent()).toEqual([
      `POST /api/${ORG}/shares`,
      `PATCH /api/${ORG}/shares/row-1`,
      `DELETE /api/${ORG}/shares/row-1`,
    ]);
  });

  it('sends the organization in the query where the route puts it, and the route’s fixed parameters', async () => {
    const client = createApiClient({
      baseUrl: server.origin,
      route: '/v2/{resource}?org={organizationId}&format=json',
    });
    await client.create('rows', { organizationId: ORG, body: { name: 'a' } });
    await client.update('rows', { organizationId: ORG, id: 'a:b', method: 'PUT', body: { name: 'b' } });
    await client.delete('rows', { organizationId: ORG, id: 'a:b' });
    expect(sent()).toEqual([
      `POST /v2/rows?org=${ORG}&format=json`,
      `PUT /v2/rows/a:b?org=${ORG}&format=json`,
      `DELETE /v2/rows/a:b?org=${ORG}&format=json`,
    ]);
  });

  it('follows a route of its own per resource', async () => {
    const client = createApiClient({
      baseUrl: server.origin,
      route: '/{resource}',
      routes: { people: '/accounts/people/' },
    });
    await client.delete('people', { organizationId: 'any', id: '7' });
    await client.delete('shares', { organizationId: 'any', id: '7' });
    expect(sent()).toEqual(['DELETE /accounts/people/7/', 'DELETE /shares/7']);
  });

  it('takes any organization name on a route without one, and still refuses a UUID-less one on a route with one', async () => {
    const open = createApiClient({ baseUrl: server.origin, route: '/{resource}/' });
    await expect(open.create('rows', { organizationId: 'local', body: { name: 'a' } })).resolves.toEqual({ ok: true });
    const seed = createApiClient({ baseUrl: server.origin });
    await expect(seed.create('rows', { organizationId: 'local', body: { name: 'a' } })).rejects.toMatchObject({
      argument: 'organizationId',
    });
    await expect(open.create('rows', { organizationId: '', body: { name: 'a' } })).rejects.toMatchObject({
      argument: 'organizationId',
    });
    expect(sent()).toEqual(['POST /rows/']);
  });
});
