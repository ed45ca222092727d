// Pages without a total: a Spring `Slice` service says only whether another page follows. The hooks
// page forward through it to its last page and back, prefetch on `hasNext`, and step back from an emptied page.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import type { ParsePage } from '../../src/client/index';
import { useShares } from '../../src/hooks/index';
import type { PagedResourceOptions } from '../../src/hooks/index';
import { acme, createTestQueryClient, createWrapper } from './support';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

const baseUrl = 'https://slice.pagewise.test';
let rows = Array.from({ length: 47 }, (_, i) => ({ id: `row-${i + 1}`, name: `Row ${i + 1}` }));
const requested: number[] = [];

/** Spring Data's `Slice` for `?page&size`: no totalElements, `last` says whether another page follows. */
const server = setupServer(
  http.get(`${baseUrl}/:organizationId/shares`, ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    requested.push(page);
    const content = rows.slice(page * size, (page + 1) * size);
    const last = (page + 1) * size >= rows.length;
    return HttpResponse.json({
      content,
      pageable: { pageNumber: page, pageSize: size },
      first: page === 0,
      last,
      size,
      number: page,
      numberOfElements: content.length,
      empty: content.length === 0,
    });
  }),
);
beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
  rows = Array.from({ length: 47 }, (_, i) => ({ id: `row-${i + 1}`, name: `Row ${i + 1}` }));
});
afterAll(() => server.close());

/** Reads the Slice without a total, as `parsePage` does for Spring Slices. */
const readSlice: ParsePage = (body) => {
  const slice = body as { content: unknown[]; number: number; size: number; first: boolean; last: boolean };
  return {
    items: slice.content,
    page: slice.number + 1,
    pageSize: slice.size,
    hasNext: !slice.last,
    hasPrevious: !slice.first,
  };
};
const client = createApiClient({ baseUrl, parsePage: readSlice });

function SliceList(props: Omit<PagedResourceOptions<{ id: string; name: string }>, 'organizationId'>) {
  const shares = useShares<{ id: string; name: string }>({ organizationId: acme, defaultPageSize: 20, ...props });
  const move = (by: number) => shares.pagination.onChange(shares.pagination.current + by, shares.pagination.pageSize);
  return (
    <>
      <ul aria-label="Rows">
        {shares.data?.items.map((row) => (
          <li key={row.id}>{row.name}</li>
        ))}
      </ul>
      <output data-testid="pagination">{JSON.stringify({ ...shares.pagination, onChange: undefined })}</output>
      {/* The hook's own props, not the control: they are what this file tests. */}
      <button type="button" disabled={shares.pagination.current === 1} onClick={() => move(-1)}>
        Back
      </button>
      <button type="button" disabled={!shares.pagination.hasNext} onClick={() => move(1)}>
        Forward
      </button>
    </>
  );
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Rows' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
const pagination = () => JSON.parse(screen.getByTestId('pagination').textContent ?? '{}') as Record<string, unknown>;

describe('hooks over a service without a total (Spring Slice)', () => {
  it('pages forward to the last page and back, with hasNext instead of a total and prefetch following it', async () => {
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    render(<SliceList />, { wrapper: createWrapper(queryClient, client) });
    await waitFor(() => expect(shown()[0]).toBe('Row 1'));
    expect(pagination()).toEqual({ current: 1, pageSize: 20, hasNext: true });
    // The next page is prefetched because the Slice says one follows.
    await waitFor(() => expect(requested).toEqual([0, 1]));

    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(shown()[0]).toBe('Row 21'));
    await waitFor(() => expect(requested).toEqual([0, 1, 2]));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() =>
      expect(shown()).toEqual(['Row 41', 'Row 42', 'Row 43', 'Row 44', 'Row 45', 'Row 46', 'Row 47']),
    );
    expect(pagination()).toEqual({ current: 3, pageSize: 20, hasNext: false });
    expect(screen.getByRole('button', { name: 'Forward' })).toBeDisabled();
    // The last page says nothing follows: nothing more is fetched.
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.isFetching()).toBe(0);
    expect(requested).toEqual([0, 1, 2]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(shown()[0]).toBe('Row 21'));
    expect(pagination()).toEqual({ current: 2, pageSize: 20, hasNext: true });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(shown()[0]).toBe('Row 1'));
    expect(requested).toEqual([0, 1, 2]);
  });

  it('moves back one page, once, when a page past the first comes back empty (rows deleted)', async () => {
    rows = rows.slice(0, 40); // two full pages: page 3 is empty
    const onChange = vi.fn();
    render(<SliceList defaultPage={3} onChange={onChange} />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(shown()[0]).toBe('Row 21'));
    expect(onChange.mock.calls).toEqual([[2, 20]]);
    expect(pagination()).toMatchObject({ current: 2 });
  });
});
