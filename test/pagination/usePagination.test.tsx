import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { HeadlessPager } from '../../stories/support/HeadlessPager';
import { describe, expect, it, vi } from 'vitest';
import { usePagination } from '../../src/pagination/index';

describe('usePagination', () => {
  it('derives the page count, the window and the item range', () => {
    const { result } = renderHook(() => usePagination({ total: 437, current: 2 }));
    expect(result.current).toMatchObject({ current: 2, pageSize: 20, pageCount: 22, rangeStart: 21, rangeEnd: 40 });
    expect(result.current.items.map((i) => (i.type === 'page' ? i.page : '…'))).toEqual([1, 2, 3, 4, 5, '…', 22]);
    expect(result.current).toMatchObject({ canPrevious: true, canNext: true, pageSizeOptions: [10, 20, 50, 100] });
  });

  it('moves with goTo, next, previous, first and last when uncontrolled, one onChange each', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePagination({ total: 100, onChange }));
    act(() => result.current.next());
    expect(result.current.current).toBe(2);
    act(() => result.current.last());
    expect(result.current.current).toBe(5);
    act(() => result.current.previous());
    expect(result.current.current).toBe(4);
    act(() => result.current.first());
    expect(result.current.current).toBe(1);
    act(() => result.current.goTo(3));
    expect(result.current.current).toBe(3);
    expect(onChange.mock.calls).toEqual([
      [2, 20],
      [5, 20],
      [4, 20],
      [1, 20],
      [3, 20],
    ]);
  });

  it('clamps goTo to the page range and ignores the current page and NaN', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePagination({ total: 100, defaultCurrent: 2, onChange }));
    act(() => result.current.goTo(2));
    act(() => result.current.goTo(NaN));
    expect(onChange).not.toHaveBeenCalled();
    act(() => result.current.goTo(1e9));
    expect(onChange).toHaveBeenLastCalledWith(5, 20);
  });

  it('does nothing at the ends: no previous on page 1, no next on the last page', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePagination({ total: 40, defaultCurrent: 1, onChange }));
    act(() => result.current.previous());
    act(() => result.current.first());
    act(() => result.current.last());
    act(() => result.current.next());
    expect(onChange.mock.calls).toEqual([[2, 20]]);
  });

  it('setPageSize calls onSizeChange then onChange with the page keeping the first item, and ignores bad sizes', () => {
    const calls: string[] = [];
    const { result } = renderHook(() =>
      usePagination({
        total: 437,
        defaultCurrent: 5,
        onSizeChange: (c, s) => calls.push(`size ${c} ${s}`),
        onChange: (p, s) => calls.push(`change ${p} ${s}`),
      }),
    );
    act(() => result.current.setPageSize(0));
    act(() => result.current.setPageSize(NaN));
    act(() => result.current.setPageSize(20));
    expect(calls).toEqual([]);
    act(() => result.current.setPageSize(50));
    // Page 5 of 20 starts at item 81 → page floor(80 / 50) + 1 = 2.
    expect(calls).toEqual(['size 2 50', 'change 2 50']);
    expect(result.current).toMatchObject({ current: 2, pageSize: 50, pageCount: 9 });
  });

  it('ignores every handler when disabled', () => {
    const onChange = vi.fn();
    const onSizeChange = vi.fn();
    const { result } = renderHook(() => usePagination({ total: 437, disabled: true, onChange, onSizeChange }));
    act(() => {
      result.current.next();
      result.current.last();
      result.current.goTo(3);
      result.current.setPageSize(50);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(onSizeChange).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ current: 1, pageSize: 20, canNext: false, canPrevious: false });
  });

  it('without a total treats the current page as the last known one', () => {
    const { result } = renderHook(() => usePagination({ current: 3 }));
    expect(result.current).toMatchObject({ current: 3, pageCount: 3, total: undefined, canNext: false });
  });

  it('gives button props: disabled where the page is out of reach, aria-current on the current page', () => {
    const { result } = renderHook(() => usePagination({ total: 437, current: 1 }));
    expect(result.current.getArrowProps('previous')).toMatchObject({ type: 'button', disabled: true });
    expect(result.current.getArrowProps('last')).toMatchObject({ type: 'button', disabled: false });
    expect(result.current.getPageProps(1)).toMatchObject({ 'aria-current': 'page', disabled: false });
    expect(result.current.getPageProps(2)['aria-current']).toBeUndefined();
  });

  it('gives link props in link mode: a headless pager with no hand-written ARIA pages by plain clicks, not modified ones', () => {
    const onChange = vi.fn();
    render(<HeadlessPager total={437} onChange={onChange} />);
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('aria-disabled', 'true');
    expect(back).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    const forward = screen.getByRole('link', { name: 'Forward' });
    expect(forward).toHaveAttribute('href', '?page=2');
    // A new-tab click is the browser's: no onChange.
    fireEvent.click(forward, { ctrlKey: true });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(forward);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2, 20);
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status')).toHaveTextContent('2 / 22');
    // The current page's link moves nothing.
    fireEvent.click(screen.getByRole('link', { name: '2' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
