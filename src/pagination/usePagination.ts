'use client';

import { useEffect, useRef, type MouseEvent } from 'react';
import { clampInt, getPageItems, type PageItem } from './getPageItems';
import { normalizePaginationProps } from './normalizePaginationProps';
import { usePageState } from '../shared/usePageState';
import type { PageStateCallbacks } from '../shared/usePageState';
import { formatValue } from '../shared/assert';
import { warnOnce } from '../shared/log';

/** Options of {@link usePagination}: the control's state props, without any markup; `Pagination` takes them all. */
export interface UsePaginationOptions extends PageStateCallbacks {
  /** Current page (1-based); makes the page controlled. */
  current?: number;
  /** Page when `current` is not given (uncontrolled), read on mount only, like `defaultValue`; remount with `key` to apply another. @default 1 */
  defaultCurrent?: number;
  /** Total number of items; without it the last known page is the current one (or the next, with `hasNext`). */
  total?: number;
  /** While `total` is not given: whether another page follows (a Spring Slice, a has-more list); Next follows it, Last stays disabled. */
  hasNext?: boolean;
  /** Items per page; makes the page size controlled. @default 20 */
  pageSize?: number;
  /** Page size when `pageSize` is not given (uncontrolled), read on mount only, like `defaultValue`. @default 20 */
  defaultPageSize?: number;
  /** Choices in the page-size selector; a `pageSize` missing from them is inserted in order. @default [10, 20, 50, 100] */
  pageSizeOptions?: readonly number[];
  /** Pages shown on each side of the current page. @default 1 */
  siblingCount?: number;
  /** Pages always shown at the start and at the end. @default 1 */
  boundaryCount?: number;
  /** Disable the control: no action and no callback, every page, arrow, selector and input disabled. @default false */
  disabled?: boolean;
  /** Link mode: pages and arrows become links to these URLs (unavailable ones `aria-disabled`, without href); a plain click still calls `onChange` and prevents the default, modified clicks are left to the browser. */
  getPageHref?: (page: number) => string;
}

/**
 * Props for one page control, from {@link UsePaginationResult.getPageProps} or `getArrowProps`: spread them on a
 * `<button>`, or in link mode (`getPageHref`) on an `<a>` or a router's link. A plain click calls `onChange` (the
 * default prevented, so a router's link does not navigate on its own); modified and middle clicks are the browser's.
 */
export interface PaginationControlProps {
  onClick: (event: MouseEvent) => void;
  /** Buttons: always "button". */
  type?: 'button';
  /** Buttons: the page is unavailable (or the control disabled). */
  disabled?: boolean;
  /** Links: the page's URL; absent while unavailable. */
  href?: string;
  /** Links: "link" while unavailable, as an `<a>` without href is no link at all. */
  role?: 'link';
  /** Links: true while unavailable. */
  'aria-disabled'?: true;
  /** The current page. */
  'aria-current'?: 'page';
}

/** State and handlers from {@link usePagination}, enough to render any markup. */
export interface UsePaginationResult {
  /** Current page (1-based), clamped to 1…pageCount. */
  current: number;
  /** Items per page. */
  pageSize: number;
  /** Total number of items, or undefined when not given. */
  total: number | undefined;
  /** Number of pages, at least 1 (while the total is unknown: the pages known so far). */
  pageCount: number;
  /** Whether the page count is known: a `total` was given, or `hasNext` is false (this is the last page). */
  pageCountKnown: boolean;
  /** Sorted page-size choices, including `pageSize`. */
  pageSizeOptions: number[];
  /** The page window: pages and ellipses. */
  items: PageItem[];
  /** 1-based index of the first item on this page (0 when there are none). */
  rangeStart: number;
  /** 1-based index of the last item on this page (0 when there are none). */
  rangeEnd: number;
  /** Whether actions are ignored. */
  disabled: boolean;
  /** Whether Previous (and First) can act: a previous page exists and the control is enabled. */
  canPrevious: boolean;
  /** Whether Next can act: a next page exists (with the total unknown, the `hasNext` option says so) and the control is enabled. */
  canNext: boolean;
  /** Go to a page (clamped); does nothing for the current page, unless `current` was given out of range. */
  goTo: (page: number) => void;
  /** Go to the next page, if any. */
  next: () => void;
  /** Go to the previous page, if any. */
  previous: () => void;
  /** Go to page 1. */
  first: () => void;
  /** Go to the last page, when the page count is known. */
  last: () => void;
  /** Change the page size, keeping the first item of the current page in view. */
  setPageSize: (size: number) => void;
  /** Props for a page's control (`aria-current` on the current one). */
  getPageProps: (page: number) => PaginationControlProps;
  /** Props for an arrow's control: enabled only when that page exists and the control is enabled. */
  getArrowProps: (arrow: 'first' | 'previous' | 'next' | 'last') => PaginationControlProps;
}

/** Headless pagination: controlled or uncontrolled state, the page window and handlers. */
export function usePagination(options: UsePaginationOptions = {}): UsePaginationResult {
  const disabled = options.disabled === true;
  // The control names the page `current`; the size props and callbacks are the state's own.
  const state = usePageState({ ...options, page: options.current, defaultPage: options.defaultCurrent });
  const { pageControlled: currentControlled, sizeControlled } = state;
  const requested = state.page;
  const n = normalizePaginationProps({
    current: requested,
    total: options.total,
    pageSize: state.pageSize,
    pageSizeOptions: options.pageSizeOptions,
    siblingCount: options.siblingCount,
    boundaryCount: options.boundaryCount,
    hasNext: options.hasNext,
  });
  const { current, pageSize, total, pageCount } = n;

  const seen = useRef(new Set<string>()).current;
  useEffect(() => {
    // Written out as React writes it, inside the condition, so bundlers drop the warnings (and warnOnce with them)
    // from production builds.
    if (process.env.NODE_ENV !== 'production') {
      for (const { prop, value, used } of n.issues) {
        // Strings quoted and named as such: '3' from a URL param is used as 3, which must not read "invalid 3; using 3".
        const shown = typeof value === 'string' ? `${formatValue(value)} (a string)` : value;
        // An uncontrolled page past the end comes from a shrinking total, not from the caller.
        if (prop === 'current' && !currentControlled && Number.isInteger(value) && (value as number) >= 1) continue;
        const named =
          prop === 'current' && !currentControlled
            ? 'defaultCurrent'
            : prop === 'pageSize' && !sizeControlled
              ? 'defaultPageSize'
              : prop;
        warnOnce(seen, 'Pagination', named, shown, used);
      }
    }
  });

  const goTo = (page: number) => {
    const target = clampInt(page, 1, pageCount, current);
    // A page shown clamped (past the end after deletes, or NaN) is still a move: the caller's state is elsewhere.
    if (disabled || (target === current && Object.is(requested, current))) return;
    state.change(target, pageSize);
  };

  const setPageSize = (size: number) => {
    if (disabled || !Number.isInteger(size) || size < 1 || size === pageSize) return;
    state.resize(size, current, pageSize);
  };

  const hasItems = total !== 0;
  const pageCountKnown = total !== undefined || options.hasNext !== true;
  const canPrevious = !disabled && current > 1;
  const canNext = !disabled && current < pageCount;
  const href = options.getPageHref;
  const control = (page: number, enabled: boolean): PaginationControlProps =>
    href
      ? {
          href: enabled ? href(page) : undefined,
          role: enabled ? undefined : 'link',
          'aria-disabled': enabled ? undefined : true,
          onClick: (e) => {
            if (e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            if (enabled) goTo(page);
          },
        }
      : { type: 'button', disabled: !enabled, onClick: () => goTo(page) };
  const arrows = {
    first: [1, canPrevious],
    previous: [current - 1, canPrevious],
    next: [current + 1, canNext],
    last: [pageCount, canNext && pageCountKnown],
  } as const;
  return {
    current,
    pageSize,
    total,
    pageCount,
    pageCountKnown,
    pageSizeOptions: n.pageSizeOptions,
    items: getPageItems({ current, pageCount, siblingCount: n.siblingCount, boundaryCount: n.boundaryCount }),
    rangeStart: hasItems ? (current - 1) * pageSize + 1 : 0,
    rangeEnd: hasItems ? (total === undefined ? current * pageSize : Math.min(total, current * pageSize)) : 0,
    disabled,
    canPrevious,
    canNext,
    goTo,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    first: () => goTo(1),
    last: () => pageCountKnown && goTo(pageCount),
    setPageSize,
    getPageProps: (page) => ({ ...control(page, !disabled), 'aria-current': page === current ? 'page' : undefined }),
    getArrowProps: (arrow) => {
      const [page, enabled] = arrows[arrow];
      return control(page, enabled);
    },
  };
}
