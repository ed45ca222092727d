import type { ClientPreset } from '../../src/client/index';
import { presets } from '../../src/client/index';
import type { ReceivedRequest, Reply } from './localServer';
import { postgrestRead, type PostgrestTable } from './postgrestFake';

// Back-ends that do not install here, each a fake answering with the page bodies and headers its own documentation
// shows, over 45 rows. Above each fake, the page or source it was written from.

/** A row of every fake. */
export interface Row {
  id: string;
  name: string;
}

/** The 45 rows, ids `1` to `45`, names in another order than the ids so a sort by name moves them. */
export const ROWS: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: String(index + 1),
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
/** The rows sorted by name, descending: what every fake that sorts serves for that sort. */
export const byNameDesc = [...ROWS].sort((a, b) => b.name.localeCompare(a.name));

/** The rows as a PostgREST table whose planner guesses 40 rows. */
const POSTGREST_TABLE: PostgrestTable = { rows: ROWS as unknown as PostgrestTable['rows'], planned: 40 };

/** A fake back-end: the reply to one request. */
export type Fake = (request: ReceivedRequest) => Reply;

/** What a back-end's pages say: a total, a cursor to the next page, a page count without a total; and whether it sorts. */
export interface Says {
  total: boolean;
  cursor: boolean;
  pageCount: boolean;
  sort: boolean;
}

/** The rows a fake serves: sorted by name, descending, when `desc` says so. */
const sorted = (desc: boolean) => (desc ? byNameDesc : ROWS);
const int = (query: URLSearchParams, name: string, fallback: number) => Number(query.get(name) ?? fallback);
/** The fake's own URL for the request with `changes` to its query (an absolute link, as the back-ends write them). */
const link = (request: ReceivedRequest, changes: Record<string, string>) => {
  const query = new URLSearchParams(request.query);
  for (const [name, value] of Object.entries(changes)) query.set(name, value);
  return `http://${request.headers.host}${request.path}?${query}`;
};
const encode = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const decode = (cursor: string | null) =>
  cursor ? Number(Buffer.from(cursor, 'base64url').toString().slice('offset:'.length)) : 0;

/** Paging by number from `first`: `page` and the size parameter named; the slice, total and page count. */
const numbered = (request: ReceivedRequest, sizeName: string, pageName = 'page', first = 1, desc = false) => {
  const size = int(request.query, sizeName, 10);
  const page = int(request.query, pageName, first) - first + 1;
  const rows = sorted(desc).slice((page - 1) * size, page * size);
  return { rows, page, size, total: ROWS.length, pages: Math.ceil(ROWS.length / size) };
};

/** Spring Data's `Pageable` request: zero-based `page`, `size`, `sort=name,desc`. */
const springRequest = (request: ReceivedRequest) =>
  numbered(request, 'size', 'page', 0, request.query.get('sort') === 'name,desc');

/** A `Link` header of `rel`s to pages by number (from 1), in GitHub's order: prev, next, last, first. */
const linkHeader = (request: ReceivedRequest, page: number, pages: number, prev = 'prev') =>
  [
    page > 1 && `<${link(request, { page: String(page - 1) })}>; rel="${prev}"`,
    page < pages && `<${link(request, { page: String(page + 1) })}>; rel="next"`,
    page < pages && `<${link(request, { page: String(pages) })}>; rel="last"`,
    page > 1 && `<${link(request, { page: '1' })}>; rel="first"`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * A Laravel paginator's link: its path and the page or cursor alone. Only `->withQueryString()` or `->appends()` in
 * the controller keeps the request's other parameters (`per_page`, the sort) in it; by default they are dropped.
 */
const laravelLink = (request: ReceivedRequest, name: string, value: string) =>
  `http://${request.headers.host}${request.path}?${new URLSearchParams({ [name]: value })}`;

/** Laravel's `links` and `meta` of a `paginate()` page as an API resource collection renders them. */
const laravelLengthAware = (request: ReceivedRequest) => {
  const { rows, page, size, total, pages } = numbered(
    request,
    'per_page',
    'page',
    1,
    request.query.get('sort') === '-name',
  );
  const links = {
    first: laravelLink(request, 'page', '1'),
    last: laravelLink(request, 'page', String(pages)),
    prev: page > 1 ? laravelLink(request, 'page', String(page - 1)) : null,
    next: page < pages ? laravelLink(request, 'page', String(page + 1)) : null,
  };
  const meta = {
    current_page: page,
    from: (page - 1) * size + 1,
    last_page: pages,
    links: [],
    path: `http://${request.headers.host}${request.path}`,
    per_page: size,
    to: (page - 1) * size + rows.length,
    total,
  };
  return { body: { data: rows, links, meta } };
};

/** Laravel's `simplePaginate()` page as an API resource collection renders it: no last page, no total. */
const laravelSimple = (request: ReceivedRequest) => {
  const { rows, page, size, pages } = numbered(request, 'per_page', 'page', 1, request.query.get('sort') === '-name');
  const links = {
    first: laravelLink(request, 'page', '1'),
    last: null,
    prev: page > 1 ? laravelLink(request, 'page', String(page - 1)) : null,
    next: page < pages ? laravelLink(request, 'page', String(page + 1)) : null,
  };
  const meta = {
    current_page: page,
    from: (page - 1) * size + 1,
    path: `http://${request.headers.host}${request.path}`,
    per_page: size,
    to: (page - 1) * size + rows.length,
  };
  return { body: { data: rows, links, meta } };
};

/** Laravel's `cursorPaginate()` page as an API resource collection renders it: the cursor in `?cursor=`. */
const laravelCursor = (request: ReceivedRequest) => {
  const size = int(request.query, 'per_page', 15);
  const offset = decode(request.query.get('cursor'));
  const rows = sorted(request.query.get('sort') === '-name').slice(offset, offset + size);
  const more = offset + size < ROWS.length;
  const links = {
    first: null,
    last: null,
    prev: null,
    next: more ? laravelLink(request, 'cursor', encode(offset + size)) : null,
  };
  const meta = {
    path: `http://${request.headers.host}${request.path}`,
    per_page: size,
    next_cursor: more ? encode(offset + size) : null,
    prev_cursor: null,
  };
  return { body: { data: rows, links, meta } };
};

/** Each back-end: its name, its preset, its fake, and what its pages say. */
export const DOCUMENTED_FAKES: ReadonlyArray<readonly [string, ClientPreset, Fake, Says]> = [
  [
    // https://docs.spring.io/spring-data/commons/reference/repositories/core-extensions.html (Page serialized as
    // PageImpl), org.springframework.data.domain.PageImpl in spring-projects/spring-data-commons
    'Spring Data Page',
    presets.springData.page,
    (request) => {
      const { rows, page, size, total, pages } = springRequest(request);
      const number = page - 1;
      const asked = request.query.has('sort');
      const sort = { empty: !asked, sorted: asked, unsorted: !asked };
      const pageable = { pageNumber: number, pageSize: size, offset: number * size, paged: true, unpaged: false, sort };
      const body = { content: rows, pageable, totalElements: total, totalPages: pages, number, size, sort };
      return {
        body: {
          ...body,
          numberOfElements: rows.length,
          first: number === 0,
          last: page === pages,
          empty: !rows.length,
        },
      };
    },
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // spring-projects/spring-data-commons src/main/java/org/springframework/data/web/PagedModel.java: the stable DTO
    // of `@EnableSpringDataWebSupport(pageSerializationMode = VIA_DTO)`, `{ content, page: { size, number, totalElements, totalPages } }`
    'Spring Data PagedModel (VIA_DTO)',
    presets.springData.page,
    (request) => {
      const { rows, page, size, total, pages } = springRequest(request);
      return { body: { content: rows, page: { size, number: page - 1, totalElements: total, totalPages: pages } } };
    },
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // org.springframework.data.domain.SliceImpl in spring-projects/spring-data-commons: no count, `last` says the end
    'Spring Data Slice',
    presets.springData.page,
    (request) => {
      const { rows, page, size, pages } = springRequest(request);
      const body = { content: rows, number: page - 1, size, numberOfElements: rows.length };
      return { body: { ...body, first: page === 1, last: page === pages, empty: rows.length === 0 } };
    },
    { total: false, cursor: false, pageCount: false, sort: true },
  ],
  [
    // https://docs.spring.io/spring-data/rest/reference/paging-and-sorting.html and Spring HATEOAS's PagedModel:
    // `_embedded`, `_links` (`first`, `prev`, `self`, `next`, `last`), `page`
    'Spring HATEOAS PagedModel (HAL)',
    presets.springData.page,
    (request) => {
      const { rows, page, size, total, pages } = springRequest(request);
      const next = page < pages ? { next: { href: link(request, { page: String(page) }) } } : {};
      const last = { last: { href: link(request, { page: String(pages - 1) }) } };
      return {
        body: {
          _embedded: { rows },
          _links: {
            first: { href: link(request, { page: '0' }) },
            self: { href: link(request, {}) },
            ...next,
            ...last,
          },
          page: { size, totalElements: total, totalPages: pages, number: page - 1 },
        },
      };
    },
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // https://laravel.com/docs/eloquent-resources#pagination and laravel/framework
    // src/Illuminate/Http/Resources/Json/PaginatedResourceResponse.php (`paginationInformation`: data, links, meta)
    'Laravel paginate()',
    presets.laravel.lengthAware,
    laravelLengthAware,
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // laravel/framework src/Illuminate/Pagination/Paginator.php (`toArray`), through the same resource response
    'Laravel simplePaginate()',
    presets.laravel.simple,
    laravelSimple,
    { total: false, cursor: false, pageCount: false, sort: true },
  ],
  [
    // https://laravel.com/docs/pagination#cursor-pagination and laravel/framework
    // src/Illuminate/Pagination/CursorPaginator.php (`toArray`: next_cursor, prev_cursor, next_page_url) and
    // AbstractCursorPaginator.php (`url`: the path and `cursor` only, unless the controller adds `withQueryString()`)
    'Laravel cursorPaginate()',
    presets.laravel.cursor,
    laravelCursor,
    { total: false, cursor: true, pageCount: false, sort: true },
  ],
  [
    // https://ddnexus.github.io/pagy/toolbox/helpers/headers_hash/: `link`, `current-page`, `page-limit`,
    // `total-pages`, `total-count`; the client's size as the `limit` parameter (Pagy 9 renamed `items` to `limit`)
    'Rails with Pagy headers',
    presets.rails.pagy,
    (request) => {
      const { rows, page, size, total, pages } = numbered(request, 'limit');
      const headers = {
        link: linkHeader(request, page, pages, 'previous'),
        'current-page': String(page),
        'page-limit': String(size),
        'total-pages': String(pages),
        'total-count': String(total),
      };
      return { body: rows, headers };
    },
    { total: true, cursor: false, pageCount: true, sort: false },
  ],
  [
    // https://github.com/davidcelis/api-pagination (README: `Link`, `Total`, `Per-Page`; `page` and `per_page`)
    'Rails with Kaminari and api-pagination',
    presets.rails.kaminari,
    (request) => {
      const { rows, page, size, total, pages } = numbered(request, 'per_page');
      return {
        body: rows,
        headers: { Link: linkHeader(request, page, pages), Total: String(total), 'Per-Page': String(size) },
      };
    },
    { total: true, cursor: false, pageCount: true, sort: false },
  ],
  [
    // https://docs.strapi.io/cms/api/rest/sort-pagination: `pagination[page]`, `pagination[pageSize]`,
    // `sort=name:desc`, `meta.pagination` `{ page, pageSize, pageCount, total }`
    'Strapi',
    presets.strapi.page,
    (request) => {
      const desc = request.query.get('sort') === 'name:desc';
      const { rows, page, size, total, pages } = numbered(request, 'pagination[pageSize]', 'pagination[page]', 1, desc);
      return { body: { data: rows, meta: { pagination: { page, pageSize: size, pageCount: pages, total } } } };
    },
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // https://docs.stripe.com/api/pagination: `limit`, `starting_after` (an object id), a list object
    // `{ object: 'list', url, has_more, data }`; no sort parameter
    'Stripe',
    presets.stripe.list,
    (request) => {
      const size = int(request.query, 'limit', 10);
      const after = request.query.get('starting_after');
      const from = after === null ? 0 : ROWS.findIndex((row) => row.id === after) + 1;
      const data = ROWS.slice(from, from + size);
      return { body: { object: 'list', url: request.path, has_more: from + size < ROWS.length, data } };
    },
    { total: false, cursor: true, pageCount: false, sort: false },
  ],
  [
    // https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api: `page`, `per_page` (at
    // most 100), the `Link` header's `prev`, `next`, `last`, `first`; `sort` and `direction` (e.g. list repositories)
    'GitHub',
    presets.github.page,
    (request) => {
      const desc = request.query.get('sort') === 'name' && request.query.get('direction') === 'desc';
      const { rows, page, pages } = numbered(request, 'per_page', 'page', 1, desc);
      return { body: rows, headers: { Link: linkHeader(request, page, pages) } };
    },
    { total: false, cursor: false, pageCount: true, sort: true },
  ],
  [
    // https://google.aip.dev/158 (`page_size`, `page_token`, `next_page_token`, empty on the last page; JSON names
    // `pageSize`, `pageToken`, `nextPageToken`), https://google.aip.dev/132 (`order_by`, `orderBy` in JSON),
    // https://protobuf.dev/programming-guides/json/ (a field at its default value, an empty string, is omitted)
    'Google AIP-158',
    presets.google.aip158,
    (request) => {
      const size = int(request.query, 'pageSize', 50);
      const offset = decode(request.query.get('pageToken'));
      const rows = sorted(request.query.get('orderBy') === 'name desc').slice(offset, offset + size);
      const more = offset + size < ROWS.length;
      // The last page's token is empty, which proto3's JSON mapping leaves out of the body.
      return { body: more ? { rows, nextPageToken: encode(offset + size) } : { rows } };
    },
    { total: false, cursor: true, pageCount: false, sort: true },
  ],
  [
    // https://docs.postgrest.org/en/stable/references/api/pagination_count.html: `limit`/`offset`, `order=name.desc`,
    // the rows as an array, `Content-Range: 0-9/45` for `Prefer: count=exact` (test/helpers/postgrestFake.ts)
    'PostgREST (count=exact)',
    presets.postgrest.exact,
    (request) => postgrestRead(POSTGREST_TABLE, request),
    { total: true, cursor: false, pageCount: true, sort: true },
  ],
  [
    // The same page, `Prefer: count=planned`: the planner's figure after the `/`, never said to be exact
    'PostgREST (count=planned)',
    presets.postgrest.planned,
    (request) => postgrestRead(POSTGREST_TABLE, request),
    { total: false, cursor: false, pageCount: false, sort: true },
  ],
];
