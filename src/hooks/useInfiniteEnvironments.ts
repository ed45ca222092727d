import type { Environment } from '../client/types';
import { useInfiniteResource, type InfiniteResourceOptions, type InfiniteResourceResult } from './useInfiniteResource';

/** An organization's environments page by page, for "Load more" buttons and infinite scroll (see `useInfiniteShares`). */
export function useInfiniteEnvironments<T = Environment>(options: InfiniteResourceOptions<T>): InfiniteResourceResult<T> {
  return useInfiniteResource<T>('environments', options, 'useInfiniteEnvironments');
}
