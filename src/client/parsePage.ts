import { ResponseShapeError } from './errors/ResponseShapeError';
import type { Page, ParsePageContext } from './types';
import { isDigits } from '../shared/paging';
import { parseLinkHeader } from './parseLinkHeader';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A count as a non-negative integer; numeric strings too, as serializers that write 64-bit longs as strings send them. */
const count = (value: unknown): number | undefined => {
  const number = isDigits(value) ? Number(value) : value;
  return Number.isSafeInteger(number) && (number as number) >= 0 ? (number as number) : undefined;
};

/**
 * The default `parsePage`: reads the page shapes such services return and normalizes them to a `Page`.
 *
 * With a total (then `pageCount` and `hasNext` follow from it):
 * - Spring Data `Page`: `{ content, totalElements, number, size, ... }`
 * - Spring `PagedModel`: `{ content, page: { size, number, totalElements, totalPages } }`
 * - HAL: `{ _embedded: { <any name>: [...] }, page: { ... } }` (no `_embedded`, or an empty one, means no rows,
 *   unless the rows are in `content`, `items`, `data` or `results` beside `page`)
 * - a plain array, with the total in the `X-Total-Count` header
 * - `{ items | data | results, total | count }`
 *
 * Without one (`total` undefined; `hasNext` from what the response says):
 * - Spring `Slice`: `{ content, last, number, size, ... }` (`hasNext = !last`)
 * - `{ items | data | results, has_more | hasMore }`
 * - `{ items | data | results, next }`, `next` a URL (or cursor) or null
 * - an RFC 8288 `Link` header with `rel="next"` (and `rel="last"`, whose zero-based `page` parameter gives the page count)
 * - a plain array alone: a guess, `hasNext` when a full page came back
 *
 * The rows are the first of `content`, `items`, `data` and `results` that is a list (else `_embedded`'s); the total is
 * `totalElements` (of the page metadata) before `total` and `count`, which may count only this page's rows.
 * Counts may be numbers or numeric strings. Anything else throws a `ResponseShapeError` listing the keys it saw.
 */
export function parsePage<T = unknown>(body: unknown, { response, page, size, url }: ParsePageContext): Page<T> {
  let items: unknown;
  let total: number | undefined;
  let hasNext: boolean | undefined;
  let pageCount: number | undefined;
  let meta: Json = {};
  if (Array.isArray(body)) {
    items = body;
    total = count(response.headers.get('x-total-count')?.trim());
  } else if (isObject(body)) {
    const named = [body.content, body.items, body.data, body.results];
    // The first that is a list: a `data` or `content` field of another kind must not hide the rows.
    items = named.find(Array.isArray);
    if (isObject(body.page)) {
      meta = body.page;
      const embedded = body._embedded;
      const lists = isObject(embedded) ? Object.values(embedded) : embedded === undefined ? [] : [0];
      // Spring HAL leaves `_embedded` out of an empty page; other servers send `{}`. Both mean no rows, unless
      // the rows were sent under another name (then they must be a list).
      items ??= lists.length || named.some((value) => value != null) ? lists.find(Array.isArray) : [];
    } else if ('content' in body) meta = body;
    // The page metadata's total first: beside it, `count` is often this page's row count.
    total = count(meta.totalElements) ?? count(body.total) ?? count(body.count);
    const { next } = body;
    const more = body.has_more ?? body.hasMore;
    // What the body says about a next page, for when it has no total: Slice's `last`, a has-more flag, a `next` URL.
    hasNext =
      typeof meta.last === 'boolean'
        ? !meta.last
        : typeof more === 'boolean'
          ? more
          : next === null || typeof next === 'string'
            ? !!next
            : undefined;
  }
  const links = parseLinkHeader(response.headers.get('link'));
  // A Link header with paging relations: GitHub's last page has `prev` (and `first`) but no `next` and no `last`.
  if (hasNext === undefined && (links.next || links.prev || links.first || links.last)) {
    hasNext = !!links.next;
    try {
      // The wire's `page` is zero-based: the last page's index + 1 pages.
      const last = links.last === undefined ? undefined : count(new URL(links.last, url).searchParams.get('page'));
      if (last !== undefined) pageCount = last + 1;
    } catch {
      // Not a URL: the page count stays unknown.
    }
  }
  const pageSize = count(meta.size) || size;
  const pageIndex = count(meta.number) ?? page;
  if (total !== undefined) {
    pageCount = Math.ceil(total / pageSize);
    hasNext = pageIndex + 1 < pageCount;
  } else if (hasNext === undefined && Array.isArray(body)) {
    // Nothing says whether more follows: a full page suggests so (README: a guess; pass `parsePage` to know better).
    hasNext = (items as unknown[]).length >= pageSize;
  }
  if (!Array.isArray(items) || hasNext === undefined) {
    const keys = isObject(body) ? Object.keys(body) : [];
    throw new ResponseShapeError(
      `returned a body that is not a known page shape (keys: ${keys.join(', ') || 'none'})`,
      { method: 'GET', url, keys },
    );
  }
  return { items: items as T[], total, pageIndex, pageSize, pageCount, hasNext, hasPrevious: pageIndex > 0 };
}
