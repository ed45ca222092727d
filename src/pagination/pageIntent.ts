'use client';

import { useEffect, useRef } from 'react';

/** How long a pointer rests on a page's control before it counts as intent, in milliseconds. */
export const DEFAULT_INTENT_DELAY_MS = 120;

/** The handlers that tell a page's control is about to be used. */
export interface PageIntentHandlers {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
}

/**
 * Handlers saying which page the reader seems about to open, for `onPageIntent`: a pointer that rests on a control
 * for `delayMs`, or focus on it (a keyboard user who tabbed there). A pointer crossing the control on its way
 * elsewhere leaves before the delay and asks for nothing. One timer for the whole control: there is one pointer.
 * No handlers without `onPageIntent`, so a control that does not listen carries none.
 */
export function usePageIntent(
  onPageIntent: ((page: number) => void) | undefined,
  delayMs = DEFAULT_INTENT_DELAY_MS,
): (page: number) => PageIntentHandlers | undefined {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const cancel = () => clearTimeout(timer.current);
  return (page) =>
    onPageIntent && {
      onPointerEnter: () => {
        cancel();
        timer.current = setTimeout(onPageIntent, delayMs, page);
      },
      onPointerLeave: cancel,
      onFocus: () => onPageIntent(page),
    };
}
