'use client';

import { useEffect, useLayoutEffect } from 'react';

/** useLayoutEffect in a browser (it runs before paint); on the server, where it would only warn, useEffect. */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
