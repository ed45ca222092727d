import { clampInt } from '../shared/paging';

/** A page number the control shows. */
export interface PageItemPage {
  /** Discriminant: a page button. */
  type: 'page';
  /** 1-based page number. */
  page: number;
  /** Whether this is the current page. */
  selected: boolean;
}

/** A gap standing for two or more hidden pages. */
export interface PageItemEllipsis {
  /** Discriminant: a gap. */
  type: 'ellipsis';
  /** Which side of the current page the gap is on. */
  position: 'start' | 'end';
  /** First hidden page. */
  from: number;
  /** Last hidden page. */
  to: number;
}

/** One entry of the page window: a page number or an ellipsis. */
export type PageItem = PageItemPage | PageItemEllipsis;

/** Input of {@link getPageItems}. Any number is accepted and clamped. */
export interface GetPageItemsOptions {
  /** 1-based current page. @default 1 */
  current?: number;
  /** Number of pages. @default 1 */
  pageCount?: number;
  /** Pages shown on each side of the current page. @default 1 */
  siblingCount?: number;
  /** Pages always shown at each end. @default 1 */
  boundaryCount?: number;
}

/** Upper bound for siblingCount and boundaryCount, so the window stays small whatever is passed. */
export const MAX_WINDOW_COUNT = 20;

/**
 * The page window: boundary pages at each end, the current page with its siblings, and ellipses
 * between them. Once the page count exceeds the window, it always has `2 * boundaryCount +
 * 2 * siblingCount + 3` items, so the control keeps its shape; an ellipsis always hides two or more
 * pages (a single hidden page is shown instead). O(1) in the page count.
 */
export function getPageItems(options: GetPageItemsOptions): PageItem[] {
  const count = clampInt(options.pageCount, 1, Number.MAX_SAFE_INTEGER, 1);
  const current = clampInt(options.current, 1, count, 1);
  const s = clampInt(options.siblingCount, 0, MAX_WINDOW_COUNT, 1);
  const b = clampInt(options.boundaryCount, 0, MAX_WINDOW_COUNT, 1);
  const items: PageItem[] = [];
  const pages = (from: number, to: number) => {
    for (let page = from; page <= to; page++) items.push({ type: 'page', page, selected: page === current });
  };
  // Between the boundary pages and the run around the current page: an ellipsis, or the one page it would hide.
  const gap = (from: number, to: number, position: PageItemEllipsis['position']) =>
    to > from ? items.push({ type: 'ellipsis', position, from, to }) : pages(from, to);
  if (count <= 2 * b + 2 * s + 3) {
    pages(1, count);
    return items;
  }
  // The run around the current page, pushed inwards near either end so the window keeps its length: with one gap,
  // the run takes the missing ellipsis's slot.
  const lo = Math.max(Math.min(current - s, count - b - 2 * s - 1), b + 2);
  const hi = Math.min(Math.max(current + s, b + 2 * s + 2), count - b - 1);
  pages(1, b);
  gap(b + 1, lo - 1, 'start');
  pages(lo, hi);
  gap(hi + 1, count - b, 'end');
  pages(count - b + 1, count);
  return items;
}
