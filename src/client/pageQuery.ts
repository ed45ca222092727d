/**
 * How a page is asked for on the wire: by its number (`serializePage`), by a token cursor (a query parameter) or by a
 * URL cursor (requested as it stands, only under the client's base address, so a cursor cannot send the credentials
 * elsewhere).
 */
import { invalidArgument } from '../shared/assert';
import { toWirePage } from '../shared/paging';
import type { PageRequest, SerializePage } from './types';

/** The query parameter a token cursor goes out as when nothing else says. */
export const DEFAULT_CURSOR_PARAM = 'cursor';

/** Longest cursor accepted: next-page URLs and page tokens are far shorter; a longer one is not a cursor. */
export const MAX_CURSOR_LENGTH = 4096;

/**
 * The service's own paging: the wire's zero-based `page` and `size`; a token cursor in place of the number. The one
 * place a page asked for by the client becomes the wire's number.
 */
export const springPage: SerializePage = ({ page, size, cursor, cursorParam }) =>
  cursor === undefined ? { page: toWirePage(page), size } : { [cursorParam]: cursor, size };

/** Whether a cursor is a next-page URL (as `parsePage` makes them: absolute) rather than a token. */
export const isUrlCursor = (cursor: string): boolean => /^https?:\/\//i.test(cursor);

/**
 * The query parameters `serialize` makes of `request`, as pairs; the token cursor added under its parameter when the
 * serializer left it out. Throws the argument error for `serializePage` when the result is not parameters.
 */
export function pageQuery(serialize: SerializePage, request: PageRequest): Array<[string, string]> {
  const pairs = serialized(serialize, request);
  const { cursor, cursorParam } = request;
  if (cursor === undefined) return pairs;
  // Written when the parameters differ from those of the same page without it: a cursor equal to another value
  // (a Stripe row id `10` beside `limit=10`) is not mistaken for it.
  const without = new Set(serialized(serialize, { ...request, cursor: undefined }).map((pair) => pair.join('=')));
  if (pairs.every((pair) => without.has(pair.join('=')))) pairs.unshift([cursorParam, cursor]);
  return pairs;
}

/** `serialize(request)` as pairs, values given as `undefined` or `null` left out. */
function serialized(serialize: SerializePage, request: PageRequest): Array<[string, string]> {
  const result = serialize(request);
  if (typeof result !== 'object' || result === null) throw invalidArgument('serializePage', 'must return parameters');
  const entries: Iterable<readonly [string, unknown]> =
    Symbol.iterator in result ? (result as Iterable<readonly [string, string]>) : Object.entries(result);
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of entries) {
    if (value !== undefined && value !== null) pairs.push([String(name), String(value)]);
  }
  return pairs;
}

/**
 * `cursor` as the URL to request, when it lies under `base` (an absolute base address without a trailing slash): the
 * same origin, a path at or below the base path, no credentials, and no encoded slash, backslash or dot segment
 * that a server could read as a way out. Throws the argument error for `cursor` otherwise; never echoes it.
 */
export function cursorUrl(cursor: string, base: string): string {
  const refuse = () => invalidArgument('cursor', "must be a URL under the client's baseUrl, or a token");
  let url: URL;
  let root: URL;
  try {
    url = new URL(cursor);
    root = new URL(base);
  } catch {
    throw refuse();
  }
  const rawPath = cursor.replace(/^[a-z][\w+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0]!;
  if (
    url.origin !== root.origin ||
    url.username ||
    url.password ||
    url.hash ||
    /%2f|%5c|%2e|\\/i.test(rawPath) ||
    /(^|\/)\.\.?(\/|$)/.test(rawPath) ||
    !(url.pathname === root.pathname || url.pathname.startsWith(`${root.pathname.replace(/\/$/, '')}/`))
  ) {
    throw refuse();
  }
  return url.href;
}

/**
 * Which query parameter each token cursor this client was given goes out as, so a cursor passed back on its own
 * still goes out as its service takes it. Bounded: the oldest are forgotten (they then go out as the default).
 */
export function createCursorMemory(limit = 512): {
  remember(cursor: string, param: string): void;
  recall(cursor: string): string | undefined;
} {
  const params = new Map<string, string>();
  return {
    remember(cursor, param) {
      params.delete(cursor);
      params.set(cursor, param);
      if (params.size > limit) params.delete(params.keys().next().value!);
    },
    recall: (cursor) => params.get(cursor),
  };
}
