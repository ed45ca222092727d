'use client';

import { useState } from 'react';

/**
 * The last total a fresh page reported for this listing, so the control keeps its shape while another page
 * size loads. Undefined until one is known, and for services that never report one.
 */
export function useKnownTotal(listing: string, freshTotal: number | undefined, fresh: boolean): number | undefined {
  const [known, setKnown] = useState<{ listing: string; total: number | undefined } | null>(null);
  if (fresh && (known?.listing !== listing || known.total !== freshTotal)) setKnown({ listing, total: freshTotal });
  return known?.listing === listing ? known.total : undefined;
}
