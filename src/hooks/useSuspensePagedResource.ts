'use client';

import { useSuspenseQuery, type UseSuspenseQueryResult } from '@tanstack/react-query';
import { useCallback, useTransition } from 'react';
import type { ApiClient, Page } from '../client/index';
import { DEFAULT_PAGE_SIZE } from '../shared/DEFAULT_PAGE_SIZE';
import { usePageState } from '../shared/usePageState';
import type { QueryPagination } from './PagedResourceOptions';
import { pagedQueryOptions, type PagedResource } from './pagedQueryOptions';
import { toPageNumber } from './toPageNumber';
import { useClientFor } from './useApiClient';

/** Options of `useSuspenseShares` / `useSuspenseEnvironments`. */
export interface SuspensePagedOptions {
  /** The organization's UUID (required: a suspending query cannot be skipped). */
  organizationId: string;
  /** 1-based page; giving it makes the page controlled. @default defaultPage (1), then the user's choice */
  page?: number;
  /** Rows per page; giving it makes the page size controlled. @default defaultPageSize (20), then the user's choice */
  pageSize?: number;
  /** First page when `page` is not given, read on mount. @default 1 */
  defaultPage?: number;
  /** First page size when `pageSize` is not given, read on mount. @default 20 */
  defaultPageSize?: number;
  /** Called with the 1-based page and page size on each change, inside the transition. */
  onChange?: (page: number, pageSize: number) => void;
  /** The API client. @default the one from `<ApiClientProvider>` */
  client?: ApiClient;
  /** How long a fetched page counts as fresh, in milliseconds. @default 30_000 */
  staleTime?: number;
}

/** `useSuspenseQuery`'s result (data always there), whether the next page is loading, and the control's props. */
export type SuspensePagedResult<T> = UseSuspenseQueryResult<Page<T>, Error> & {
  /** The next page is loading while the current one stays on screen: drive a subtle loading state with it. */
  isPending: boolean;
  /** Props to spread into `<Pagination />`; `onChange` moves inside a transition. */
  pagination: QueryPagination;
};

/**
 * Paging under Suspense without the fallback coming back: the page changes inside `startTransition`, so React keeps
 * the current page on screen while the next one suspends (`useSuspenseQuery` has no `placeholderData`). The one
 * implementation behind `useSuspenseShares` and `useSuspenseEnvironments`.
 */
export function useSuspensePagedResource<T>(resource: PagedResource, options: SuspensePagedOptions, caller: string): SuspensePagedResult<T> {
  const client = useClientFor(caller, options.client);
  const [isPending, startTransition] = useTransition();
  const firstSize = toPageNumber(options.defaultPageSize, DEFAULT_PAGE_SIZE);
  const state = usePageState({
    page: options.page,
    pageSize: options.pageSize,
    defaultPage: toPageNumber(options.defaultPage, 1),
    defaultPageSize: firstSize,
    listing: JSON.stringify([resource, client.id, options.organizationId]),
    onChange: options.onChange,
  });
  const page = toPageNumber(state.page, 1);
  const pageSize = toPageNumber(state.pageSize, firstSize);
  if (!options.organizationId) throw new TypeError(`pagewise: ${caller}() needs an \`organizationId\` (a suspending query cannot wait for one)`);
  const pageOptions = pagedQueryOptions<T>(resource, { client, organizationId: options.organizationId, page, pageSize, staleTime: options.staleTime });
  // With an organization, queryFn is a function (never skipToken), as useSuspenseQuery requires.
  const query = useSuspenseQuery(pageOptions as typeof pageOptions & { queryFn: Exclude<typeof pageOptions.queryFn, symbol> });
  const { change } = state;
  const onChange = useCallback(
    (next: number, size: number) => startTransition(() => change(toPageNumber(next, 1), toPageNumber(size, pageSize))),
    [change, pageSize],
  );
  const { total, hasNext } = query.data;
  const pagination: QueryPagination = { current: page, pageSize, onChange, ...(total === undefined ? { hasNext } : { total }) };
  return Object.assign(query, { isPending, pagination });
}
