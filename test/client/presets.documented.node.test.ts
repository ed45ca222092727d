import { describe, expect, it } from 'vitest';
import { createApiClient, presets, type ClientPreset, type Page } from '../../src/client/index';
import type { ReceivedRequest, Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';

// Back-ends that do not install here, each a fake on 127.0.0.1 answering with the page bodies and headers its own
// documentation shows, over 45 rows; pages of 10.
interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: String(index + 1),
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
const byNameDesc = [...ROWS].sort((a, b) => b.name.localeCompare(a.name));
const SIZE = 10;
const organizationId = '3f2c8a61-5b7e-4d0a-9c1f-2e6b8d4a7c90';
const server = localServerForFile();

/** The rows a fake serves: sorted by name, descending, when `desc` says so. */
const sorted = (desc: boolean) => (desc ? byNameDesc : ROWS);
const int = (query: URLSearchParams, name: string, fallback: number) => Number(query.get(name) ?? fallback);
/** The fake's own URL for `query` (an absolute link, as the back-ends write them). */
const link = (request: ReceivedRequest, changes: Record<string, string>) => {
  const query = new URLSearchParams(request.query);
  for (const [name, value] of Object.entries(changes)) query.set(name, value);
  return `${server.origin}${request.path}?${query}`;
};
const encode = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const decode = (cursor: string | null) =>
  cursor ? Number(Buffer.from(cursor, 'base64url').toString().slice('offset:'.length)) : 0;

type Fake = (request: ReceivedRequest) => Reply;
type Sort = Array<{ id: string; desc: boolean }>;

/** Paging by number from 1: `page` and the size parameter named; the slice, total and page count. */
const numbered = (request: ReceivedRequest, sizeName: string, pageName = 'page', first = 1, desc = false) => {
  const size = int(request.query, sizeName, SIZE);
  const page = int(request.query, pageName, first) - first + 1;
  const rows = sorted(desc).slice((page - 1) * size, page * size);
  return { rows, page, size, total: ROWS.length, pages: Math.ceil(ROWS.length / size) };
};

/** A `Link` header of `rel`s to pages by number (1-based), GitHub's and the Rails gems' style. */
const linkHeader = (request: ReceivedRequest, page: number, pages: number) =>
  [
    page < pages && `<${link(request, { page: String(page + 1) })}>; rel="next"`,
    page < pages && `<${link(request, { page: String(pages) })}>; rel="last"`,
    page > 1 && `<${link(request, { page: '1' })}>; rel="first"`,
    page > 1 && `<${link(request, { page: String(page - 1) })}>; rel="prev"`,
  ]
    .filter(Boolean)
    .join(', ');

const FAKES: Array<[string, ClientPreset, Fake, { total: boolean; cursor: boolean; sort: boolean }]> = [
  [
    'Spring Data Page',
    presets.springData.page,
    (request) => {
      const { rows, page, size, total, pages } = numbered(
        request,
        'size',
        'page',
        0,
        request.query.get('sort') === 'name,desc',
      );
      const number = page - 1;
      return {
        body: {
          content: rows,
          totalElements: total,
          totalPages: pages,
          number,
          size,
          first: number === 0,
          last: page === pages,
        },
      };
    },
    { total: true, cursor: false, sort: true },
  ],
  [
    'Spring Data Slice',
    presets.springData.page,
    (request) => {
      const { rows, page, size, pages } = numbered(
        request,
        'size',
        'page',
        0,
        request.query.get('sort') === 'name,desc',
      );
      return { body: { content: rows, number: page - 1, size, numberOfElements: rows.length, last: page === pages } };
    },
    { total: false, cursor: false, sort: true },
  ],
  [
    'Spring HATEOAS PagedModel (HAL)',
    presets.springData.page,
    (request) => {
      const { rows, page, size, total, pages } = numbered(
        request,
        'size',
        'page',
        0,
        request.query.get('sort') === 'name,desc',
      );
      const next = page < pages ? { next: { href: link(request, { page: String(page) }) } } : {};
      return {
        body: {
          _embedded: { rows },
          _links: { self: { href: link(request, {}) }, ...next },
          page: { size, totalElements: total, totalPages: pages, number: page - 1 },
        },
      };
    },
    { total: true, cursor: false, sort: true },
  ],
  [
    'Laravel paginate()',
    presets.laravel.lengthAware,
    (request) => {
      const { rows, page, size, total, pages } = numbered(
        request,
        'per_page',
        'page',
        1,
        request.query.get('sort') === '-name',
      );
      return {
        body: {
          data: rows,
          links: {
            first: link(request, { page: '1' }),
            last: link(request, { page: String(pages) }),
            prev: page > 1 ? link(request, { page: String(page - 1) }) : null,
            next: page < pages ? link(request, { page: String(page + 1) }) : null,
          },
          meta: {
            current_page: page,
            from: (page - 1) * size + 1,
            last_page: pages,
            links: [],
            path: link(request, {}),
            per_page: size,
            to: (page - 1) * size + rows.length,
            total,
          },
        },
      };
    },
    { total: true, cursor: false, sort: true },
  ],
  [
    'Laravel simplePaginate()',
    presets.laravel.simple,
    (request) => {
      const { rows, page, size, pages } = numbered(
        request,
        'per_page',
        'page',
        1,
        request.query.get('sort') === '-name',
      );
      return {
        body: {
          data: rows,
          links: {
            first: link(request, { page: '1' }),
            last: null,
            prev: page > 1 ? link(request, { page: String(page - 1) }) : null,
            next: page < pages ? link(request, { page: String(page + 1) }) : null,
          },
          meta: {
            current_page: page,
            from: (page - 1) * size + 1,
            path: link(request, {}),
            per_page: size,
            to: (page - 1) * size + rows.length,
          },
        },
      };
    },
    { total: false, cursor: false, sort: true },
  ],
  [
    'Laravel cursorPaginate()',
    presets.laravel.cursor,
    (request) => {
      const size = int(request.query, 'per_page', 15);
      const offset = decode(request.query.get('cursor'));
      const rows = sorted(request.query.get('sort') === '-name').slice(offset, offset + size);
      const more = offset + size < ROWS.length;
      return {
        body: {
          data: rows,
          links: {
            first: null,
            last: null,
            prev: null,
            next: more ? link(request, { cursor: encode(offset + size) }) : null,
          },
          meta: {
            path: link(request, {}),
            per_page: size,
            next_cursor: more ? encode(offset + size) : null,
            prev_cursor: null,
          },
        },
      };
    },
    { total: false, cursor: true, sort: true },
  ],
  [
    'Rails with Pagy headers',
    presets.rails.pagy,
    (request) => {
      const { rows, page, size, total, pages } = numbered(request, 'limit');
      return {
        body: rows,
        headers: {
          'Current-Page': String(page),
          'Page-Limit': String(size),
          'Total-Pages': String(pages),
          'Total-Count': String(total),
          Link: linkHeader(request, page, pages),
        },
      };
    },
    { total: true, cursor: false, sort: false },
  ],
  [
    'Rails with Kaminari and api-pagination',
    presets.rails.kaminari,
    (request) => {
      const { rows, page, size, total, pages } = numbered(request, 'per_page');
      return {
        body: rows,
        headers: { Total: String(total), 'Per-Page': String(size), Link: linkHeader(request, page, pages) },
      };
    },
    { total: true, cursor: false, sort: false },
  ],
  [
    'Strapi',
    presets.strapi.page,
    (request) => {
      const desc = request.query.get('sort') === 'name:desc';
      const { rows, page, size, total, pages } = numbered(request, 'pagination[pageSize]', 'pagination[page]', 1, desc);
      return { body: { data: rows, meta: { pagination: { page, pageSize: size, pageCount: pages, total } } } };
    },
    { total: true, cursor: false, sort: true },
  ],
  [
    'Stripe',
    presets.stripe.list,
    // Ids `1` to `45`: page 1's last id, the next page's cursor, is `10`, as `limit` is.
    (request) => {
      const size = int(request.query, 'limit', 10);
      const after = request.query.get('starting_after');
      const from = after === null ? 0 : ROWS.findIndex((row) => row.id === after) + 1;
      const data = ROWS.slice(from, from + size);
      return { body: { object: 'list', url: '/v1/rows', has_more: from + size < ROWS.length, data } };
    },
    { total: false, cursor: true, sort: false },
  ],
  [
    'GitHub',
    presets.github.page,
    (request) => {
      const desc = request.query.get('sort') === 'name' && request.query.get('direction') === 'desc';
      const { rows, page, pages } = numbered(request, 'per_page', 'page', 1, desc);
      return { body: rows, headers: { Link: linkHeader(request, page, pages) } };
    },
    { total: false, cursor: false, sort: true },
  ],
  [
    'Google AIP-158',
    presets.google.aip158,
    (request) => {
      const size = int(request.query, 'pageSize', 50);
      const offset = decode(request.query.get('pageToken'));
      const rows = sorted(request.query.get('orderBy') === 'name desc').slice(offset, offset + size);
      const more = offset + size < ROWS.length;
      // AIP-158: the last page leaves `next_page_token` empty.
      return { body: { rows, nextPageToken: more ? encode(offset + size) : '' } };
    },
    { total: false, cursor: true, sort: true },
  ],
];

/** Pages 1, 2, … by number, or by each page's `nextCursor` where it gives one, with the requests each cost. */
async function walkWith(preset: ClientPreset, fake: Fake, sort: Sort) {
  server.handle(fake);
  const client = createApiClient({ baseUrl: server.origin, ...preset });
  const pages: Array<Page<Row>> = [];
  const costs: number[] = [];
  for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
    const before = server.requests.length;
    const cursor = pages.at(-1)?.nextCursor;
    const by = cursor === undefined ? { page } : { page, cursor };
    pages.push(await client.list<Row>('rows', { organizationId, size: SIZE, sort, ...by }));
    costs.push(server.requests.length - before);
  }
  return { pages, costs };
}

describe.each(FAKES)('the preset for %s', (_, preset, fake, has) => {
  const walk = (sort: Sort = []) => walkWith(preset, fake, sort);

  it('walks every page: their union is the list in order, one request a page', async () => {
    const { pages, costs } = await walk();
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
  });

  it('says hasNext, total and the cursor right on the first, a middle and the last page', async () => {
    const { pages } = await walk();
    const [first, middle, last] = [pages[0]!, pages[2]!, pages[4]!];
    expect([first, middle, last].map((page) => [page.page, page.hasNext, page.pageSize])).toEqual([
      [1, true, SIZE],
      [3, true, SIZE],
      [5, false, SIZE],
    ]);
    for (const page of [first, middle, last]) expect(page.total).toBe(has.total ? 45 : undefined);
    if (has.total) expect(last.pageCount).toBe(5);
    expect([first, middle].every((page) => (page.nextCursor !== undefined) === has.cursor)).toBe(true);
    expect(last.nextCursor).toBeUndefined();
  });
});

describe.each(FAKES.filter(([, , , has]) => has.sort))('the preset for %s', (_, preset, fake) => {
  it('sorts as the back-end reads a sort, across every page', async () => {
    const { pages } = await walkWith(preset, fake, [{ id: 'name', desc: true }]);
    expect(pages.flatMap((page) => page.items)).toEqual(byNameDesc);
  });
});
