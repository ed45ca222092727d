import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginationFit, textUnits, type PaginationFitInput } from '../../src/pagination/paginationFit';

const base: PaginationFitInput = { size: 'sm', digits: 2, pages: 7, indicator: 4 };

describe("paginationFit: the room each layout needs, in em of the control's font", () => {
  it.each<[string, Partial<PaginationFitInput>, Omit<ReturnType<typeof paginationFit>, 'edges'>]>([
    ['22 pages, nothing else', {}, { full: 30.05, compact: 14.42, fullTouch: 40.69, compactTouch: 19.62 }],
    [
      '22 pages with the selector and the range text',
      { select: 10, total: 14 },
      { full: 46.87, compact: 31.24, fullTouch: 57.88, compactTouch: 36.8 },
    ],
    [
      "the same with the selector's label",
      { select: 10, total: 14, sizeLabel: 14 },
      { full: 55.22, compact: 39.59, fullTouch: 66.37, compactTouch: 45.29 },
    ],
    [
      '22 pages at size lg with the selector (44 px targets already: touch adds the wider gaps only)',
      { size: 'lg', select: 10 },
      { full: 42.62, compact: 25.51, fullTouch: 44.04, compactTouch: 26.17 },
    ],
    [
      '50 billion pages (14-character numbers) with the range text: the full window wants 1,725 px',
      { digits: 14, select: 10, total: 53, indicator: 10 },
      { full: 123.22, compact: 57.18, fullTouch: 129.65, compactTouch: 62.73 },
    ],
    [
      '50 billion pages with the jumper',
      { digits: 14, select: 10, jumper: 10, indicator: 10 },
      { full: 106.02, compact: 39.98, fullTouch: 112.59, compactTouch: 45.68 },
    ],
    [
      'one page: "1 / 1" is wider than the window, and the compact layout needs no more than the full one',
      { pages: 1, digits: 1, indicator: 2 },
      { full: 11.84, compact: 11.84, fullTouch: 18.18, compactTouch: 18.18 },
    ],
  ])('%s', (_, input, room) => {
    expect(paginationFit({ ...base, ...input })).toMatchObject(room);
  });

  it.each<[string, Partial<PaginationFitInput>, boolean]>([
    ['22 pages, the selector cut to "20"', { select: 10, option: 3, total: 14 }, true],
    ['the selector whole (its labels do not start with the number)', { select: 10, total: 14 }, false],
    ['size lg (44 px arrows)', { size: 'lg', select: 10, option: 3 }, false],
    ['50 billion pages with the jumper', { digits: 14, select: 10, option: 3, jumper: 10, indicator: 10 }, false],
  ])('First and Last kept narrow on a 320 px phone with a mouse: %s', (_, input, edges) => {
    expect(paginationFit({ ...base, ...input }).edges).toBe(edges);
  });

  it('never needs less room for more, nor less on touch: more digits, pages or text need as much room or more (fast-check)', () => {
    const part = fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined });
    const input = fc.record({
      size: fc.constantFrom('sm' as const, 'md' as const, 'lg' as const),
      digits: fc.integer({ min: 1, max: 17 }),
      pages: fc.integer({ min: 1, max: 11 }),
      indicator: fc.integer({ min: 1, max: 34 }),
      total: part,
      select: part,
      sizeLabel: part,
      jumper: part,
    });
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 20 }), (a, more) => {
        const wider = {
          ...a,
          digits: a.digits + more,
          indicator: a.indicator + more,
          total: a.total === undefined ? undefined : a.total + more,
        };
        const [small, large] = [paginationFit(a), paginationFit(wider)];
        for (const key of ['full', 'compact', 'fullTouch', 'compactTouch'] as const)
          expect(large[key]).toBeGreaterThanOrEqual(small[key]);
        // The compact layout never needs more room than the full one; touch targets never less than fine ones.
        expect(small.compact).toBeLessThanOrEqual(small.full);
        expect(small.compactTouch).toBeLessThanOrEqual(small.fullTouch);
        expect(small.fullTouch).toBeGreaterThanOrEqual(small.full);
        expect(small.compactTouch).toBeGreaterThanOrEqual(small.compact);
      }),
      { seed: 1_818, numRuns: 300 },
    );
  });
});

describe('styles.css: the two switches read what paginationFit says', () => {
  const css = readFileSync('src/pagination/styles.css', 'utf8').replace(/\s+/g, ' ');

  it('the root takes the room of the full and the compact layout as its font-size and line-height, touch its own', () => {
    expect(css).toContain(
      '.pw-pagination { font-size: calc(var(--_pw-full, 0) * var(--_pw-fs)); line-height: calc(var(--_pw-compact, 0) * var(--_pw-fs)); }',
    );
    expect(css).toContain(
      '@media (pointer: coarse) { .pw-pagination { font-size: calc(var(--_pw-full-touch, 0) * var(--_pw-fs)); line-height: calc(var(--_pw-compact-touch, 0) * var(--_pw-fs)); } }',
    );
  });

  it('below 1em the window collapses, below 1lh the compact layout goes: two container rules, no rungs', () => {
    expect(css).toContain('@container (width < 1em) { .pw-pagination > * { --_pw-c:; } }');
    expect(css).toContain('@container (width < 1lh) { .pw-pagination > * { --_pw-n:; } }');
    expect(css.match(/@container/g)).toHaveLength(2);
  });
});

describe("textUnits: a label's width in narrow characters", () => {
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
