import { describe, expect, it } from 'vitest';
import { normalizePaginationProps } from '../../src/pagination/normalizePaginationProps';

describe('normalizePaginationProps', () => {
  it('keeps valid props as they are and reports no issues', () => {
    expect(normalizePaginationProps({ current: 3, total: 437, pageSize: 50, pageSizeOptions: [10, 50] })).toEqual({
      current: 3,
      total: 437,
      pageSize: 50,
      pageSizeOptions: [10, 50],
      pageCount: 9,
      siblingCount: 1,
      boundaryCount: 1,
      issues: [],
    });
  });

  it.each([
    ['total', NaN, 0],
    ['total', -1, 0],
    ['total', 10.7, 10],
    ['total', Infinity, Number.MAX_SAFE_INTEGER],
    ['pageSize', 0, 20],
    ['pageSize', NaN, 20],
    ['pageSize', -Infinity, 20],
    ['pageSize', 12.5, 12],
    ['siblingCount', -2, 0],
    ['boundaryCount', Infinity, 20],
  ] as const)('clamps %s %s to %s and reports it', (prop, value, used) => {
    const n = normalizePaginationProps({ total: 100, [prop]: value });
    expect(n[prop]).toBe(used);
    expect(n.issues).toEqual([{ prop, value, used }]);
  });

  it('clamps current into 1…pageCount and reports each fix', () => {
    expect(normalizePaginationProps({ total: 100, current: 99 })).toMatchObject({
      current: 5,
      issues: [{ prop: 'current', value: 99, used: 5 }],
    });
    expect(normalizePaginationProps({ total: 100, current: -Infinity })).toMatchObject({ current: 1 });
    expect(normalizePaginationProps({ total: 100, current: 2.5 })).toMatchObject({ current: 2 });
  });

  it('sorts and de-duplicates page sizes, inserts pageSize, and replaces an empty list', () => {
    expect(normalizePaginationProps({ pageSize: 30, pageSizeOptions: [50, 10, 50] }).pageSizeOptions).toEqual([
      10, 30, 50,
    ]);
    const empty = normalizePaginationProps({ pageSizeOptions: [] });
    expect(empty.pageSizeOptions).toEqual([10, 20, 50, 100]);
    expect(empty.issues).toEqual([{ prop: 'pageSizeOptions', value: [], used: [10, 20, 50, 100] }]);
  });

  it('handles a trillion pages in constant time and without losing precision', () => {
    const n = normalizePaginationProps({ total: 2e13, current: 1e12, pageSize: 20 });
    expect(n).toMatchObject({ pageCount: 1e12, current: 1e12, issues: [] });
  });
});
