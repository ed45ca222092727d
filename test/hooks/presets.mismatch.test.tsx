import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, presets } from '../../src/client/index';
import { usePagedList } from '../../src/hooks/index';
import { startDjangoRest, type DjangoRest } from '../helpers/startDjangoRest';
import { startJsonServer1, type JsonServer } from '../helpers/jsonServer';
import { walkThroughHook } from './presetWalk';
import { createTestQueryClient, createWrapper } from './support';

// Where the service and the app disagree on a page, through `usePagedList`, against the real Django REST Framework
// (test/drf/server.py: views of 10 rows a page, and one with no paging) and the real json-server 1.x; 45 rows.
const ROWS = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
type Row = { id: number | string; name: string };
const ids = (rows: readonly Row[] | undefined) => rows?.map((row) => Number(row.id)) ?? [];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const organizationId = 'local';

let drf: DjangoRest;
let jsonServer: JsonServer;
beforeAll(async () => {
  [drf, jsonServer] = await Promise.all([startDjangoRest(), startJsonServer1({ rows: ROWS })]);
}, 60_000);
afterAll(() => Promise.all([drf?.stop(), jsonServer?.close()]));
afterEach(() => void vi.restoreAllMocks());

describe('a service whose pages differ from what the app asks, through usePagedList', () => {
  it('follows a cursor service that reads no size parameter of the client’s: each number shows that page of 10', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Django's route, but the client's own `size`: DRF's CursorPagination serves its page_size of 10 to a request for 8,
    // and the control is handed 10 on every page, the last (5 rows, which say nothing of the size) too.
    const { steps, rows } = await walkThroughHook<Row>({
      client: createApiClient({ baseUrl: drf.origin, route: '/{resource}/' }),
      resource: 'cursor',
      organizationId,
      size: 8,
      received: async () => (await drf.received()).length,
    });
    expect(ids(rows)).toEqual(range(1, 45));
    expect(steps.map((step) => [step.current, step.pageSize, ids(step.data.items)[0]])).toEqual([
      [1, 10, 1],
      [2, 10, 11],
      [3, 10, 21],
      [4, 10, 31],
      [5, 10, 41],
    ]);
    expect(warn.mock.calls.join('\n')).toContain('serializePage');
  });

  it('shows a service that ignores page and size as one page of its whole list, with no page 2', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = (await drf.received()).length;
    const queryClient = createTestQueryClient();
    const hook = renderHook(() => usePagedList<Row>('unpaged', { organizationId, defaultPageSize: 10 }), {
      wrapper: createWrapper(queryClient, createApiClient({ baseUrl: drf.origin, route: '/{resource}/' })),
    });
    await waitFor(() => expect(hook.result.current.data).toBeDefined());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(ids(hook.result.current.data!.items)).toEqual(range(1, 45));
    expect(hook.result.current.pagination).toMatchObject({ current: 1, pageSize: 45, hasNext: false });
    // No page 2 is fetched ahead: the one request asked for the whole list.
    expect((await drf.received()).slice(before)).toEqual(['GET /unpaged/?page=0&size=10']);
    hook.unmount();
  });

  it('moves a Django page-number page past the end (its 404 "Invalid page.") to the last page, with no error shown', async () => {
    const queryClient = createTestQueryClient();
    const client = createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.pageNumber });
    const onChange = vi.fn();
    const before = (await drf.received()).length;
    const hook = renderHook(
      () => usePagedList<Row>('numbered', { organizationId, defaultPage: 9, defaultPageSize: 10, onChange }),
      { wrapper: createWrapper(queryClient, client) },
    );
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(range(41, 45)));
    expect(onChange).toHaveBeenCalledWith(5, 10);
    expect(hook.result.current.pagination).toMatchObject({ current: 5, total: 45 });
    expect(hook.result.current.error).toBeNull();
    // The refused page, page 1 for the count, then the last page: no page in between is asked.
    expect((await drf.received()).slice(before)).toEqual([
      'GET /numbered/?page=9&page_size=10',
      'GET /numbered/?page=1&page_size=10',
      'GET /numbered/?page=5&page_size=10',
    ]);
    hook.unmount();
  });

  it('moves a json-server 1.x page past the end to the last page, never showing its rows under the number asked', async () => {
    const queryClient = createTestQueryClient();
    const client = createApiClient({ baseUrl: jsonServer.origin, ...presets.jsonServer.v1 });
    const onChange = vi.fn();
    // Every page a render held, by the number it came under: what a reader could have seen under each number.
    const seen: Array<[number, number[]]> = [];
    const hook = renderHook(
      () => {
        const result = usePagedList<Row>('rows', { organizationId, defaultPage: 9, defaultPageSize: 10, onChange });
        if (result.data) seen.push([result.data.page, ids(result.data.items)]);
        return result;
      },
      { wrapper: createWrapper(queryClient, client) },
    );
    await waitFor(() => expect(hook.result.current.pagination.current).toBe(5));
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(range(41, 45)));
    expect(onChange).toHaveBeenCalledWith(5, 10);
    expect(hook.result.current.pagination).toMatchObject({ current: 5, total: 45 });
    // Under 9, nothing or no rows; never the last page's.
    expect(seen.filter(([page]) => page === 9).flatMap(([, rows]) => rows)).toEqual([]);
    expect(seen.some(([page]) => page === 9)).toBe(true);
    expect(jsonServer.received).toContain('/rows?_page=9&_per_page=10');
    hook.unmount();
  });

  it('pages a limit/offset view capped below the size asked by its cap: each number shows that page of 10', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // test/drf/server.py's `capped-offset` serves at most 10 rows (`max_limit`) where 20 are asked.
    const { steps, rows } = await walkThroughHook<Row>({
      client: createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.limitOffset }),
      resource: 'capped-offset',
      organizationId,
      size: 20,
      received: async () => (await drf.received()).length,
    });
    expect(ids(rows)).toEqual(range(1, 45));
    expect(steps.map((step) => [step.current, step.pageSize, ids(step.data.items)[0]])).toEqual([
      [1, 10, 1],
      [2, 10, 11],
      [3, 10, 21],
      [4, 10, 31],
      [5, 10, 41],
    ]);
    // A page opened first (a link to page 2) shows that page's rows at the cap, not the 10 rows from offset 20.
    const queryClient = createTestQueryClient();
    const hook = renderHook(
      () => usePagedList<Row>('capped-offset', { organizationId, defaultPage: 2, defaultPageSize: 20 }),
      {
        wrapper: createWrapper(
          queryClient,
          createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.limitOffset }),
        ),
      },
    );
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(range(11, 20)));
    expect(hook.result.current.pagination).toMatchObject({ current: 2, pageSize: 10, total: 45 });
    hook.unmount();
  });

  it('opens a page-number view capped below the size asked at its last page by that size: the cap’s page, then the next', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A link to page 3 of 20 on test/drf/server.py's `capped-numbered` (`max_page_size` 10): Django serves its page 3
    // of 10, rows 21 to 30, which is no last page of 20 in 45 rows.
    const hook = renderHook(
      () => usePagedList<Row>('capped-numbered', { organizationId, defaultPage: 3, defaultPageSize: 20 }),
      {
        wrapper: createWrapper(
          createTestQueryClient(),
          createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.pageNumber }),
        ),
      },
    );
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(range(21, 30)));
    expect(hook.result.current.pagination).toMatchObject({ current: 3, pageSize: 10, total: 45 });
    expect(hook.result.current.data).toMatchObject({ hasNext: true, pageCount: 5 });
    act(() => hook.result.current.pagination.onChange(4, hook.result.current.pagination.pageSize));
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(range(31, 40)));
    hook.unmount();
  });

  it('starts again from page 1 when the page size of a DRF cursor list is changed from outside', async () => {
    const queryClient = createTestQueryClient();
    const client = createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.cursor });
    const hook = renderHook(
      (props: { pageSize: number }) => usePagedList<Row>('cursor', { organizationId, ...props }),
      {
        wrapper: createWrapper(queryClient, client),
        initialProps: { pageSize: 10 },
      },
    );
    const settled = async () => {
      await waitFor(() => expect(hook.result.current.isPlaceholderData || !hook.result.current.data).toBe(false));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    };
    await settled();
    for (const page of [2, 3]) {
      act(() => hook.result.current.pagination.onChange(page, 10));
      await settled();
    }
    expect([hook.result.current.pagination.current, ids(hook.result.current.data?.items)]).toEqual([3, range(21, 30)]);
    hook.rerender({ pageSize: 4 });
    expect(hook.result.current.pagination).toMatchObject({ current: 1, pageSize: 4 });
    await settled();
    expect(ids(hook.result.current.data?.items)).toEqual(range(1, 4));
    expect((await drf.received()).at(-2)).toBe('GET /cursor/?page_size=4');
    hook.unmount();
  });
});
