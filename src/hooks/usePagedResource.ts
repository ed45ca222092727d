'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../shared/DEFAULT_PAGE_SIZE';
import { usePageState } from '../shared/usePageState';
import { DEFAULT_STALE_TIME, pagedQueryOptions } from './pagedQueryOptions';
import type { PagedResource } from './pagedQueryOptions';
import type { PagedResourceOptions, PagedResourceResult, QueryPagination } from './PagedResourceOptions';
import { pageAfterDeletes } from './pageAfterDeletes';
import { prefetchNextPage } from './prefetchNextPage';
import { toPageNumber } from './toPageNumber';
import { useClientFor } from './useApiClient';
import { useInvalidOptionWarnings } from './useInvalidOptionWarnings';
import { useKnownTotal } from './useKnownTotal';
import { withoutOwnOptions } from './withoutOwnOptions';
import { withPagination } from './withPagination';

/** The one implementation behind `useShares` and `useEnvironments`. `caller` names the hook in messages. */
export function usePagedResource<T>(
  resource: PagedResource,
  options: PagedResourceOptions<T>,
  caller: string,
): PagedResourceResult<T> {
  const { organizationId: organization, page: pageOption, pageSize: sizeOption, defaultPage, defaultPageSize, onChange,
    prefetchNext = true, client: clientOption, staleTime = DEFAULT_STALE_TIME, ...passedThrough } = options;
  const queryOverrides = withoutOwnOptions(passedThrough);
  const client = useClientFor(caller, clientOption);
  const queryClient = useQueryClient();
  const organizationId = organization || null;
  const firstPage = toPageNumber(defaultPage, 1);
  const firstSize = toPageNumber(defaultPageSize, DEFAULT_PAGE_SIZE);
  // The client's non-secret id, not the object: a client created during render must not look like a new one.
  const listing = JSON.stringify([resource, client.id, organizationId]);
  const own = { defaultPage: firstPage, defaultPageSize: firstSize, listing, onChange };
  const state = usePageState({ page: pageOption, pageSize: sizeOption, ...own });
  const page = toPageNumber(state.page, 1);
  const pageSize = toPageNumber(state.pageSize, firstSize);
  useInvalidOptionWarnings(caller, [['page', pageOption, page], ['pageSize', sizeOption, pageSize],
    ['defaultPage', defaultPage, firstPage], ['defaultPageSize', defaultPageSize, firstSize]]);
  const { change: setPage } = state;
  const change = useCallback(
    (p: number, size: number) => setPage(toPageNumber(p, 1), toPageNumber(size, pageSize)),
    [setPage, pageSize],
  );

  const params = { client, organizationId, page, pageSize, staleTime };
  const query = useQuery({ ...pagedQueryOptions<T>(resource, params), ...queryOverrides });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  const knownTotal = useKnownTotal(listing, fresh?.total, fresh !== undefined);
  const total = query.data?.total ?? knownTotal;

  const target = pageAfterDeletes(fresh, page);
  // The move already asked for: StrictMode runs a mount's effects twice, and the caller hears of it once.
  const askedMove = useRef<string | null>(null);
  useEffect(() => {
    const move = target === undefined ? null : JSON.stringify([listing, page, pageSize, target]);
    if (move !== null && askedMove.current !== move) change(target!, pageSize);
    askedMove.current = move;
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
  const pagination = useMemo<QueryPagination>(() => {
    const count = total !== undefined ? { total } : hasNext !== undefined ? { hasNext } : {};
    return { current, pageSize, onChange: change, ...count };
  }, [current, total, hasNext, pageSize, change]);
  return withPagination(query, pagination);
}
