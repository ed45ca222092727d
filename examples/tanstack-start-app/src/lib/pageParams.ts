// Page and page size in the URL, read by the same function in the route's search validation (the browser's page and
// size) and in the loader (which prefetches what it says): a server that read `?page=2.5&size=7` differently from the
// browser would prefetch a page the browser never asks for, and the browser would fetch its own.

/** The sizes the selector offers; any other `size` in the URL reads as the default. */
export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_SIZE = 20;

/** What the URL may hold: defaults are left out, so `/` is page 1 of 20. */
export interface PageSearch {
  page?: number;
  size?: number;
}

const isPage = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value < 1e9;

/**
 * Page and size from search params as the router parsed them (`?page=2` is the number 2): a whole page number >= 1,
 * a size from `PAGE_SIZES`; anything else reads as the default.
 */
export function readPageParams(search: Record<string, unknown>): { page: number; size: number } {
  return {
    page: isPage(search.page) ? search.page : 1,
    size: PAGE_SIZES.find((size) => size === search.size) ?? DEFAULT_SIZE,
  };
}

/** The search params of `page` and `size`, defaults left out. */
export function pageSearch(page: number, size: number): PageSearch {
  return {
    ...(page === 1 ? {} : { page }),
    ...(size === DEFAULT_SIZE ? {} : { size }),
  };
}

/** `search` moved to `page` and `size`: any other param kept, defaults left out. */
export function withPageSearch(search: PageSearch, page: number, size: number): PageSearch {
  const next: PageSearch = { ...search };
  delete next.page;
  delete next.size;
  return { ...next, ...pageSearch(page, size) };
}
