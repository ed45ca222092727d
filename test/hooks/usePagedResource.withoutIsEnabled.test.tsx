// TanStack Query before 5.83 gives no `isEnabled` in the query result. The prefetch of the next page must then
// resolve `enabled` itself: this file runs the hook on a `useQuery` whose result lacks `isEnabled`.
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sharesQueryOptions, useShares } from '../../src/hooks/index';
import { acme, createTestQueryClient, createWrapper, setupMockService, wirePages } from './support';

vi.mock('@tanstack/react-query', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-query')>();
  return {
    ...actual,
    useQuery: (...args: Parameters<typeof actual.useQuery>) => {
      const result = actual.useQuery(...args);
      // Getters, not a copy: TanStack tracks which fields a component reads.
      const older = {};
      for (const key of Object.keys(result).filter((name) => name !== 'isEnabled')) {
        Object.defineProperty(older, key, { enumerable: true, get: () => result[key as keyof typeof result] });
      }
      return older;
    },
  };
});

const { service, client } = setupMockService();
const nextKey = sharesQueryOptions({ client, organizationId: acme, page: 2 }).queryKey;

describe('prefetching the next page on TanStack Query without `isEnabled`', () => {
  it('runs on a query result without isEnabled', () => {
    const { result } = renderHook(() => useShares({ organizationId: null }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    expect('isEnabled' in result.current).toBe(false);
  });

  it('prefetches the next page once the current one settled', async () => {
    const queryClient = createTestQueryClient();
    renderHook(() => useShares({ organizationId: acme }), { wrapper: createWrapper(queryClient, client) });
    await waitFor(() => expect(queryClient.getQueryState(nextKey)?.status).toBe('success'));
    expect(wirePages(service)).toEqual([0, 1]);
  });

  it.each([
    ['enabled: false', false],
    ['an enabled callback returning false', () => false],
  ] as const)('prefetches nothing with %s', async (_, enabled) => {
    const queryClient = createTestQueryClient();
    await queryClient.query(sharesQueryOptions({ client, organizationId: acme, page: 1 }));
    const { result, rerender } = renderHook(() => useShares({ organizationId: acme, enabled }), {
      wrapper: createWrapper(queryClient, client),
    });
    expect(result.current.data?.hasNext).toBe(true);
    // React runs the last commit's effects before it renders again: a prefetch would have started by now.
    rerender();
    expect(queryClient.isFetching()).toBe(0);
    expect(queryClient.getQueryState(nextKey)).toBeUndefined();
  });

  it('prefetches when an enabled callback, called with the page query, returns true', async () => {
    const queryClient = createTestQueryClient();
    const enabled = vi.fn(() => true);
    renderHook(() => useShares({ organizationId: acme, enabled }), { wrapper: createWrapper(queryClient, client) });
    await waitFor(() => expect(queryClient.getQueryState(nextKey)?.status).toBe('success'));
    expect(enabled).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: sharesQueryOptions({ client, organizationId: acme }).queryKey }),
    );
  });
});
