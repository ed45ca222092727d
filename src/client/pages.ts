/**
 * Every page of a list, in order, as `client.pages` walks it: each page an ordinary list call of the client (its auth,
 * its 401 renewal, its events), the next one asked the way the service leads to it.
 */
import { assertInteger } from '../shared/assert';
import { assertListParams, type OrganizationPlace } from './assertListParams';
import type { Walk } from './pagesWalk';
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

/**
 * The pages of `resource` under `params`, as `client.pages` returns them. Checks every argument now, at the call:
 * an async generator would run nothing (and refuse nothing) until the first `next()`. The organization is checked as
 * the resource's route carries it (`place`), as each list call checks it.
 */
export function pagesOf<T>(
  list: Walk['list'],
  emit: Walk['emit'],
  resource: ListResource,
  params: PagesParams,
  options: PagesOptions = {},
  place?: OrganizationPlace,
): AsyncIterable<Page<T>> {
  const { signal, maxPages, concurrency = 1 } = options ?? {};
  const { organizationId, size, sort, filters, page, cursor, cursorParam } = (params ?? {}) as PagesParams;
  const base: ListParamsBase = { organizationId, size, sort, filters };
  const first = (
    cursor === undefined ? { ...base, page: page ?? 1 } : { ...base, cursor, cursorParam, page }
  ) as ListParams;
  assertListParams({ ...first, signal } as ListParams, resource, place);
  if (maxPages !== undefined) assertInteger('maxPages', maxPages, 1);
  assertInteger('concurrency', concurrency, 1);
  return lazyWalk<T>({ list, emit, resource, base, first, limit: maxPages ?? Infinity, concurrency }, signal);
}

/**
 * The walk, its code loaded at the first `next()`, as a write's is at the first write: an app that only lists never
 * downloads it. Delegated to as it is, so leaving the loop early ends the walk itself.
 */
async function* lazyWalk<T>(settings: Walk, signal: AbortSignal | undefined): AsyncGenerator<Page<T>> {
  const { walk } = await import('./pagesWalk');
  yield* walk<T>(settings, signal);
}
