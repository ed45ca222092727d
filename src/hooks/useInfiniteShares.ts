import type { Share } from '../client/types';
import { useInfiniteResource, type InfiniteResourceOptions, type InfiniteResourceResult } from './useInfiniteResource';

/**
 * An organization's shares page by page, for "Load more" buttons and infinite scroll: `rows` holds every row loaded,
 * `loadMore()` asks for the next page while `hasMore`. Pages follow `hasNext`, so services without a total work too.
 */
export function useInfiniteShares<T = Share>(options: InfiniteResourceOptions<T>): InfiniteResourceResult<T> {
  return useInfiniteResource<T>('shares', options, 'useInfiniteShares');
}
