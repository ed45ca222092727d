import { act, renderHook, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiClient, Page, SortEntry } from '../../src/client/index';
import { useInfiniteList, usePagedList, type ListCursor } from '../../src/hooks/index';
import { createTestQueryClient, createWrapper } from './support';

/** One page as the hook showed it, and the requests the service had received once it and its prefetch settled. */
export interface HookStep<T> {
  data: Page<T>;
  /** `pagination.current`, `pageSize`, `total` and `hasNext`: what the control is handed. */
  current: number;
  pageSize: number;
  total: number | undefined;
  hasNext: boolean | undefined;
  /** The hook's `cursor`: what led to the page on screen. */
  cursor: ListCursor | undefined;
  /** Requests the service received so far. */
  received: number;
}

interface WalkOptions {
  client: ApiClient;
  resource: string;
  organizationId: string;
  size: number;
  sort?: readonly SortEntry[];
  /** How many list requests the service has received (counted at the service). */
  received: () => number | Promise<number>;
}

/** The list queries in the cache that hold a page: the pages shown and the next one fetched ahead. */
const pagesHeld = (queryClient: ReturnType<typeof createTestQueryClient>) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success').length;

/**
 * Renders `usePagedList` with `client` and moves from page 1 by `pagination.onChange(current + 1, pageSize)` while the page says
 * another follows (ten pages at most: a walk that never ends fails on its count). Each step waits for the page on
 * screen and for the next page the hook asks for ahead, so the requests counted after it are the step's own.
 */
export async function walkThroughHook<T>({ client, resource, organizationId, size, sort, received }: WalkOptions) {
  const queryClient = createTestQueryClient();
  const hook = renderHook(
    () => usePagedList<T>(resource, { organizationId, defaultPageSize: size, defaultSort: sort }),
    { wrapper: createWrapper(queryClient, client) },
  );
  const settled = async (shown: number) => {
    await waitFor(() => {
      const { error, data, isPlaceholderData } = hook.result.current;
      expect(error).toBeNull();
      expect(data !== undefined && !isPlaceholderData).toBe(true);
    });
    // The page on screen, those before it, and the next one when there is one: fetched ahead, never asked twice.
    const held = shown + (hook.result.current.data!.hasNext ? 1 : 0);
    await waitFor(() => expect([pagesHeld(queryClient), queryClient.isFetching()]).toEqual([held, 0]));
  };
  const steps: Array<HookStep<T>> = [];
  try {
    for (let shown = 1; shown <= 10; shown++) {
      await settled(shown);
      const { data, pagination, cursor } = hook.result.current;
      steps.push({ data: data!, ...pick(pagination), cursor, received: await received() });
      if (!data!.hasNext) break;
      // As the control does: the next number, at the size the control was handed.
      act(() => pagination.onChange(pagination.current + 1, pagination.pageSize));
    }
  } finally {
    hook.unmount();
    queryClient.clear();
  }
  return { steps, rows: steps.flatMap((step) => step.data.items), costs: costsOf(steps) };
}

const pick = ({
  current,
  pageSize,
  total,
  hasNext,
}: {
  current: number;
  pageSize: number;
  total?: number;
  hasNext?: boolean;
}) => ({
  current,
  pageSize,
  total,
  hasNext,
});

/** The requests each step cost at the service. */
const costsOf = (steps: ReadonlyArray<{ received: number }>) =>
  steps.map((step, index) => step.received - (index ? steps[index - 1]!.received : 0));

/**
 * Renders `useInfiniteList` with `client` and calls `loadMore` while `hasNextPage` (ten pages at most), waiting for each
 * page; the rows it holds at the end, and the requests each load cost at the service.
 */
export async function loadAllThroughInfiniteHook<T>({
  client,
  resource,
  organizationId,
  size,
  sort,
  received,
}: WalkOptions) {
  const queryClient = createTestQueryClient();
  const hook = renderHook(() => useInfiniteList<T>(resource, { client, organizationId, pageSize: size, sort }), {
    wrapper: createWrapper(queryClient, client),
  });
  const loaded: Array<{ received: number }> = [];
  try {
    for (let pages = 1; pages <= 10; pages++) {
      await waitFor(() => {
        const { error, data, isFetching } = hook.result.current;
        expect(error).toBeNull();
        expect([data?.pages.length, isFetching]).toEqual([pages, false]);
      });
      loaded.push({ received: await received() });
      if (!hook.result.current.hasNextPage) break;
      act(() => hook.result.current.loadMore());
    }
    return { rows: hook.result.current.rows, costs: costsOf(loaded), total: hook.result.current.total };
  } finally {
    hook.unmount();
    queryClient.clear();
  }
}
