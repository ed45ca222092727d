'use client';

import { useMemo } from 'react';
import { DEFAULT_PAGE_SIZE } from './paging';
import { useLatest } from './useLatest';
import { useUncontrolled } from './useUncontrolled';

/** The callbacks of {@link usePageState}, which `usePagination` and `Pagination` take as they are. */
export interface PageStateCallbacks {
  /** Called once per user action that changes the page or the page size. */
  onChange?: (page: number, pageSize: number) => void;
  /** Called when the page size changes, before `onChange`, with the page that keeps the first item in view. */
  onSizeChange?: (current: number, size: number) => void;
}

/** Options of {@link usePageState}. */
export interface PageStateOptions extends PageStateCallbacks {
  /** Current page (1-based); makes the page controlled. */
  page?: number;
  /** Page while uncontrolled, read on mount and on each listing change only (like an input's `defaultValue`). @default 1 */
  defaultPage?: number;
  /** Items per page; makes the page size controlled. */
  pageSize?: number;
  /** Page size while uncontrolled, read on mount only. @default 20 */
  defaultPageSize?: number;
  /** What is being paged: when it changes, an uncontrolled page starts again at `defaultPage`. @default '' */
  listing?: string;
}

/** State and setters from {@link usePageState}. */
export interface PageState {
  /** The page: the caller's when controlled, else the hook's own. Not validated. */
  page: number;
  /** The page size: the caller's when controlled, else the hook's own. Not validated. */
  pageSize: number;
  /** Whether `page` comes from the caller. */
  pageControlled: boolean;
  /** Whether `pageSize` comes from the caller. */
  sizeControlled: boolean;
  /** Moves to `page` with `pageSize` rows per page, reporting it once through `onChange`. */
  change: (page: number, pageSize: number) => void;
  /** Changes the page size from `fromPage` of `fromSize` items, keeping that page's first item in view. */
  resize: (size: number, fromPage: number, fromSize: number) => void;
}

/** The page that shows the first item of page `page` of `fromSize` items when pages hold `toSize` items. */
export function pageKeepingFirstItem(page: number, fromSize: number, toSize: number): number {
  return Math.min(Math.floor(((page - 1) * fromSize) / toSize) + 1, Number.MAX_SAFE_INTEGER);
}

/**
 * Page and page size, each controlled or not, under the control, the data hooks and the table pairing alike.
 * Defaults are read on mount (remount with `key` to apply new ones); a new `listing` puts an uncontrolled
 * page back to `defaultPage` during the same render, so no render pairs the new listing with the old page.
 */
export function usePageState(options: PageStateOptions): PageState {
  const { defaultPage = 1, defaultPageSize = DEFAULT_PAGE_SIZE, listing = '' } = options;
  const [pageSize, setSize, sizeControlled] = useUncontrolled(options.pageSize, defaultPageSize);
  // After a resize the kept page is where it started, [page, size], and shown as the page that keeps its first item
  // at the size shown: the new one, or the old one while a controlled size is not (yet) applied by the caller.
  const [at, setAt, pageControlled] = useUncontrolled<number | readonly [number, number]>(
    options.page,
    defaultPage,
    listing,
  );
  // The latest callbacks, so that inline ones keep `change` and `resize` stable for memoised callers.
  const latest = useLatest(options);
  const setters = useMemo(() => {
    const change = (page: number, size: number) => {
      setAt(page);
      setSize(size);
      latest.current.onChange?.(page, size);
    };
    const resize = (size: number, fromPage: number, fromSize: number) => {
      const kept = pageKeepingFirstItem(fromPage, fromSize, size);
      latest.current.onSizeChange?.(kept, size);
      setAt([fromPage, fromSize]);
      setSize(size);
      latest.current.onChange?.(kept, size);
    };
    return { change, resize };
  }, [setAt, setSize, latest]);
  const page = Array.isArray(at) ? pageKeepingFirstItem(at[0], at[1], pageSize) : (at as number);
  return { page, pageSize, pageControlled, sizeControlled, ...setters };
}
