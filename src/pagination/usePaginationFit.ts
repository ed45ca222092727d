'use client';

import { useEffect, type DependencyList, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from './accessibility';

/**
 * The control's layouts, widest first (`data-fit` on the root, styles.css): the page window; "3 / 22" instead; then
 * without the range text and the labels, the selector cut to its number; then without First and Last too.
 */
const LAYOUTS = ['full', 'compact', 'narrow', 'narrower'] as const;

/**
 * The widest layout that fits on one row: each is tried from the widest down until nothing spills out of the root
 * (every layout but the last is kept on one row by styles.css, so a layout that does not fit overflows). Measured,
 * not assumed: fonts, translations, touch sizes and the app's own `--pw-*` sizes are all counted as rendered.
 * Tried within one task, before paint: no layout in between is ever seen. The last one may wrap.
 */
function fit(root: HTMLElement): void {
  for (const layout of LAYOUTS) {
    if (root.dataset.fit !== layout) root.dataset.fit = layout;
    if (root.scrollWidth <= root.clientWidth) return;
  }
}

/**
 * Lays the control out to the room it is given (a phone, a drawer, a table footer): whenever `content` (what sets
 * the parts' widths: everything but the page, as every part keeps its width while paging) changes, and whenever the
 * root's size or the fonts do. So paging measures nothing. The root's own width never depends on its content
 * (styles.css: `container-type: inline-size`), so a layout switch never changes it. Until hydration (a server render) the full
 * layout shows, wrapping where it must.
 */
export function usePaginationFit(ref: RefObject<HTMLElement | null>, content: DependencyList): void {
  useIsomorphicLayoutEffect(() => {
    if (ref.current) fit(ref.current);
  }, content);
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const refit = () => fit(root);
    // In the next frame, not inside the observer's callback: a refit there may resize what it observes (a row that
    // wraps in the last layout), which the browser reports as an error. The room changed, so one frame may show the
    // layout it had before.
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(refit);
    });
    observer.observe(root);
    // A web font that loads late changes every part's width.
    document.fonts?.addEventListener('loadingdone', refit);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      document.fonts?.removeEventListener('loadingdone', refit);
    };
  }, [ref]);
}
