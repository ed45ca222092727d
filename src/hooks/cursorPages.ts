/**
 * Page numbers over a list the service pages by cursor. The cursor map is the query cache itself: page n's way in is
 * page n−1's `nextCursor`, or the `requestedBy` page n was last fetched with, so the map hydrates, refetches and is
 * garbage-collected with the pages, and two components on one listing share it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isInvalidArgumentError, type Page } from '../client/index';
import type { PageCursor } from '../client/internal';
import { isUrlCursor } from '../client/internal';

/** A cursor that leads to a page, as a URL or a server render carries it beside the page's number. */
export interface ListCursor extends PageCursor {
  /** The 1-based page the cursor leads to. */
  page: number;
}

/** What a paged query needs to reach its page: the listing's cached pages and a way to ask for one. */
export interface PageWalk<T> {
  queryClient: QueryClient;
  /** The key of a page of this listing by its 1-based number. */
  keyOf: (page: number) => readonly unknown[];
  /** Asks the service for a 1-based page, by its number or by a cursor. */
  fetch: (page: number, signal: AbortSignal, cursor?: PageCursor) => Promise<Page<T>>;
  /**
   * The page past the end of the list, made without a request: asking a service that ignores `page` by number would
   * answer with the first page's rows, which must never show under another page's number.
   */
  end: (page: number) => Page<T>;
  /** A cursor from outside the cache (a URL, a server render), used for its own page only. */
  given?: ListCursor | undefined;
}

/** Whether a page came by cursor or points to the next one by cursor: its listing pages by cursor. */
export const pagedByCursor = (page: Page<unknown> | undefined): boolean =>
  page !== undefined && (page.nextCursor !== undefined || page.requestedBy !== undefined);

/** `page`'s way to the next page, as a cursor. */
const nextOf = (page: Page<unknown>): PageCursor => ({
  cursor: page.nextCursor!,
  ...(page.cursorParam === undefined ? {} : { cursorParam: page.cursorParam }),
});

/**
 * Page `page` (1-based) of a listing: by number when the listing pages by number (as before cursors existed); by
 * the cursor that leads to it when the cache or `given` knows one; else by walking from the highest page whose
 * `nextCursor` is known, one request per page in order, each page written to the cache as it comes (so a move back
 * costs nothing) and the walk aborted with `signal` when the user moves on. A listing the cache has not seen yet is
 * asked by number first; an answer that pages by cursor is then not trusted as page `page` and the walk starts. Nor
 * is the answer to a cursor the service ignored (see `ignoredCursor`): a link never shows page 1's rows as page n.
 */
export async function fetchListPage<T>(walk: PageWalk<T>, page: number, signal: AbortSignal) {
  const { queryClient, keyOf, fetch, given } = walk;
  const cached = (n: number) => queryClient.getQueryData<Page<T>>(keyOf(n));
  if (page === 1) return fetch(1, signal);
  const previous = cached(page - 1);
  if (previous?.nextCursor !== undefined) return orAfresh(walk, page, signal, fetch(page, signal, nextOf(previous)));
  // A page that came by cursor and gives none leads nowhere, whatever it guessed of a next page.
  if (previous && pagedByCursor(previous)) return walk.end(page);
  const own = cached(page)?.requestedBy ?? (given?.page === page ? given : undefined);
  // Set when the cursor's answer was not this page: the listing pages by cursor all the same, so it is walked.
  let misled = false;
  if (own && !previous) {
    try {
      const answer = await fetch(page, signal, { cursor: own.cursor, cursorParam: own.cursorParam });
      if (!ignoredCursor(answer) && !echoesFirstPage(answer, cached(1))) return answer;
      misled = true;
    } catch (error) {
      // A link's cursor the client refuses (not under its base address): the walk finds the page instead.
      if (!isInvalidArgumentError(error)) throw error;
    }
  }
  if (previous || (!misled && !listingPagesByCursor(walk, page))) {
    const answer = await fetch(page, signal);
    if (!pagedByCursor(answer)) return echoesFirstPage(answer, cached(1)) ? walk.end(page) : answer;
  }
  return orAfresh(walk, page, signal, walkTo(walk, page, signal));
}

/**
 * `asked`, or, when this client refuses a cached page's cursor (a URL under another base address: pages a server's
 * client prefetched straight from the service, read by a browser client behind the proxy), the walk from page 1 again
 * with this client's own cursors, each page written over the cache.
 */
async function orAfresh<T>(walk: PageWalk<T>, page: number, signal: AbortSignal, asked: Promise<Page<T>>) {
  try {
    return await asked;
  } catch (error) {
    if (!(isInvalidArgumentError(error) && error.argument === 'cursor')) throw error;
  }
  const { queryClient, keyOf, fetch } = walk;
  let from = await fetch(1, signal);
  queryClient.setQueryData(keyOf(1), from);
  for (let at = 2; at < page; at++) {
    if (from.nextCursor === undefined) return walk.end(page);
    from = await fetch(at, signal, nextOf(from));
    queryClient.setQueryData(keyOf(at), from);
  }
  return from.nextCursor === undefined ? walk.end(page) : fetch(page, signal, nextOf(from));
}

/**
 * Whether `answer`, asked for with a token cursor, leads on by another query parameter than the one the cursor went
 * out as: the service read no cursor there and answered from its first page (a link whose `cursorParam` was lost or
 * edited), so the answer is no page of this number. A service pages by one parameter, so the two agree otherwise.
 */
function ignoredCursor(answer: Page<unknown>): boolean {
  const sent = answer.requestedBy?.cursorParam;
  const next = answer.nextCursor;
  if (sent === undefined || next === undefined) return false;
  if (isUrlCursor(next)) return !new URL(next).searchParams.has(sent);
  return answer.cursorParam !== undefined && answer.cursorParam !== sent;
}

/** Whether any cached page of the listing came or leads on by cursor. */
function listingPagesByCursor<T>({ queryClient, keyOf }: PageWalk<T>, page: number): boolean {
  const prefix = keyOf(page).slice(0, -1);
  return queryClient
    .getQueriesData<Page<T>>({ queryKey: prefix, predicate: ({ queryKey }) => typeof queryKey.at(-1) === 'number' })
    .some(([, data]) => pagedByCursor(data));
}

/** Follows `nextCursor` from the highest cached page that has one (else from page 1) to `page`. */
async function walkTo<T>(walk: PageWalk<T>, page: number, signal: AbortSignal): Promise<Page<T>> {
  const { queryClient, keyOf, fetch } = walk;
  let at = page - 1;
  let from: Page<T> | undefined;
  for (; at >= 1; at--) {
    from = queryClient.getQueryData<Page<T>>(keyOf(at));
    if (from?.nextCursor !== undefined) break;
    // A cached last page before `page`: nothing lies between, nothing to ask.
    if (from && !from.hasNext) return walk.end(page);
  }
  if (at < 1) {
    at = 1;
    from = await fetch(1, signal);
    queryClient.setQueryData(keyOf(1), from);
  }
  while (at < page - 1) {
    if (from!.nextCursor === undefined) return walk.end(page);
    from = await fetch(++at, signal, nextOf(from!));
    queryClient.setQueryData(keyOf(at), from);
  }
  return from!.nextCursor === undefined ? walk.end(page) : fetch(page, signal, nextOf(from!));
}

/**
 * Whether `answer`, asked for by a number past 1, opens with the first page's first row: the service ignores `page`
 * (it pages by cursor, or has a single page whose fullness made a guess of more), so no such page exists.
 */
export function echoesFirstPage(answer: Page<unknown>, first: Page<unknown> | undefined): boolean {
  const row = first?.items[0];
  return row !== undefined && answer.items.length > 0 && JSON.stringify(answer.items[0]) === JSON.stringify(row);
}

/**
 * Page `page` of a "load more" list asked for by its number, after page 1 guessed that more follows. A service that
 * ignores `page` answers with page 1 again: when that answer ends where the held page 1 ends and gives a cursor,
 * page 2 follows it (so a row added since is not skipped); otherwise the list has ended.
 */
export async function fetchNumberedPage<T>(
  { fetch, end }: Pick<PageWalk<T>, 'fetch' | 'end'>,
  page: number,
  signal: AbortSignal,
  first: Page<T> | undefined,
): Promise<Page<T>> {
  const answer = await fetch(page, signal);
  if (page === 1 || !echoesFirstPage(answer, first)) return answer;
  const sameEnd = JSON.stringify(answer.items.at(-1)) === JSON.stringify(first!.items.at(-1));
  return page === 2 && sameEnd && answer.nextCursor !== undefined ? fetch(page, signal, nextOf(answer)) : end(page);
}

/** The cursor that led to `data`, with its page number, for a URL; undefined for a page asked for by number. */
export function cursorOf(data: Page<unknown> | undefined, page: number): ListCursor | undefined {
  const way = data?.requestedBy;
  return (
    way && { page, cursor: way.cursor, ...(way.cursorParam === undefined ? {} : { cursorParam: way.cursorParam }) }
  );
}
