/**
 * A page's cursor in a URL, beside its page number: `?page=3&cursor=…&cursorParam=…`, so a reload or a shared link
 * asks the service for the same rows with one request. Read on the server (to prefetch) and in the browser alike.
 */
import type { ListCursor } from './cursorPages';
import { MAX_CURSOR_LENGTH } from '../client/internal';
import { QUERY_NAME } from '../shared/listEndpoints';

/** Search parameters as `URLSearchParams` or as a framework's record (Next.js `searchParams`). */
export type SearchParamsLike = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

const one = (params: SearchParamsLike, name: string): string | undefined => {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The cursor a URL carries for `page` (1-based), for the `cursor` option of `useShares` and `sharesQueryOptions`;
 * undefined on page 1 and when the URL carries none, or one no service could have given (too long, an odd parameter
 * name), so a hand-edited link falls back to walking to the page.
 */
export function readUrlCursor(params: SearchParamsLike, page: number): ListCursor | undefined {
  const cursor = one(params, 'cursor');
  const cursorParam = one(params, 'cursorParam');
  if (page <= 1 || !cursor || cursor.length > MAX_CURSOR_LENGTH) return undefined;
  if (cursorParam !== undefined && !QUERY_NAME.test(cursorParam)) return undefined;
  return { page, cursor, ...(cursorParam === undefined ? {} : { cursorParam }) };
}

/**
 * `params` with `cursor` written as `cursor` and `cursorParam` (or both removed when `cursor` is undefined or leads
 * to another page than `page`): call it with a result's `cursor` once its page is on screen.
 */
export function writeUrlCursor(params: URLSearchParams, cursor: ListCursor | undefined, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('cursor');
  next.delete('cursorParam');
  if (cursor && cursor.page === page && page > 1) {
    next.set('cursor', cursor.cursor);
    if (cursor.cursorParam !== undefined) next.set('cursorParam', cursor.cursorParam);
  }
  return next;
}
