// Cursor paging end to end over real HTTP on 127.0.0.1, the way an app runs it: components in the browser (jsdom, real
// fetch) → createApiClient on the proxy's path → createProxyHandler with cursor paging on → the mock service over HTTP
// in each of its cursor shapes, all of which ignore `page` (and offset/limit, which the proxy asks for with its
// serializePage). For each style: the paged hook with its page and cursor in the URL (next, back, a jump of three, a
// reload from the URL, a sort or a search starting again at page 1), "load more" to the end, and the TanStack Table
// pairing. Every move's upstream requests are counted; a canary server beside the upstream gets none in the suite.
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, type ApiClient, type SortEntry } from '../../src/client/index';
import {
  Pagination,
  readUrlCursor,
  useInfiniteShares,
  useShares,
  writeUrlCursor,
  type PagedResourceResult,
} from '../../src/index';
import { clientCredentials, createProxyHandler, type ProxyHandlerOptions } from '../../src/server/index';
import { TablePagination, useServerTablePagination } from '../../src/table/index';
import { createMockService, demoOrganizationIds, type MockService, type MockShare } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { cursorService, makeRows, type CursorStyle } from '../helpers/cursorService';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import { createTestQueryClient, createWrapper } from '../hooks/support';
import type { MockCursorShape } from '../../src/testing/types';

/** The four public cursor styles, and offset/limit, each as the mock's shape. */
const STYLES = {
  Stripe: 'stripe',
  'DRF cursor': 'cursor',
  'Link header': 'link-cursor',
  'Google page token': 'page-token',
  'offset/limit': 'offset',
} as const satisfies Record<string, MockCursorShape>;
type MockStyle = keyof typeof STYLES;
const MOCK_STYLES = Object.keys(STYLES) as MockStyle[];
const CURSOR_STYLES = MOCK_STYLES.filter((style) => style !== 'offset/limit');
/** The same four styles as the test's own fakes (test/helpers/cursorService.ts): written apart from the mock. */
const FAKES = {
  'fake Stripe': 'stripe',
  'fake DRF cursor': 'drf',
  'fake Link header': 'link',
  'fake Google page token': 'google',
} as const satisfies Record<string, CursorStyle>;
type FakeStyle = keyof typeof FAKES;
type Style = MockStyle | FakeStyle;
const ALL_STYLES: Style[] = [...MOCK_STYLES, ...(Object.keys(FAKES) as FakeStyle[])];
/** The query parameter each style's next page goes upstream with. */
const UPSTREAM_CURSOR: Record<Style, string> = {
  Stripe: 'starting_after',
  'DRF cursor': 'cursor',
  'Link header': 'after',
  'Google page token': 'pageToken',
  'offset/limit': 'offset',
  'fake Stripe': 'starting_after',
  'fake DRF cursor': 'cursor',
  'fake Link header': 'after',
  'fake Google page token': 'pageToken',
};

const { acme } = demoOrganizationIds;
const ROWS = 95;
const SIZE = 10;
const organizations = { [acme]: { name: 'Acme', shares: ROWS } };
const PATH = '/api/pagewise';
const allow: ProxyHandlerOptions['allow'] = {
  shares: { cursor: true, sort: ['name', 'sizeBytes'], filters: { q: { maxLength: 32 } } },
};

interface Stack {
  mock: MockService;
  upstream: MockHttpServer;
  proxy: ServedHandler;
  /** Requests the browser sent the proxy. */
  browserRequests: string[];
  browser: ApiClient;
}
const stacks = new Map<MockStyle, Stack>();
/** How the browser reaches each upstream through its proxy, and what that upstream received. */
interface Route {
  browser: ApiClient;
  /** Requests the browser sent the proxy. */
  browserRequests: string[];
  /** List requests the upstream received, as URLs. */
  lists: () => URL[];
}
const routes = new Map<Style, Route>();
const fakeRows = makeRows(ROWS);
const fakes: LocalServer[] = [];
const fakeProxies: ServedHandler[] = [];
/** The same organization in the mock's default (Spring page) shape: every row in order, to compare pages with. */
let reference: { upstream: MockHttpServer; client: ApiClient };
let canary: LocalServer;
/** Upstream requests per move, per style, for the closing table. */
const measured: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  canary = await startLocalServer(() => ({ body: { stolen: true } }));
  for (const [style, shape] of Object.entries(STYLES) as Array<[MockStyle, MockCursorShape]>) {
    const mock = createMockService({ shape, organizations });
    const upstream = await createMockHttpServer(mock);
    const { clientId, clientSecret } = mock.credentials;
    const handler = createProxyHandler({
      baseUrl: upstream.baseUrl,
      // jsdom looks like a browser; this proxy is the trusted backend.
      auth: clientCredentials({
        authUrl: upstream.authUrl,
        clientId,
        clientSecret,
        audience: upstream.baseUrl,
        dangerouslyAllowBrowser: true,
      }),
      dangerouslyAllowBrowser: true,
      basePath: PATH,
      allowRequest: () => true,
      allow,
      // Offset/limit: the browser pages by number, the proxy asks its upstream by offset and limit.
      ...(shape === 'offset'
        ? { serializePage: ({ page, size }) => ({ offset: (page - 1) * size, limit: size }) }
        : {}),
    });
    const browserRequests: string[] = [];
    const proxy = await serveFetchHandler((request) => {
      browserRequests.push(request.url);
      return handler(request);
    });
    const browser = createApiClient({ baseUrl: `${proxy.origin}${PATH}` });
    stacks.set(style, { mock, upstream, proxy, browserRequests, browser });
    routes.set(style, {
      browser,
      browserRequests,
      lists: () => mock.requests.filter((r) => r.resource === 'shares').map((r) => new URL(r.url)),
    });
  }
  for (const [style, fakeStyle] of Object.entries(FAKES) as Array<[FakeStyle, CursorStyle]>) {
    const fake = await startLocalServer(cursorService(fakeStyle, () => fakeRows));
    fakes.push(fake);
    const handler = createProxyHandler({
      baseUrl: `${fake.origin}/api`,
      auth: bearerToken(() => 'upstream-token-5c1d'),
      dangerouslyAllowBrowser: true,
      basePath: PATH,
      allowRequest: () => true,
      allow: { shares: { cursor: true } },
    });
    const browserRequests: string[] = [];
    const proxy = await serveFetchHandler((request) => {
      browserRequests.push(request.url);
      return handler(request);
    });
    fakeProxies.push(proxy);
    routes.set(style, {
      browser: createApiClient({ baseUrl: `${proxy.origin}${PATH}` }),
      browserRequests,
      lists: () =>
        fake.requests
          .filter((r) => r.path.endsWith('/shares'))
          .map((r) => new URL(`${fake.origin}${r.path}?${r.query}`)),
    });
  }
  const mock = createMockService({ organizations, auth: 'none' });
  const upstream = await createMockHttpServer(mock);
  reference = { upstream, client: createApiClient({ baseUrl: upstream.baseUrl }) };
});
afterAll(async () => {
  for (const { proxy, upstream } of stacks.values()) await Promise.all([proxy.close(), upstream.close()]);
  for (const server of [...fakes, ...fakeProxies]) await server.close();
  await Promise.all([reference.upstream.close(), canary.close()]);
  // Nothing the browser sent, in any test of this file, reached a server beside the upstream.
  expect(canary.requests).toEqual([]);
});
beforeEach(() => {
  for (const stack of stacks.values()) stack.mock.reset();
  for (const route of routes.values()) route.browserRequests.length = 0;
  for (const fake of fakes) fake.requests.length = 0;
  window.history.replaceState(null, '', '/shares');
});
afterEach(() => {
  expect(canary.requests).toEqual([]);
  // Every upstream request stayed on the upstream's list path: a cursor never named a host or a path.
  for (const { mock, upstream } of stacks.values())
    for (const request of mock.requests.filter((r) => r.resource !== 'token')) {
      const url = new URL(request.url);
      expect(url.origin).toBe(new URL(upstream.baseUrl).origin);
      expect(url.pathname).toBe(`/api/${acme}/shares`);
    }
  for (const fake of fakes) for (const request of fake.requests) expect(request.path).toBe(`/api/${acme}/shares`);
});

/** Names of every row of `style`'s upstream in its own order. */
const namesOf = async (style: Style) => (style in FAKES ? fakeRows.map((row) => row.name) : everyName());

/** Names of every row of the mock, in its order for `sort` and `q`. */
async function everyName(sort: SortEntry[] = [], q?: string): Promise<string[]> {
  const page = await reference.client.listShares<MockShare>({
    organizationId: acme,
    page: 1,
    size: 1000,
    sort,
    ...(q ? { filters: { q } } : {}),
  });
  return page.items.map((row) => row.name);
}
/** Names on 1-based page `page` of `all`. */
const pageOf = (all: string[], page: number) => all.slice((page - 1) * SIZE, page * SIZE);

/** List requests `style`'s upstream received so far. */
const upstreamLists = (style: Style) => routes.get(style)!.lists();

/**
 * Runs `act` and waits until `settled` holds and nothing is fetching; returns the upstream list requests it cost
 * (with the browser's requests to the proxy, which must be as many).
 */
async function costOf(style: Style, queryClient: QueryClient, act: () => void, settled: () => void) {
  const stack = routes.get(style)!;
  const before = upstreamLists(style).length;
  const sentBefore = stack.browserRequests.length;
  act();
  await waitFor(settled);
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const upstream = upstreamLists(style).slice(before);
  expect(stack.browserRequests.length - sentBefore).toBe(upstream.length);
  return upstream;
}

function record(style: Style, move: string, requests: number) {
  (measured[style] ??= {})[move] = requests;
}

// ---------------------------------------------------------------------------------------------------------------
// The paged hook with its page, cursor, sort and search in the URL (the recipe of stories/docs/examples/CursorUrl.tsx,
// on the History API instead of a router).

/** The URL's search parameters, and a way to change them as a router would (push, or replace the entry). */
function useLocationSearch() {
  const [params, setParams] = useState(() => new URLSearchParams(window.location.search));
  const navigate = useCallback((update: (current: URLSearchParams) => URLSearchParams, replace = false) => {
    // Read from the location, not the render: two changes in one event (a sort, then its page 1) compose.
    const next = update(new URLSearchParams(window.location.search));
    window.history[replace ? 'replaceState' : 'pushState'](null, '', `?${next}`);
    setParams(next);
  }, []);
  return [params, navigate] as const;
}

const pageParam = (params: URLSearchParams) =>
  /^[1-9]\d{0,8}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;

/** `name,desc` → `[{ id: 'name', desc: true }]`. */
const sortParam = (value: string | null): SortEntry[] =>
  value ? [{ id: value.split(',')[0]!, desc: value.split(',')[1] === 'desc' }] : [];

/** What a test reads of the component's hook, to drive the moves a control does not offer (a jump). */
const shown: { shares?: PagedResourceResult<MockShare> } = {};

function SharesWithUrl({ prefetchNext }: { prefetchNext: boolean }) {
  const [params, navigate] = useLocationSearch();
  const page = pageParam(params);
  const sortText = params.get('sort');
  const sort = useMemo(() => sortParam(sortText), [sortText]);
  const q = params.get('q') ?? '';
  const filters = useMemo(() => ({ q }), [q]);
  const shares = useShares<MockShare>({
    organizationId: acme,
    page,
    pageSize: SIZE,
    sort,
    filters,
    filtersDelayMs: 0,
    prefetchNext,
    cursor: readUrlCursor(params, page),
    onChange: (next) =>
      navigate((current) => {
        const url = writeUrlCursor(current, undefined, next);
        url.set('page', String(next));
        return url;
      }),
    onSortChange: (next) =>
      navigate((current) => {
        const url = writeUrlCursor(current, undefined, 1);
        url.set('page', '1');
        if (next[0]) url.set('sort', `${next[0].id},${next[0].desc ? 'desc' : 'asc'}`);
        else url.delete('sort');
        return url;
      }),
    onFiltersChange: (next) =>
      navigate((current) => {
        const url = writeUrlCursor(current, undefined, 1);
        url.set('page', '1');
        url.set('q', String(next.q ?? ''));
        return url;
      }),
  });
  // Kept once committed: the test drives what is on screen.
  useLayoutEffect(() => {
    shown.shares = shares;
  });
  const { cursor } = shares;
  useEffect(() => {
    if (cursor && cursor.page === page && params.get('cursor') !== cursor.cursor)
      navigate((current) => writeUrlCursor(current, cursor, page), true);
  }, [cursor, page, params, navigate]);
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} showTotal />
    </>
  );
}

/** The app as a reload starts it: a new QueryClient (an empty cache) over the same browser client. */
function openApp(style: Style, prefetchNext = true, queryClient = createTestQueryClient()) {
  const Providers = createWrapper(queryClient, routes.get(style)!.browser);
  const view = render(
    <Providers>
      <SharesWithUrl prefetchNext={prefetchNext} />
    </Providers>,
  );
  return { queryClient, view };
}

const namesShown = () =>
  within(screen.getByRole('list', { name: 'Shares' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const url = () => new URLSearchParams(window.location.search);
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe.each(ALL_STYLES)('%s through the proxy: paged hook, control and URL', (style) => {
  const cursorStyle = style !== 'offset/limit';

  it.each([true, false])(
    'next, back and a jump of three cost what they should, each page under its number (prefetchNext %s)',
    async (prefetchNext) => {
      const all = await namesOf(style);
      const { queryClient } = openApp(style, prefetchNext);
      const on = (page: number) => () => {
        expect(namesShown()).toEqual(pageOf(all, page));
        expect(shown.shares!.pagination.current).toBe(page);
        expect(shown.shares!.isPlaceholderData).toBe(false);
      };
      await waitFor(on(1));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(upstreamLists(style)).toHaveLength(prefetchNext ? 2 : 1);

      const jump = await costOf(style, queryClient, () => act(() => shown.shares!.pagination.onChange(4, SIZE)), on(4));
      const next = await costOf(style, queryClient, () => click('Next page'), on(5));
      const back = await costOf(style, queryClient, () => click('Previous page'), on(4));
      const home = await costOf(style, queryClient, () => click('Page 1'), on(1));
      const suffix = prefetchNext ? '' : ' (no prefetch)';
      record(style, `jump of 3${suffix}`, jump.length);
      record(style, `next${suffix}`, next.length);
      record(style, `back${suffix}`, back.length);
      expect(back).toEqual([]);
      expect(home).toEqual([]);
      if (cursorStyle) {
        // A jump walks the pages between in order (with prefetch, page 2 was already there), one cursor each.
        expect(jump).toHaveLength(3);
        expect(next).toHaveLength(1);
        for (const request of [...jump, ...next]) {
          const query = request.searchParams;
          expect(query.has(UPSTREAM_CURSOR[style])).toBe(true);
          expect(query.has('page')).toBe(false);
        }
      } else {
        // By number: the page itself, plus the one after it when prefetching.
        expect(jump).toHaveLength(prefetchNext ? 2 : 1);
        expect(next).toHaveLength(1);
        expect(jump.map((r) => r.searchParams.get('offset'))).toEqual(prefetchNext ? ['30', '40'] : ['30']);
      }
      // The control says only what is known: no total from a cursor service.
      expect(shown.shares!.pagination.total).toBe(cursorStyle ? undefined : ROWS);
    },
  );

  it('a reload from the URL’s page and cursor shows the same rows with one request; page 1 carries no cursor', async () => {
    const all = await namesOf(style);
    const first = openApp(style);
    await waitFor(() => expect(namesShown()).toEqual(pageOf(all, 1)));
    expect(url().has('cursor')).toBe(false);
    for (const page of [2, 3]) {
      click('Next page');
      await waitFor(() => expect(namesShown()).toEqual(pageOf(all, page)));
    }
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    // The cursor joins the page's history entry once the page is on screen (a number service has none).
    if (cursorStyle) await waitFor(() => expect(url().get('cursor')).toBeTruthy());
    expect(url().get('page')).toBe('3');
    const link = window.location.search;
    if (!cursorStyle) expect(url().has('cursor')).toBe(false);
    first.view.unmount();

    // Reload: the same URL, an empty cache.
    window.history.replaceState(null, '', `/shares${link}`);
    const queryClient = createTestQueryClient();
    const reloaded = await costOf(
      style,
      queryClient,
      () => openApp(style, false, queryClient),
      () => expect(namesShown()).toEqual(pageOf(all, 3)),
    );
    record(style, 'reload from URL', reloaded.length);
    expect(reloaded).toHaveLength(1);
    if (cursorStyle) expect(reloaded[0]!.searchParams.has(UPSTREAM_CURSOR[style])).toBe(true);
    expect(shown.shares!.pagination.current).toBe(3);
    expect(window.location.search).toBe(link);
  });
});

describe.each(MOCK_STYLES)('%s through the proxy: a sort or a search from a later page', (style) => {
  it('a sort from page 3 starts again at page 1 of the new order, its URL without a cursor', async () => {
    const all = await everyName();
    const sort: SortEntry[] = [{ id: 'sizeBytes', desc: true }];
    const sorted = await everyName(sort);
    const { queryClient } = openApp(style, false);
    await waitFor(() => expect(namesShown()).toEqual(pageOf(all, 1)));
    click('Next page');
    await waitFor(() => expect(namesShown()).toEqual(pageOf(all, 2)));
    click('Next page');
    await waitFor(() => expect(namesShown()).toEqual(pageOf(all, 3)));
    const restart = await costOf(
      style,
      queryClient,
      () => act(() => shown.shares!.listState.setSort(sort)),
      () => {
        expect(namesShown()).toEqual(pageOf(sorted, 1));
        expect(shown.shares!.isPlaceholderData).toBe(false);
      },
    );
    expect(restart).toHaveLength(1);
    const query = restart[0]!.searchParams;
    expect(query.get('sort')).toBe('sizeBytes,desc');
    expect(query.has(UPSTREAM_CURSOR[style])).toBe(style === 'offset/limit');
    expect(shown.shares!.pagination.current).toBe(1);
    expect(url().get('page')).toBe('1');
    expect(url().has('cursor')).toBe(false);
    // Next in the new order follows the new order's cursor.
    click('Next page');
    await waitFor(() => expect(namesShown()).toEqual(pageOf(sorted, 2)));
  });

  it('a search from page 2 starts again at page 1 of the matching rows, and pages them to their end', async () => {
    // Shares of two kinds ('…-media-…', '…-finance-…'): two or three pages of them.
    const q = 'a-0';
    const matching = await everyName([], q);
    expect(matching.length).toBeGreaterThan(SIZE);
    expect(matching.length).toBeLessThan(3 * SIZE);
    const { queryClient } = openApp(style, false);
    await waitFor(() => expect(namesShown()).toHaveLength(SIZE));
    click('Next page');
    await waitFor(() => expect(shown.shares!.pagination.current).toBe(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => shown.shares!.listState.setFilters({ q }));
    await waitFor(() => expect(namesShown()).toEqual(pageOf(matching, 1)));
    expect(url().get('page')).toBe('1');
    expect(url().get('q')).toBe(q);
    const pages = Math.ceil(matching.length / SIZE);
    for (let page = 2; page <= pages; page++) {
      click('Next page');
      await waitFor(() => expect(namesShown()).toEqual(pageOf(matching, page)));
    }
    await waitFor(() => expect(shown.shares!.pagination.hasNext ?? false).toBe(false));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    for (const request of upstreamLists(style).slice(-pages)) expect(request.searchParams.get('q')).toBe(q);
  });
});

describe.each(CURSOR_STYLES)('%s through the proxy: a URL cursor that leads elsewhere', (style) => {
  it('is never followed off the proxy: the page is walked to, or refused, and no request leaves the upstream', async () => {
    const all = await everyName();
    const { proxy } = stacks.get(style)!;
    const c = `127.0.0.1:${canary.port}`;
    // Absolute URLs off the proxy's path: the client refuses them before any request, so the page is walked to.
    const offPath = [
      `http://${c}${PATH}/${acme}/shares?cursor=x`,
      `${proxy.origin}${PATH}/../../steal?cursor=x`,
      `${proxy.origin}${PATH}/%2e%2e/%2e%2e/steal`,
      `http://user:pass@${c}${PATH}/${acme}/shares`,
      `${proxy.origin}@${c}${PATH}/${acme}/shares`,
    ].map((cursor) => ({ cursor }));
    // Tokens, under a parameter given or not: the proxy's allow list or the upstream answers them.
    const tokens = [
      { cursor: `//${c}${PATH}/${acme}/shares` },
      { cursor: `http://${c}/x`, cursorParam: 'next' },
      { cursor: 'abc', cursorParam: 'url' },
      { cursor: 'abc', cursorParam: 'starting_after' },
      { cursor: `../../${c}`, cursorParam: 'pageToken' },
    ];
    const walked: boolean[] = [];
    for (const link of [...offPath, ...tokens]) {
      window.history.replaceState(null, '', `/shares?${new URLSearchParams({ page: '3', ...link })}`);
      const { view, queryClient } = openApp(style, false);
      await waitFor(() => expect(shown.shares!.isFetched).toBe(true));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      // Either the rows of page 3 (walked from page 1) or a refusal; never another page's rows under 3.
      if (shown.shares!.isSuccess) expect(namesShown()).toEqual(pageOf(all, 3));
      else expect(shown.shares!.error).toMatchObject({ status: 400 });
      walked.push(shown.shares!.isSuccess);
      view.unmount();
    }
    expect(walked.slice(0, offPath.length)).toEqual(offPath.map(() => true));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Load more.

function LoadMore() {
  const shares = useInfiniteShares<MockShare>({ organizationId: acme, pageSize: SIZE });
  return (
    <>
      <ul aria-label="Shares">
        {shares.rows.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <button type="button" onClick={shares.loadMore} disabled={!shares.hasNextPage || shares.isFetching}>
        Load more
      </button>
    </>
  );
}

describe.each(ALL_STYLES)('%s through the proxy: load more', (style) => {
  it('loads every row once, in order, one request a page, and stops at the end', async () => {
    const all = await namesOf(style);
    const queryClient = createTestQueryClient();
    const Providers = createWrapper(queryClient, routes.get(style)!.browser);
    render(
      <Providers>
        <LoadMore />
      </Providers>,
    );
    await waitFor(() => expect(namesShown()).toEqual(pageOf(all, 1)));
    const pages = Math.ceil(ROWS / SIZE);
    for (let page = 2; page <= pages; page++) {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled());
      click('Load more');
      await waitFor(() => expect(namesShown()).toEqual(all.slice(0, page * SIZE)));
    }
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(new Set(namesShown()).size).toBe(ROWS);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    expect(upstreamLists(style)).toHaveLength(pages);
    if (style !== 'offset/limit')
      for (const request of upstreamLists(style).slice(1))
        expect(request.searchParams.has(UPSTREAM_CURSOR[style])).toBe(true);
    record(style, 'load more, 95 rows', upstreamLists(style).length);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The TanStack Table pairing.

const features = tableFeatures({ rowPaginationFeature, rowSortingFeature });
const helper = createColumnHelper<typeof features, MockShare>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('sizeBytes', { header: 'Size' }),
]);
const noRows: MockShare[] = [];
const table: { current?: ReturnType<typeof useTable<typeof features, MockShare>> } = {};

function SharesTable() {
  const shares = useShares<MockShare>({ organizationId: acme, pageSize: SIZE, prefetchNext: false });
  const instance = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    getRowId: (row) => row.id,
    ...useServerTablePagination(shares),
  });
  useLayoutEffect(() => {
    table.current = instance;
  });
  return (
    <>
      <table aria-label="Shares table">
        <tbody>
          {instance.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              <td>{row.original.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TablePagination table={instance} />
    </>
  );
}

/** The table over `style`'s route; `on(index, rows)` checks that it shows page `index` of `rows`. */
function renderTable(style: Style, all: string[]) {
  const queryClient = createTestQueryClient();
  const Providers = createWrapper(queryClient, routes.get(style)!.browser);
  render(
    <Providers>
      <SharesTable />
    </Providers>,
  );
  const tableRows = () =>
    within(screen.getByRole('table', { name: 'Shares table' }))
      .queryAllByRole('row')
      .map((row) => row.textContent);
  const on =
    (index: number, rows = all) =>
    () => {
      expect(tableRows()).toEqual(pageOf(rows, index + 1));
      expect(table.current!.state.pagination.pageIndex).toBe(index);
    };
  return { queryClient, on };
}

describe.each(ALL_STYLES)('%s through the proxy: TanStack Table', (style) => {
  it('pages with the control, jumps by index, goes back for free and stops on the last page', async () => {
    const { queryClient, on } = renderTable(style, await namesOf(style));
    await waitFor(on(0));
    expect(table.current!.getPageCount()).toBe(style === 'offset/limit' ? Math.ceil(ROWS / SIZE) : -1);
    expect(table.current!.getCanNextPage()).toBe(true);

    const next = await costOf(style, queryClient, () => click('Next page'), on(1));
    const jump = await costOf(style, queryClient, () => act(() => table.current!.setPageIndex(4)), on(4));
    const back = await costOf(style, queryClient, () => click('Previous page'), on(3));
    expect(next).toHaveLength(1);
    // From page 2 to page 5: pages 3, 4 and 5 by cursor, or page 5 by its offset.
    expect(jump).toHaveLength(style === 'offset/limit' ? 1 : 3);
    // Page 4 was fetched on the way to page 5.
    expect(back).toHaveLength(style === 'offset/limit' ? 1 : 0);

    // To the last page by Next: the count becomes exact there, and Next stops.
    const last = Math.ceil(ROWS / SIZE) - 1;
    for (let index = 3; index < last; index++) {
      click('Next page');
      await waitFor(on(index + 1));
    }
    await waitFor(() => expect(table.current!.getCanNextPage()).toBe(false));
    expect(table.current!.getPageCount()).toBe(last + 1);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});

describe.each(MOCK_STYLES)('%s through the proxy: TanStack Table sorting', (style) => {
  it('a sorted header on page 3 shows page 1 of the new order with one request', async () => {
    const { queryClient, on } = renderTable(style, await everyName());
    await waitFor(on(0));
    for (const index of [1, 2]) {
      click('Next page');
      await waitFor(on(index));
    }
    const sort: SortEntry[] = [{ id: 'sizeBytes', desc: true }];
    const sorted = await everyName(sort);
    const restart = await costOf(style, queryClient, () => act(() => table.current!.setSorting(sort)), on(0, sorted));
    expect(restart).toHaveLength(1);
    expect(restart[0]!.searchParams.get('sort')).toBe('sizeBytes,desc');
    expect(restart[0]!.searchParams.has(UPSTREAM_CURSOR[style])).toBe(style === 'offset/limit');
  });
});

afterAll(() => {
  // The figures the closing note reports: upstream list requests per move, through the proxy.
  const moves = [...new Set(Object.values(measured).flatMap((row) => Object.keys(row)))];
  const lines = [
    `| Style | ${moves.join(' | ')} |`,
    `| --- | ${moves.map(() => '---').join(' | ')} |`,
    ...Object.entries(measured).map(([style, row]) => `| ${style} | ${moves.map((m) => row[m] ?? '').join(' | ')} |`),
  ];
  if (process.env.PAGEWISE_PRINT_COSTS) console.info(`Upstream list requests per move:\n${lines.join('\n')}`);
});
