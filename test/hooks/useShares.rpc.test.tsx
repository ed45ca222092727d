// useShares reading through createRpcClient, with no adapter: the call is what a server function does with it
// (serveListCall with the server's client), every call and answer through JSON as a serializer carries them.
import { dehydrate, hydrate } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRpcClient, isHttpError, type ListCall } from '../../src/client/index';
import { sharesQueryOptions, useShares } from '../../src/hooks/index';
import { serveListCall } from '../../src/server/index';
import type { MockShare } from '../../src/testing/index';
import { acme, createTestQueryClient, createWrapper, globex, setupMockService, wirePages } from './support';

// `client` is the server's client here: the mock answers without credentials, as a service behind them would.
const { service, client: serverClient } = setupMockService();

const overTheWire = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The browser's client: each call answered by serveListCall as a server function's handler does, allowing Acme only. */
function rpcClient() {
  const call = vi.fn(async ({ data, signal }: { data: ListCall; signal: AbortSignal }) =>
    overTheWire(
      await serveListCall(serverClient, overTheWire(data), {
        signal,
        allow: (c) => c.organizationId === acme,
      }),
    ),
  );
  return { call, client: createRpcClient({ call }) };
}

describe('useShares through createRpcClient', () => {
  it('shows page 3 from the service’s page=2 and prefetches page 4 (page=3), one call each', async () => {
    const { call, client } = rpcClient();
    const { result } = renderHook(() => useShares<MockShare>({ organizationId: acme, page: 3 }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.items[0]?.name).toMatch(/-00041$/);
    expect(result.current.pagination).toMatchObject({ current: 3, total: 437, pageSize: 20 });
    await waitFor(() => expect(wirePages(service)).toEqual([2, 3]));
    expect(call.mock.calls.map(([{ data }]) => data.page)).toEqual([3, 4]);
  });

  it('reads a page prefetched with the server’s client, as after hydration, without a call', async () => {
    const server = createTestQueryClient();
    await server.query(sharesQueryOptions({ client: serverClient, organizationId: acme, page: 1 }));
    const browser = createTestQueryClient();
    hydrate(browser, overTheWire(dehydrate(server)));
    const from = service.requests.length;
    const { call, client } = rpcClient();
    const { result } = renderHook(() => useShares<MockShare>({ organizationId: acme, page: 1, prefetchNext: false }), {
      wrapper: createWrapper(browser, client),
    });
    expect(result.current.data?.items).toHaveLength(20);
    expect(call).not.toHaveBeenCalled();
    expect(service.requests.length).toBe(from);
  });

  it('fails with the HttpError 403 the server function answered, not retried, the service not asked', async () => {
    const { call, client } = rpcClient();
    const { result } = renderHook(() => useShares<MockShare>({ organizationId: globex, page: 1 }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(isHttpError(result.current.error) && result.current.error.status).toBe(403);
    expect(call).toHaveBeenCalledTimes(1);
    expect(wirePages(service)).toEqual([]);
  });
});
