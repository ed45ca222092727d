/**
 * Page maths, one home for the control, the hooks, the table pairing and the client: a page counts from 1 wherever a
 * person sees it; the wire's zero-based number is made here, once, where a request is built.
 */

/** Rows per page when nothing else is said: the control, the hooks and the query options share it. */
export const DEFAULT_PAGE_SIZE = 20;

/** The largest `size` the service serves (Spring Data's default `max-page-size`): the mock enforces it, the proxy's `maxSize` defaults to it. */
export const MAX_PAGE_SIZE = 1000;

/** Whether `value` is a string of ASCII digits only: a count or delta-seconds sent as text. */
export function isDigits(value: unknown): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** Whether `value` is a non-negative integer as a query parameter or header carries it: at most 15 digits, so always a safe integer. */
export function isWireInteger(value: string): boolean {
  return /^\d{1,15}$/.test(value);
}

/** A string of digits ('3' from a URL search parameter) as its number; anything else as it is. */
const numeric = (value: unknown): unknown => (isDigits(value) ? Number(value) : value);

/**
 * A number from a prop or a URL clamped to a whole number in [min, max], never throwing: a fraction is floored,
 * ±Infinity clamps to an end, a string of digits is read as its number, NaN or anything else gives `fallback`.
 * Lenient cleaning for what a person passes to the control; arguments of the client are validated instead
 * (`assertInteger`, shared/assert).
 */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const number = numeric(value);
  if (typeof number !== 'number' || Number.isNaN(number)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(number)));
}

/**
 * A page number or page size from a prop or a URL as a count, never throwing: a whole number from 1 to
 * `Number.MAX_SAFE_INTEGER` (a fraction floored, a string of digits read as its number), else `fallback` — so no
 * request is made with a page or size the client would reject.
 */
export function toCount(value: unknown, fallback: number): number {
  const number = numeric(value);
  // Read here, not kept in a module constant: a bundler keeps a top-level property read even where nothing uses it.
  return typeof number === 'number' && number >= 1 && number <= Number.MAX_SAFE_INTEGER ? Math.floor(number) : fallback;
}

/** Number of pages for `total` rows of `pageSize` each; at least 1 (no rows is one empty page). */
export const pageCountOf = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The wire's zero-based page parameter for the 1-based `page`: where a request for a page by its number is built. */
export const toWirePage = (page: number): number => page - 1;

/** The 1-based page of the wire's zero-based page number (Spring's `number`, a `Link` URL's `page` parameter). */
export const fromWirePage = (wirePage: number): number => wirePage + 1;

/** TanStack Table's zero-based `pageIndex` (its own name, kept at its boundary) for the 1-based `page`. */
export const toPageIndex = (page: number): number => page - 1;

/** The 1-based page of TanStack Table's zero-based `pageIndex`. */
export const fromPageIndex = (pageIndex: number): number => pageIndex + 1;
