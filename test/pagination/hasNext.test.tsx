import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, usePagination } from '../../src/pagination/index';

// A service without a total (a Spring Slice, a has-more list) says only whether another page follows: `hasNext`.

afterEach(() => vi.restoreAllMocks());

/** Four pages whose total the control never learns. */
function FourPages({ onChange }: { onChange?: (page: number, size: number) => void }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      current={page}
      hasNext={page < 4}
      showTotal
      onChange={(next, size) => {
        setPage(next);
        onChange?.(next, size);
      }}
    />
  );
}

describe('Pagination with hasNext and no total', () => {
  it('enables Next while hasNext, keeps Last disabled, and shows the window up to the next page', () => {
    render(<Pagination current={3} hasNext />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
  });

  it('ends the window at the current page when hasNext is false (the last page), with Next and Last disabled', () => {
    render(<Pagination current={3} hasNext={false} />);
    expect(screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('says "41–60 of more than 60" with showTotal, and nothing once the last page is reached', () => {
    const { rerender } = render(<Pagination current={3} hasNext showTotal />);
    expect(screen.getByText('41–60 of more than 60')).toBeInTheDocument();
    rerender(<Pagination current={3} hasNext={false} showTotal />);
    expect(screen.queryByText(/of/)).toBeNull();
  });

  it('pages forward with one onChange per click, announcing "Page N" without a count, and warns about nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onChange = vi.fn();
    render(<FourPages onChange={onChange} />);
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([
      [2, 20],
      [3, 20],
      [4, 20],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(/^Page 4$/);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(document.body.textContent).not.toMatch(/NaN|of 0/);
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes translated labels for the unknown total, as templates too', () => {
    render(
      <Pagination
        current={2}
        hasNext
        showTotal
        labels={{ totalMore: (from, to) => `${from}–${to} von mehr als ${to}` }}
      />,
    );
    expect(screen.getByText('21–40 von mehr als 40')).toBeInTheDocument();
  });

  it("keeps today's behaviour without total and without hasNext (the current page is the last known one)", () => {
    render(<Pagination current={3} showTotal />);
    expect(screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.queryByText(/of/)).toBeNull();
  });

  it('says the page alone without a total, in the live region as in "3" of the compact layout', async () => {
    function Uncounted() {
      const [page, setPage] = useState(3);
      return <Pagination current={page} onChange={setPage} />;
    }
    render(<Uncounted />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Page 2$/);
    expect(document.querySelector('.pw-indicator .pw-sr')).toHaveTextContent(/^Page 2$/);
  });

  it('ignores hasNext when a total is given', () => {
    render(<Pagination current={5} total={100} hasNext />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });
});

describe('usePagination with hasNext (properties)', () => {
  it('never throws, Next is enabled iff hasNext and Last never moves, for any current and hasNext with the total unknown', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -5, max: 1e6 }),
          fc.double(),
          fc.constant(Number.MAX_SAFE_INTEGER),
          fc.constant(Number.NaN),
        ),
        fc.boolean(),
        (current, hasNext) => {
          const onChange = vi.fn();
          const { result, unmount } = renderHook(() => usePagination({ current, hasNext, onChange }));
          const p = result.current;
          expect(p.getArrowProps('next').disabled).toBe(!(hasNext && p.current < Number.MAX_SAFE_INTEGER));
          expect(p.pageCountKnown).toBe(!hasNext);
          expect(Number.isInteger(p.pageCount) && p.pageCount >= p.current).toBe(true);
          expect(p.items.some((item) => item.type === 'page' && item.page === p.current)).toBe(true);
          // Last goes nowhere while the count is unknown; once known (hasNext false), only to that last page.
          act(() => p.last());
          if (hasNext) expect(onChange).not.toHaveBeenCalled();
          else for (const [page] of onChange.mock.calls) expect(page).toBe(p.pageCount);
          unmount();
        },
      ),
      { numRuns: 200, seed: 16 },
    );
  });

  it('moves to the next page on next() while hasNext, and not with last() while the count is unknown', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePagination({ current: 7, hasNext: true, onChange }));
    act(() => result.current.last());
    expect(onChange).not.toHaveBeenCalled();
    act(() => result.current.next());
    expect(onChange).toHaveBeenCalledWith(8, 20);
  });
});
