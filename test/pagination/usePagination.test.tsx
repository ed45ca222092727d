import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { HeadlessPager } from '../../stories/support/HeadlessPager';
import { germanLabels } from '../../stories/support/germanLabels';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, usePagination, type PaginationProps, type UsePaginationOptions } from '../../src/pagination/index';

// What a screen reader and a crawler get from a navigation's links: name, state and target, in order.
const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) =>
      ['aria-label', 'aria-current', 'aria-disabled', 'href', 'role'].map((name) => a.getAttribute(name)).join(' | '),
    );

// The page window as a screen reader meets it: each page by number, each ellipsis with its aria-hidden.
const windowOf = (nav: HTMLElement) =>
  [...nav.querySelectorAll<HTMLElement>('*')]
    .filter((el) => el.dataset.page || (el.children.length === 0 && el.textContent === '…'))
    .map((el) => el.dataset.page ?? `… aria-hidden=${el.getAttribute('aria-hidden')}`);

describe('usePagination', () => {
  it('derives the page count, the window and the item range', () => {
    const { result } = renderHook(() => usePagination({ total: 437, current: 2 }));
    expect(result.current).toMatchObject({ current: 2, pageSize: 20, pageCount: 22, rangeStart: 21, rangeEnd: 40 });
    expect(result.current.items.map((i) => (i.type === 'page' ? i.page : '…'))).toEqual([1, 2, 3, 4, 5, '…', 22]);
    expect(result.current).toMatchObject({ hasPrevious: true, hasNext: true, pageSizeOptions: [10, 20, 50, 100] });
  });

  it.each([
    ['the first page', { total: 100, current: 1 }, { hasPrevious: false, hasNext: true }, [false, true]],
    ['the last page', { total: 100, current: 5 }, { hasPrevious: true, hasNext: false }, [true, false]],
    ['no total, hasNext', { current: 3, hasNext: true }, { hasPrevious: true, hasNext: true }, [true, true]],
    ['no total, no hasNext', { current: 3 }, { hasPrevious: true, hasNext: false }, [true, false]],
    [
      'a disabled middle page',
      { total: 100, current: 3, disabled: true },
      { hasPrevious: true, hasNext: true },
      [false, false],
    ],
  ] as const)(
    'on %s, hasPrevious and hasNext say whether pages precede and follow; the arrows act only when it is enabled too',
    (_, options, expected, [previous, next]) => {
      const { result } = renderHook(() => usePagination(options));
      expect(result.current).toMatchObject(expected);
      expect(result.current.getArrowProps('previous').disabled).toBe(!previous);
      expect(result.current.getArrowProps('next').disabled).toBe(!next);
    },
  );

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
    expect(result.current).toMatchObject({ current: 1, pageSize: 20 });
    expect(result.current.getArrowProps('next').disabled).toBe(true);
    expect(result.current.getArrowProps('previous').disabled).toBe(true);
  });

  it('without a total treats the current page as the last known one', () => {
    const { result } = renderHook(() => usePagination({ current: 3 }));
    expect(result.current).toMatchObject({ current: 3, pageCount: 3, total: undefined, hasNext: false });
  });

  it('gives button props: disabled where the page is out of reach, aria-current on the current page, accessible names', () => {
    const { result } = renderHook(() => usePagination({ total: 437, current: 1 }));
    expect(result.current.getArrowProps('previous')).toMatchObject({
      type: 'button',
      disabled: true,
      'aria-label': 'Previous page',
    });
    expect(result.current.getArrowProps('last')).toMatchObject({ type: 'button', disabled: false });
    expect(result.current.getPageProps(1)).toMatchObject({
      'aria-current': 'page',
      disabled: false,
      'aria-label': 'Page 1',
    });
    expect(result.current.getPageProps(2)['aria-current']).toBeUndefined();
    expect(result.current.getRootProps()['aria-label']).toBe('Pagination');
  });

  it('says where the user is in statusText, and in the live region only from the first change on', () => {
    const { result, rerender } = renderHook((options: UsePaginationOptions) => usePagination(options), {
      initialProps: { total: 43_700, current: 1, locale: 'de', labels: germanLabels } as UsePaginationOptions,
    });
    expect(result.current.statusText).toBe('Seite 1 von 2.185');
    expect(result.current.getStatusProps()).toEqual({ role: 'status', 'aria-live': 'polite', children: undefined });
    rerender({ total: 43_700, current: 2, locale: 'de', labels: germanLabels });
    expect(result.current.getStatusProps().children).toBe('Seite 2 von 2.185');
    // Without a total the page is said alone.
    rerender({ current: 2, locale: 'de', labels: germanLabels });
    expect(result.current.getStatusProps().children).toBe('Seite 2');
    expect(result.current.formatNumber(1_234_567)).toBe('1.234.567');
    expect(result.current.formatNumber(1_234_567, true)).toBe(
      new Intl.NumberFormat('de', { notation: 'compact' }).format(1_234_567),
    );
  });

  it('exposes the window counts it used, the options made valid counts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => usePagination({ total: 437, siblingCount: 2.7, boundaryCount: Number.NaN }));
    expect(result.current).toMatchObject({ siblingCount: 2, boundaryCount: 1 });
    expect(renderHook(() => usePagination({ boundaryCount: 99 })).result.current.boundaryCount).toBe(20);
    warn.mockRestore();
  });

  it('renders a link-mode pager from the getters alone that pages by plain clicks, not modified ones', () => {
    const onChange = vi.fn();
    render(<HeadlessPager total={437} onChange={onChange} />);
    expect(screen.getByRole('navigation')).toHaveAccessibleName('Pagination');
    const previous = screen.getByRole('link', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('href', '?page=2');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    // "…" read aloud says nothing the pages around it do not.
    expect(screen.getByText('…')).toHaveAttribute('aria-hidden', 'true');
    // A new-tab click is the browser's: no onChange.
    fireEvent.click(next, { ctrlKey: true });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(next);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2, 20);
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 22');
    // The current page's link moves nothing.
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it.each<[string, PaginationProps]>([
    ['a known total', { total: 437, defaultCurrent: 2 }],
    ['the last page', { total: 437, defaultCurrent: 22 }],
    ['more pages and no total', { hasNext: true, defaultCurrent: 3 }],
    ['German labels and numbers', { total: 437_000, defaultCurrent: 9_999, locale: 'de', labels: germanLabels }],
    ['the control disabled', { total: 437, defaultCurrent: 5, disabled: true }],
  ])(
    'a headless render from the getters matches Pagination with %s: nav label, link names, aria-current, aria-disabled, hrefs, hidden ellipses, live region',
    (_, options) => {
      const props = { ...options, getPageHref: (page: number) => `/shares?page=${page}` };
      render(
        <>
          <Pagination {...props} />
          <HeadlessPager {...props} />
        </>,
      );
      const [control, headless] = screen.getAllByRole('navigation') as [HTMLElement, HTMLElement];
      expect(headless).toHaveAccessibleName(control.getAttribute('aria-label')!);
      expect(linksOf(headless)).toEqual(linksOf(control));
      expect(windowOf(headless)).toEqual(windowOf(control));
      const status = (nav: HTMLElement) => within(nav).getByRole('status');
      expect(status(headless).textContent).toBe(status(control).textContent);
      // After a click on the same page in each, the same page and the same announcement.
      for (const nav of [control, headless])
        fireEvent.click(
          within(nav)
            .getAllByRole('link')
            .find((a) => a.dataset.page && !a.ariaCurrent)!,
        );
      expect(linksOf(headless)).toEqual(linksOf(control));
      expect(windowOf(headless)).toEqual(windowOf(control));
      expect(status(headless).textContent).toBe(status(control).textContent);
      if (!options.disabled) expect(status(control)).not.toBeEmptyDOMElement();
    },
  );
});
