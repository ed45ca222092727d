'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';

/** useLayoutEffect in a browser (it runs before paint); on the server, where it would only warn, useEffect. */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * An effect after every commit outside production (dev warnings), given the instance's own set of warnings already
 * given, and no hook at all in production: an effect, even an empty one, makes React run its passive-effects pass after
 * each commit, which on a page change costs more than the rest of the control's own work, and the set is no ref kept
 * for nothing. The callback's body still belongs inside `process.env.NODE_ENV !== 'production'` so that bundlers drop
 * what it uses.
 */
export const useDevEffect: (effect: (warned: Set<string>) => void) => void =
  process.env.NODE_ENV === 'production'
    ? () => {}
    : function useDevEffect(effect) {
        const warned = useRef<Set<string>>(undefined);
        useEffect(() => effect((warned.current ??= new Set())));
      };
