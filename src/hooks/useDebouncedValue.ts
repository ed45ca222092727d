'use client';

import { useEffect, useState } from 'react';
import { hashKey } from '@tanstack/react-query';
import { useLatest } from '../shared/useLatest';

/** How long filters must stay unchanged before a list hook asks for them, when nothing else is said. */
export const DEFAULT_FILTERS_DELAY_MS = 300;

/**
 * `value` once it has stayed the same (by value, not identity) for `delayMs`; at once when `delayMs` is 0. For a
 * search box: the input shows every key, the request waits for the typing to settle.
 */
export function useDebouncedValue<V>(value: V, delayMs: number): V {
  const key = hashKey([value]);
  const [settled, setSettled] = useState({ key, value });
  const immediate = !(delayMs > 0);
  // The value as last rendered: an equal value of another identity (an inline object) must not restart the wait.
  const latest = useLatest(value);
  useEffect(() => {
    if (immediate || settled.key === key) return;
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, immediate, settled.key, latest]);
  return immediate || settled.key === key ? value : settled.value;
}
