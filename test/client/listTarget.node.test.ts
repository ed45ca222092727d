// The client's one list operation: sort and filters on the wire, bad ones refused before any request.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import type { ListFilters, SortEntry } from '../../src/client/index';

const organizationId = '2f1b6c1e-0000-4000-8000-000000000001';

/** A client whose fetch records the URLs it is asked for and answers an empty Spring page. */
function recording(options: Parameters<typeof createApiClient>[0] extends infer O ? Partial<O> : never = {}) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.example.test/v1',
    fetch: async (input) => {
      urls.push(String(input));
      return Response.json({ content: [], totalElements: 0, number: 0, size: 20 });
    },
    ...options,
  });
  return { client, urls };
}

describe('list(resource, params)', () => {
  it('sends one sort=<id>,asc|desc per criterion in order, and filters by name with arrays repeated', async () => {
    const { client, urls } = recording();
    await client.list('shares', {
      organizationId,
      page: 3,
      size: 50,
      sort: [
        { id: 'name', desc: false },
        { id: 'createdAt', desc: true },
      ],
      filters: { q: 'acme fin', protocol: ['SMB', 'NFS'], archived: false, minSize: 10 },
    });
    const url = new URL(urls[0]!);
    expect(url.pathname).toBe(`/v1/${organizationId}/shares`);
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['size', '50'],
      ['sort', 'name,asc'],
      ['sort', 'createdAt,desc'],
      ['archived', 'false'],
      ['minSize', '10'],
      ['protocol', 'SMB'],
      ['protocol', 'NFS'],
      ['q', 'acme fin'],
    ]);
  });

  it('gives the same URL for the same filters in another order, and drops empty values', async () => {
    const { client, urls } = recording();
    await client.list('users', {
      organizationId,
      page: 1,
      size: 20,
      filters: { b: '1', a: '2', c: undefined, d: null, e: '', f: [] },
    });
    await client.list('users', { organizationId, page: 1, size: 20, filters: { a: '2', b: '1' } });
    expect(urls[0]).toBe(urls[1]);
    expect(new URL(urls[0]!).search).toBe('?page=0&size=20&a=2&b=1');
  });

  it('writes the sort another way with serializeSort, for every call of the client', async () => {
    const { client, urls } = recording({
      serializeSort: (sort) => [['order_by', sort.map(({ id, desc }) => `${desc ? '-' : ''}${id}`).join(',')]],
    });
    await client.listShares({
      organizationId,
      page: 1,
      size: 20,
      sort: [
        { id: 'name', desc: true },
        { id: 'id', desc: false },
      ],
    });
    expect(new URL(urls[0]!).search).toBe('?page=0&size=20&order_by=-name%2Cid');
  });

  it.each<[string, { resource?: string; sort?: unknown; filters?: unknown }, string]>([
    [
      'a resource that is no path segment',
      { resource: '../admin' },
      '`resource` must be a path segment, got "../admin"',
    ],
    [
      'a sort that is no array',
      { sort: 'name' },
      '`sort` must be an array of { id: string, desc: boolean }, got "name"',
    ],
    [
      'a sort entry without a boolean desc',
      { sort: [{ id: 'name', desc: 'yes' }] },
      '`sort` must be an array of { id: string, desc: boolean }',
    ],
    ['filters that are no record', { filters: ['q'] }, '`filters` must be a record, got'],
    [
      'a filter named like a paging parameter',
      { filters: { page: 3 } },
      '`filters.page` must be a string, finite number, boolean or an array of them, and not page, size or sort',
    ],
    [
      'a filter value that is an object',
      { filters: { q: { $ne: 1 } } },
      '`filters.q` must be a string, finite number, boolean or an array of them',
    ],
    [
      'a filter value that is not finite',
      { filters: { size2: Number.NaN } },
      '`filters.size2` must be a string, finite number, boolean or an array of them',
    ],
  ])('rejects %s with a TypeError naming it, before any request', async (_, given, message) => {
    const { client, urls } = recording();
    const call = client.list(given.resource ?? 'shares', {
      organizationId,
      page: 1,
      size: 20,
      sort: given.sort as SortEntry[],
      filters: given.filters as ListFilters,
    });
    await expect(call).rejects.toThrow(TypeError);
    await expect(call).rejects.toThrow(message);
    expect(urls).toEqual([]);
  });

  it.each([undefined, null, 42, ''])(
    'rejects resource %j as argument `resource`, before any request',
    async (resource) => {
      const { client, urls } = recording();
      const call = client.list(resource as unknown as string, { organizationId, page: 1, size: 20 });
      await expect(call).rejects.toThrow(TypeError);
      await expect(call).rejects.toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'resource' });
      expect(urls).toEqual([]);
    },
  );

  it('keys a server client and a proxy client alike unless given an id, and keeps a bearer token’s user id', async () => {
    const { bearerToken } = await import('../../src/client/index');
    const { clientCredentials } = await import('../../src/server/index');
    const server = createApiClient({
      baseUrl: 'https://api.example.test',
      auth: clientCredentials({ authUrl: 'https://auth.example.test', clientId: 'c', clientSecret: 's' }),
    });
    const proxy = createApiClient({ baseUrl: 'https://app.example.test/api/pagewise' });
    expect(server.id).toBe(proxy.id);
    expect(createApiClient({ baseUrl: 'https://api.example.test', id: 'billing' }).id).toBe('billing');
    expect(
      createApiClient({ baseUrl: 'https://api.example.test', auth: bearerToken(() => 't', { id: 'user-42' }) }).id,
    ).toBe('user-42');
  });
});
