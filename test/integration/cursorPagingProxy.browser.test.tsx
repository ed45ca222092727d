// Cursor paging in Chromium over real HTTP: the browser's own fetch → createApiClient on the proxy's path →
// createProxyHandler → the mock in the `Link` header style (page ignored), served by test/helpers/cursorProxyForBrowser.ts.
// The next page's link comes back through the proxy as a `Link` header the browser reads; no request reaches the
// canary beside the upstream.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider, Pagination, useShares, type PagedResourceResult } from '../../src/index';

const { origin, basePath, organizationId, canary } = inject('cursorProxy');
const SIZE = 10;

interface Counts {
  upstream: number;
  canary: number;
  names: string[];
}
const counts = async (): Promise<Counts> => (await fetch(`${origin}/__counts`)).json();

const shown: { shares?: PagedResourceResult<{ id: string; name: string }> } = {};

function Shares({ cursor }: { cursor?: { page: number; cursor: string } }) {
  const shares = useShares<{ id: string; name: string }>({
    organizationId,
    pageSize: SIZE,
    prefetchNext: false,
    ...(cursor ? { defaultPage: cursor.page, cursor } : {}),
  });
  // Kept once committed: the test drives what is on screen.
  useLayoutEffect(() => {
    shown.shares = shares;
  });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </>
  );
}

function renderShares(cursor?: { page: number; cursor: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({ baseUrl: `${origin}${basePath}` });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <Shares cursor={cursor} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { queryClient, view };
}

const namesShown = () =>
  within(screen.getByRole('list', { name: 'Shares' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('cursor paging through the proxy in Chromium', () => {
  it('next costs one upstream request, back none, a jump of three three; each page under its number', async () => {
    const { names, upstream: start } = await counts();
    const page = (n: number) => names.slice((n - 1) * SIZE, n * SIZE);
    const { queryClient } = renderShares();
    /** Runs `move`, waits for page `n` and for nothing to be fetching, and returns the upstream requests it cost. */
    const cost = async (move: () => void, n: number) => {
      const before = (await counts()).upstream;
      move();
      await waitFor(() => expect(namesShown()).toEqual(page(n)));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(shown.shares!.pagination.current).toBe(n);
      return (await counts()).upstream - before;
    };
    await waitFor(() => expect(namesShown()).toEqual(page(1)));
    expect((await counts()).upstream - start).toBe(1);
    expect(await cost(() => fireEvent.click(screen.getByRole('button', { name: 'Next page' })), 2)).toBe(1);
    expect(await cost(() => fireEvent.click(screen.getByRole('button', { name: 'Previous page' })), 1)).toBe(0);
    // Page 2 is cached: the jump to page 5 walks pages 3, 4 and 5, one cursor after the other.
    expect(await cost(() => act(() => shown.shares!.pagination.onChange(5, SIZE)), 5)).toBe(3);
    expect(shown.shares!.cursor).toMatchObject({ page: 5, cursor: expect.stringContaining(`${origin}${basePath}/`) });
    expect(shown.shares!.pagination.total).toBeUndefined();
    expect((await counts()).canary).toBe(0);
  });

  it('walks to a page whose link points at the canary or off the proxy’s path, and nothing reaches the canary', async () => {
    const { names } = await counts();
    const elsewhere = [`${canary}${basePath}/${organizationId}/shares?after=x`, `${origin}${basePath}/../../x`];
    for (const cursor of elsewhere) {
      const { view, queryClient } = renderShares({ page: 3, cursor });
      await waitFor(() => expect(namesShown()).toEqual(names.slice(2 * SIZE, 3 * SIZE)));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      view.unmount();
    }
    expect((await counts()).canary).toBe(0);
  });
});
