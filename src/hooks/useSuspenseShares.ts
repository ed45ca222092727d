import type { Share } from '../client/types';
import { useSuspensePagedResource, type SuspensePagedOptions, type SuspensePagedResult } from './useSuspensePagedResource';

/**
 * One page of an organization's shares under Suspense: the first load suspends (the nearest `<Suspense>` shows its
 * fallback); changing the page does not: it runs in a transition, the current page stays, and `isPending` says a
 * page is on its way. Spread `pagination` into `<Pagination />`.
 */
export function useSuspenseShares<T = Share>(options: SuspensePagedOptions): SuspensePagedResult<T> {
  return useSuspensePagedResource<T>('shares', options, 'useSuspenseShares');
}
