'use client';

import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref to the value of the last committed render: callbacks made once (memoised, or handed to a timer) read the
 * latest props through it instead of being made again, so memoised callers keep the same functions.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  // After the commit, never during render: a render React throws away must not leave its value behind.
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
