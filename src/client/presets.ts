/**
 * One line per back-end: the options that page, sort and read a list as that back-end does, spread into
 * `createApiClient`. Each is plain data built from the client's own options (`serializePage`, `serializeSort`,
 * `parsePage`, `route`), so an app overrides any of them after the spread.
 */
import { parsePage } from './parsePage';
import type { ApiClientOptions } from './createApiClient';
import type { Page, ParsePage, ParsePageContext, SerializePage, SerializeSort } from './types';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { isDigits, pageCountOf } from '../shared/paging';
import { springPage } from './pageQuery';
import { springSort } from './listTarget';
import { parseLinkHeader } from './parseLinkHeader';

/** The options a preset sets. */
export type ClientPreset = Readonly<
  Pick<
    ApiClientOptions,
    'serializePage' | 'serializeSort' | 'parsePage' | 'route' | 'cursorParam' | 'headers' | 'pastEndStatus'
  >
>;

/** Django REST Framework's `OrderingFilter`: one `ordering` parameter, `-` before a descending field. */
const drfOrdering: SerializeSort = (sort) =>
  sort.length ? [['ordering', sort.map(({ id, desc }) => (desc ? `-${id}` : id)).join(',')]] : [];

/** json-server 1.x: one `_sort` parameter, `-` before a descending field. */
const jsonServerSort: SerializeSort = (sort) =>
  sort.length ? [['_sort', sort.map(({ id, desc }) => (desc ? `-${id}` : id)).join(',')]] : [];

/** json-server 0.17: `_sort` and `_order`, each a comma list in the same order. */
const jsonServerLegacySort: SerializeSort = (sort) =>
  sort.length
    ? [
        ['_sort', sort.map(({ id }) => id).join(',')],
        ['_order', sort.map(({ desc }) => (desc ? 'desc' : 'asc')).join(',')],
      ]
    : [];

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isPageNumber = (value: unknown): value is number | null => value === null || isCount(value);

/**
 * json-server 1.x's page, `{ first, prev, next, last, pages, items, data }`: `items` counts the rows, `data` holds
 * this page's. json-server answers a page past the end with the last page's rows: the page asked for then has none.
 */
const jsonServerPage: ParsePage = (body, { page, size, url }): Page<unknown> => {
  const { data, items, pages, prev, next } = (body ?? {}) as Record<string, unknown>;
  if (!(Array.isArray(data) && isCount(items) && isCount(pages) && isPageNumber(prev) && isPageNumber(next))) {
    const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
    throw new ResponseShapeError(`returned a body that is not a json-server page (keys: ${keys.join(', ')})`, {
      method: 'GET',
      url,
      keys,
    });
  }
  // The page json-server served: one after `prev`, or the first.
  const served = prev === null ? 1 : prev + 1;
  return {
    items: served === page ? data : [],
    total: items,
    page,
    pageSize: size,
    pageCount: Math.max(1, pages),
    hasNext: page < pages,
    hasPrevious: page > 1,
  };
};

/** A count, given as a number or digits (a header), else undefined. */
const countOf = (value: unknown): number | undefined => {
  const number = isDigits(value) ? Number(value) : value;
  return isCount(number) ? number : undefined;
};

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/**
 * The default `parsePage`, with the total where the back-end writes it (`read`): the page count and `hasNext` of a
 * page asked for by its number then follow from it, as for any counted list.
 */
const counted =
  (read: (body: unknown, context: ParsePageContext) => unknown): ParsePage =>
  (body, context) => {
    const total = countOf(read(body, context));
    // Beside an object's rows, where the default read looks for it; a bare array's total is filled in after.
    if (total !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body))
      return parsePage({ ...body, total }, context);
    const page = parsePage(body, context);
    if (total === undefined) return page;
    const pageCount = pageCountOf(total, page.pageSize);
    return { ...page, total, pageCount, hasNext: context.cursor === undefined ? page.page < pageCount : page.hasNext };
  };

/** A header's value. */
const header =
  (name: string) =>
  (_: unknown, { response }: ParsePageContext) =>
    response.headers.get(name)?.trim();

/** One `sort` parameter, `-` before a descending field (JSON:API, Spatie's query builder). */
const dashSort: SerializeSort = (sort) =>
  sort.length ? [['sort', sort.map(({ id, desc }) => (desc ? `-${id}` : id)).join(',')]] : [];

/**
 * GitHub's page: the default read, with the page count from `rel="last"`, whose `page` counts from 1 there (the
 * default reads a last link's `page` as the wire's zero-based number).
 */
const githubPage: ParsePage = (body, context) => {
  const page = parsePage(body, context);
  const { last } = parseLinkHeader(context.response.headers.get('link'));
  let pageCount: number | undefined;
  try {
    pageCount = last === undefined ? undefined : countOf(new URL(last, context.url).searchParams.get('page'));
  } catch {
    // Not a URL: the page count stays unknown.
  }
  // GitHub's last page has no `last` link: it is the page count itself.
  return { ...page, pageCount: pageCount ?? (page.hasNext ? undefined : page.page) };
};

/** Google's page, whose rows are under the resource's plural name (`{ books, nextPageToken }`): the first list field. */
const googlePage: ParsePage = (body, context) => {
  const rows = typeof body === 'object' && body !== null ? Object.values(body).find(Array.isArray) : undefined;
  return parsePage(rows === undefined ? body : { ...(body as object), items: rows }, context);
};

/**
 * Laravel's page, asked for by its number: `links.next` says whether a page follows, never how to ask for it. A
 * paginator's links keep only `page` unless the controller adds `->withQueryString()`, so following one would drop
 * `per_page` and the sort.
 */
const byNumber =
  (parse: ParsePage): ParsePage =>
  (body, context) =>
    withoutLink(parse(body, context));

/** The page with no `nextCursor`: the next page is asked for by its number. */
const withoutLink = (page: Page<unknown>): Page<unknown> => {
  const numbered = { ...page };
  delete numbered.nextCursor;
  return numbered;
};

/**
 * Laravel's cursor page: `meta.next_cursor`, a token sent as `cursor` beside `per_page` and the sort, rather than
 * `links.next`, which drops them unless the controller adds `->withQueryString()`.
 */
const laravelCursorPage: ParsePage = (body, context) => {
  const page = parsePage(body, context);
  const token = field(field(body, 'meta'), 'next_cursor');
  if (typeof token === 'string' && token !== '') return { ...page, nextCursor: token, hasNext: true };
  return { ...withoutLink(page), hasNext: false };
};

/** PostgREST's `order`: `<column>.asc|desc` per criterion, comma-separated. */
const postgrestOrder: SerializeSort = (sort) =>
  sort.length ? [['order', sort.map(({ id, desc }) => `${id}.${desc ? 'desc' : 'asc'}`).join(',')]] : [];

/** `limit` and `offset` query parameters. */
const limitOffset: SerializePage = ({ page, size }) => ({ limit: size, offset: (page - 1) * size });

/**
 * The count after the `/` of PostgREST's `Content-Range`: `0-9/45`, a `*` range past the end, a `*` count when none
 * was asked (then no count).
 */
const contentRangeCount = (_: unknown, { response }: ParsePageContext) =>
  response.headers.get('content-range')?.split('/')[1]?.trim();

/** PostgREST's page with a planner's figure for a count: `Page.totalEstimate`, as the response never says it is exact. */
const postgrestEstimate: ParsePage = (body, context) => {
  const page = parsePage(body, context);
  const estimate = countOf(contentRangeCount(body, context));
  return estimate === undefined ? page : { ...page, totalEstimate: estimate };
};

/**
 * PostgREST: a table at `/{table}`, `?limit=20&offset=20&order=name.desc,id.asc`, the rows as a JSON array and the
 * count in `Content-Range`, asked for by `Prefer: count=…`. Filters go out as written, the operator in the value
 * (`{ name: 'eq.Ada' }` sends `name=eq.Ada`).
 */
const postgrest = (count: 'exact' | 'planned' | 'estimated', parse: ParsePage) =>
  ({
    route: '/{resource}',
    headers: { Prefer: `count=${count}` },
    serializePage: limitOffset,
    serializeSort: postgrestOrder,
    parsePage: parse,
    // An offset beyond the count is refused: 416 Range Not Satisfiable.
    pastEndStatus: 416,
  }) as const;

/** The presets, by back-end and paging style. */
export const presets = {
  /** Django REST Framework, behind a router's default trailing slash; filters as django-filter reads them. */
  djangoRest: {
    /** `PageNumberPagination` with `page_size_query_param = 'page_size'`: `?page=2&page_size=20`, reads `{ count, next, previous, results }`; a page past the last is its 404 "Invalid page.". */
    pageNumber: {
      route: '/{resource}/',
      serializePage: ({ page, size }) => ({ page, page_size: size }),
      serializeSort: drfOrdering,
      pastEndStatus: 404,
    },
    /** `LimitOffsetPagination`: `?limit=20&offset=20`, reads `{ count, next, previous, results }`. */
    limitOffset: {
      route: '/{resource}/',
      serializePage: ({ page, size }) => ({ limit: size, offset: (page - 1) * size }),
      serializeSort: drfOrdering,
    },
    /** `CursorPagination` with `page_size_query_param = 'page_size'`: `?page_size=20`, then each `next` URL as given. */
    cursor: {
      route: '/{resource}/',
      serializePage: ({ size }) => ({ page_size: size }),
      serializeSort: drfOrdering,
    },
  },
  /** json-server, with no organization in the path. */
  jsonServer: {
    /** 0.17: `?_page=2&_limit=20&_sort=a&_order=asc`, reads the bare array and `X-Total-Count`. */
    v0: {
      route: '/{resource}',
      serializePage: ({ page, size }) => ({ _page: page, _limit: size }),
      serializeSort: jsonServerLegacySort,
      parsePage,
    },
    /** 1.x: `?_page=2&_per_page=20&_sort=-a`, reads `{ first, prev, next, last, pages, items, data }`. */
    v1: {
      route: '/{resource}',
      serializePage: ({ page, size }) => ({ _page: page, _per_page: size }),
      serializeSort: jsonServerSort,
      parsePage: jsonServerPage,
    },
  },
  /** Spring Data's `Pageable`: the client's own default (zero-based `page`, `size`, `sort=<field>,asc|desc`). */
  springData: {
    /** `Page`, `Slice` (`last` for `hasNext`) and HAL `PagedModel` (`_embedded`, `page`) alike. */
    page: { serializePage: springPage, serializeSort: springSort },
  },
  /** Laravel's paginators as API resources render them; `per_page` read by the controller, sort as Spatie's query builder reads it. */
  laravel: {
    /** `paginate()`: `{ data, links, meta: { current_page, last_page, per_page, total } }`. */
    lengthAware: {
      serializePage: ({ page, size }) => ({ page, per_page: size }),
      serializeSort: dashSort,
      parsePage: byNumber(counted((body) => field(field(body, 'meta'), 'total'))),
    },
    /** `simplePaginate()`: `{ data, links: { next }, meta }`, no total. */
    simple: {
      serializePage: ({ page, size }) => ({ page, per_page: size }),
      serializeSort: dashSort,
      parsePage: byNumber(parsePage),
    },
    /** `cursorPaginate()`: `{ data, links: { next }, meta: { next_cursor } }`; `cursor=<next_cursor>` beside `per_page`. */
    cursor: {
      serializePage: ({ size }) => ({ per_page: size }),
      serializeSort: dashSort,
      parsePage: laravelCursorPage,
      cursorParam: 'cursor',
    },
  },
  /** Rails JSON arrays with the paging in headers; `page` from 1. */
  rails: {
    /** Pagy's headers extra: `?page=2&limit=20`, reads `Total-Count` (and `Link`). */
    pagy: {
      serializePage: ({ page, size }) => ({ page, limit: size }),
      parsePage: counted(header('total-count')),
    },
    /** Kaminari with api-pagination: `?page=2&per_page=20`, reads `Total` (and `Link`). */
    kaminari: {
      serializePage: ({ page, size }) => ({ page, per_page: size }),
      parsePage: counted(header('total')),
    },
  },
  /** Strapi's REST API: `pagination[page]`, `pagination[pageSize]`, `sort=field:desc`; reads `meta.pagination.total`. */
  strapi: {
    page: {
      serializePage: ({ page, size }) => ({ 'pagination[page]': page, 'pagination[pageSize]': size }),
      serializeSort: (sort) =>
        sort.length ? [['sort', sort.map(({ id, desc }) => `${id}:${desc ? 'desc' : 'asc'}`).join(',')]] : [],
      parsePage: counted((body) => field(field(field(body, 'meta'), 'pagination'), 'total')),
    },
  },
  /** Stripe's lists: `?limit=20`, then `starting_after=<last id>` while `has_more`. */
  stripe: { list: { serializePage: ({ size }) => ({ limit: size }), serializeSort: () => [] } },
  /** GitHub's REST API: `?page=2&per_page=20`, `sort` and `direction` (first criterion), `Link` header paging. */
  github: {
    page: {
      serializePage: ({ page, size }) => ({ page, per_page: size }),
      serializeSort: (sort) =>
        sort.length
          ? [
              ['sort', sort[0]!.id],
              ['direction', sort[0]!.desc ? 'desc' : 'asc'],
            ]
          : [],
      parsePage: githubPage,
    },
  },
  /** PostgREST (and Supabase's REST API), by the count asked for. */
  postgrest: {
    /** `Prefer: count=exact`: `Content-Range: 0-9/45` read as `total`. */
    exact: postgrest('exact', counted(contentRangeCount)),
    /** `Prefer: count=planned`: the planner's figure, as `totalEstimate`. */
    planned: postgrest('planned', postgrestEstimate),
    /** `Prefer: count=estimated`: exact up to `db-max-rows`, planned past it; as `totalEstimate`, since it may be either. */
    estimated: postgrest('estimated', postgrestEstimate),
  },
  /** Google AIP-158 and AIP-132: `pageSize`, `pageToken` from `nextPageToken`, `orderBy=name desc,id`. */
  google: {
    aip158: {
      serializePage: ({ size }) => ({ pageSize: size }),
      serializeSort: (sort) =>
        sort.length ? [['orderBy', sort.map(({ id, desc }) => (desc ? `${id} desc` : id)).join(',')]] : [],
      parsePage: googlePage,
    },
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, ClientPreset>>>>;
