import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { getResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider, useInfiniteShares } from '../../src/hooks/index';
import {
  createMockService,
  demoOrganizationIds,
  type MockServiceOptions,
  type MockShare,
} from '../../src/testing/index';

// The load-more hook in Chromium, on the mock service's MSW handlers answering in the page (browser fetch types).

const { acme, globex } = demoOrganizationIds;

function setup(options: MockServiceOptions = {}) {
  const service = createMockService({ auth: 'none', latencyMs: 5, ...options });
  const client = createApiClient({
    baseUrl: service.baseUrl,
    fetch: async (input, init) =>
      (await getResponse(service.handlers, new Request(input, init))) ?? new Response(null, { status: 404 }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  return { service, wrapper };
}

describe('useInfiniteShares in Chromium', () => {
  it('resets to the first page for another organization without showing the old rows', async () => {
    const { service, wrapper } = setup();
    const { result, rerender } = renderHook(
      ({ org }: { org: string }) => useInfiniteShares<MockShare>({ organizationId: org, pageSize: 10 }),
      {
        wrapper,
        initialProps: { org: acme as string },
      },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(20));
    rerender({ org: globex });
    expect(result.current.rows).toEqual([]);
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    expect(result.current.total).toBe(23); // Globex's list, not Acme's 437
    expect(service.requests.filter((r) => r.organizationId === globex).map((r) => r.page)).toEqual([0]);
  });

  it('keeps at most maxPages pages, dropping from the start, and goes on loading', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10, maxPages: 2 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    for (const last of [2, 3, 4]) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.data?.pageParams.at(-1)).toBe(last));
    }
    expect(result.current.data?.pageParams).toEqual([3, 4]);
    expect(result.current.rows).toHaveLength(20);
  });

  it('stops at the end of a Spring Slice service, which has no total', async () => {
    const { service, wrapper } = setup({
      shape: 'slice',
      organizations: { [acme]: { name: 'Acme', shares: 15, environments: 0 } },
    });
    const { result } = renderHook(() => useInfiniteShares<MockShare>({ organizationId: acme, pageSize: 10 }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    expect(result.current.total).toBeUndefined();
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(15));
    expect(result.current.hasNextPage).toBe(false);
    act(() => result.current.loadMore());
    expect(service.requests.map((r) => r.page)).toEqual([0, 1]);
  });
});
