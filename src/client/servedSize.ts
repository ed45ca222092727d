/**
 * A page as the service sized it: the rows per page the service served, which may not be the size asked for (a size
 * parameter of another name, a cap, a service that ignores paging), with the page count and `hasNext` that follow.
 */
import { ResponseShapeError } from './errors/ResponseShapeError';
import type { Page } from './types';
import { pageCountOf } from '../shared/paging';
import { warnedInProcess, warnOncePerKey } from '../shared/log';
import { isUrlCursor } from './pageQuery';

/** What was asked for: the page's number (counting from 1), its size, and the cursor when it was asked by one. */
interface Asked {
  page: number;
  size: number;
  cursor: string | undefined;
  url: string;
  resource: string;
}

/**
 * The rows per page `page` shows it was served with. More rows than its `pageSize`: the service did not read the size
 * asked. Fewer on a page its total or page count says is not the last, or on the first page of a list that leads on
 * by a next link: the service caps its size (GitHub's, Stripe's and Strapi's 100) or reads another size parameter, unless the
 * page states a size of its own (Spring's `size`), which it then keeps. Any other short
 * page is a last page, or a filtered one (GitHub's search sends short pages with more to follow), and says nothing:
 * the size `known` from an earlier page of this list stands, else the one asked.
 */
function servedSize(served: Page<unknown>, asked: Asked, known?: number): number {
  const { items, pageSize, page, total, pageCount } = served;
  const rows = items.length;
  if (rows > pageSize) return rows;
  if (known !== undefined && rows <= known) return known;
  // A list paged by next links has no count: its first page leading on says as much. Not a token list's: AIP-158
  // lets any page hold fewer rows than asked.
  const notLast =
    total !== undefined
      ? page * pageSize < total
      : pageCount !== undefined
        ? page < pageCount
        : asked.cursor === undefined && page === 1 && isUrlCursor(served.nextCursor ?? '');
  return rows > 0 && rows < pageSize && pageSize === asked.size && notLast ? rows : pageSize;
}

/**
 * `page` sized as the service served it: `pageSize` the rows per page the service uses (`known` is what an earlier
 * page of the same list and asked size showed), the page count and `hasNext` from that. A page asked for by its number whose rows lie past the last page at that size belongs to no page
 * number the control can show (a service that ignores the page asked for, or answers a page past the end with the
 * last one's rows): a `ResponseShapeError`. Outside production, a size other than the one asked is a warning naming
 * `serializePage`, the option that sends the size as the service reads it.
 */
function followServedSize<T>(page: Page<T>, asked: Asked, known?: number): Page<T> {
  const size = servedSize(page, asked, known);
  const { total } = page;
  const sized: Page<T> = size === page.pageSize ? page : { ...page, pageSize: size };
  if (total !== undefined && size !== page.pageSize) {
    sized.pageCount = pageCountOf(total, size);
    // A page asked for by cursor has its number from the walk; one asked for by number is judged by the count.
    if (asked.cursor === undefined) sized.hasNext = page.page < sized.pageCount;
  }
  // Written out at the call so production builds drop the warning's text; `process` is absent on some edge runtimes.
  if (typeof process === 'object' && process.env.NODE_ENV !== 'production' && size !== asked.size)
    warnOncePerKey(warnedInProcess, `served-size ${asked.resource} ${asked.size} ${size}`, () =>
      sizeWarning(asked, size),
    );
  // A page asked for by number with no rows has none after it, whatever count the service claims: else a walk would
  // ask for empty pages up to that count. A cursor page may be empty with more to follow (AIP-158 allows it).
  if (asked.cursor === undefined && page.items.length === 0 && page.nextCursor === undefined && sized.hasNext)
    return { ...sized, hasNext: false };
  if (asked.cursor === undefined && page.items.length > 0 && past(sized, asked.size)) {
    throw new ResponseShapeError(
      `answered page ${page.page} with ${page.items.length} rows, which belong to no page ${page.page} of ${size} rows` +
        (total === undefined ? '' : ` in ${total}`) +
        ": the service did not read the page or size asked; set the client's serializePage to the parameters it reads",
      { method: 'GET', url: asked.url },
    );
  }
  return sized;
}

/**
 * Whether the rows of `sized` cannot be its page: past the last page at the served size, or (no total) more rows
 * than asked on a page after the first, which a service that ignores paging answers with its whole list again.
 */
function past(sized: Page<unknown>, askedSize: number): boolean {
  if (sized.pageCount !== undefined) return sized.page > sized.pageCount;
  return sized.page > 1 && sized.items.length > askedSize && !sized.hasNext;
}

/** The development warning for a page served at `size` rows where `asked.size` were asked. */
function sizeWarning(asked: Asked, size: number): string {
  return (
    `[pagewise] createApiClient: the ${asked.resource} list served ${size} rows a page where ${asked.size} were asked; ` +
    "pages follow the service's size. " +
    // Fewer rows than asked is as often the most a service serves as a size it did not read: name the fix for each.
    (size < asked.size
      ? `If the service serves at most ${size}, offer no size above it (the control's \`pageSizeOptions\`); if it did not read the size, `
      : 'To page at the size asked, ') +
    'set `serializePage` to send the size as the service reads it, e.g. ' +
    '`serializePage: ({ page, size }) => ({ page, page_size: size })`, or use its preset from `presets`.'
  );
}

/** One client's memory of the size each list served, and the page sized by it. */
export interface ServedSizes {
  /** `page` as `followServedSize` sizes it, remembering a size other than the one asked. */
  follow<T>(page: Page<T>, asked: Asked): Page<T>;
  /** The size `resource` served where `size` was asked, once a page showed one other than asked. */
  known(resource: string, size: number): number | undefined;
}

/**
 * `followServedSize` for one client, which remembers the size each list served for each size asked: a short last
 * page says nothing of the size, and without it would be counted at the size asked, a page count too many or too
 * few. Bounded like the cursor memory: the lists an app pages are few.
 */
export function createServedSizes(limit = 64): ServedSizes {
  const sizes = new Map<string, number>();
  return {
    follow(page, asked) {
      const key = `${asked.resource} ${asked.size}`;
      const sized = followServedSize(page, asked, sizes.get(key));
      if (sized.pageSize !== asked.size && sized.items.length > 0) {
        sizes.delete(key);
        sizes.set(key, sized.pageSize);
        if (sizes.size > limit) sizes.delete(sizes.keys().next().value!);
      }
      return sized;
    },
    known: (resource, size) => sizes.get(`${resource} ${size}`),
  };
}

/**
 * Throws a `ResponseShapeError` when a page asked for by `cursor` says more follow at that same cursor: following it
 * would answer the same page again, and a walk or "load more" would never end.
 */
export function assertCursorMoves(page: Page<unknown>, cursor: string | undefined, url: string): void {
  if (cursor !== undefined && page.hasNext && page.nextCursor === cursor)
    throw new ResponseShapeError(
      'answered with the cursor it was asked for as its next: set cursorParam to the parameter the service reads',
      { method: 'GET', url },
    );
}

/**
 * Whether a last page holds other rows than its count leaves after the full pages before it: a list capped below the
 * size asked opened at its last page by that size, or rows changed between the count and the page. Page 1 then says
 * which. Neither a page past the end with no rows nor one with no count says anything.
 */
export const holdsOtherRows = ({ items, total, hasNext }: Page<unknown>, size: number): boolean =>
  !hasNext && items.length > 0 && ((total ?? 0) - items.length) % size > 0;
