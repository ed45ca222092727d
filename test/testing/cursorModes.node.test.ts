// The mock's cursor shapes over real HTTP on 127.0.0.1, walked by the real client: each ignores `page` as its service
// does, pages by keyset (rows inserted or deleted mid-walk never repeat or skip a row), keeps sort and filters, and
// answers a bad cursor 400 with the mock's error body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  type ApiClientOptions,
  type ListFilters,
  type Page,
  type SortEntry,
} from '../../src/client/index';
import { createMockService, demoOrganizationIds, type MockService, type MockShare } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import type { MockCursorShape } from '../../src/testing/types';

const { acme, globex } = demoOrganizationIds;
const SHAPES: MockCursorShape[] = ['stripe', 'cursor', 'link-cursor', 'page-token', 'offset'];
const organizations = { [acme]: { name: 'Acme', shares: 437 }, [globex]: { name: 'Globex', shares: 23 } };
const mocks = new Map<MockCursorShape | 'spring-page', { service: MockService; server: MockHttpServer }>();

beforeAll(async () => {
  for (const shape of [...SHAPES, 'spring-page' as const]) {
    const service = createMockService({ shape, auth: 'none', organizations });
    mocks.set(shape, { service, server: await createMockHttpServer(service) });
  }
});
afterAll(() => Promise.all([...mocks.values()].map(({ server }) => server.close())));

const mock = (shape: MockCursorShape | 'spring-page') => mocks.get(shape)!;
/** The client as a user of each service sets it up: offset/limit is the one style that needs `serializePage`. */
const client = (shape: MockCursorShape | 'spring-page', options: Partial<ApiClientOptions> = {}) =>
  createApiClient({
    baseUrl: mock(shape).server.baseUrl,
    ...(shape === 'offset' ? { serializePage: ({ page, size }) => ({ offset: (page - 1) * size, limit: size }) } : {}),
    ...options,
  });
const names = (page: Page<MockShare>) => page.items.map((row) => row.name);
const acmeName = (n: number) => new RegExp(`^acme-[a-z]+-${String(n).padStart(5, '0')}$`);

interface WalkOptions {
  sort?: SortEntry[];
  filters?: ListFilters;
  /** Called before each request after the first, with the number of pages read so far. */
  between?: (pagesRead: number) => void;
}

/** Every page from the first to the last as a user pages forward: by `nextCursor`, or by number for offset. */
async function walk(shape: MockCursorShape, size: number, { sort, filters, between }: WalkOptions = {}) {
  const api = client(shape);
  const query = { organizationId: acme, size, sort, filters };
  const pages = [await api.listShares<MockShare>({ ...query, page: 1 })];
  for (let last = pages[0]!; last.hasNext; last = pages.at(-1)!) {
    between?.(pages.length);
    pages.push(
      await (shape === 'offset'
        ? api.listShares<MockShare>({ ...query, page: pages.length + 1 })
        : api.listShares<MockShare>({ ...query, cursor: last.nextCursor!, page: pages.length + 1 })),
    );
    expect(pages.length).toBeLessThan(200);
  }
  return pages;
}

/** The rows the service lists in full (a Spring page of them all), for comparing a walk against. */
async function everyRow(sort?: SortEntry[], filters?: ListFilters): Promise<string[]> {
  const page = await client('spring-page').listShares<MockShare>({
    organizationId: acme,
    page: 1,
    size: 1000,
    sort,
    filters,
  });
  return names(page);
}

describe('the mock service in its cursor shapes, over real HTTP', () => {
  it.each(SHAPES)('%s: the client walks all 437 Acme rows to the end, each once, in order', async (shape) => {
    mock(shape).service.reset();
    const pages = await walk(shape, 20);
    const rows = pages.flatMap(names);
    expect(rows).toEqual(await everyRow());
    expect(rows).toHaveLength(437);
    expect(rows.at(-1)).toMatch(acmeName(437));
    expect(pages).toHaveLength(22);
    expect(pages.map((page) => page.hasNext)).toEqual([...Array(21).fill(true), false]);
    // The cursor shapes name the next page by a cursor, never by a number the client could guess.
    if (shape !== 'offset') expect(pages.slice(0, -1).every((page) => page.nextCursor !== undefined)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
  });

  it.each(SHAPES)('%s: ignores `page`, as the service it stands for does', async (shape) => {
    const { server, service } = mock(shape);
    service.reset();
    const first = await (await fetch(`${server.baseUrl}/${acme}/shares?size=5`)).json();
    const third = await (await fetch(`${server.baseUrl}/${acme}/shares?page=2&size=5`)).json();
    expect(third).toEqual(first);
  });

  it.each(SHAPES.filter((shape) => shape !== 'offset'))(
    '%s: rows inserted before and after the position mid-walk: every row once, none repeated or skipped',
    async (shape) => {
      const { service } = mock(shape);
      service.reset();
      const before = await everyRow();
      let made = 0;
      const row = (label: string) => ({ id: `new-${shape}-${(made += 1)}`, name: `inserted-${label}-${made}` });
      const pages = await walk(shape, 20, {
        between(pagesRead) {
          // At the front (behind the walk: never shown) and just past the position (ahead of it: shown once).
          service.insertRows(acme, 'shares', [row('front')], 0);
          service.insertRows(acme, 'shares', [row('ahead')], pagesRead * 20 + 2 * pagesRead);
        },
      });
      const rows = pages.flatMap(names);
      expect(new Set(rows).size).toBe(rows.length);
      expect(rows.filter((name) => !name.startsWith('inserted-'))).toEqual(before);
      expect(rows.filter((name) => name.startsWith('inserted-front'))).toEqual([]);
      expect(rows.filter((name) => name.startsWith('inserted-ahead'))).toHaveLength(pages.length - 1);
      service.reset();
      expect(await everyRow()).toEqual(before);
    },
  );

  it('offset: the same insertions make offset paging show a row twice (the mock is faithful to it)', async () => {
    const { service } = mock('offset');
    service.reset();
    const pages = await walk('offset', 20, {
      between: (pagesRead) => service.insertRows(acme, 'shares', [{ id: `new-${pagesRead}`, name: `n${pagesRead}` }]),
    });
    const rows = pages.flatMap(names).filter((name) => !name.startsWith('n'));
    expect(new Set(rows).size).toBeLessThan(rows.length);
    service.reset();
  });

  it.each(SHAPES)('%s: sort and filters hold on every page of a walk', async (shape) => {
    mock(shape).service.reset();
    const sort: SortEntry[] = [{ id: 'sizeBytes', desc: true }];
    const filters = { protocol: 'NFS' };
    const pages = await walk(shape, 25, { sort, filters });
    const expected = await everyRow(sort, filters);
    expect(expected.length).toBeGreaterThan(100);
    expect(pages.flatMap(names)).toEqual(expected);
  });

  it.each(SHAPES)('%s: a deleted page tail mid-walk ends the walk without an error or a repeat', async (shape) => {
    const { service } = mock(shape);
    service.reset();
    const pages = await walk(shape, 50, { between: (read) => read === 2 && service.deleteRows(acme, 'shares', 300) });
    const rows = pages.flatMap(names);
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows).toHaveLength(137);
    service.reset();
  });

  it.each<[MockCursorShape, string, string]>([
    ['stripe', 'starting_after=not-a-share', "No such share: 'not-a-share'"],
    ['cursor', 'cursor=not~base64', 'Invalid cursor'],
    ['cursor', `cursor=${btoa('{"i":-1}')}`, 'Invalid cursor'],
    ['cursor', `cursor=${'A'.repeat(1025)}`, 'Invalid cursor'],
    ['link-cursor', 'after=%2e%2e%2f', 'Invalid `after` cursor'],
    ['page-token', 'pageToken=e30', 'Invalid page token'],
    ['offset', 'offset=-1', 'offset must be an integer >= 0'],
    ['stripe', 'limit=0', 'size must be an integer from 1 to 1000'],
    ['page-token', 'pageSize=1001', 'size must be an integer from 1 to 1000'],
  ])('%s: ?%s is answered 400 with the mock error body', async (shape, query, message) => {
    const { server } = mock(shape);
    const response = await fetch(`${server.baseUrl}/${acme}/shares?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      timestamp: expect.any(String),
      status: 400,
      error: 'Bad Request',
      message,
      path: `/api/${acme}/shares`,
    });
  });

  it('writes each service’s own wire: bodies, headers and the parameters that follow a page', async () => {
    const get = async (shape: MockCursorShape, query: string) => {
      const response = await fetch(`${mock(shape).server.baseUrl}/${globex}/shares?${query}`);
      return { body: await response.json(), link: response.headers.get('link') };
    };
    const stripe = await get('stripe', 'limit=10');
    expect(stripe.body).toMatchObject({ object: 'list', url: `/api/${globex}/shares`, has_more: true });
    expect(stripe.body.data).toHaveLength(10);
    const stripe2 = await get('stripe', `limit=10&starting_after=${stripe.body.data[9].id}`);
    expect(stripe2.body.data[0].name).toMatch(/-00011$/);
    const back = await get('stripe', `limit=5&ending_before=${stripe2.body.data[0].id}`);
    expect(back.body.data.map((row: MockShare) => row.name.slice(-2))).toEqual(['06', '07', '08', '09', '10']);

    const drf = await get('cursor', 'size=10&q=globex');
    expect(drf.body.previous).toBeNull();
    const next = new URL(drf.body.next);
    expect([...next.searchParams.keys()].sort()).toEqual(['cursor', 'q', 'size']);
    const drf2 = await (await fetch(next)).json();
    const drf1 = await (await fetch(drf2.previous)).json();
    expect(drf1.results).toEqual(drf.body.results);

    const link = await get('link-cursor', 'size=10');
    expect(link.link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/[\w-]+\/shares\?size=10&after=[\w-]+>; rel="next"$/);

    const google = await get('page-token', 'pageSize=20');
    expect(Object.keys(google.body)).toEqual(['items', 'nextPageToken']);
    const last = await get('page-token', `pageSize=20&pageToken=${google.body.nextPageToken}`);
    expect(last.body).toEqual({ items: [expect.anything(), expect.anything(), expect.anything()] });

    expect((await get('offset', 'offset=20&limit=10')).body).toMatchObject({ total: 23 });
  });

  it('records the size each shape reads and no page where the shape has none', async () => {
    const { service, server } = mock('page-token');
    service.reset();
    await fetch(`${server.baseUrl}/${acme}/shares?page=3&pageSize=7`);
    expect(service.requests.at(-1)).toMatchObject({ page: undefined, size: 7, status: 200 });
    const offset = mock('offset');
    offset.service.reset();
    await fetch(`${offset.server.baseUrl}/${acme}/shares?offset=40&limit=20`);
    expect(offset.service.requests.at(-1)).toMatchObject({ page: 2, size: 20, status: 200 });
  });

  it('a Stripe walk of Big Org generates only the pages it reads', async () => {
    const service = createMockService({ shape: 'stripe', auth: 'none' });
    const server = await createMockHttpServer(service);
    try {
      const api = createApiClient({ baseUrl: server.baseUrl });
      let page = await api.listShares({ organizationId: demoOrganizationIds.big, page: 1, size: 20 });
      for (let i = 1; i < 5; i += 1)
        page = await api.listShares({ organizationId: demoOrganizationIds.big, size: 20, cursor: page.nextCursor! });
      // Five pages of 20, and one row looked up again per cursor: never the 10,000.
      expect(service.rowsGenerated).toBeLessThanOrEqual(5 * 20 + 4);
    } finally {
      await server.close();
    }
  });
});
