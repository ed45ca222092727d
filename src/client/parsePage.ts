import { ResponseShapeError } from './errors/ResponseShapeError';
import type { Page, ParsePageContext } from './types';
import { fromWirePage, isDigits, isWireInteger, pageCountOf, toWirePage } from '../shared/paging';
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
 * - `{ items | data | results, nextPageToken | next_page_token | nextCursor | next_cursor }` (a token, or none at the end)
 * - HAL `_links.next.href`, JSON:API `links.next`
 * - an RFC 8288 `Link` header with `rel="next"` (and `rel="last"`, whose zero-based `page` parameter gives the page count)
 * - a Stripe list, `{ object: 'list', data, has_more }`
 * - a plain array alone: a guess, `hasNext` when a full page came back
 *
 * The rows are the first of `content`, `items`, `data` and `results` that is a list (else `_embedded`'s); the total is
 * `totalElements` (of the page metadata) before `total` and `count`, which may count only this page's rows.
 * Counts may be numbers or numeric strings. Rows with no word of a next page are the last page when they were asked
 * for by cursor or fill less than a page. Anything else throws a `ResponseShapeError` listing the keys it saw.
 *
 * `nextCursor` is the way to the next page when the response gives one other than the page number: a next-page URL
 * (made absolute; one that only moves the integer parameters a page-number request sent is number paging, and left
 * out), a body token, or a Stripe list's last row `id`.
 */
export function parsePage<T = unknown>(body: unknown, context: ParsePageContext): Page<T> {
  const { response, page, size, url, cursor } = context;
  let items: unknown;
  let total: number | undefined;
  let hasNext: boolean | undefined;
  let pageCount: number | undefined;
  let estimate: number | undefined;
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
      items ??= embeddedRows(body._embedded, named);
    } else if ('content' in body) meta = body;
    // HAL without page metadata (a list paged by its `next` link): the rows are the embedded list.
    else if (isObject(body._embedded)) items ??= Object.values(body._embedded).find(Array.isArray);
    // The page metadata's total first: beside it, `count` is often this page's row count.
    total = count(meta.totalElements) ?? count(body.total) ?? count(body.count);
    estimate = count(body.totalEstimate) ?? count(body.estimatedTotal);
    hasNext = bodySaysNext(body, meta);
  }
  const links = parseLinkHeader(response.headers.get('link'));
  // A Link header with paging relations: GitHub's last page has `prev` (and `first`) but no `next` and no `last`.
  if (hasNext === undefined && (links.next || links.prev || links.first || links.last)) {
    hasNext = !!links.next;
    pageCount = lastPageCount(links.last, url);
  }
  const way = nextWay(body, links.next, url);
  if (hasNext === undefined && way.said) hasNext = way.next !== undefined;
  const pageSize = count(meta.size) || size;
  // The service's own number (the wire's, zero-based) when it says one, else the page asked for.
  const shown = fromWirePage(count(meta.number) ?? toWirePage(page));
  if (total !== undefined) {
    pageCount = pageCountOf(total, pageSize);
    // A page reached by a next link or token numbers the walk, not the service's pages: when the service served
    // another size than asked, the count at the asked size misjudges the end, and its own word does not.
    if (cursor === undefined || hasNext === undefined) hasNext = shown < pageCount;
  } else hasNext ??= guessHasNext(body, items, response, cursor, pageSize);
  if (!Array.isArray(items) || hasNext === undefined) throw unknownShape(body, url);
  const result: Page<T> = {
    items: items as T[],
    total,
    page: shown,
    pageSize,
    pageCount,
    hasNext,
    hasPrevious: shown > 1 || cursor !== undefined,
  };
  if (total === undefined && estimate !== undefined) result.totalEstimate = estimate;
  // A next-page URL that only moves the numbers this request sent is number paging, which the page number does.
  if (hasNext && way.next !== undefined && !(way.url && cursor === undefined && movesOnlyNumbers(way.next, url))) {
    result.nextCursor = way.next;
    if (way.param) result.cursorParam = way.param;
  }
  return result;
}

/** The error for a body of no known page shape, listing the keys it has. */
function unknownShape(body: unknown, url: string): ResponseShapeError {
  const keys = isObject(body) ? Object.keys(body) : [];
  return new ResponseShapeError(`returned a body that is not a known page shape (keys: ${keys.join(', ') || 'none'})`, {
    method: 'GET',
    url,
    keys,
  });
}

/**
 * The rows of a body with Spring's page metadata, when none of its `named` list fields holds them: HAL's
 * `embedded` list. Spring HAL leaves `_embedded` out of an empty page; other servers send `{}`. Both mean no rows,
 * unless the rows were sent under another name (then they must be a list).
 */
function embeddedRows(embedded: unknown, named: unknown[]): unknown {
  const lists = isObject(embedded) ? Object.values(embedded) : embedded === undefined ? [] : [0];
  return lists.length || named.some((value) => value != null) ? lists.find(Array.isArray) : [];
}

/** What the body says about a next page, for when it has no total: Slice's `last`, a has-more flag, a `next` URL. */
function bodySaysNext(body: Json, meta: Json): boolean | undefined {
  const { next } = body;
  const more = body.has_more ?? body.hasMore;
  if (typeof meta.last === 'boolean') return !meta.last;
  if (typeof more === 'boolean') return more;
  return next === null || typeof next === 'string' ? !!next : undefined;
}

/** The page count a `Link` header's `rel="last"` gives: the wire's `page` is zero-based, so its index + 1. */
function lastPageCount(last: string | undefined, url: string): number | undefined {
  try {
    // The last page's wire number (zero-based) read as a page counting from 1: the page count.
    const wire = last === undefined ? undefined : count(new URL(last, url).searchParams.get('page'));
    return wire === undefined ? undefined : fromWirePage(wire);
  } catch {
    // Not a URL: the page count stays unknown.
    return undefined;
  }
}

/**
 * Whether more follows when nothing says so, or undefined when not even a guess fits. A full bare array suggests so
 * (README: a guess; pass `parsePage` to know better); asked for by cursor, the missing next link says it: the end.
 */
function guessHasNext(
  body: unknown,
  items: unknown,
  response: Response,
  cursor: string | undefined,
  pageSize: number,
): boolean | undefined {
  // Exactly full: more rows than asked is a service that ignored the size, most likely sending its whole list.
  if (Array.isArray(body) && cursor === undefined) return (items as unknown[]).length === pageSize;
  if (!Array.isArray(items)) return undefined;
  // Rows and no word of a next page: the last page of a list paged by cursor (Google leaves the token out there),
  // or a short page, which no service follows with more.
  if (cursor !== undefined || items.length < pageSize) return false;
  // A full page of `items`, `data` or `results` alone (Spring's `content` always has its metadata): a token list
  // whose last page is full leaves its token out, so guess as for a bare array; the next page's answer tells (the
  // hooks see a service that ignores `page` answer page 1 again).
  const alone = isObject(body) && Object.keys(body).length === 1 && !('content' in body);
  return alone && !response.headers.has('link') ? true : undefined;
}

/** What a response says of the way to its next page: a URL, a token (and the parameter its style takes it as). */
interface NextWay {
  /** The URL (absolute) or token; undefined when the response names none. */
  next?: string | undefined;
  /** Whether `next` is a URL. */
  url?: boolean;
  /** The query parameter the token goes out as, where the style says. */
  param?: string;
  /** Whether the response has a field for the next page at all (so its absence means the end). */
  said?: boolean;
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The way to the next page a response gives other than its number, in order: a Stripe list's last row, a token in
 * the body, a body `next`, HAL's `_links.next.href`, JSON:API's `links.next`, a `Link` header `rel="next"`.
 */
function nextWay(body: unknown, linkNext: string | undefined, url: string): NextWay {
  const absolute = (target: string): NextWay => {
    try {
      return { next: new URL(target, url).href, url: true, said: true };
    } catch {
      return { said: true };
    }
  };
  if (isObject(body)) {
    if (body.object === 'list' && Array.isArray(body.data)) {
      const last = body.data.at(-1) as Json | undefined;
      const id = isObject(last) && (typeof last.id === 'string' || typeof last.id === 'number') ? last.id : undefined;
      return { next: body.has_more === true && id !== undefined ? String(id) : undefined, param: 'starting_after' };
    }
    for (const [name, param] of TOKEN_FIELDS) {
      if (name in body) return { next: nonEmpty(body[name]), param, said: true };
    }
    const { next } = body;
    if (typeof next === 'string' && next) return /^(https?:|\/|\?)/i.test(next) ? absolute(next) : { next, said: true };
    const hal = isObject(body._links) ? body._links : undefined;
    const jsonApi = isObject(body.links) ? body.links : undefined;
    for (const relations of [hal, jsonApi]) {
      if (!relations) continue;
      const target = relations.next;
      const href = nonEmpty(isObject(target) ? target.href : target);
      if (href) return absolute(href);
      // Links without a next one: a last page, when the links are the paging ones.
      if (relations.self !== undefined || relations.prev !== undefined || relations.first !== undefined)
        return { said: true };
    }
  }
  return linkNext ? absolute(linkNext) : {};
}

/** Body fields that hold a next-page token, with the query parameter each style takes it back as. */
const TOKEN_FIELDS: ReadonlyArray<readonly [string, string | undefined]> = [
  ['nextPageToken', 'pageToken'],
  ['next_page_token', 'pageToken'],
  ['nextCursor', undefined],
  ['next_cursor', undefined],
];

/** Each parameter's values joined by `,`, grouped in one pass (not a `getAll` per name: quadratic in many names). */
function joinedParams(url: string): Map<string, string> {
  const joined = new Map<string, string>();
  for (const [name, value] of new URL(url).searchParams) {
    const before = joined.get(name);
    joined.set(name, before === undefined ? value : `${before},${value}`);
  }
  return joined;
}

/** Whether `next` differs from `requested` only in integer parameters both carry (page, offset, start…). */
function movesOnlyNumbers(next: string, requested: string): boolean {
  try {
    const a = joinedParams(next);
    const b = joinedParams(requested);
    for (const name of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(name) ?? '';
      const y = b.get(name) ?? '';
      if (x !== y && !(a.has(name) && b.has(name) && isWireInteger(x) && isWireInteger(y))) return false;
    }
    return true;
  } catch {
    return false;
  }
}
