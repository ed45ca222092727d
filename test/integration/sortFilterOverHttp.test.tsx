// Sort, filters and another endpoint end to end over real HTTP on 127.0.0.1: hooks → browser client → proxy
// (allowlist) → mock service, with no MSW anywhere.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/client/index';
import { usePagedList, useShares, useInfiniteList } from '../../src/hooks/index';
import { clientCredentials, createProxyHandler } from '../../src/server/index';
import { createMockService, demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import { createTestQueryClient, createWrapper } from '../hooks/support';

interface User {
  id: string;
  name: string;
  createdAt: string;
}

const { acme } = demoOrganizationIds;
const service = createMockService({
  organizations: {
    [acme]: { name: 'Acme', shares: 437, environments: 3, lists: { users: 45 } },
  },
});
let upstream: MockHttpServer;
let proxy: ServedHandler;
let client: ApiClient;
/** Every URL the proxy forwarded, as the mock received it. */
const forwarded = () => service.requests.filter((r) => r.resource !== 'token').map((r) => new URL(r.url).search);

beforeAll(async () => {
  upstream = await createMockHttpServer(service, { port: 0 });
  const { clientId, clientSecret, scope } = service.credentials;
  const handler = createProxyHandler({
    baseUrl: upstream.baseUrl,
    // jsdom looks like a browser; this proxy is the trusted backend.
    auth: clientCredentials({
      authUrl: upstream.authUrl,
      clientId,
      clientSecret,
      scope,
      dangerouslyAllowBrowser: true,
    }),
    dangerouslyAllowBrowser: true,
    basePath: '/api/pagewise',
    allowRequest: () => true,
    allow: {
      shares: { sort: ['name', 'createdAt', 'sizeBytes'], filters: { q: { maxLength: 32 }, protocol: ['SMB', 'NFS'] } },
      users: { sort: ['name'] },
    },
  });
  proxy = await serveFetchHandler(handler);
  client = createApiClient({ baseUrl: `${proxy.origin}/api/pagewise` });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});
beforeEach(() => service.reset());

describe('sort and filters through hooks, client, proxy and mock', () => {
  it('sends Spring sort and filters, and lists the rows the service sorted and filtered', async () => {
    const { result } = renderHook(
      () =>
        useShares<MockShare>({
          organizationId: acme,
          sort: [{ id: 'sizeBytes', desc: true }],
          filters: { protocol: ['NFS'], q: 'fin' },
          prefetchNext: false,
        }),
      { wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const rows = result.current.data!.items;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.protocol === 'NFS' && row.name.includes('fin'))).toBe(true);
    const sizes = rows.map((row) => row.sizeBytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // Filters in the order of their names, arrays repeated, sort as Spring reads it.
    expect(forwarded()).toEqual(['?page=0&size=20&sort=sizeBytes%2Cdesc&protocol=NFS&q=fin']);
  });

  it('goes to page 1 in the render that shows a new sort, keeping the previous rows on screen while it loads', async () => {
    const seen: Array<[string, number, boolean]> = [];
    const { result } = renderHook(
      () => {
        const shares = useShares<MockShare>({
          organizationId: acme,
          defaultPage: 1,
          prefetchNext: false,
          filtersDelayMs: 0,
        });
        seen.push([JSON.stringify(shares.listState.sort), shares.pagination.current, shares.isPlaceholderData]);
        return shares;
      },
      { wrapper: createWrapper(createTestQueryClient(), client) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.pagination.onChange(3, 20));
    await waitFor(() => expect(result.current.data?.page).toBe(3));
    seen.length = 0;
    act(() => result.current.listState.setSort([{ id: 'name', desc: true }]));
    const sorted = JSON.stringify([{ id: 'name', desc: true }]);
    // The first render with the new sort is already on page 1, and shows page 3's rows as placeholder.
    expect(seen.find(([sort]) => sort === sorted)).toEqual([sorted, 1, true]);
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(result.current.data!.items[0]!.name).toBe('acme-research-00436');
    expect(forwarded().at(-1)).toBe('?page=0&size=20&sort=name%2Cdesc');
  });

  it('prefetches the next page with the same sort and filters', async () => {
    const { result } = renderHook(
      () =>
        useShares<MockShare>({
          organizationId: acme,
          sort: [{ id: 'name', desc: false }],
          filters: { protocol: 'SMB' },
        }),
      {
        wrapper: createWrapper(createTestQueryClient(), client),
      },
    );
    await waitFor(() => expect(forwarded()).toHaveLength(2));
    expect(result.current.data!.items.every((row) => row.protocol === 'SMB')).toBe(true);
    expect(forwarded()).toEqual([
      '?page=0&size=20&sort=name%2Casc&protocol=SMB',
      '?page=1&size=20&sort=name%2Casc&protocol=SMB',
    ]);
  });

  it('asks once for a search typed fast, after it settles', async () => {
    const { rerender, result } = renderHook(
      ({ q }) => useShares<MockShare>({ organizationId: acme, filters: { q }, prefetchNext: false }),
      {
        initialProps: { q: '' },
        wrapper: createWrapper(createTestQueryClient(), client),
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (let end = 1; end <= 'acme-fin'.length; end++) rerender({ q: 'acme-fin'.slice(0, end) });
    await waitFor(() => expect(forwarded()).toHaveLength(2));
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    expect(forwarded()).toEqual(['?page=0&size=20', '?page=0&size=20&q=acme-fin']);
    expect(result.current.data!.items.every((row) => row.name.startsWith('acme-fin'))).toBe(true);
  });

  it('answers a sort the deployment did not allow with a 400 naming it, and nothing reaches the service', async () => {
    await expect(
      client.listShares({ organizationId: acme, page: 1, size: 20, sort: [{ id: 'path', desc: false }] }),
    ).rejects.toMatchObject({
      status: 400,
      body: {
        message: 'pagewise: `sort` must be <field>,asc|desc (at most 4) with a field of name, createdAt, sizeBytes',
      },
    });
    await expect(
      client.listShares({ organizationId: acme, page: 1, size: 20, filters: { owner: 'mallory<script>' } }),
    ).rejects.toMatchObject({
      status: 400,
      body: { message: 'pagewise: `owner` is not allowed here' },
    });
    expect(forwarded()).toEqual([]);
  });
});

describe('another endpoint of the same service', () => {
  it('pages /{organizationId}/users with its own record type through the same hooks, proxy and mock', async () => {
    const { result } = renderHook(
      () => usePagedList<User>('users', { organizationId: acme, page: 3, sort: [{ id: 'name', desc: true }] }),
      {
        wrapper: createWrapper(createTestQueryClient(), client),
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.pagination).toMatchObject({ current: 3, total: 45 });
    expect(result.current.data!.items.map((user) => user.name)).toEqual([
      'acme-users-00005',
      'acme-users-00004',
      'acme-users-00003',
      'acme-users-00002',
      'acme-users-00001',
    ]);
    expect(service.requests.filter((r) => r.resource === 'users').map((r) => r.page)).toEqual([2]);
  });

  it('loads more users with the infinite form', async () => {
    const { result } = renderHook(() => useInfiniteList<User>('users', { organizationId: acme, pageSize: 20 }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(40));
  });

  it('is not found behind a proxy that does not list it', async () => {
    await expect(client.list('groups', { organizationId: acme, page: 1, size: 20 })).rejects.toMatchObject({
      status: 404,
    });
    expect(forwarded()).toEqual([]);
  });
});
