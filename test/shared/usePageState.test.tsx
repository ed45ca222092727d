import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { pageKeepingFirstItem, usePageState } from '../../src/shared/usePageState';
import type { PageStateOptions } from '../../src/shared/usePageState';

describe('usePageState', () => {
  it('starts uncontrolled at the defaults and moves with one onChange per change', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePageState({ defaultPage: 3, defaultPageSize: 50, onChange }));
    expect([result.current.page, result.current.pageSize]).toEqual([3, 50]);
    act(() => result.current.change(4, 50));
    expect([result.current.page, result.current.pageSize]).toEqual([4, 50]);
    expect(onChange.mock.calls).toEqual([[4, 50]]);
  });

  it('leaves a controlled page and size to the caller and only reports', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePageState({ page: 2, pageSize: 10, onChange }));
    act(() => result.current.change(5, 20));
    expect([result.current.page, result.current.pageSize]).toEqual([2, 10]);
    expect([result.current.pageControlled, result.current.sizeControlled]).toEqual([true, true]);
    expect(onChange.mock.calls).toEqual([[5, 20]]);
  });

  it('reads the defaults on mount only, like defaultValue', () => {
    const { result, rerender } = renderHook((props: PageStateOptions) => usePageState(props), {
      initialProps: { defaultPage: 2, defaultPageSize: 10 },
    });
    rerender({ defaultPage: 7, defaultPageSize: 50 });
    expect([result.current.page, result.current.pageSize]).toEqual([2, 10]);
  });

  it('puts the page back to defaultPage when the listing changes, in the very render that shows the new listing', () => {
    const onChange = vi.fn();
    const seen: Array<[string | undefined, number]> = [];
    const { result, rerender } = renderHook(
      (props: PageStateOptions) => {
        const state = usePageState(props);
        seen.push([props.listing, state.page]);
        return state;
      },
      { initialProps: { listing: 'a', defaultPage: 1, onChange } },
    );
    act(() => result.current.change(4, 20));
    rerender({ listing: 'b', defaultPage: 1, onChange });
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(20);
    expect(seen.filter(([listing]) => listing === 'b').every(([, page]) => page === 1)).toBe(true);
    // The reset is not a user action: the caller hears only of the change it made.
    expect(onChange.mock.calls).toEqual([[4, 20]]);
  });

  it('changes the size keeping the first item of the page in view, reporting onSizeChange before onChange', () => {
    const calls: string[] = [];
    const { result } = renderHook(() =>
      usePageState({
        defaultPage: 5,
        defaultPageSize: 10,
        onSizeChange: (p, s) => calls.push(`size ${p} ${s}`),
        onChange: (p, s) => calls.push(`change ${p} ${s}`),
      }),
    );
    act(() => result.current.resize(25, 5, 10));
    expect([result.current.page, result.current.pageSize]).toEqual([2, 25]);
    expect(calls).toEqual(['size 2 25', 'change 2 25']);
  });

  it('keeps the first item in view for any page and sizes (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        (page, from, to) => {
          const firstItem = (page - 1) * from; // zero-based
          const kept = pageKeepingFirstItem(page, from, to);
          expect(firstItem).toBeGreaterThanOrEqual((kept - 1) * to);
          expect(firstItem).toBeLessThan(kept * to);
        },
      ),
    );
  });
});
