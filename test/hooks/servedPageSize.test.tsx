import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { usePagedList } from '../../src/hooks/index';
import { ORG } from '../client/fixtures';
import { localServerForFile } from '../helpers/localServerForFile';
import { createTestQueryClient, createWrapper } from './support';

// Real fetch to a node:http server on 127.0.0.1 paging as Django REST Framework's PageNumberPagination does with no
// size parameter it reads: `page` from 1, always its own 10 rows, `{ count, next, previous, results }`.
const server = localServerForFile();
const ROWS = Array.from({ length: 57 }, (_, index) => ({ id: `r${index + 1}` }));
const ids = (rows: ReadonlyArray<{ id: string }> | undefined) => rows?.map((row) => row.id) ?? [];

describe('a page form over a service that serves another page size', () => {
  it('shows the service’s size and page count, and each number shows that page of the service', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.handle(({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const results = ROWS.slice((page - 1) * 10, page * 10);
      return { body: { count: ROWS.length, next: null, previous: null, results } };
    });
    const client = createApiClient({ baseUrl: server.origin, serializePage: ({ page, size }) => ({ page, size }) });
    const queryClient = createTestQueryClient();
    const hook = renderHook(() => usePagedList<{ id: string }>('rows', { organizationId: ORG, defaultPageSize: 8 }), {
      wrapper: createWrapper(queryClient, client),
    });
    await waitFor(() => expect(hook.result.current.data).toBeDefined());
    expect(hook.result.current.pagination).toMatchObject({ current: 1, pageSize: 10, total: 57 });
    // The control moves with its own page size: that is no new size, so the pages stay those of the size asked.
    act(() => hook.result.current.pagination.onChange(6, 10));
    await waitFor(() => expect(hook.result.current.isPlaceholderData).toBe(false));
    await waitFor(() => expect(ids(hook.result.current.data?.items)).toEqual(ids(ROWS.slice(50, 57))));
    expect(hook.result.current.pagination).toMatchObject({ current: 6, pageSize: 10 });
    const sizes = queryClient.getQueryCache().findAll({ queryKey: ['pagewise', 'rows'] });
    expect(new Set(sizes.map(({ queryKey }) => queryKey[4]))).toEqual(new Set([8]));
    // Pages past the first go out at the size the service served, which it does not read either.
    expect(server.requests.at(-1)!.query.get('page')).toBe('6');
    vi.restoreAllMocks();
  });
});
