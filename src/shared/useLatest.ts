'use client';

import { useRef, type RefObject } from 'react';
import { useIsomorphicLayoutEffect } from './useEffects';

/**
 * A ref to the value of the last committed render: callbacks made once (memoised, or handed to a timer) read the
 * latest props through it instead of being made again, so memoised callers keep the same functions.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  // After the commit, never during render: a render React throws away must not leave its value behind. A layout
  // effect, not a passive one: a passive effect makes React run a pass of its own after every commit.
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
