'use client';

import { useRef, useState, type FocusEvent, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/useEffects';

/**
 * Whether the live region speaks: not on the first render (loading a page announces nothing), and from the first
 * change of `key` (page and size) on, always, so what it holds matches what is shown when read. Derived during
 * render, as state (React re-runs the render once, on the first change only, before committing it).
 */
export function useAnnouncement(key: string): boolean {
  // The first key, until it first changes; then null for good.
  const [firstKey, setFirstKey] = useState<string | null>(key);
  if (firstKey !== null && key !== firstKey) setFirstKey(null);
  return key !== firstKey;
}

// Controls that cannot act: disabled buttons, and links without href (link mode).
const off = ':disabled,[aria-disabled]';

// Able to take focus: a control that can act, not hidden by the layout (a narrow container shows "3 / 22" instead of
// the pages), where focus() would do nothing.
const usable = (el: HTMLElement): boolean => !el.matches(off) && (el.checkVisibility?.() ?? true);

/**
 * Keeps keyboard focus in the control while it re-renders: a focused button that becomes disabled (e.g. "Next page" on
 * the last page) or leaves the window would drop focus to the body, so it goes to the page the user was on, else the
 * current page, else a page still shown, else the arrow back the other way. While the whole control is disabled
 * nothing can take it, so it waits, and gives focus back once enabled unless the user moved on. Spread the result on
 * the root element.
 */
export function useFocusRecovery(): {
  ref: RefObject<HTMLElement | null>;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onBlur: (e: FocusEvent<HTMLElement>) => void;
} {
  const root = useRef<HTMLElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  // Page buttons are reused by position (fast paging), so remember which page the focused one showed.
  const focusedPage = useRef<string | undefined>(undefined);

  useIsomorphicLayoutEffect(() => {
    const el = lastFocused.current;
    const active = document.activeElement;
    if (!el || (active && active !== document.body && active !== el)) return;
    const wanted = focusedPage.current;
    if (el.isConnected && el.dataset.page === wanted && usable(el)) {
      if (active !== el) el.focus({ preventScroll: true });
      return;
    }
    // Follow the page the user was on (its button may now sit elsewhere), else go to the current page. Where no page
    // is shown (a narrow container), an arrow that stopped acting (Next on the last page) hands focus to the arrow
    // back the other way, never to First or Last: the user's next Enter must not jump to the far end.
    const find = (selector: string) => [...(root.current?.querySelectorAll<HTMLElement>(selector) ?? [])].find(usable);
    const back = el.dataset.nav === 'next' || el.dataset.nav === 'last' ? 'previous' : 'next';
    const next =
      (wanted !== undefined && find(`[data-page="${wanted}"]`)) ||
      find('[aria-current]') ||
      find('[data-page]') ||
      find(`[data-nav=${back}]`) ||
      find('[data-nav]');
    if (next) {
      next.focus({ preventScroll: true });
      return;
    }
    // Focus fell to the body; forget it once the user puts it anywhere else.
    const moved = (e: globalThis.FocusEvent) => {
      if (!root.current?.contains(e.target as Node)) lastFocused.current = null;
    };
    document.addEventListener('focusin', moved);
    return () => document.removeEventListener('focusin', moved);
  });

  return {
    ref: root,
    onFocus: (e) => {
      lastFocused.current = e.target;
      focusedPage.current = e.target.dataset.page;
    },
    onBlur: (e) => {
      if (!e.target.matches(off) && !root.current?.contains(e.relatedTarget as Node | null)) lastFocused.current = null;
    },
  };
}
