'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../shared/DEFAULT_PAGE_SIZE';
import { usePageState } from '../shared/usePageState';
import { DEFAULT_STALE_TIME, pagedQueryOptions } from './pagedQueryOptions';
import type { PagedResource } from './pagedQueryOptions';
import type { PagedResourceOptions, PagedResourceResult, QueryPagination } from './PagedResourceOptions';
import { prefetchNextPage } from './prefetchNextPage';
import { toPageNumber } from './toPageNumber';
import { useClientFor } from './useApiClient';
import { useInvalidOptionWarnings } from './useInvalidOptionWarnings';
import { useKnownTotal } from './useKnownTotal';
import { withoutOwnOptions } from './withoutOwnOptions';
import { withPagination } from './withPagination';

export type { PagedResourceOptions, PagedResourceResult, QueryPagination } from './PagedResourceOptions';

/** The one implementation behind `useShares` and `useEnvironments`. `caller` names the hook in messages. */
export function usePagedResource<T>(resource: PagedResource, options: PagedResourceOptions<T>, caller: string): PagedResourceResult<T> {
  const { organizationId: organizationOption, page: pageOption, pageSize: pageSizeOption, defaultPage, defaultPageSize, onChange,
    prefetchNext = true, client: clientOption, staleTime = DEFAULT_STALE_TIME, ...passedThrough } = options;
  const queryOverrides = withoutOwnOptions(passedThrough);
  const client = useClientFor(caller, clientOption);
  const queryClient = useQueryClient();
  const organizationId = organizationOption || null;
  const firstPage = toPageNumber(defaultPage, 1);
  const firstSize = toPageNumber(defaultPageSize, DEFAULT_PAGE_SIZE);
  // The client's non-secret id, not the object: a client created during render must not look like a new one.
  const listing = JSON.stringify([resource, client.id, organizationId]);
  const state = usePageState({ page: pageOption, pageSize: pageSizeOption, defaultPage: firstPage, defaultPageSize: firstSize, listing, onChange });
  const page = toPageNumber(state.page, 1);
  const pageSize = toPageNumber(state.pageSize, firstSize);
  useInvalidOptionWarnings(caller, [['page', pageOption, page], ['pageSize', pageSizeOption, pageSize],
    ['defaultPage', defaultPage, firstPage], ['defaultPageSize', defaultPageSize, firstSize]]);
  const { change: setState } = state;
  const change = useCallback((p: number, size: number) => setState(toPageNumber(p, 1), toPageNumber(size, pageSize)), [setState, pageSize]);

  const query = useQuery({ ...pagedQueryOptions<T>(resource, { client, organizationId, page, pageSize, staleTime }), ...queryOverrides });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  const knownTotal = useKnownTotal(listing, fresh?.total, fresh !== undefined);
  const total = query.data?.total ?? knownTotal;

  // Rows were deleted under us. With a total, a page past the end moves to the last page; without one, an
  // empty page after the first moves back one page (the service said nothing more).
  let target: number | undefined;
  if (fresh?.total !== undefined) target = page > Math.max(1, fresh.pageCount ?? 1) ? Math.max(1, fresh.pageCount ?? 1) : undefined;
  else if (fresh && page > 1 && fresh.items.length === 0) target = page - 1;
  // The move already asked for: StrictMode runs a mount's effects twice, and the caller hears of it once.
  const askedMove = useRef<string | null>(null);
  useEffect(() => {
    const move = target === undefined ? null : JSON.stringify([listing, page, pageSize, target]);
    if (move === null || askedMove.current === move) return void (askedMove.current = move);
    askedMove.current = move;
    change(target!, pageSize);
  }, [listing, target, page, pageSize, change]);

  // Once this page has settled and says another follows, fetch it so moving forward waits for nothing.
  const latest = useRef({ client, queryOverrides });
  useEffect(() => void (latest.current = { client, queryOverrides }));
  const nextPage = prefetchNext && fresh?.hasNext && !query.isFetching ? page + 1 : undefined;
  useEffect(() => {
    if (nextPage === undefined || !organizationId) return;
    prefetchNextPage<T>(queryClient, resource, { ...latest.current, organizationId, page, pageSize, staleTime });
  }, [queryClient, resource, listing, organizationId, page, nextPage, pageSize, staleTime]);

  // Past the end, the control already shows the page the move above goes to.
  const current = target ?? page;
  const hasNext = total === undefined ? query.data?.hasNext : undefined;
  const pagination = useMemo<QueryPagination>(
    () => ({ current, pageSize, onChange: change, ...(total !== undefined ? { total } : hasNext !== undefined ? { hasNext } : {}) }),
    [current, total, hasNext, pageSize, change],
  );
  return withPagination(query, pagination);
}
