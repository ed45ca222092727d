import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPageItems, type PageItem } from '../../src/pagination/index';
import { describeItems, pageItemsCases } from './pageItemsCases';

describe('getPageItems: case table', () => {
  it.each(pageItemsCases)('$name', ({ input, expected }) => {
    expect(describeItems(getPageItems(input))).toBe(expected);
  });
});

const anyNumber = fc.oneof(
  fc.integer({ min: -5, max: 60 }),
  fc.integer({ min: -1e6, max: 1e15 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(NaN, Infinity, -Infinity, 0, -0, 1e12, Number.MAX_SAFE_INTEGER),
);
const count = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(NaN, Infinity, -Infinity, 1.5));
const input = fc.record({ current: anyNumber, pageCount: anyNumber, siblingCount: count, boundaryCount: count });

// What the clamped inputs are, written independently of the implementation.
const expectedCount = (n: number) => (Number.isNaN(n) || n < 1 ? 1 : Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER));
const expectedCurrent = (c: number, last: number) => (Number.isNaN(c) ? 1 : Math.min(last, Math.max(1, Math.floor(c))));
const expectedWindow = (n: number) => (Number.isNaN(n) ? 1 : Math.min(20, Math.max(0, Math.floor(n))));
const pagesOf = (items: PageItem[]) => items.flatMap((i) => (i.type === 'page' ? [i.page] : []));
const runs = { numRuns: 10_000 };

describe('getPageItems: properties over 10,000 inputs including NaN and ±Infinity', () => {
  it('always contains the clamped current page exactly once, marked selected', () => {
    fc.assert(
      fc.property(input, (o) => {
        const last = expectedCount(o.pageCount);
        const selected = getPageItems(o).filter((i) => i.type === 'page' && i.selected);
        expect(selected).toEqual([{ type: 'page', page: expectedCurrent(o.current, last), selected: true }]);
      }),
      runs,
    );
  });

  it('lists pages in strictly ascending order', () => {
    fc.assert(
      fc.property(input, (o) => {
        const pages = pagesOf(getPageItems(o));
        pages.slice(1).forEach((p, i) => expect(p).toBeGreaterThan(pages[i]!));
      }),
      runs,
    );
  });

  it('shows the first and the last page whenever boundaryCount is at least 1', () => {
    fc.assert(
      fc.property(input, (o) => {
        fc.pre(expectedWindow(o.boundaryCount) >= 1);
        const pages = pagesOf(getPageItems(o));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(expectedCount(o.pageCount));
      }),
      runs,
    );
  });

  it('has a constant length of 2 × boundary + 2 × siblings + 3 once the page count exceeds it', () => {
    fc.assert(
      fc.property(input, (o) => {
        const slots = 2 * expectedWindow(o.boundaryCount) + 2 * expectedWindow(o.siblingCount) + 3;
        expect(getPageItems(o)).toHaveLength(Math.min(slots, expectedCount(o.pageCount)));
      }),
      runs,
    );
  });

  it('never hides a single page behind an ellipsis, and each ellipsis covers exactly the gap', () => {
    fc.assert(
      fc.property(input, (o) => {
        const items = getPageItems(o);
        items.forEach((item, i) => {
          if (item.type !== 'ellipsis') return;
          expect(item.to - item.from + 1).toBeGreaterThanOrEqual(2);
          const before = items[i - 1];
          const after = items[i + 1];
          expect(before?.type === 'page' ? before.page + 1 : 1).toBe(item.from);
          expect(after?.type === 'page' ? after.page - 1 : expectedCount(o.pageCount)).toBe(item.to);
          expect(item.position).toBe(
            item.to < expectedCurrent(o.current, expectedCount(o.pageCount)) ? 'start' : 'end',
          );
        });
      }),
      runs,
    );
  });
});
