import { renderToString } from 'react-dom/server';
import { dehydrate, hydrate, HydrationBoundary, skipToken, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient } from '../../src/client/index';
import { apiAccountToken } from '../../src/server/index';
import { environmentsQueryOptions, sharesQueryOptions, useShares } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import { createTestQueryClient, createWrapper, demoOrganizationIds, setupMockService, wirePages } from './support';

const { service, client } = setupMockService();
const acme = demoOrganizationIds.acme;

describe('sharesQueryOptions', () => {
  it('keys a page general → specific: resource, client identity, organization, page size, 1-based page', () => {
    expect(sharesQueryOptions({ client, organizationId: acme, page: 3, pageSize: 50 }).queryKey).toEqual([
      'pagewise',
      'shares',
      client.id,
      acme,
      50,
      { sort: [], filters: {} },
      3,
    ]);
    expect(environmentsQueryOptions({ client, organizationId: acme }).queryKey).toEqual([
      'pagewise',
      'environments',
      client.id,
      acme,
      20,
      { sort: [], filters: {} },
      1,
    ]);
  });

  it('lets a key prefix invalidate one page size of one organization and nothing else', async () => {
    const queryClient = createTestQueryClient();
    const pages = [
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
      { page: 1, pageSize: 50 },
    ].map((p) => sharesQueryOptions({ client, organizationId: acme, ...p }));
    for (const options of pages)
      queryClient.setQueryData(options.queryKey, {
        items: [],
        total: 0,
        page: 1,
        pageSize: 20,
        pageCount: 1,
        hasNext: false,
        hasPrevious: false,
      });
    await queryClient.invalidateQueries({ queryKey: pages[0]!.queryKey.slice(0, 5) });
    expect(pages.map((p) => queryClient.getQueryState(p.queryKey)?.isInvalidated)).toEqual([true, true, false]);
  });

  it.each([
    [{ page: 0 }, '`page` must be an integer >= 1 (pages count from 1 here), got 0'],
    [{ page: 2.5 }, '`page` must be an integer >= 1 (pages count from 1 here), got 2.5'],
    [{ pageSize: Number.NaN }, '`pageSize` must be an integer >= 1, got NaN'],
  ])('rejects %j before any request, naming the option', (bad, message) => {
    expect(() => sharesQueryOptions({ client, organizationId: acme, ...bad })).toThrow(message);
    expect(service.requests).toHaveLength(0);
  });

  it('gives its argument errors the stable code and the argument they name', () => {
    expect(() => sharesQueryOptions({ client, organizationId: acme, pageSize: 0 })).toThrow(
      expect.objectContaining({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'pageSize' }),
    );
  });

  it('never puts a token, secret or API token in the query key, also after a request was made', async () => {
    const token = 'tok-3c9d1f7a5e2b4c6d8e0f1a2b3c4d5e6f';
    const { accountId, apiToken } = service.credentials;
    const clients = [
      createApiClient({ baseUrl: service.baseUrl, auth: bearerToken(() => token, { id: 'user-42' }) }),
      createApiClient({ baseUrl: service.baseUrl, auth: bearerToken(() => token) }),
      createApiClient({
        baseUrl: service.baseUrl,
        auth: apiAccountToken({ accountId, apiToken, dangerouslyAllowBrowser: true }),
      }),
    ];
    for (const withToken of clients) {
      const options = sharesQueryOptions({ client: withToken, organizationId: acme, page: 1 });
      // The strategy has sent its credential once (and may have cached it) before the key is read again.
      await createTestQueryClient()
        .query(options)
        .catch(() => undefined);
      const key = sharesQueryOptions({ client: withToken, organizationId: acme, page: 1 }).queryKey;
      expect(JSON.stringify(key)).not.toContain(token);
      expect(JSON.stringify(key)).not.toContain(apiToken);
      expect(key[2]).toBe(withToken.id);
    }
    expect(service.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('works with useQuery and passes the zero-based page to the API', async () => {
    const { result } = renderHook(
      () => useQuery(sharesQueryOptions<MockShare>({ client, organizationId: acme, page: 3 })),
      { wrapper: createWrapper(createTestQueryClient()) },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.items[0]?.name).toMatch(/-00041$/);
    expect(wirePages(service)).toEqual([2]);
  });

  it('skips the query without an organization', async () => {
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => useQuery(sharesQueryOptions({ client, organizationId: undefined })), {
      wrapper: createWrapper(queryClient),
    });
    expect(result.current).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
    expect(sharesQueryOptions({ client, organizationId: '' }).queryFn).toBe(skipToken);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(service.requests).toHaveLength(0);
  });

  it('prefetches on a server and hydrates on the client with no second request', async () => {
    const serverQueryClient = createTestQueryClient();
    await serverQueryClient.query(sharesQueryOptions({ client, organizationId: acme, page: 2 }));
    const state = JSON.parse(JSON.stringify(dehydrate(serverQueryClient)));
    expect(wirePages(service)).toEqual([1]);

    function FirstShare() {
      const shares = useShares<MockShare>({ organizationId: acme, defaultPage: 2, prefetchNext: false });
      return <p>{shares.data?.items[0]?.name ?? 'loading'}</p>;
    }
    const browserQueryClient = createTestQueryClient();
    const Wrapper = createWrapper(browserQueryClient, client);
    const html = renderToString(
      <Wrapper>
        <HydrationBoundary state={state}>
          <FirstShare />
        </HydrationBoundary>
      </Wrapper>,
    );
    expect(html).toMatch(/<p>acme-[a-z]+-00021<\/p>/);

    hydrate(browserQueryClient, state);
    const { result } = renderHook(() => useShares({ organizationId: acme, defaultPage: 2, prefetchNext: false }), {
      wrapper: Wrapper,
    });
    expect(result.current.isSuccess).toBe(true);
    expect(result.current.isFetching).toBe(false);
    expect(wirePages(service)).toEqual([1]);
  });
});
