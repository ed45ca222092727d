import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { getResponse } from 'msw';
import { useState, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider, useShares } from '../../src/hooks/index';
import { Pagination, type PaginationProps } from '../../src/pagination/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { germanLabels } from '../../stories/support/germanLabels';
import '../../src/pagination/styles.css';

beforeAll(async () => {
  await page.viewport(1280, 900);
});

const nav = () => screen.getByRole('navigation');
const range = () => nav().querySelector('.pw-total')!.textContent;
const shownCount = () => nav().querySelector('.pw-indicator [aria-hidden]')!.textContent;

async function violations(node: Element) {
  const result = await axe.run(node, { resultTypes: ['violations'] });
  return result.violations.map((v) => v.id);
}

describe('estimated totals in Chromium', () => {
  it('shows an estimate as such, in the range, the page count and what is announced', async () => {
    function Pager() {
      const [current, setCurrent] = useState(1);
      return <Pagination totalEstimate={4400} hasNext current={current} onChange={setCurrent} showTotal />;
    }
    render(<Pager />);
    expect(range()).toBe('1–20 of about 4,400');
    expect(shownCount()).toBe('1 / about 220');
    expect(screen.getByRole('button', { name: 'Page 220' })).toBeTruthy();
    // Where the list ends is a guess: Last waits for the count.
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Page 2 of about 220'));
    expect(await violations(nav())).toEqual([]);
  });

  it('replaces the estimate with the exact count when it comes, never mixing the two', () => {
    const props: PaginationProps = { current: 3, totalEstimate: 4400, hasNext: true, showTotal: true };
    const { rerender } = render(<Pagination {...props} />);
    expect(range()).toBe('41–60 of about 4,400');
    rerender(<Pagination {...props} total={4391} />);
    expect(range()).toBe('41–60 of 4,391');
    expect(shownCount()).toBe('3 / 220');
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', false);
  });

  it('says "about" in the labels given, German here', () => {
    render(<Pagination totalEstimate={4400} hasNext showTotal labels={germanLabels} />);
    expect(range()).toBe('1–20 von etwa 4,400');
  });

  it('follows the mock service: about 440 until the last page counts 437', async () => {
    const service = createMockService({ auth: 'none', shape: 'estimate' });
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
    function Shares() {
      const shares = useShares({ organizationId: demoOrganizationIds.acme, pageSize: 10, prefetchNext: false });
      return <Pagination {...shares.pagination} showTotal />;
    }
    render(<Shares />, { wrapper });
    await waitFor(() => expect(range()).toBe('1–10 of about 440'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 44' }));
    await waitFor(() => expect(range()).toBe('431–437 of 437'));
    expect(shownCount()).toBe('44 / 44');
  });
});

describe('the "All" page size in Chromium', () => {
  it('offers All with its cap shown, and asks for a page of the cap', async () => {
    const onChange = vi.fn();
    render(<Pagination total={12_345} showAll={5000} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Items per page' });
    const texts = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(texts).toEqual(['10 / page', '20 / page', '50 / page', '100 / page', 'All (up to 5,000)']);
    await userEvent.selectOptions(select, 'All (up to 5,000)');
    expect(onChange).toHaveBeenLastCalledWith(1, 5000);
    expect(await violations(nav())).toEqual([]);
  });

  it('caps All at the service’s largest page by default, and warns about a cap that is no count', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Pagination total={50} showAll />);
    expect(screen.getByRole('option', { name: 'All (up to 1,000)' })).toBeTruthy();
    render(<Pagination total={50} showAll={-4} />);
    expect(screen.getAllByRole('option', { name: 'All (up to 1,000)' })).toHaveLength(2);
    expect(warn.mock.calls.flat().join(' ')).toContain('showAll');
    warn.mockRestore();
  });
});
