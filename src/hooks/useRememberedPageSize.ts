'use client';

import { useCallback, useState, useSyncExternalStore } from 'react';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, isDigits } from '../shared/paging';
import { warnOncePerKey } from '../shared/log';
import { useDevEffect } from '../shared/useEffects';

/** Options of `useRememberedPageSize`. */
export interface RememberedPageSizeOptions {
  /** The size until the reader picks one (and when what is stored is not a size offered). @default 20 */
  defaultPageSize?: number;
  /** The sizes a stored value may be, as the control offers them; without them, any whole number up to 1000. @default none */
  pageSizeOptions?: readonly number[];
}

// Writes in this tab: the `storage` event reaches only the other tabs of the origin.
const listeners = new Set<() => void>();

function read(storageKey: string): string | null {
  if (!storageKey) return null;
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    // Storage refused (a privacy mode, a sandboxed frame): the size is kept for this visit only.
    return null;
  }
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

/** The stored size when it is one the list offers, else undefined. */
function sizeOf(stored: string | null, options: RememberedPageSizeOptions): number | undefined {
  if (stored === null || !isDigits(stored)) return undefined;
  const size = Number(stored);
  const offered = options.pageSizeOptions ? options.pageSizeOptions.includes(size) : size >= 1 && size <= MAX_PAGE_SIZE;
  return offered ? size : undefined;
}

/**
 * A list's page size kept across visits in `localStorage` under `storageKey`: pass `pageSize` to the data hook (or
 * the control) and call `setPageSize` from its `onChange`. The server and the first browser render use
 * `defaultPageSize`, then the stored size, so hydration always matches; another tab's change follows. A stored value
 * that is no size offered is ignored (a warning outside production names the key, never the value).
 */
export function useRememberedPageSize(
  storageKey: string,
  options: RememberedPageSizeOptions = {},
): [pageSize: number, setPageSize: (size: number) => void] {
  // A hook never throws in render: a key that is no name keeps the size for this visit only, with a warning.
  const usable = typeof storageKey === 'string' && storageKey !== '';
  const stored = useSyncExternalStore(
    subscribe,
    () => (usable ? read(storageKey) : null),
    () => null,
  );
  const size = sizeOf(stored, options);
  // The reader's pick of this visit, where storage is refused (or the key unusable): the list still changes size.
  const [picked, setPicked] = useState<number>();
  useDevEffect((warned) => {
    if (process.env.NODE_ENV === 'production') return;
    if (!usable)
      warnOncePerKey(
        warned,
        'storageKey',
        () => 'useRememberedPageSize: `storageKey` must be a non-empty string; the page size is not remembered.',
      );
    if (stored === null || size !== undefined) return;
    warnOncePerKey(
      warned,
      storageKey,
      () =>
        `useRememberedPageSize: the page size stored under "${storageKey}" is not one the list offers; ` +
        `using ${options.defaultPageSize ?? DEFAULT_PAGE_SIZE} until the reader picks one.`,
    );
  });
  const setPageSize = useCallback(
    (next: number) => {
      setPicked(next);
      if (!usable) return;
      try {
        window.localStorage.setItem(storageKey, String(next));
      } catch {
        // Not kept across visits where storage is refused; this visit still changes size through the caller.
      }
      for (const notify of listeners) notify();
    },
    [storageKey, usable],
  );
  return [size ?? picked ?? options.defaultPageSize ?? DEFAULT_PAGE_SIZE, setPageSize];
}
