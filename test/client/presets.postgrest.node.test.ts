import { describe, expect, it, vi } from 'vitest';
import { createApiClient, isHttpError, presets, type ClientPreset, type Page } from '../../src/client/index';
import { localServerForFile } from '../helpers/localServerForFile';
import type { ReceivedRequest } from '../helpers/localServer';
import { postgrestRead, type PostgrestTable } from '../helpers/postgrestFake';

// PostgREST does not install here: a fake on 127.0.0.1 answers as its documentation says (rows as a JSON array,
// Content-Range, 206 and 416, Prefer: count=…), over a table of 45 rows; pages of 10.
interface Row {
  id: number;
  name: string;
  group: string;
}
const ROWS: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
  group: index % 2 ? 'even' : 'odd',
}));
const TABLE: PostgrestTable = { rows: ROWS as unknown as PostgrestTable['rows'], planned: 50, maxRows: 20 };
const SIZE = 10;
const organizationId = 'public';
/** `request` asking from row `offset`. */
function withOffset(request: ReceivedRequest, offset: string): ReceivedRequest {
  const query = new URLSearchParams(request.query);
  query.set('offset', offset);
  return { ...request, query };
}
// The same rows behind a `db-max-rows` of 10: no read answers more.
const CAPPED: PostgrestTable = { ...TABLE, maxRows: 10 };
const server = localServerForFile((request) =>
  request.path === '/people'
    ? postgrestRead(TABLE, request)
    : request.path === '/capped'
      ? postgrestRead(CAPPED, request)
      : request.path === '/refusing'
        ? // Capped like it, and refusing every page after the first as past its end.
          postgrestRead(CAPPED, request.query.get('offset') === '0' ? request : withOffset(request, '99'))
        : { status: 404, body: {} },
);

type Query = { sort?: Array<{ id: string; desc: boolean }>; filters?: Record<string, string> };

/** Pages 1, 2, … while each says one follows, with the requests each cost. */
async function walk(preset: ClientPreset, query: Query = {}) {
  const client = createApiClient({ baseUrl: server.origin, ...preset });
  const pages: Array<Page<Row>> = [];
  const costs: number[] = [];
  for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
    const before = server.requests.length;
    pages.push(await client.list<Row>('people', { organizationId, page, size: SIZE, ...query }));
    costs.push(server.requests.length - before);
  }
  return { pages, costs };
}

describe('the PostgREST preset with an exact count', () => {
  it('walks every page: their union is the table in order, one request a page, limit and offset asked', async () => {
    const { pages, costs } = await walk(presets.postgrest.exact);
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect(server.requests.map(({ path, query }) => `${path}?${query}`)).toEqual(
      [0, 10, 20, 30, 40].map((offset) => `/people?limit=10&offset=${offset}`),
    );
    expect(server.requests.every(({ headers }) => headers.prefer === 'count=exact')).toBe(true);
  });

  it('reads the count from Content-Range: hasNext, total and page count right on the first, a middle and the last page', async () => {
    const { pages } = await walk(presets.postgrest.exact);
    expect(
      [pages[0]!, pages[2]!, pages[4]!].map((page) => [page.page, page.hasNext, page.total, page.pageCount]),
    ).toEqual([
      [1, true, 45, 5],
      [3, true, 45, 5],
      [5, false, 45, 5],
    ]);
    expect(pages.every((page) => page.totalEstimate === undefined && page.nextCursor === undefined)).toBe(true);
  });

  it('sorts with order=<column>.<direction>, across every page', async () => {
    const sort = [
      { id: 'group', desc: true },
      { id: 'name', desc: false },
    ];
    const { pages } = await walk(presets.postgrest.exact, { sort });
    const expected = [...ROWS].sort((a, b) => b.group.localeCompare(a.group) || a.name.localeCompare(b.name));
    expect(pages.flatMap((page) => page.items)).toEqual(expected);
    expect(server.requests[0]!.query.get('order')).toBe('group.desc,name.asc');
  });

  it('sends filters as given, the operator in the value, and counts what they keep', async () => {
    const { pages } = await walk(presets.postgrest.exact, { filters: { group: 'eq.even' } });
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS.filter((row) => row.group === 'even'));
    expect(pages.map((page) => page.total)).toEqual([22, 22, 22]);
    expect(server.requests[0]!.query.get('group')).toBe('eq.even');
  });

  it('answers a page just past the end (an offset equal to the count) with no rows and the count', async () => {
    const client = createApiClient({ baseUrl: server.origin, ...presets.postgrest.exact });
    const page = await client.list('people', { organizationId, page: 10, size: 5 });
    expect(page).toMatchObject({ items: [], total: 45, pageCount: 9, hasNext: false });
  });

  it('answers a page further past the end (PostgREST’s 416) as the empty page past the end, with the count of page 1', async () => {
    const client = createApiClient({ baseUrl: server.origin, ...presets.postgrest.exact });
    const page = await client.list('people', { organizationId, page: 6, size: SIZE });
    expect(page).toEqual({
      items: [],
      page: 6,
      pageSize: SIZE,
      total: 45,
      pageCount: 5,
      hasNext: false,
      hasPrevious: true,
    });
    expect(server.requests.map((request) => request.query.get('offset'))).toEqual(['50', '0']);
  });

  it('opens a page past the count at the size asked but within it at db-max-rows: that page’s rows, not an empty page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: server.origin, ...presets.postgrest.exact });
    // Page 4 of 20 starts past the 45 rows (416); at the 10 served it holds rows 31 to 40.
    const page = await client.list<Row>('capped', { organizationId, page: 4, size: 20 });
    expect([page.page, page.pageSize, page.pageCount, page.hasNext]).toEqual([4, 10, 5, true]);
    expect(page.items).toEqual(ROWS.slice(30, 40));
    expect(server.requests.map((request) => request.query.get('offset'))).toEqual(['60', '0', '30']);
    vi.restoreAllMocks();
  });

  it('asks that page once more at most: a service refusing it at every size costs four requests, then the page past the end', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: server.origin, ...presets.postgrest.exact });
    const page = await client.list<Row>('refusing', { organizationId, page: 4, size: 20 });
    expect(page).toMatchObject({ items: [], page: 4, pageSize: 10, pageCount: 5, hasNext: false });
    expect(server.requests.map((request) => request.query.get('offset'))).toEqual(['60', '0', '30', '0']);
    vi.restoreAllMocks();
  });

  it('rejects that page with the HttpError of the 416, its reason kept and not retried, where the client is not told of it', async () => {
    const client = createApiClient({ baseUrl: server.origin, ...presets.postgrest.exact, pastEndStatus: undefined });
    const failure = await client
      .list('people', { organizationId, page: 6, size: SIZE })
      .catch((error: unknown) => error);
    expect(isHttpError(failure)).toBe(true);
    expect(failure).toMatchObject({
      status: 416,
      message: expect.stringContaining('416'),
      body: { code: 'PGRST103', details: 'An offset of 50 was requested, but there are only 45 rows.' },
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe.each([
  ['planned', presets.postgrest.planned, 50],
  ['estimated (past db-max-rows: the planned figure)', presets.postgrest.estimated, 50],
] as const)('the PostgREST preset with a %s count', (_, preset, estimate) => {
  it('asks for it in Prefer, gives it as totalEstimate and never as total, and still walks every page', async () => {
    const { pages, costs } = await walk(preset);
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect(pages.map((page) => [page.total, page.totalEstimate, page.hasNext])).toEqual([
      [undefined, estimate, true],
      [undefined, estimate, true],
      [undefined, estimate, true],
      [undefined, estimate, true],
      [undefined, estimate, false],
    ]);
    expect(server.requests[0]!.headers.prefer).toBe(preset.headers.Prefer);
  });
});

describe('the PostgREST preset without a count', () => {
  it('pages by full pages when Prefer is dropped (Content-Range: 0-9/*), with no total', async () => {
    const { pages } = await walk({ ...presets.postgrest.exact, headers: {} });
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(pages.map((page) => [page.total, page.totalEstimate, page.hasNext])).toEqual([
      ...Array(4).fill([undefined, undefined, true]),
      [undefined, undefined, false],
    ]);
    expect(server.requests[0]!.headers.prefer).toBeUndefined();
  });
});
