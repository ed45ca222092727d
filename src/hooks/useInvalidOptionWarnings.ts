'use client';

import { useEffect, useRef } from 'react';
import { warnOnce } from '../shared/warnOnce';

/**
 * Outside production, warns once per option name about each `[name, given, used]` whose given value was
 * replaced: bad numbers never reach the API, and the caller hears which option was wrong.
 */
export function useInvalidOptionWarnings(caller: string, given: ReadonlyArray<readonly [string, unknown, number]>): void {
  const warned = useRef(new Set<string>()).current;
  useEffect(() => {
    // Written out as React writes it, so bundlers drop the warnings from production builds.
    if (process.env.NODE_ENV === 'production') return;
    for (const [name, value, used] of given) {
      if (value !== undefined && !Object.is(value, used)) warnOnce(warned, caller, name, value, used);
    }
  });
}
