/**
 * One line per back-end: the options that page, sort and read a list as that back-end does, spread into
 * `createApiClient`. Each is plain data built from the client's own options (`serializePage`, `serializeSort`,
 * `parsePage`, `route`), so an app overrides any of them after the spread.
 */
import { parsePage } from './parsePage';
import type { ApiClientOptions } from './createApiClient';
import type { Page, ParsePage, SerializeSort } from './types';
import { ResponseShapeError } from './errors/ResponseShapeError';

/** The options a preset sets. */
export type ClientPreset = Readonly<
  Pick<ApiClientOptions, 'serializePage' | 'serializeSort' | 'parsePage' | 'route' | 'cursorParam'>
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

/** The presets, by back-end and paging style. */
export const presets = {
  /** Django REST Framework, behind a router's default trailing slash; filters as django-filter reads them. */
  djangoRest: {
    /** `PageNumberPagination` with `page_size_query_param = 'page_size'`: `?page=2&page_size=20`, reads `{ count, next, previous, results }`. */
    pageNumber: {
      route: '/{resource}/',
      serializePage: ({ page, size }) => ({ page, page_size: size }),
      serializeSort: drfOrdering,
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
} as const satisfies Readonly<Record<string, Readonly<Record<string, ClientPreset>>>>;
