'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './paging';

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
  // `from`: the page and size a resize started from, kept until the caller applies a controlled size.
  let [own, setOwn] = useState<{
    listing: string;
    page: number;
    pageSize: number;
    from?: [page: number, size: number];
  }>(() => ({
    listing,
    page: defaultPage,
    pageSize: defaultPageSize,
  }));
  if (own.listing !== listing) setOwn((own = { ...own, listing, page: defaultPage, from: undefined }));

  // The latest callbacks, so that inline ones keep `change` and `resize` stable for memoised callers.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const setters = useMemo(() => {
    const change = (page: number, pageSize: number) => {
      setOwn({ listing, page, pageSize });
      latest.current.onChange?.(page, pageSize);
    };
    const resize = (size: number, fromPage: number, fromSize: number) => {
      const kept = pageKeepingFirstItem(fromPage, fromSize, size);
      latest.current.onSizeChange?.(kept, size);
      setOwn({ listing, page: kept, pageSize: size, from: [fromPage, fromSize] });
      latest.current.onChange?.(kept, size);
    };
    return { change, resize };
  }, [listing]);
  const pageSize = options.pageSize ?? own.pageSize;
  // A controlled size the caller did not (yet) apply: the uncontrolled page stays with the size shown,
  // keeping the first item of the page the resize started from (the page itself when the size was refused).
  const page =
    own.from && pageSize !== own.pageSize ? pageKeepingFirstItem(own.from[0], own.from[1], pageSize) : own.page;
  return {
    page: options.page ?? page,
    pageSize,
    pageControlled: options.page !== undefined,
    sizeControlled: options.pageSize !== undefined,
    ...setters,
  };
}
