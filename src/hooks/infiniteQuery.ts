'use client';

// The "load more" list query behind the infinite hooks (presets.ts names them for each resource).
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Page } from '../client/index';
import { useClientFor } from './ApiClientProvider';
import { listInfiniteQueryOptions, mergeListOptions, type PagedResource } from './queryOptions';
import type { InfiniteResourceOptions, InfiniteResourceResult } from './types';
import { extendResult } from './pagedQuery';
import { DEFAULT_FILTERS_DELAY_MS, useDebouncedValue } from './useDebouncedValue';

const noRows: never[] = [];
/** Rows of each `data` once: the same pages give the same array, so `rows` can feed memoised tables. */
const rowsByData = new WeakMap<object, unknown[]>();

function rowsOf<T>(data: InfiniteData<Page<T>, number> | undefined): T[] {
  if (!data) return noRows;
  let rows = rowsByData.get(data) as T[] | undefined;
  if (!rows) rowsByData.set(data, (rows = data.pages.flatMap((page) => page.items)));
  return rows;
}

/** The one implementation of the "load more" form: `useInfiniteList`, `useInfiniteShares`, `useInfiniteEnvironments`. */
export function useInfiniteListAs<T>(
  caller: string,
  resource: PagedResource,
  options: InfiniteResourceOptions<T>,
): InfiniteResourceResult<T> {
  const {
    client: clientOption,
    organizationId,
    pageSize,
    maxPages,
    staleTime,
    sort,
    filters,
    filtersDelayMs = DEFAULT_FILTERS_DELAY_MS,
    ...rest
  } = options;
  const client = useClientFor(caller, clientOption);
  const settled = useDebouncedValue(filters, filtersDelayMs);
  const own = listInfiniteQueryOptions<T>(resource, {
    client,
    organizationId,
    pageSize,
    maxPages,
    staleTime,
    sort,
    filters: settled,
  });
  // Without placeholder data (the merge blanks the caller's): switching organization never shows the other's rows.
  const query = useInfiniteQuery(mergeListOptions(own, rest));
  const queryClient = useQueryClient();
  const { fetchNextPage } = query;
  const latestKey = useRef(own.queryKey);
  useEffect(() => void (latestKey.current = own.queryKey));
  const loadMore = useCallback(() => {
    // Read from the cache now, not from the render: the render would then track `hasNextPage` for every caller.
    // A call while a page loads joins it instead of asking again, but a background refetch (invalidation, focus)
    // must not swallow it, so that one is cancelled as TanStack does by default.
    const state = queryClient.getQueryState<InfiniteData<Page<T>, number>>(latestKey.current);
    const loading = !!(state?.fetchMeta as { fetchMore?: unknown } | null | undefined)?.fetchMore;
    if (state?.data?.pages.at(-1)?.hasNext) void fetchNextPage({ cancelRefetch: !loading });
    // The key from a ref, not the array (new each render): loadMore stays the same function for effects that use it.
  }, [fetchNextPage, queryClient]);
  // Getters, read only when the caller reads them: a component showing `rows` re-renders when rows change, not
  // on every notification of the observer (fetch status, `isFetchingNextPage`, …).
  return extendResult(query, {
    loadMore,
    get rows() {
      return rowsOf(query.data);
    },
    get hasMore() {
      return query.hasNextPage;
    },
    get isLoadingMore() {
      return query.isFetchingNextPage;
    },
    get total() {
      return query.data?.pages.at(-1)?.total;
    },
  });
}
