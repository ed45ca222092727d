/**
 * Every visible and accessible string of `Pagination`, for translation. Functions receive numbers
 * already formatted for the `locale`. A function label may also be given as a string (e.g. from a
 * JSON translation file): it is a template whose `{name}` placeholders are replaced by the
 * argument of that name (`{page}`, `{size}`, `{from}`, `{to}`, `{total}`, `{pageCount}`, `{count}`, `{max}`; others are
 * kept), so a string without placeholders is used as it is. Outside production this warns once per
 * label; a label of any other wrong type falls back to English, also with a warning.
 */
export interface PaginationLabels {
  /** Accessible name of the `<nav>` (the `aria-label` prop wins). @default 'Pagination' */
  nav: string;
  /** Accessible name of the "first page" button. @default 'First page' */
  first: string;
  /** Accessible name of the "previous page" button. @default 'Previous page' */
  previous: string;
  /** Accessible name of the "next page" button. @default 'Next page' */
  next: string;
  /** Accessible name of the "last page" button. @default 'Last page' */
  last: string;
  /** Accessible name of a page button; as a string, `{page}` is the page. @default (page) => `Page ${page}` */
  page: (page: string) => string;
  /** Accessible name of the page-size selector. @default 'Items per page' */
  pageSize: string;
  /** Text of a page-size option; as a string, `{size}` is the size. @default (size) => `${size} / page` */
  pageSizeOption: (size: string) => string;
  /** Label of the quick jumper's number input (`showQuickJumper`). @default 'Go to page' */
  jumper: string;
  /** Range and total shown with `showTotal`; as a string, `{from}`, `{to}`, `{total}`. @default (from, to, total) => `${from}–${to} of ${total}` */
  total: (from: string, to: string, total: string) => string;
  /** Announced to screen readers after a change; as a string, `{page}`, `{pageCount}`. @default (page, pageCount) => `Page ${page} of ${pageCount}` */
  status: (page: string, pageCount: string) => string;
  /** Range shown with `showTotal` while the total is unknown and more pages follow (`hasNext`); as a string, `{from}`, `{to}`. @default (from, to) => `${from}–${to} of more than ${to}` */
  totalMore: (from: string, to: string) => string;
  /** Announced after a change while the total is unknown (`hasNext` given); as a string, `{page}`. @default (page) => `Page ${page}` */
  statusPage: (page: string) => string;
  /** An estimated count (`totalEstimate`) in the range, the page count and what is announced; as a string, `{count}`. @default (count) => `about ${count}` */
  about: (count: string) => string;
  /** Text of the page-size selector's "All" choice (`showAll`), which shows a page of up to `max` rows; as a string, `{max}`. @default (max) => `All (up to ${max})` */
  pageSizeAll: (max: string) => string;
}

/** The English labels `Pagination` uses unless told otherwise. */
export const defaultPaginationLabels: PaginationLabels = {
  nav: 'Pagination',
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  page: (page) => `Page ${page}`,
  pageSize: 'Items per page',
  pageSizeOption: (size) => `${size} / page`,
  jumper: 'Go to page',
  total: (from, to, total) => `${from}–${to} of ${total}`,
  status: (page, pageCount) => `Page ${page} of ${pageCount}`,
  totalMore: (from, to) => `${from}–${to} of more than ${to}`,
  statusPage: (page) => `Page ${page}`,
  about: (count) => `about ${count}`,
  pageSizeAll: (max) => `All (up to ${max})`,
};
