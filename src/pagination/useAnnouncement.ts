'use client';

import { useRef, useState } from 'react';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

/**
 * Whether the live region speaks: not on the first render (loading a page announces nothing), and from the first
 * change of `key` (page and size) on, always, so what it holds matches what is shown when read. Derived during
 * render: no second render per change.
 */
export function useAnnouncement(key: string): boolean {
  const [firstKey] = useState(key);
  const changed = useRef(false);
  const announce = changed.current || key !== firstKey;
  useIsomorphicLayoutEffect(() => {
    if (announce) changed.current = true;
  });
  return announce;
}
