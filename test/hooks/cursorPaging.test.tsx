import { act, renderHook, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';
import { createApiClient, type ApiClientOptions } from '../../src/client/index';
import { dehydrate, hydrate } from '@tanstack/react-query';
import {
  readUrlCursor,
  sharesInfiniteQueryOptions,
  sharesQueryOptions,
  useInfiniteShares,
  useShares,
  useSuspenseShares,
  writeUrlCursor,
  type ListCursor,
} from '../../src/hooks/index';
import { ORG } from '../client/fixtures';
import { CURSOR_STYLES, cursorService, makeRows, type CursorStyle, type Row } from '../helpers/cursorService';
import type { ReceivedRequest } from '../helpers/localServer';
import { createGate } from '../helpers/createGate';
import { localServerForFile } from '../helpers/localServerForFile';
import { createTestQueryClient, createWrapper } from './support';

// Real fetch to a node:http server on 127.0.0.1, whose cursor styles ignore `page` as the public services do.
const server = localServerForFile();
const OTHER_ORG = '7a1d4e2b-3c5f-4a6b-8d9e-0f1a2b3c4d5e';
const client = (options: Partial<ApiClientOptions> = {}) => createApiClient({ baseUrl: server.origin, ...options });
const ids = (rows: readonly Row[] | undefined) => rows?.map((row) => row.id) ?? [];
const expected = (rows: Row[], page: number, size: number) => ids(rows.slice((page - 1) * size, page * size));
const listRequests = () => server.requests.filter((r) => r.path.endsWith('/shares'));
/** The parameter each style's cursor comes back in. */
const CURSOR_PARAM: Record<CursorStyle, string> = {
  stripe: 'starting_after',
  drf: 'cursor',
  link: 'after',
  google: 'pageToken',
  offset: 'offset',
  'drf-page': 'page',
};

function setup(
  style: CursorStyle,
  rows: Row[],
  initial: { page?: number; cursor?: ListCursor; prefetchNext?: boolean } = {},
) {
  server.handle(cursorService(style, () => rows));
  const queryClient = createTestQueryClient();
  const changes: Array<[number, number]> = [];
  const hook = renderHook(
    (props: { page: number; cursor?: ListCursor | undefined; pageSize?: number; organizationId?: string }) =>
      useShares<Row>({
        organizationId: props.organizationId ?? ORG,
        page: props.page,
        pageSize: props.pageSize ?? 10,
        cursor: props.cursor,
        prefetchNext: initial.prefetchNext ?? true,
        onChange: (page, size) => changes.push([page, size]),
      }),
    { wrapper: createWrapper(queryClient, client()), initialProps: { page: initial.page ?? 1, ...initial } },
  );
  /** Moves to `page` and waits for it and its prefetched next page; returns the requests the move cost. */
  const move = async (page: number, extra: { pageSize?: number; organizationId?: string } = {}) => {
    const before = listRequests().length;
    hook.rerender({ page, ...extra });
    await waitFor(() => expect(hook.result.current.isPlaceholderData || !hook.result.current.data).toBe(false));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    return listRequests().slice(before);
  };
  return { hook, queryClient, move, changes, shown: () => ids(hook.result.current.data?.items) };
}

describe.each(CURSOR_STYLES)('useShares on a %s service', (style) => {
  it('asks for page 2 with page 1’s cursor, never by number, and shows each page under its number', async () => {
    const rows = makeRows(45);
    const { move, shown, hook } = setup(style, rows);
    await move(1);
    expect(shown()).toEqual(expected(rows, 1, 10));
    await move(2);
    expect(shown()).toEqual(expected(rows, 2, 10));
    const [first, ...later] = listRequests();
    expect(first!.query.has(CURSOR_PARAM[style])).toBe(false);
    for (const request of later) {
      expect(request.query.has(CURSOR_PARAM[style])).toBe(true);
      expect(request.query.has('page')).toBe(false);
    }
    expect(hook.result.current.pagination).toMatchObject({ current: 2, hasNext: true });
    expect(hook.result.current.pagination.total).toBeUndefined();
    expect(hook.result.current.cursor).toMatchObject({ page: 2 });
  });

  it.each([
    [true, [3, 1, 0]],
    [false, [3, 1, 0]],
  ])(
    'requests per move with prefetchNext %s: a jump of three walks the pages between in order, next costs one, back none',
    async (prefetchNext, [jumpCost, nextCost, backCost]) => {
      const rows = makeRows(95);
      const { move, shown } = setup(style, rows, { prefetchNext });
      await move(1);
      // From page 1 (page 2 prefetched with it, when prefetching): to page 4.
      const jump = await move(4);
      expect(shown()).toEqual(expected(rows, 4, 10));
      const next = await move(5);
      expect(shown()).toEqual(expected(rows, 5, 10));
      const back = await move(4);
      expect(shown()).toEqual(expected(rows, 4, 10));
      expect([jump.length, next.length, back.length]).toEqual([jumpCost, nextCost, backCost]);
      const cursors = jump.map((request: ReceivedRequest) => request.query.get(CURSOR_PARAM[style]));
      expect(cursors.every((value) => value !== null)).toBe(true);
      // In order: each request after the first carries the cursor the one before it led to.
      expect(new Set(cursors).size).toBe(cursors.length);
    },
  );

  it('shows the page past the end of a list as empty, without asking by number, and moves back to the last', async () => {
    const rows = makeRows(25);
    const { move, shown, hook } = setup(style, rows);
    await move(1);
    await move(3);
    expect(shown()).toEqual(expected(rows, 3, 10));
    expect(hook.result.current.pagination).toMatchObject({ current: 3, hasNext: false });
    const past = await move(5);
    expect(past).toEqual([]);
    expect(shown()).toEqual([]);
    expect(hook.result.current.pagination.current).toBe(4);
    expect(
      listRequests()
        .slice(1)
        .every((request) => !request.query.has('page')),
    ).toBe(true);
  });

  it('starts again from page 1 on another page size or organization', async () => {
    const rows = makeRows(45);
    const { move, hook, shown, changes } = setup(style, rows);
    await move(1);
    await move(3);
    // The control keeps the first row in view (page 2 of 20 for page 3 of 10); no cursor leads there, so page 1.
    act(() => hook.result.current.pagination.onChange(2, 20));
    expect(changes).toEqual([[1, 20]]);
    const other = await move(1, { pageSize: 20 });
    expect(shown()).toEqual(expected(rows, 1, 20));
    expect(other[0]!.query.has(CURSOR_PARAM[style])).toBe(false);
    const another = await move(1, { pageSize: 20, organizationId: OTHER_ORG });
    expect(another[0]!.path).toBe(`/${OTHER_ORG}/shares`);
    expect(another[0]!.query.has(CURSOR_PARAM[style])).toBe(false);
  });

  it('opens a page from its cursor (a reload or a shared link) with one request, showing the same rows', async () => {
    const rows = makeRows(45);
    const first = setup(style, rows);
    await first.move(1);
    await first.move(2);
    await first.move(3);
    const cursor = first.hook.result.current.cursor!;
    expect(cursor.page).toBe(3);
    first.hook.unmount();
    server.requests.length = 0;

    const reloaded = setup(style, rows, { page: 3, cursor });
    await waitFor(() => expect(reloaded.shown()).toEqual(expected(rows, 3, 10)));
    await waitFor(() => expect(reloaded.queryClient.isFetching()).toBe(0));
    // Page 3 by its cursor, then page 4 prefetched.
    expect(listRequests()).toHaveLength(2);
    expect(listRequests()[0]!.query.has('page')).toBe(false);
    // Back from a reloaded page walks from the first page: page 2's cursor is nowhere else.
    const back = await reloaded.move(2);
    expect(reloaded.shown()).toEqual(expected(rows, 2, 10));
    expect(back).toHaveLength(2);
  });

  it('opens a page by its number alone by walking to it from the first page', async () => {
    const rows = makeRows(45);
    const { shown, queryClient } = setup(style, rows, { page: 3 });
    await waitFor(() => expect(shown()).toEqual(expected(rows, 3, 10)));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // Asked by number first (the listing is new), then pages 1, 2 and 3 by cursor, then 4 prefetched.
    expect(listRequests()).toHaveLength(5);
  });
});

describe.each(CURSOR_STYLES)('useInfiniteShares on a %s service', (style) => {
  it('loads more by nextCursor: every row once, in order, stopping at the end', async () => {
    const rows = makeRows(33);
    server.handle(cursorService(style, () => rows));
    const { result } = renderHook(() => useInfiniteShares<Row>({ organizationId: ORG, pageSize: 10 }), {
      wrapper: createWrapper(createTestQueryClient(), client()),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    for (const length of [20, 30, 33]) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.rows).toHaveLength(length));
    }
    expect(ids(result.current.rows)).toEqual(ids(rows));
    expect(result.current.hasNextPage).toBe(false);
    act(() => result.current.loadMore());
    expect(listRequests()).toHaveLength(4);
    expect(result.current.data?.pageParams.slice(1)).toEqual([
      expect.objectContaining({ page: 2, cursor: expect.any(String) }),
      expect.objectContaining({ page: 3, cursor: expect.any(String) }),
      expect.objectContaining({ page: 4, cursor: expect.any(String) }),
    ]);
  });
});

describe.each(CURSOR_STYLES)('useSuspenseShares on a %s service', (style) => {
  it('pages by cursor in a transition, each page under its number', async () => {
    const rows = makeRows(45);
    server.handle(cursorService(style, () => rows));
    const queryClient = createTestQueryClient();
    const Providers = createWrapper(queryClient, client());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Providers>
        <Suspense fallback="loading">{children}</Suspense>
      </Providers>
    );
    const { result } = renderHook(() => useSuspenseShares<Row>({ organizationId: ORG, pageSize: 10 }), { wrapper });
    await waitFor(() => expect(ids(result.current?.data.items)).toEqual(expected(rows, 1, 10)));
    for (const page of [2, 4, 3]) {
      act(() => result.current.pagination.onChange(page, 10));
      await waitFor(() => expect(result.current.pagination.current).toBe(page));
      await waitFor(() => expect(ids(result.current.data.items)).toEqual(expected(rows, page, 10)));
    }
    expect(
      listRequests()
        .slice(1)
        .every((request) => !request.query.has('page')),
    ).toBe(true);
    expect(result.current.cursor).toMatchObject({ page: 3 });
  });
});

describe('number paging stays as it was', () => {
  it('asks a 1-based page-number service for page N by its number through serializePage', async () => {
    const rows = makeRows(45);
    server.handle(cursorService('drf-page', () => rows));
    const queryClient = createTestQueryClient();
    const { result, rerender } = renderHook(
      ({ page }) => useShares<Row>({ organizationId: ORG, page, pageSize: 10, prefetchNext: false }),
      {
        wrapper: createWrapper(queryClient, client({ serializePage: ({ page, size }) => ({ page, page_size: size }) })),
        initialProps: { page: 3 },
      },
    );
    await waitFor(() => expect(ids(result.current.data?.items)).toEqual(expected(rows, 3, 10)));
    rerender({ page: 1 });
    await waitFor(() => expect(ids(result.current.data?.items)).toEqual(expected(rows, 1, 10)));
    expect(listRequests().map((request) => request.query.get('page'))).toEqual(['3', '1']);
    expect(result.current.pagination.total).toBe(45);
    expect(result.current.cursor).toBeUndefined();
  });

  it('asks an offset/limit service for page N by its offset', async () => {
    const rows = makeRows(45);
    server.handle(cursorService('offset', () => rows));
    const { result } = renderHook(
      () => useShares<Row>({ organizationId: ORG, page: 4, pageSize: 10, prefetchNext: false }),
      {
        wrapper: createWrapper(
          createTestQueryClient(),
          client({ serializePage: ({ page, size }) => ({ offset: (page - 1) * size, limit: size }) }),
        ),
      },
    );
    await waitFor(() => expect(ids(result.current.data?.items)).toEqual(expected(rows, 4, 10)));
    expect(listRequests().map((request) => request.query.get('offset'))).toEqual(['30']);
  });
});

describe('a page’s cursor in the URL', () => {
  it('reads the cursor a URL carries for its page, and nothing from page 1 or a cursor no service gave', () => {
    const url = new URLSearchParams('page=3&cursor=abc&cursorParam=pageToken');
    expect(readUrlCursor(url, 3)).toEqual({ page: 3, cursor: 'abc', cursorParam: 'pageToken' });
    expect(readUrlCursor({ page: '3', cursor: 'https://api.test/x?after=1' }, 3)).toEqual({
      page: 3,
      cursor: 'https://api.test/x?after=1',
    });
    expect(readUrlCursor(url, 1)).toBeUndefined();
    expect(readUrlCursor(new URLSearchParams({ cursor: 'x'.repeat(4097) }), 2)).toBeUndefined();
    expect(readUrlCursor(new URLSearchParams({ cursor: 'abc', cursorParam: 'a b' }), 2)).toBeUndefined();
    expect(readUrlCursor({ cursor: ['a', 'b'] }, 2)).toBeUndefined();
  });

  it('reads a cursor out of up to 64 KB of search parameters only when it is at most 4,096 characters (fast-check)', () => {
    fc.assert(
      fc.property(hostileText(['cursor=', 'c', '%3D', '&', 'cursorParam=p', '=', '+']), (search) => {
        const params = new URLSearchParams(search);
        const cursor = params.get('cursor');
        const cursorParam = params.get('cursorParam');
        const fits =
          !!cursor && cursor.length <= 4096 && (cursorParam === null || /^[A-Za-z_][\w.[\]-]{0,63}$/.test(cursorParam));
        const read = readUrlCursor(params, 2);
        if (!fits) expect(read).toBeUndefined();
        else expect(read).toEqual({ page: 2, cursor, ...(cursorParam === null ? {} : { cursorParam }) });
      }),
      HOSTILE_RUNS,
    );
  });

  it('writes a result’s cursor beside its own page only, and removes it elsewhere', () => {
    const base = new URLSearchParams('page=3&q=acme&cursor=old');
    const cursor = { page: 3, cursor: 'c3', cursorParam: 'starting_after' };
    expect(writeUrlCursor(base, cursor, 3).toString()).toBe('page=3&q=acme&cursor=c3&cursorParam=starting_after');
    expect(writeUrlCursor(base, cursor, 4).toString()).toBe('page=3&q=acme');
    expect(writeUrlCursor(base, undefined, 3).toString()).toBe('page=3&q=acme');
    expect(base.toString()).toBe('page=3&q=acme&cursor=old');
  });

  it.each(['stripe', 'google'] as const)(
    'walks to the page when the link to a %s page lost its cursorParam, never showing the first page’s rows under its number',
    async (style) => {
      const rows = makeRows(45);
      const first = setup(style, rows);
      await first.move(1);
      await first.move(2);
      await first.move(3);
      const { cursor } = first.hook.result.current.cursor!;
      first.hook.unmount();
      server.requests.length = 0;
      // Sent as `cursor`, a parameter this service does not page by: it answers its first page.
      const { shown, queryClient, hook } = setup(style, rows, {
        page: 3,
        cursor: { page: 3, cursor },
        prefetchNext: false,
      });
      await waitFor(() => expect(shown()).toEqual(expected(rows, 3, 10)));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(hook.result.current.pagination.current).toBe(3);
      // The misread cursor, then pages 1, 2 and 3 walked by the service's own cursors.
      const requests = listRequests();
      expect(requests).toHaveLength(4);
      expect(requests[0]!.query.get('cursor')).toBe(cursor);
      expect(requests.slice(2).every((request) => request.query.has(CURSOR_PARAM[style]))).toBe(true);
    },
  );

  it('walks to the page when a link’s cursor lies outside the client’s base address', async () => {
    const rows = makeRows(45);
    const { shown } = setup('drf', rows, {
      page: 3,
      cursor: { page: 3, cursor: 'http://127.0.0.2:1/elsewhere?cursor=x' },
    });
    await waitFor(() => expect(shown()).toEqual(expected(rows, 3, 10)));
    expect(listRequests().every((request) => request.path === `/${ORG}/shares`)).toBe(true);
  });
});

describe('a jump ahead on a cursor list', () => {
  it('is aborted when the user moves on: the request under way is cancelled and the walk goes no further', async () => {
    const rows = makeRows(95);
    const serve = cursorService('google', () => rows);
    const gate = createGate();
    // Page 1 answers at once; every request by cursor waits for the gate.
    server.handle(async (request) => {
      if (request.query.has('pageToken')) await gate.held;
      return serve(request);
    });
    const signals: AbortSignal[] = [];
    const base = client();
    const recording = {
      ...base,
      list: ((resource, params) => {
        if (params.cursor !== undefined && params.signal) signals.push(params.signal);
        return base.list(resource, params);
      }) as typeof base.list,
    };
    const queryClient = createTestQueryClient();
    const { result, rerender } = renderHook(
      ({ page }) => useShares<Row>({ organizationId: ORG, page, pageSize: 10, prefetchNext: false }),
      { wrapper: createWrapper(queryClient, recording), initialProps: { page: 1 } },
    );
    await waitFor(() => expect(ids(result.current.data?.items)).toEqual(expected(rows, 1, 10)));
    rerender({ page: 6 });
    // The walk asks for page 2 with page 1's cursor and waits there.
    await waitFor(() => expect(signals).toHaveLength(1));
    rerender({ page: 1 });
    await waitFor(() => expect(signals[0]!.aborted).toBe(true));
    gate.release();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(signals).toHaveLength(1);
    expect(ids(result.current.data?.items)).toEqual(expected(rows, 1, 10));
    expect(queryClient.getQueryData([...queryKeyPrefix(queryClient), 2])).toBeUndefined();
  });
});

/** The key prefix of the one paged listing in `queryClient` (without its page). */
function queryKeyPrefix(queryClient: ReturnType<typeof createTestQueryClient>) {
  const [query] = queryClient.getQueryCache().findAll({ predicate: ({ queryKey }) => queryKey.at(-1) === 1 });
  return query!.queryKey.slice(0, -1);
}

describe('pages a server prefetched straight from the service, read behind a proxy', () => {
  it('walks again with the browser client when the cached next-page URL lies under another base address', async () => {
    const rows = makeRows(45);
    server.handle(cursorService('drf', () => rows));
    // The server's client calls the service; the browser's calls the app's proxy (another path of the same fake here).
    const serverApi = createApiClient({ baseUrl: `${server.origin}/service` });
    const browserApi = createApiClient({ baseUrl: `${server.origin}/proxy` });
    const serverClient = createTestQueryClient();
    await serverClient.query(
      sharesQueryOptions<Row>({ client: serverApi, organizationId: ORG, page: 1, pageSize: 10 }),
    );
    const state = JSON.parse(JSON.stringify(dehydrate(serverClient))) as ReturnType<typeof dehydrate>;
    const browserClient = createTestQueryClient();
    hydrate(browserClient, state);
    const before = listRequests().length;
    const hook = renderHook(
      (props: { page: number }) =>
        useShares<Row>({ organizationId: ORG, page: props.page, pageSize: 10, prefetchNext: false }),
      { wrapper: createWrapper(browserClient, browserApi), initialProps: { page: 1 } },
    );
    expect(ids(hook.result.current.data?.items)).toEqual(expected(rows, 1, 10));
    hook.rerender({ page: 2 });
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(expected(rows, 2, 10)));
    expect(hook.result.current.isError).toBe(false);
    // Page 1 again through the proxy, then page 2 by the cursor the proxy's answer gave: none to the service's path.
    const after = listRequests().slice(before);
    expect(after.map((request) => request.path)).toEqual([`/proxy/${ORG}/shares`, `/proxy/${ORG}/shares`]);
    expect(after[1]!.query.has('cursor')).toBe(true);
  });
});

describe('"load more" rendered on the server', () => {
  it('hydrates the pages with their cursors: 0 requests after hydration, the next page by the last cursor', async () => {
    const rows = makeRows(33);
    server.handle(cursorService('stripe', () => rows));
    const serverClient = createTestQueryClient();
    const options = sharesInfiniteQueryOptions<Row>({ client: client(), organizationId: ORG, pageSize: 10 });
    await serverClient.infiniteQuery({ ...options, pages: 2 });
    // As a page carries it to the browser: JSON.
    const state = JSON.parse(JSON.stringify(dehydrate(serverClient))) as ReturnType<typeof dehydrate>;
    expect(listRequests()).toHaveLength(2);
    const browserClient = createTestQueryClient();
    hydrate(browserClient, state);
    const { result } = renderHook(() => useInfiniteShares<Row>({ organizationId: ORG, pageSize: 10 }), {
      wrapper: createWrapper(browserClient, client()),
    });
    expect(ids(result.current.rows)).toEqual(ids(rows.slice(0, 20)));
    expect(listRequests()).toHaveLength(2);
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.rows)).toEqual(ids(rows.slice(0, 30))));
    expect(listRequests()).toHaveLength(3);
    expect(listRequests()[2]!.query.get('starting_after')).toBe('r0020');
  });
});

describe('a cursor from the URL', () => {
  it('leads into the listing it came with only: after another sort, its page is walked to, not opened by it', async () => {
    const rows = makeRows(45);
    const first = setup('google', rows);
    await first.move(1);
    await first.move(2);
    await first.move(3);
    const cursor = first.hook.result.current.cursor!;
    first.hook.unmount();
    server.requests.length = 0;

    const { result } = renderHook(
      () => useShares<Row>({ organizationId: ORG, defaultPage: 3, pageSize: 10, cursor, prefetchNext: false }),
      { wrapper: createWrapper(createTestQueryClient(), client()) },
    );
    await waitFor(() => expect(ids(result.current.data?.items)).toEqual(expected(rows, 3, 10)));
    expect(listRequests().map((request) => request.query.get('pageToken'))).toEqual([cursor.cursor]);
    act(() => result.current.listState.setSort([{ id: 'name', desc: true }]));
    await waitFor(() => expect(listRequests().at(-1)!.query.get('sort')).toBe('name,desc'));
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
    const sorted = listRequests().filter((request) => request.query.has('sort'));
    // Asked by number (a listing not seen yet), then walked from its first page, each cursor from the page before
    // under the new sort (this fake ignores sort, so they read as before); never opened by the old listing's cursor.
    const token = (id: string) => Buffer.from(id).toString('base64url');
    expect(sorted.map((request) => request.query.get('pageToken'))).toEqual([
      null,
      null,
      token('r0010'),
      token('r0020'),
    ]);
  });
});
