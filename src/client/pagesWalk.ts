/**
 * The walk over a list's pages behind `client.pages`, loaded at its first `next()`: the next page asked the way the
 * service leads to it, a `Retry-After` waited out, pages asked ahead where the list's total allows.
 */
import type { ClientEvent } from '../shared/events';
import { sleep } from '../shared/time';
import { isHttpError } from './errors/HttpError';
import type { ListParams, ListParamsBase, ListResource, Page } from './types';

/** Most times one page is asked again after a 429 or 503 with `Retry-After`, before its error rejects the walk. */
const MAX_PAGE_RETRIES = 3;

/** Longest `Retry-After` waited out: a service asking for more is not coming back within a walk, so its error rejects. */
const MAX_RETRY_AFTER_MS = 60_000;

export type List = <T>(resource: ListResource, params: ListParams) => Promise<Page<T>>;
export type Emit = ((event: ClientEvent) => void) | undefined;

/** One walk's settings, checked. */
export interface Walk {
  list: List;
  emit: Emit;
  resource: ListResource;
  /** What every page's call carries: the organization, size, sort and filters. */
  base: ListParamsBase;
  first: ListParams;
  limit: number;
  concurrency: number;
}

/** The walk itself; its `finally` aborts whatever is in flight when the loop is left early or the walk fails. */
export async function* walk<T>(settings: Walk, callerSignal: AbortSignal | undefined): AsyncGenerator<Page<T>> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(callerSignal!.reason);
  if (callerSignal?.aborted) onAbort();
  callerSignal?.addEventListener('abort', onAbort, { once: true });
  const { signal } = controller;
  const ask = (request: ListParams) => askPage<T>(settings, request, signal);
  try {
    let asked = settings.first;
    let page = await ask(asked);
    const first = page;
    yield page;
    if (settings.concurrency > 1 && settings.limit > 1 && pagedAheadable(asked, page, settings.base.size)) {
      yield* ahead(settings, asked.page!, page.pageCount!, ask, first);
      return;
    }
    for (let yielded = 1; yielded < settings.limit; yielded++) {
      const next = nextRequest(settings.base, asked, page);
      if (next === undefined) return;
      asked = next;
      page = await ask(asked);
      if (echoes(page, first)) return;
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

/**
 * Whether `page` starts with the first page's first row: a service that ignores the page asked for (its `page`
 * parameter, or a cursor) answers with its first page again, and a walk that went on would never end.
 */
const echoes = (page: Page<unknown>, first: Page<unknown>): boolean =>
  page.items.length > 0 && first.items.length > 0 && JSON.stringify(page.items[0]) === JSON.stringify(first.items[0]);

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
  first: Page<T>,
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
    if (echoes(page, first)) return;
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
