'use client';

import { useCallback, useState } from 'react';

/**
 * A value the caller controls (`value` given) or the hook keeps, starting from `defaultValue`, as an input's
 * `value` and `defaultValue`: `[value, set, controlled]`. `set` changes the kept value only (a controlled value is
 * the caller's to change, through its own callback) and is the same function while `resetKey` is. A new `resetKey`
 * (what is shown changed) puts the kept value back to `defaultValue` during the same render, so no render pairs the
 * new key with the old value; otherwise `defaultValue` is read on mount only.
 */
export function useUncontrolled<T>(
  value: T | undefined,
  defaultValue: T,
  resetKey?: unknown,
): [value: T, set: (next: T) => void, controlled: boolean] {
  let [own, setOwn] = useState(() => ({ value: defaultValue, key: resetKey }));
  if (!Object.is(own.key, resetKey)) setOwn((own = { value: defaultValue, key: resetKey }));
  const set = useCallback((next: T) => setOwn({ value: next, key: resetKey }), [resetKey]);
  return value === undefined ? [own.value, set, false] : [value, set, true];
}
