// Page and page size in the URL, read by the same parsers on the server (page.tsx prefetches what they say) and in
// the browser (useQueryStates): a server that read `?page=2.5&size=7` differently from the browser would prefetch a
// page the browser never asks for, and the browser would fetch its own.
import { createLoader, createParser, createSerializer, parseAsNumberLiteral } from 'nuqs/server';

/** The sizes the selector offers; any other `size` in the URL reads as the default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A whole page number >= 1 written in plain digits; anything else (`2.5`, `-1`, `1e3`, `abc`) reads as page 1. */
const parseAsPage = createParser({
  parse: (value) => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : null),
  serialize: String,
});

export const pageParams = {
  page: parseAsPage.withDefault(1),
  size: parseAsNumberLiteral(PAGE_SIZES).withDefault(20),
};

/** A size from the control as one the URL accepts (the control only offers `PAGE_SIZES`). */
export const toPageSize = (size: number) => PAGE_SIZES.find((s) => s === size) ?? pageParams.size.defaultValue;

/** Reads page and size from a request's search params (Server Components). */
export const loadPageParams = createLoader(pageParams);

/** The href of a page: defaults are left out, so page 1 at 20 rows is the bare path. */
export const pageHref = createSerializer(pageParams);
