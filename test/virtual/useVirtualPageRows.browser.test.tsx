import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { getResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider } from '../../src/hooks/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { useVirtualPageRows } from '../../src/virtual/index';
import { BIG_PAGE_CAP, VirtualSharesTable } from '../../stories/support/VirtualSharesTable';
import '../../src/pagination/styles.css';

// A server-paged table of 5,000-row pages in Chromium: TanStack Virtual renders the rows in view, the data hook, its
// prefetch and the control are those of any table.

beforeAll(async () => {
  await page.viewport(1280, 900);
});

const caption = 'Shares of Big Org';

function setup() {
  const service = createMockService({ auth: 'none', maxPageSize: BIG_PAGE_CAP });
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
  render(<VirtualSharesTable organizationId={demoOrganizationIds.big} caption={caption} />, { wrapper });
  const asked = () => service.requests.filter((r) => r.resource === 'shares').map((r) => [r.page, r.size]);
  return { asked };
}

const rendered = () =>
  [...document.querySelectorAll('tbody tr[data-index]')].map((row) => row.querySelector('td')!.textContent);
const region = () => screen.getByRole('region', { name: caption });

describe('useVirtualPageRows in Chromium', () => {
  it('renders a few dozen rows of a 5,000-row page, each placed for assistive technology', async () => {
    setup();
    await screen.findByText('1–5,000 of 10,000');
    await waitFor(() => expect(rendered()[0]).toMatch(/-00001$/));
    expect(rendered().length).toBeGreaterThan(5);
    expect(rendered().length).toBeLessThan(100);
    expect(screen.getByRole('table', { name: caption }).getAttribute('aria-rowcount')).toBe('5001');
    expect(document.querySelector('tbody tr[data-index="0"]')!.getAttribute('aria-rowindex')).toBe('2');
    const result = await axe.run(region(), { resultTypes: ['violations'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('reaches the last row by scrolling, and starts the next page at its first row', async () => {
    const { asked } = setup();
    await screen.findByText('1–5,000 of 10,000');
    act(() => {
      region().scrollTop = region().scrollHeight;
    });
    await waitFor(() => expect(rendered().at(-1)).toMatch(/-05000$/));
    expect(rendered().length).toBeLessThan(100);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('5,001–10,000 of 10,000');
    await waitFor(() => expect(rendered()[0]).toMatch(/-05001$/));
    expect(region().scrollTop).toBe(0);
    // Page 2 came from the prefetch, as in any table: one request each.
    expect(asked()).toEqual([
      [0, 5000],
      [1, 5000],
    ]);
  });

  it('keeps prefetch on intent: focusing a page of 1,000 rows asks for it once', async () => {
    const { asked } = setup();
    await screen.findByText('1–5,000 of 10,000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '1000');
    await screen.findByText('1–1,000 of 10,000');
    await waitFor(() => expect(asked()).toContainEqual([1, 1000]));
    act(() => screen.getByRole('button', { name: 'Page 10' }).focus());
    await waitFor(() => expect(asked()).toContainEqual([9, 1000]));
    expect(asked().filter(([p, size]) => p === 9 && size === 1000)).toHaveLength(1);
  });

  it('warns about a count that is no count and renders nothing for it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const scrollRef = { current: document.createElement('div') };
    const { result } = renderHook(() => useVirtualPageRows({ count: -5, scrollRef }));
    expect(result.current.rows).toEqual([]);
    expect(result.current.tableProps).toEqual({ 'aria-rowcount': 1 });
    expect(warn.mock.calls.flat().join(' ')).toContain('count');
    warn.mockRestore();
  });
});
