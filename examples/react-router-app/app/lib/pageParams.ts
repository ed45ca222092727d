// Page and page size in the URL, read by the same function in the loader (which prefetches what it says) and in
// the browser: a server that read `?page=2.5&size=7` differently from the browser would prefetch a page the
// browser never asks for, and the browser would fetch its own.

/** The sizes the selector offers; any other `size` in the URL reads as the default. */
export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_SIZE = 20;

/** Page and size from search params: a whole page number >= 1 in plain digits, a size from `PAGE_SIZES`. */
export function readPageParams(params: URLSearchParams): { page: number; size: number } {
  const page = params.get('page');
  return {
    page: page !== null && /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
    size: PAGE_SIZES.find((size) => String(size) === params.get('size')) ?? DEFAULT_SIZE,
  };
}

/** `params` moved to `page` and `size`, other params (filters) kept; defaults are left out of the URL. */
export function withPageParams(params: URLSearchParams, page: number, size: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  if (size === DEFAULT_SIZE) next.delete('size');
  else next.set('size', String(size));
  return next;
}

/** The names the URL state owns: a navigation that changes only these needs no loader (see shouldRevalidate). */
export const PAGE_PARAM_NAMES = ['page', 'size'];
