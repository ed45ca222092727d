// useRememberedPageSize in jsdom: another tab's pick (a `storage` event) is followed; a key that is no name keeps the
// size for this visit only, with one warning; storage that refuses writes still changes the size for the visit.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useRememberedPageSize } from '../../src/hooks/index';

const KEY = 'test:pageSize';
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('useRememberedPageSize', () => {
  it("follows another tab's pick", () => {
    const { result } = renderHook(() => useRememberedPageSize(KEY, { pageSizeOptions: [10, 20, 50] }));
    expect(result.current[0]).toBe(20);
    act(() => {
      localStorage.setItem(KEY, '50');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: '50' }));
    });
    expect(result.current[0]).toBe(50);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the size for this visit only, with one warning, when the key is no name', () => {
    const { result, rerender } = renderHook(() => useRememberedPageSize('' as string, { defaultPageSize: 10 }));
    expect(result.current[0]).toBe(10);
    act(() => result.current[1](50));
    rerender();
    expect(result.current[0]).toBe(50);
    expect(localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/storageKey/);
  });

  it('changes the size for this visit where storage refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useRememberedPageSize(KEY));
    act(() => result.current[1](100));
    expect(result.current[0]).toBe(100);
    expect(warn).not.toHaveBeenCalled();
  });
});
