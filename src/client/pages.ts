/**
 * Every page of a list, in order, as `client.pages` walks it: each page an ordinary list call of the client (its auth,
 * its 401 renewal, its events), the next one asked the way the service leads to it.
 */
import { assertInteger } from '../shared/assert';
import type { ClientEvent } from '../shared/events';
import { sleep } from '../shared/time';
import { assertListParams } from './assertListParams';
import { isHttpError } from './errors/HttpError';
import type { ListParams, ListParamsBase, ListResource, Page } from './types';

/** What `client.pages` walks: `client.list`'s arguments without the page, and where to start. */
export interface PagesParams extends Omit<ListParamsBase, 'signal'> {
  /** The first page to yield, counting from 1. @default 1 */
  page?: number | undefined;
  /** A page's `nextCursor` to start at instead of a number: the walk yields the page it leads to first. @default none */
  cursor?: string | undefined;
  /** The query parameter the starting `cursor` goes out as: that page's `cursorParam`. @default the client's choice */
  cursorParam?: string | undefined;
}

/** How `client.pages` walks. */
export interface PagesOptions {
  /** Ends the walk: the iteration rejects with its reason, the request in flight is aborted and none is started. @default none */
  signal?: AbortSignal | undefined;
  /** Most pages yielded; the walk asks for none past the last of them. @default no limit */
  maxPages?: number | undefined;
  /**
   * Page requests in flight at once, pages still yielded in order. Only a list paged by number whose first page
   * gives its total is asked ahead; a list paged by cursor, link or token is walked one page at a time.
   * @default 1
   */
  concurrency?: number | undefined;
}

/** Most times one page is asked again after a 429 or 503 with `Retry-After`, before its error rejects the walk. */
export const MAX_PAGE_RETRIES = 3;

/** Longest `Retry-After` waited out: a service asking for more is not coming back within a walk, so its error rejects. */
export const MAX_RETRY_AFTER_MS = 60_000;

type List = <T>(resource: ListResource, params: ListParams) => Promise<Page<T>>;
type Emit = ((event: ClientEvent) => void) | undefined;

/** One walk's settings, checked. */
interface Walk {
  list: List;
  emit: Emit;
  resource: ListResource;
  /** What every page's call carries: the organization, size, sort and filters. */
  base: ListParamsBase;
  first: ListParams;
  limit: number;
  concurrency: number;
}

/**
 * The pages of `resource` under `params`, as `client.pages` returns them. Checks every argument now, at the call:
 * an async generator would run nothing (and refuse nothing) until the first `next()`.
 */
export function pagesOf<T>(
  list: List,
  emit: Emit,
  resource: ListResource,
  params: PagesParams,
  options: PagesOptions = {},
): AsyncIterable<Page<T>> {
  const { signal, maxPages, concurrency = 1 } = options ?? {};
  const { organizationId, size, sort, filters, page, cursor, cursorParam } = (params ?? {}) as PagesParams;
  const base: ListParamsBase = { organizationId, size, sort, filters };
  const first = (
    cursor === undefined ? { ...base, page: page ?? 1 } : { ...base, cursor, cursorParam, page }
  ) as ListParams;
  assertListParams({ ...first, signal } as ListParams, resource);
  if (maxPages !== undefined) assertInteger('maxPages', maxPages, 1);
  assertInteger('concurrency', concurrency, 1);
  return walk<T>({ list, emit, resource, base, first, limit: maxPages ?? Infinity, concurrency }, signal);
}

/** The walk itself; its `finally` aborts whatever is in flight when the loop is left early or the walk fails. */
async function* walk<T>(settings: Walk, callerSignal: AbortSignal | undefined): AsyncGenerator<Page<T>> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(callerSignal!.reason);
  if (callerSignal?.aborted) onAbort();
  callerSignal?.addEventListener('abort', onAbort, { once: true });
  const { signal } = controller;
  const ask = (request: ListParams) => askPage<T>(settings, request, signal);
  try {
    let asked = settings.first;
    let page = await ask(asked);
    yield page;
    if (settings.concurrency > 1 && settings.limit > 1 && pagedAheadable(asked, page, settings.base.size)) {
      yield* ahead(settings, asked.page!, page.pageCount!, ask);
      return;
    }
    for (let yielded = 1; yielded < settings.limit; yielded++) {
      const next = nextRequest(settings.base, asked, page);
      if (next === undefined) return;
      asked = next;
      page = await ask(asked);
      yield page;
    }
  } finally {
    callerSignal?.removeEventListener('abort', onAbort);
    controller.abort(new DOMException('the walk over the pages ended', 'AbortError'));
  }
}

/**
 * The call for the page after `page` (asked with `asked`), or none: none after a page that says no page follows, the
 * page `nextCursor` leads to when the service gives one (as the hooks follow it), none after a page of a cursor list
 * that gives none, else the next number.
 */
function nextRequest(base: ListParamsBase, asked: ListParams, page: Page<unknown>): ListParams | undefined {
  if (!page.hasNext) return undefined;
  const number = (asked.page ?? 1) + 1;
  const { nextCursor, cursorParam } = page;
  if (nextCursor !== undefined)
    return { ...base, cursor: nextCursor, page: number, ...(cursorParam === undefined ? {} : { cursorParam }) };
  if (asked.cursor !== undefined || page.requestedBy !== undefined) return undefined;
  return { ...base, page: number };
}

/** Whether the pages after `page` may be asked for ahead: paged by number, its page count known, in the size asked. */
const pagedAheadable = (asked: ListParams, page: Page<unknown>, size: number): boolean =>
  asked.cursor === undefined &&
  page.hasNext &&
  page.nextCursor === undefined &&
  page.requestedBy === undefined &&
  page.pageCount !== undefined &&
  page.pageSize === size;

/**
 * The pages after `firstNumber` up to `pageCount` (and the walk's limit), up to `concurrency` asked at once and
 * yielded in order; ends after a page that says no page follows (the list shrank), the rest aborted by the walk.
 */
async function* ahead<T>(
  { base, limit, concurrency }: Walk,
  firstNumber: number,
  pageCount: number,
  ask: (request: ListParams) => Promise<Page<T>>,
): AsyncGenerator<Page<T>> {
  const last = Math.min(pageCount, firstNumber + limit - 1);
  const queue: Array<Promise<Page<T>>> = [];
  let next = firstNumber + 1;
  const start = () => {
    const asked = ask({ ...base, page: next++ });
    // Awaited in order below; one that fails after the walk has ended is no unhandled rejection.
    asked.catch(() => undefined);
    queue.push(asked);
  };
  while (queue.length < concurrency && next <= last) start();
  while (queue.length > 0) {
    const page = await queue.shift()!;
    if (page.hasNext && next <= last) start();
    yield page;
    if (!page.hasNext) return;
  }
}

/** One page's call, asked again (at most `MAX_PAGE_RETRIES` times) after each 429 or 503 whose `Retry-After` it waits out. */
async function askPage<T>({ list, emit, resource }: Walk, request: ListParams, signal: AbortSignal): Promise<Page<T>> {
  for (let retries = 0; ; retries++) {
    try {
      return await list<T>(resource, { ...request, signal });
    } catch (error) {
      const delayMs = retryAfterOf(error);
      if (delayMs === undefined || retries >= MAX_PAGE_RETRIES || signal.aborted) throw error;
      emit?.({ type: 'client-retry', resource, reason: 'outage', delayMs });
      // A listener may have ended the walk: sleep would not hear an abort that came before it.
      signal.throwIfAborted();
      await sleep(delayMs, signal);
    }
  }
}

/** The wait a 429 or 503 asked for, when it asked for one the walk waits out. */
function retryAfterOf(error: unknown): number | undefined {
  if (!isHttpError(error) || (error.status !== 429 && error.status !== 503)) return undefined;
  const { retryAfterMs } = error;
  return typeof retryAfterMs === 'number' && retryAfterMs >= 0 && retryAfterMs <= MAX_RETRY_AFTER_MS
    ? retryAfterMs
    : undefined;
}
