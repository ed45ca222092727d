import type { Environment } from '../client/types';
import { useSuspensePagedResource, type SuspensePagedOptions, type SuspensePagedResult } from './useSuspensePagedResource';

/** One page of an organization's environments under Suspense, paging in a transition (see `useSuspenseShares`). */
export function useSuspenseEnvironments<T = Environment>(options: SuspensePagedOptions): SuspensePagedResult<T> {
  return useSuspensePagedResource<T>('environments', options, 'useSuspenseEnvironments');
}
