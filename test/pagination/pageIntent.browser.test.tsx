import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { getResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider, useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { createMockService, demoOrganizationIds, type MockServiceOptions } from '../../src/testing/index';
import '../../src/pagination/styles.css';

// Prefetch on intent in Chromium: real pointer moves (Playwright's mouse, through userEvent) and real focus; the wait
// for a resting pointer runs on Vitest's fake clock, so no assertion depends on how fast the machine is.

beforeAll(async () => {
  await page.viewport(1280, 900);
});
afterEach(() => {
  vi.useRealTimers();
});

const pageButton = (n: number) => screen.getByRole('button', { name: `Page ${n}` });
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** A pointer crossing the given pages on its way elsewhere, with no time passing on any of them. */
async function sweep(pages: number[]) {
  for (const n of pages) await userEvent.hover(pageButton(n));
  await userEvent.unhover(pageButton(pages.at(-1)!));
}

describe('Pagination onPageIntent in Chromium', () => {
  it('says nothing for pages a pointer sweeps across, even once every timer has run', async () => {
    const onPageIntent = vi.fn();
    render(<Pagination total={437} defaultCurrent={5} onPageIntent={onPageIntent} />);
    fakeClock();
    await sweep([4, 5, 6]);
    vi.runAllTimers();
    expect(onPageIntent).not.toHaveBeenCalled();
  });

  it('says the page a pointer rests on once the delay has passed, not before', async () => {
    const onPageIntent = vi.fn();
    render(<Pagination total={437} onPageIntent={onPageIntent} intentDelayMs={150} />);
    fakeClock();
    await userEvent.hover(pageButton(3));
    vi.advanceTimersByTime(149);
    expect(onPageIntent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPageIntent.mock.calls).toEqual([[3]]);
  });

  it('says a focused page at once, and an arrow its own page, never the current or an unavailable one', async () => {
    const onPageIntent = vi.fn();
    render(<Pagination total={437} onPageIntent={onPageIntent} />);
    act(() => pageButton(2).focus());
    act(() => screen.getByRole('button', { name: 'Next page' }).focus());
    act(() => pageButton(1).focus());
    fakeClock();
    await userEvent.hover(pageButton(1));
    await userEvent.hover(screen.getByRole('button', { name: 'Previous page' }));
    vi.runAllTimers();
    expect(onPageIntent.mock.calls).toEqual([[2], [2]]);
  });

  it('stays axe clean with the intent handlers on', async () => {
    const { container } = render(<Pagination total={437} onPageIntent={() => {}} />);
    const result = await axe.run(container, { resultTypes: ['violations'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

const { acme } = demoOrganizationIds;

function setup(options: MockServiceOptions = {}) {
  const service = createMockService({ auth: 'none', latencyMs: 0, ...options });
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
  const asked = () => service.requests.filter((r) => r.resource === 'shares').map((r) => r.page);
  return { service, wrapper, asked };
}

function SharesPager() {
  const shares = useShares({ organizationId: acme, pageSize: 10, prefetchNext: false });
  return (
    <>
      <p>{shares.data ? `${shares.data.items.length} rows` : 'loading'}</p>
      <Pagination {...shares.pagination} />
    </>
  );
}

describe('useShares prefetch on intent in Chromium', () => {
  it('asks for no page a pointer sweeps across, one for a page it rests on, and one for a focused page', async () => {
    const { wrapper, asked } = setup();
    render(<SharesPager />, { wrapper });
    await screen.findByText('10 rows');
    expect(asked()).toEqual([0]);

    fakeClock();
    await sweep([2, 3, 4, 5]);
    vi.runAllTimers();
    // Resting on page 44 after the sweep: once its request is in, every request the sweep could have made is too.
    await userEvent.hover(pageButton(44));
    vi.advanceTimersByTime(120);
    vi.useRealTimers();
    await waitFor(() => expect(asked()).toContain(43));
    expect(asked()).toEqual([0, 43]);

    act(() => pageButton(2).focus());
    await waitFor(() => expect(asked()).toEqual([0, 43, 1]));
  });

  it('asks once for a page rested on twice while it is fresh', async () => {
    const { wrapper, asked } = setup();
    render(<SharesPager />, { wrapper });
    await screen.findByText('10 rows');
    act(() => pageButton(2).focus());
    await waitFor(() => expect(asked()).toEqual([0, 1]));
    fakeClock();
    await userEvent.hover(pageButton(2));
    vi.runAllTimers();
    act(() => pageButton(44).focus());
    vi.useRealTimers();
    await waitFor(() => expect(asked()).toContain(43));
    expect(asked()).toEqual([0, 1, 43]);
  });

  it('on a list paged by cursor, asks only for pages whose cursor is known', async () => {
    const { wrapper, asked } = setup({ shape: 'cursor' });
    const { result } = renderHook(() => useShares({ organizationId: acme, pageSize: 10, prefetchNext: false }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data?.items).toHaveLength(10));
    const before = asked().length;
    act(() => result.current.pagination.onPageIntent!(5));
    act(() => result.current.pagination.onPageIntent!(2));
    await waitFor(() => expect(asked().length).toBe(before + 1));
    // Page 2 is reachable by page 1's cursor; page 5 would have cost a walk through 2, 3 and 4.
    const requests = asked();
    act(() => result.current.pagination.onPageIntent!(3));
    await waitFor(() => expect(asked().length).toBe(requests.length + 1));
  });
});
