'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/useEffects';
import { pageCountOf } from '../shared/paging';
import { useLatest } from '../shared/useLatest';

/** What `useListPlace` reads of a data hook's result, e.g. `useShares` or `useEnvironments`. */
export interface ListPlaceSource {
  /** The control's props: the page on screen, its size, the total or whether another page follows, and the move. */
  readonly pagination: {
    readonly current: number;
    readonly pageSize: number;
    readonly total?: number | undefined;
    readonly hasNext?: boolean | undefined;
    readonly onChange?: ((page: number, pageSize: number) => void) | undefined;
  };
  /** The rows on screen, if any. */
  readonly data?: { readonly items: readonly unknown[] } | undefined;
  /** Whether `data` is the previous page, shown while this one loads. */
  readonly isPlaceholderData?: boolean;
}

/** Options of `useListPlace`. */
export interface ListPlaceOptions {
  /** After a page move, bring the list's top into view once the new rows are on screen, when it is above the view. @default true */
  scrollOnMove?: boolean;
  /** Keep a full page's height while a page loads and on a shorter last page, so nothing under the list moves. @default false */
  keepHeight?: boolean;
  /** Page with the keyboard while focus is in the list's region: Alt+PageUp/PageDown previous/next, Alt+Shift+PageUp/PageDown first/last. @default false */
  shortcuts?: boolean;
}

/** The shortcuts, as `aria-keyshortcuts` names them; the region carries them while they are on. */
export const LIST_SHORTCUTS = 'Alt+PageUp Alt+PageDown Alt+Shift+PageUp Alt+Shift+PageDown';

/**
 * Keeps the reader's place around a paged list: `ref` is the list's region (the element holding the rows, e.g. a
 * table's wrapper), `source` the data hook's result.
 *
 * - **Scroll on a page move.** Once the new page's rows are on screen, the region's top is scrolled into view when it
 *   is above the view (its scroll container's, or the window's), smoothly unless the reader prefers reduced motion.
 *   Focus stays where it was. A move by Back or Forward (a `popstate`) is left to the router's scroll restoration.
 * - **No layout shift** (`keepHeight`). The region keeps the height of the last full page as its `min-height` while a
 *   page loads and on a shorter last page, so the control under it stays under the pointer.
 * - **Keys** (`shortcuts`). While focus is in the region: Alt+PageDown and Alt+PageUp move to the next and previous
 *   page, Alt+Shift+PageDown and Alt+Shift+PageUp to the last and first; never from a text field, a select or an
 *   editable element, where those keys edit or scroll. The region names them in `aria-keyshortcuts`; the move is
 *   announced by the control's live region, as a click is.
 */
export function useListPlace(
  ref: RefObject<HTMLElement | null>,
  source: ListPlaceSource,
  options: ListPlaceOptions = {},
): void {
  const { current: page, pageSize } = source.pagination;
  const rows = source.isPlaceholderData ? undefined : source.data?.items.length;
  useScrollOnMove(ref, `${page}/${pageSize}`, rows !== undefined, options.scrollOnMove ?? true);
  useKeptHeight(ref, pageSize, rows, options.keepHeight ?? false);
  useShortcuts(ref, source.pagination, options.shortcuts ?? false);
}

/** Whether the last page change came from the history (Back, Forward) rather than from the reader's own input. */
function useHistoryMoves(): RefObject<boolean> {
  const fromHistory = useRef(false);
  useEffect(() => {
    const popped = () => (fromHistory.current = true);
    const acted = () => (fromHistory.current = false);
    window.addEventListener('popstate', popped);
    window.addEventListener('pointerdown', acted, true);
    window.addEventListener('keydown', acted, true);
    return () => {
      window.removeEventListener('popstate', popped);
      window.removeEventListener('pointerdown', acted, true);
      window.removeEventListener('keydown', acted, true);
    };
  }, []);
  return fromHistory;
}

function useScrollOnMove(ref: RefObject<HTMLElement | null>, shown: string, ready: boolean, enabled: boolean) {
  const fromHistory = useHistoryMoves();
  // The page the reader last saw settled: a move is a settled page other than this one.
  const settled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready || settled.current === shown) return;
    const first = settled.current === undefined;
    settled.current = shown;
    if (first || !enabled || fromHistory.current || !ref.current) return;
    bringTopIntoView(ref.current);
  }, [ref, shown, ready, enabled, fromHistory]);
}

/**
 * Scrolls `element`'s top into view (less its `scroll-margin-top`, for a sticky header) where it is above the view:
 * in its own scroll container, then in the window where that container's top is above the window's. Each only by
 * what it takes, never aligning what is already in view.
 */
function bringTopIntoView(element: HTMLElement) {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const behavior: ScrollBehavior = reduced ? 'auto' : 'smooth';
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const container = scrollContainerOf(element);
  const above = element.getBoundingClientRect().top - margin - (container ? container.getBoundingClientRect().top : 0);
  if (container && above < 0) container.scrollBy({ top: above, behavior });
  const windowAbove = container ? container.getBoundingClientRect().top : above;
  if (windowAbove < 0) window.scrollBy({ top: windowAbove, behavior });
}

/** The nearest ancestor that scrolls vertically, or null for the window. */
function scrollContainerOf(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

function useKeptHeight(ref: RefObject<HTMLElement | null>, pageSize: number, rows: number | undefined, on: boolean) {
  // The height of a full page at this size, measured when one is on screen.
  const full = useRef<{ pageSize: number; height: number } | undefined>(undefined);
  // Before paint, so a short page or a loading state never shows at its own height for a frame.
  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!on) {
      element.style.removeProperty('min-height');
      return;
    }
    if (full.current && full.current.pageSize !== pageSize) full.current = undefined;
    if (rows === pageSize) {
      element.style.removeProperty('min-height');
      full.current = { pageSize, height: element.getBoundingClientRect().height };
    } else if (full.current) {
      element.style.minHeight = `${full.current.height}px`;
    }
  }, [ref, pageSize, rows, on]);
}

/** Where keys belong to the element itself: text entry, a select's options, an editable element. */
function editsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'color', 'range'].includes(target.type);
}

/** The page a shortcut asks for, or undefined for a key that is none (or a page that does not exist). */
function pageFor(event: KeyboardEvent, pagination: ListPlaceSource['pagination']): number | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  if (event.key !== 'PageUp' && event.key !== 'PageDown') return undefined;
  const { current, pageSize, total, hasNext } = pagination;
  const last = total === undefined ? undefined : pageCountOf(total, pageSize);
  const forward = event.key === 'PageDown';
  if (!forward) return current > 1 ? (event.shiftKey ? 1 : current - 1) : undefined;
  if (event.shiftKey) return last !== undefined && last > current ? last : undefined;
  return (last !== undefined ? current < last : hasNext) ? current + 1 : undefined;
}

function useShortcuts(ref: RefObject<HTMLElement | null>, pagination: ListPlaceSource['pagination'], on: boolean) {
  const latest = useLatest(pagination);
  useEffect(() => {
    const region = ref.current;
    if (!on || !region) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || editsKeys(event.target)) return;
      const page = pageFor(event, latest.current);
      if (page === undefined) return;
      event.preventDefault();
      latest.current.onChange?.(page, latest.current.pageSize);
    };
    region.setAttribute('aria-keyshortcuts', LIST_SHORTCUTS);
    region.addEventListener('keydown', onKeyDown);
    return () => {
      region.removeAttribute('aria-keyshortcuts');
      region.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, on, latest]);
}
