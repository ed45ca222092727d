import type { GetPageItemsOptions, PageItem } from '../../src/pagination/index';

/** One row of the page-window table: input, and the window written as "1 … 4 [5] 6 … 10". */
export interface PageItemsCase {
  name: string;
  input: GetPageItemsOptions;
  expected: string;
}

/** Writes a window the way the table does: pages, `[current]`, and `…` for an ellipsis. */
export function describeItems(items: PageItem[]): string {
  return items
    .map((item) => (item.type === 'ellipsis' ? '…' : item.selected ? `[${item.page}]` : String(item.page)))
    .join(' ');
}

export const pageItemsCases: PageItemsCase[] = [
  { name: 'single page', input: { current: 1, pageCount: 1 }, expected: '[1]' },
  { name: 'fewer pages than slots: all shown', input: { current: 2, pageCount: 5 }, expected: '1 [2] 3 4 5' },
  { name: 'exactly as many pages as slots', input: { current: 4, pageCount: 7 }, expected: '1 2 3 [4] 5 6 7' },
  { name: 'first page of ten', input: { current: 1, pageCount: 10 }, expected: '[1] 2 3 4 5 … 10' },
  {
    name: 'page 4 of ten: no ellipsis for one page',
    input: { current: 4, pageCount: 10 },
    expected: '1 2 3 [4] 5 … 10',
  },
  { name: 'page 5 of ten: two ellipses', input: { current: 5, pageCount: 10 }, expected: '1 … 4 [5] 6 … 10' },
  { name: 'page 6 of ten: two ellipses', input: { current: 6, pageCount: 10 }, expected: '1 … 5 [6] 7 … 10' },
  { name: 'page 7 of ten: reaches the end', input: { current: 7, pageCount: 10 }, expected: '1 … 6 [7] 8 9 10' },
  { name: 'last page of ten', input: { current: 10, pageCount: 10 }, expected: '1 … 6 7 8 9 [10]' },
  { name: 'eight pages, middle left', input: { current: 4, pageCount: 8 }, expected: '1 2 3 [4] 5 … 8' },
  { name: 'eight pages, middle right', input: { current: 5, pageCount: 8 }, expected: '1 … 4 [5] 6 7 8' },
  {
    name: 'a trillion pages',
    input: { current: 500_000_000_000, pageCount: 1e12 },
    expected: '1 … 499999999999 [500000000000] 500000000001 … 1000000000000',
  },
  {
    name: 'two siblings, two boundary pages',
    input: { current: 10, pageCount: 20, siblingCount: 2, boundaryCount: 2 },
    expected: '1 2 … 8 9 [10] 11 12 … 19 20',
  },
  {
    name: 'no siblings, no boundary pages',
    input: { current: 5, pageCount: 10, siblingCount: 0, boundaryCount: 0 },
    expected: '… [5] …',
  },
  {
    name: 'no siblings: near the start',
    input: { current: 2, pageCount: 10, siblingCount: 0, boundaryCount: 0 },
    expected: '1 [2] …',
  },
  { name: 'current past the end is the last page', input: { current: 99, pageCount: 3 }, expected: '1 2 [3]' },
  { name: 'current below 1 is page 1', input: { current: -4, pageCount: 3 }, expected: '[1] 2 3' },
  { name: 'fractional current is floored', input: { current: 2.9, pageCount: 3 }, expected: '1 [2] 3' },
  { name: 'NaN current is page 1', input: { current: NaN, pageCount: 3 }, expected: '[1] 2 3' },
  {
    name: 'Infinity current is the last page',
    input: { current: Infinity, pageCount: 10 },
    expected: '1 … 6 7 8 9 [10]',
  },
  { name: 'NaN page count is one page', input: { current: 3, pageCount: NaN }, expected: '[1]' },
  { name: 'zero pages is one page', input: { current: 1, pageCount: 0 }, expected: '[1]' },
  { name: 'negative infinite page count is one page', input: { current: 1, pageCount: -Infinity }, expected: '[1]' },
  {
    name: 'NaN sibling and boundary counts use the defaults',
    input: { current: 5, pageCount: 10, siblingCount: NaN, boundaryCount: NaN },
    expected: '1 … 4 [5] 6 … 10',
  },
  { name: 'missing options use the defaults', input: {}, expected: '[1]' },
];
