import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginationFit, textUnits, type PaginationFitInput } from '../../src/pagination/paginationFit';

const base: PaginationFitInput = { size: 'sm', digits: 2, pages: 7, indicator: 7 };
const em = (rung: string) => (rung === 'x' ? Infinity : Number(rung));

describe('paginationFit: the container widths each layout needs', () => {
  it.each<[string, Partial<PaginationFitInput>, string, string]>([
    ['22 pages, nothing else', {}, '36', '24'],
    ['22 pages with the selector and the range text', { select: 9, total: 14 }, '54', '36'],
    ['22 pages at size lg with the selector', { size: 'lg', select: 9 }, '54', '30'],
    ['50 billion pages (14-character numbers) with the range text', { digits: 14, select: 9, total: 53, indicator: 12 }, 'x', '66'],
    ['the jumper instead of "3 / 22"', { digits: 14, select: 9, jumper: 10, indicator: 0 }, 'x', '36'],
    ['one page: "1 / 1" is wider than the window, and the compact rung stays at the full one', { pages: 1, digits: 1, indicator: 5 }, '24', '24'],
  ])('%s', (_, input, full, compact) => {
    expect(paginationFit({ ...base, ...input })).toEqual({ full, compact });
  });

  it('never needs less room for more: more digits, pages or text give the same rung or a wider one (fast-check)', () => {
    const part = fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined });
    const input = fc.record({
      size: fc.constantFrom('sm' as const, 'md' as const, 'lg' as const),
      digits: fc.integer({ min: 1, max: 17 }),
      pages: fc.integer({ min: 1, max: 11 }),
      indicator: fc.integer({ min: 0, max: 40 }),
      total: part,
      select: part,
      jumper: part,
    });
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 20 }), (a, more) => {
        const wider = { ...a, digits: a.digits + more, total: a.total === undefined ? undefined : a.total + more };
        const [small, large] = [paginationFit(a), paginationFit(wider)];
        expect(em(large.full)).toBeGreaterThanOrEqual(em(small.full));
        expect(em(large.compact)).toBeGreaterThanOrEqual(em(small.compact));
        // The compact layout never needs more room than the full one.
        expect(em(small.compact)).toBeLessThanOrEqual(em(small.full));
      }),
      { seed: 1_818, numRuns: 300 },
    );
  });
});

describe('textUnits: a label\'s width in narrow characters', () => {
  it.each([
    ['20 / page', 9],
    ['', 0],
    ['Einträge pro Seite', 18],
    ['ページ', 5.1],
    ['페이지', 5.1],
    ['每页 20 条', 3 * 1.7 + 4],
    ['２０', 3.4],
  ])('%j is %d', (text, units) => {
    expect(textUnits(text)).toBeCloseTo(units, 5);
  });
});
