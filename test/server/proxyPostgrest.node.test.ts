import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKey, createApiClient, presets, type Page } from '../../src/client/index';
import { createProxyHandler } from '../../src/server/index';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import { postgrestRead, type PostgrestTable } from '../helpers/postgrestFake';

// The proxy in front of PostgREST (a fake written from its documentation: test/helpers/postgrestFake.ts): the
// preset's route, paging, sort and `Prefer` header upstream, the tenant in a header, the key in a header of its own;
// the browser's client speaks the seed's shape to the proxy and reads the count from the `Content-Range` passed on.
interface Book {
  id: number;
  title: string;
}
const BOOKS: Book[] = Array.from({ length: 45 }, (_, index) => ({ id: index + 1, title: `t${(index * 17) % 45}` }));
const TABLE: PostgrestTable = { rows: BOOKS as unknown as PostgrestTable['rows'], planned: 50 };
const PATH = '/api/pagewise';
const TENANT = '5b0e7c2a-9d41-4f8e-b3a6-1c2d3e4f5a6b';
const KEY = 'pgrst-service-key-4f1a9c';

let upstream: LocalServer;
let proxy: ServedHandler;

beforeAll(async () => {
  upstream = await startLocalServer((request) =>
    request.path === '/books' ? postgrestRead(TABLE, request) : { status: 404, body: {} },
  );
  proxy = await serveFetchHandler(
    createProxyHandler({
      ...presets.postgrest.exact,
      baseUrl: upstream.origin,
      auth: apiKey({ header: 'apikey', key: KEY }),
      organizationHeader: 'X-Tenant',
      basePath: PATH,
      allowRequest: () => true,
      allow: { books: { sort: ['title'], filters: { id: { maxLength: 16 } } } },
    }),
  );
});
afterAll(async () => Promise.all([proxy?.close(), upstream?.close()]));
beforeEach(() => void (upstream.requests.length = 0));

const browser = () =>
  createApiClient({ baseUrl: `${proxy.origin}${PATH}`, parsePage: presets.postgrest.exact.parsePage });

describe('the proxy in front of PostgREST', () => {
  it('walks every page sorted: the table in order, the count on each page, one upstream request a page', async () => {
    const pages: Array<Page<Book>> = [];
    const sort = [{ id: 'title', desc: true }];
    for (let page = 1; pages.at(-1)?.hasNext ?? true; page++)
      pages.push(await browser().list<Book>('books', { organizationId: TENANT, page, size: 10, sort }));
    expect(pages.flatMap((page) => page.items)).toEqual([...BOOKS].sort((a, b) => b.title.localeCompare(a.title)));
    expect(pages.map(({ page, total, pageCount, hasNext }) => [page, total, pageCount, hasNext])).toEqual(
      [1, 2, 3, 4, 5].map((page) => [page, 45, 5, page < 5]),
    );
    expect(upstream.requests.map(({ path, query }) => `${path}?${query}`)).toEqual(
      [0, 10, 20, 30, 40].map((offset) => `/books?limit=10&offset=${offset}&order=title.desc`),
    );
  });

  it('sends the preset’s Prefer header, the tenant in its header and the key, none of them to the browser', async () => {
    const response = await fetch(`${proxy.origin}${PATH}/${TENANT}/books?page=0&size=10`);
    expect(response.headers.get('content-range')).toBe('0-9/45');
    const sent = upstream.requests[0]!.headers;
    expect([sent.prefer, sent['x-tenant'], sent.apikey]).toEqual(['count=exact', TENANT, KEY]);
    const answered = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    expect(`${answered}\n${await response.text()}`).not.toContain(KEY);
  });

  it('passes on a Content-Range only as PostgREST writes one', async () => {
    upstream.handle(() => ({ body: [], headers: { 'Content-Range': `0-9/45, ${KEY}` } }));
    const response = await fetch(`${proxy.origin}${PATH}/${TENANT}/books?page=0&size=10`);
    expect(response.headers.get('content-range')).toBeNull();
  });
});
