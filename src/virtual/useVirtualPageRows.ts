'use client';

import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import { clampInt } from '../shared/paging';
import { warnOnce } from '../shared/log';
import { useDevEffect, useIsomorphicLayoutEffect } from '../shared/useEffects';

/** Options of {@link useVirtualPageRows}. */
export interface VirtualPageRowsOptions {
  /** Rows of the page on screen, e.g. `shares.data?.items.length ?? 0`. */
  count: number;
  /** The element that scrolls the rows: a wrapper of the table with a height and `overflow: auto`. */
  scrollRef: RefObject<HTMLElement | null>;
  /** What names the page on screen, e.g. `` `${current}/${pageSize}` ``: another one starts at its first row. @default none: the scroll stays */
  pageKey?: string | number | undefined;
  /** A row's height in pixels before it is measured; rows are measured once rendered. @default 36 */
  estimateRowHeight?: number | undefined;
  /** Rows rendered past each edge of the view, so a fast scroll shows rows, not gaps. @default 10 */
  overscan?: number | undefined;
}

/** Props for a rendered row, from {@link VirtualPageRows.getRowProps}: spread them on its `<tr>`. */
export interface VirtualRowProps {
  /** The row's index on the page, which the measuring ref reads. */
  'data-index': number;
  /** Measures the row's real height. */
  ref: (element: Element | null) => void;
  /** Its place among the table's rows for assistive technology (the header row is 1), as most rows are not in the DOM. */
  'aria-rowindex': number;
}

/** What {@link useVirtualPageRows} returns: the rows to render, the room of the others, and their props. */
export interface VirtualPageRows {
  /** The rows to render now, in order; `index` is the row's index on the page. */
  rows: VirtualItem[];
  /** Height in pixels of the rows above the rendered ones: the height of a spacer row before them. */
  paddingTop: number;
  /** Height in pixels of the rows below the rendered ones: the height of a spacer row after them. */
  paddingBottom: number;
  /** Props for the `<table>`: `aria-rowcount`, every row of the page plus the header row. */
  tableProps: { 'aria-rowcount': number };
  /** Props for the rendered row at `index`. */
  getRowProps: (index: number) => VirtualRowProps;
  /** TanStack Virtual's virtualizer, for what this does not cover (`scrollToIndex`, …). */
  virtualizer: Virtualizer<HTMLElement, Element>;
}

/**
 * Rows of a big server page (500 to 5,000 rows) rendered as they scroll into view, with TanStack Virtual: the control,
 * the data hook and its prefetch stay as they are, only the table's body renders fewer rows. Another page starts at
 * its first row; spacer rows keep the scrollbar the page's length and the table's columns in step with its header.
 * Safe under React Compiler (the virtualizer itself is not: read `virtualizer` in effects and handlers only).
 */
export function useVirtualPageRows(options: VirtualPageRowsOptions): VirtualPageRows {
  // TanStack Virtual's virtualizer is one object whose reads change under it, which React Compiler would memoise
  // stale: this hook is left uncompiled and hands out plain values, so a compiled component that uses them is right.
  'use no memo';
  const { scrollRef, pageKey } = options;
  const count = clampInt(options.count, 0, Number.MAX_SAFE_INTEGER, 0);
  const height = clampInt(options.estimateRowHeight, 1, 10_000, 36);
  const overscan = clampInt(options.overscan, 0, 1_000, 10);
  useDevEffect((seen) => {
    if (process.env.NODE_ENV !== 'production') {
      for (const [name, given, used] of [
        ['count', options.count, count],
        ['estimateRowHeight', options.estimateRowHeight, height],
        ['overscan', options.overscan, overscan],
      ] as const)
        if (given !== undefined && given !== used) warnOnce(seen, 'useVirtualPageRows', name, given, used);
    }
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- skipped on purpose, see 'use no memo' above
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan,
  });
  // Before paint: the new page's first rows are what is seen first, never its middle for a frame.
  useIsomorphicLayoutEffect(() => {
    if (pageKey !== undefined) virtualizer.scrollToOffset(0);
  }, [pageKey, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  return {
    rows,
    paddingTop: rows[0]?.start ?? 0,
    paddingBottom: rows.length ? total - rows[rows.length - 1]!.end : 0,
    tableProps: { 'aria-rowcount': count + 1 },
    getRowProps: (index) => ({ 'data-index': index, ref: virtualizer.measureElement, 'aria-rowindex': index + 2 }),
    virtualizer,
  };
}
