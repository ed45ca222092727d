import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isResponseShapeError, presets } from '../../src/client/index';
import type { ReceivedRequest, Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

const server = localServerForFile();
const ALL = Array.from({ length: 57 }, (_, index) => ({ id: `r${index + 1}` }));

/** A service that reads `page` (from 1) and `page_size` only, serving `own` rows a page when no size it reads came. */
const readsPageSize =
  (own: number, body: (rows: unknown[], total: number) => unknown) =>
  ({ query }: ReceivedRequest): Reply => {
    const size = Number(query.get('page_size') ?? own);
    const page = Number(query.get('page') ?? 1);
    return { body: body(ALL.slice((page - 1) * size, page * size), ALL.length) };
  };

const client = () => createApiClient({ baseUrl: server.origin });

afterEach(() => vi.restoreAllMocks());

describe('a page that says the size the service served', () => {
  it('follows a service that ignores page and size: its whole list is one page, with no page 2', async () => {
    server.handle(() => ({ body: ALL }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await client().list('whole', { organizationId: ORG, page: 1, size: 20 });
    expect(first).toMatchObject({ page: 1, pageSize: 57, hasNext: false });
    expect(first.items).toHaveLength(57);
    expect(warn.mock.calls.join('\n')).toContain('serializePage');
  });

  it('follows a service that ignores page and size with a total: one page, and page 2 is refused', async () => {
    server.handle(() => ({ body: ALL, headers: { 'X-Total-Count': '57' } }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await client().list('counted', { organizationId: ORG, page: 1, size: 20 });
    expect(first).toMatchObject({ page: 1, pageSize: 57, pageCount: 1, total: 57, hasNext: false });
    const second = client().list('counted', { organizationId: ORG, page: 2, size: 20 });
    await expect(second).rejects.toSatisfy(isResponseShapeError);
    await expect(second).rejects.toThrow(/serializePage/);
  });

  it('follows a page-number service whose size parameter has another name: its size and page count', async () => {
    // Django REST Framework's PageNumberPagination: `page` from 1, `count`, `next`, `previous`, `results`.
    server.handle(
      readsPageSize(10, (results, count) => ({ count, next: 'http://x/?page=9', previous: null, results })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, size });
    const numbered = createApiClient({ baseUrl: server.origin, serializePage });
    const second = await numbered.list('drf', { organizationId: ORG, page: 2, size: 8 });
    expect(second).toMatchObject({ page: 2, pageSize: 10, pageCount: 6, total: 57, hasNext: true });
    expect(second.items.map((row) => (row as { id: string }).id)).toEqual(ALL.slice(10, 20).map(({ id }) => id));
  });

  it('follows a cursor service that serves its own size, and warns naming serializePage', async () => {
    // Django REST Framework's CursorPagination serves its view's page_size (10) when no size it reads came.
    server.handle(() => ({
      body: { next: `${server.origin}/x/?cursor=cD0xMA`, previous: null, results: ALL.slice(0, 10) },
    }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await client().list('cursored', { organizationId: ORG, page: 1, size: 8 });
    expect(page).toMatchObject({ page: 1, pageSize: 10, hasNext: true });
    expect(warn.mock.calls.join('\n')).toMatch(/cursored list served 10 rows a page where 8 were asked.*serializePage/);
  });

  it('refuses a page past the end answered with the last page’s rows', async () => {
    // json-server 1.0 answers a `_page` past the end with the last page.
    server.handle(() => ({ body: { items: ALL.slice(50), total: 57 } }));
    const page = client().list('past', { organizationId: ORG, page: 9, size: 10 });
    await expect(page).rejects.toSatisfy(isResponseShapeError);
  });

  it('keeps a page of the size asked as the service said it', async () => {
    server.handle(readsPageSize(10, (results, count) => ({ count, next: null, previous: null, results })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, page_size: size });
    const numbered = createApiClient({ baseUrl: server.origin, serializePage });
    const page = await numbered.list('right', { organizationId: ORG, page: 2, size: 8 });
    expect(page).toMatchObject({ page: 2, pageSize: 8, pageCount: 8, hasNext: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it('follows a service that caps its size: every row once, under the number of the service’s page', async () => {
    // GitHub, Stripe and Strapi serve at most 100 rows a page whatever is asked: here at most 10, with a total.
    server.handle(({ query }) => {
      const size = Math.min(Number(query.get('page_size')), 10);
      const page = Number(query.get('page'));
      return { body: { count: ALL.length, results: ALL.slice((page - 1) * size, page * size) } };
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, page_size: size });
    const capped = createApiClient({ baseUrl: server.origin, serializePage });
    const pages = [];
    for (let page = 1; pages.at(-1)?.hasNext !== false; page++)
      pages.push(await capped.list<{ id: string }>('capped', { organizationId: ORG, page, size: 20 }));
    expect(pages.map(({ pageSize, pageCount }) => [pageSize, pageCount])).toEqual(Array(6).fill([10, 6]));
    expect(pages.flatMap(({ items }) => items.map(({ id }) => id))).toEqual(ALL.map(({ id }) => id));
    expect(warn.mock.calls.join('\n')).toMatch(/capped list served 10 rows a page where 20 were asked/);
  });

  it('keeps the size asked where a last page is short of its count (rows deleted between the two): page 1 says so', async () => {
    // Django counts, then reads the page: 4 of the 57 rows deleted in between leave page 6 of 10 with 3 rows.
    server.handle(({ query }) => {
      const size = Number(query.get('page_size'));
      const page = Number(query.get('page'));
      return { body: { count: ALL.length, results: ALL.slice(0, 53).slice((page - 1) * size, page * size) } };
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, page_size: size });
    const counted = createApiClient({ baseUrl: server.origin, serializePage });
    const last = await counted.list('counted', { organizationId: ORG, page: 6, size: 10 });
    expect([last.page, last.pageSize, last.pageCount, last.items.length]).toEqual([6, 10, 6, 3]);
    const second = await counted.list('counted', { organizationId: ORG, page: 2, size: 10 });
    expect([second.pageSize, second.items.length]).toEqual([10, 10]);
    expect(server.requests.map(({ query }) => `${query}`)).toEqual([
      'page=6&page_size=10',
      'page=1&page_size=10',
      'page=2&page_size=10',
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('follows a capped service whose page count comes from its links, with no total', async () => {
    // GitHub: `per_page` at most 100 (here 10), `Link` with `rel="last"` on every page but the last.
    server.handle(({ query }) => {
      const size = Math.min(Number(query.get('per_page')), 10);
      const page = Number(query.get('page'));
      const last = Math.ceil(ALL.length / size);
      const link =
        page < last
          ? `<${server.origin}/x?page=${page + 1}>; rel="next", <${server.origin}/x?page=${last}>; rel="last"`
          : '';
      return { body: ALL.slice((page - 1) * size, page * size), headers: link ? { Link: link } : undefined };
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const github = createApiClient({ baseUrl: server.origin, ...presets.github.page });
    const pages = [];
    for (let page = 1; pages.at(-1)?.hasNext !== false; page++)
      pages.push(await github.list<{ id: string }>('repos', { organizationId: ORG, page, size: 30 }));
    expect(pages.map(({ pageSize }) => pageSize)).toEqual(Array(6).fill(10));
    expect(pages.flatMap(({ items }) => items.map(({ id }) => id))).toEqual(ALL.map(({ id }) => id));
  });

  it('keeps the served size on a short last page of a service that serves more than asked', async () => {
    server.handle(readsPageSize(10, (results, count) => ({ count, results })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page }: { page: number }) => ({ page });
    const numbered = createApiClient({ baseUrl: server.origin, serializePage });
    await numbered.list('own', { organizationId: ORG, page: 1, size: 8 });
    const last = await numbered.list('own', { organizationId: ORG, page: 6, size: 8 });
    expect(last).toMatchObject({ page: 6, pageSize: 10, pageCount: 6, hasNext: false });
    expect(last.items).toHaveLength(7);
  });
});
