'use client';

import { useInfiniteQuery, useQueryClient, type InfiniteData, type UseInfiniteQueryOptions, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ApiClient, Page } from '../client/index';
import { pagedInfiniteQueryOptions, type PagedInfiniteQueryKey, type PagedInfiniteQueryParams } from './pagedInfiniteQueryOptions';
import type { PagedResource } from './pagedQueryOptions';
import { useClientFor } from './useApiClient';

/** Options of `useInfiniteShares` / `useInfiniteEnvironments`: the list's, plus `useInfiniteQuery` options it does not own. */
export interface InfiniteResourceOptions<T>
  extends Omit<PagedInfiniteQueryParams, 'client'>,
    Omit<
      UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, PagedInfiniteQueryKey, number>,
      'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam' | 'maxPages' | 'staleTime' | 'initialData' | 'placeholderData'
    > {
  /** The API client. @default the one from `<ApiClientProvider>` */
  client?: ApiClient;
}

/** `useInfiniteQuery`'s result plus names that read well in a "Load more" button or an intersection observer. */
export type InfiniteResourceResult<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, number>, Error> & {
  /** Every row loaded so far, in order (pages dropped by `maxPages` are gone). */
  rows: T[];
  /** Loads the next page; does nothing while one is loading or when there is none. */
  loadMore: () => void;
  /** Whether a next page exists (the last page said `hasNext`). */
  hasMore: boolean;
  /** Whether the next page is loading. */
  isLoadingMore: boolean;
  /** The total from the last page, when the service says one. */
  total: number | undefined;
};

const noRows: never[] = [];
const OWN = ['queryKey', 'queryFn', 'initialPageParam', 'getNextPageParam', 'getPreviousPageParam', 'maxPages', 'initialData', 'placeholderData'];

/** The one implementation behind `useInfiniteShares` and `useInfiniteEnvironments`. */
export function useInfiniteResource<T>(resource: PagedResource, options: InfiniteResourceOptions<T>, caller: string): InfiniteResourceResult<T> {
  const { client: clientOption, organizationId, pageSize, maxPages, staleTime, ...rest } = options;
  const client = useClientFor(caller, clientOption);
  // Without placeholder data: switching organization never shows the other organization's rows.
  const own = pagedInfiniteQueryOptions<T>(resource, { client, organizationId, pageSize, maxPages, staleTime });
  // The caller's options win where they may (retry, enabled, …); those the list owns are dropped even from a cast.
  for (const name of OWN) delete (rest as Record<string, unknown>)[name];
  const query = useInfiniteQuery({ ...own, ...rest });
  const queryClient = useQueryClient();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.items) ?? noRows, [data]);
  const { queryKey } = own;
  const loadMore = useCallback(() => {
    // Read now, not from the render: a call while a page loads joins it instead of asking again, but a background
    // refetch (invalidation, focus) must not swallow it, so that one is cancelled as TanStack does by default.
    const loading = !!queryClient.getQueryState(queryKey)?.fetchMeta?.fetchMore;
    if (hasNextPage) void fetchNextPage({ cancelRefetch: !loading });
    // The key's parts, not the array (new each render): loadMore stays the same function for effects that use it.
  }, [hasNextPage, fetchNextPage, queryClient, ...queryKey]);
  // Added to TanStack's result, not spread: it re-renders only for the fields a component reads.
  return Object.assign(query, { rows, loadMore, hasMore: hasNextPage, isLoadingMore: isFetchingNextPage, total: data?.pages.at(-1)?.total });
}
