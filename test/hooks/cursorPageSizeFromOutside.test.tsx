import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { useShares } from '../../src/hooks/index';
import { ORG } from '../client/fixtures';
import { cursorService, makeRows, type Row } from '../helpers/cursorService';
import { localServerForFile } from '../helpers/localServerForFile';
import { createTestQueryClient, createWrapper } from './support';

// Real fetch to a node:http server on 127.0.0.1 serving a Stripe-style list, which pages by cursor only.
const server = localServerForFile();
const ids = (rows: readonly Row[] | undefined) => rows?.map((row) => row.id) ?? [];

describe('a page size changed from outside on a list paged by cursor', () => {
  it.each(['stripe', 'drf'] as const)('goes back to page 1 on a %s service, showing its first rows', async (style) => {
    const rows = makeRows(60);
    server.handle(cursorService(style, () => rows));
    const queryClient = createTestQueryClient();
    const hook = renderHook((props: { pageSize: number }) => useShares<Row>({ organizationId: ORG, ...props }), {
      wrapper: createWrapper(queryClient, createApiClient({ baseUrl: server.origin })),
      initialProps: { pageSize: 20 },
    });
    const settled = async () => {
      await waitFor(() => expect(hook.result.current.isPlaceholderData || !hook.result.current.data).toBe(false));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    };
    await settled();
    for (const page of [2, 3]) {
      act(() => hook.result.current.pagination.onChange(page, 20));
      await settled();
    }
    expect(hook.result.current.pagination.current).toBe(3);
    expect(ids(hook.result.current.data?.items)).toEqual(ids(rows.slice(40, 60)));
    hook.rerender({ pageSize: 16 });
    expect(hook.result.current.pagination).toMatchObject({ current: 1, pageSize: 16 });
    await settled();
    expect(ids(hook.result.current.data?.items)).toEqual(ids(rows.slice(0, 16)));
  });
});
