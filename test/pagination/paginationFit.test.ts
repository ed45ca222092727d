import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RUNGS,
  TOUCH_RUNGS,
  paginationFit,
  textUnits,
  type PaginationFitInput,
} from '../../src/pagination/paginationFit';

const base: PaginationFitInput = { size: 'sm', digits: 2, pages: 7, indicator: 4 };
const em = (rung: string) => (rung === 'x' ? Infinity : Number(rung));

describe('paginationFit: the container widths each layout needs', () => {
  it.each<[string, Partial<PaginationFitInput>, Omit<ReturnType<typeof paginationFit>, 'edges'>]>([
    ['22 pages, nothing else', {}, { full: '32', compact: '20', fullTouch: '44', compactTouch: '20' }],
    [
      '22 pages with the selector and the range text',
      { select: 10, total: 14 },
      { full: '48', compact: '32', fullTouch: '58', compactTouch: '40' },
    ],
    [
      "the same with the selector's label",
      { select: 10, total: 14, sizeLabel: 14 },
      { full: '58', compact: '40', fullTouch: '76', compactTouch: '48' },
    ],
    [
      '22 pages at size lg with the selector (44 px targets already: touch adds the wider gaps only)',
      { size: 'lg', select: 10 },
      { full: '44', compact: '26', fullTouch: '48', compactTouch: '28' },
    ],
    [
      '50 billion pages (14-character numbers) with the range text',
      { digits: 14, select: 10, total: 53, indicator: 10 },
      { full: 'x', compact: '58', fullTouch: 'x', compactTouch: '66' },
    ],
    [
      '50 billion pages with the jumper',
      { digits: 14, select: 10, jumper: 10, indicator: 10 },
      { full: 'x', compact: '40', fullTouch: 'x', compactTouch: '48' },
    ],
    [
      'one page: "1 / 1" is wider than the window, and the compact rung stays at the full one',
      { pages: 1, digits: 1, indicator: 2 },
      { full: '20', compact: '20', fullTouch: '20', compactTouch: '20' },
    ],
  ])('%s', (_, input, rungs) => {
    expect(paginationFit({ ...base, ...input })).toMatchObject(rungs);
  });

  it.each<[string, Partial<PaginationFitInput>, boolean]>([
    ['22 pages, the selector cut to "20"', { select: 10, option: 3, total: 14 }, true],
    ['the selector whole (its labels do not start with the number)', { select: 10, total: 14 }, false],
    ['size lg (44 px arrows)', { size: 'lg', select: 10, option: 3 }, false],
    ['50 billion pages with the jumper', { digits: 14, select: 10, option: 3, jumper: 10, indicator: 10 }, false],
  ])('First and Last kept narrow on a 320 px phone with a mouse: %s', (_, input, edges) => {
    expect(paginationFit({ ...base, ...input }).edges).toBe(edges);
  });

  it('never needs less room for more, nor less on touch: more digits, pages or text give the same rung or a wider one (fast-check)', () => {
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
          expect(em(large[key])).toBeGreaterThanOrEqual(em(small[key]));
        // The compact layout never needs more room than the full one; touch targets never less than fine ones.
        expect(em(small.compact)).toBeLessThanOrEqual(em(small.full));
        expect(em(small.compactTouch)).toBeLessThanOrEqual(em(small.fullTouch));
        expect(em(small.fullTouch)).toBeGreaterThanOrEqual(em(small.full));
        expect(em(small.compactTouch)).toBeGreaterThanOrEqual(em(small.compact));
      }),
      { seed: 1_818, numRuns: 300 },
    );
  });
});

describe('styles.css: one container rule per rung of paginationFit', () => {
  const css = readFileSync('src/pagination/styles.css', 'utf8').replace(/\s+/g, ' ');
  // The rules for coarse pointers sit in their own media block; the rest apply to every pointer.
  const touchStart = css.indexOf('@media (pointer: coarse) { @container');
  const rules = [
    ...css.matchAll(
      /@container \(width < (\d+)em\) \{ \[data-([a-z-]+)='(\d+)'\] > \* \{ --_pw-(c|n):; \} \[data-([a-z-]+)='(\d+)'\] > \* \{ --_pw-(c|n):; \} \}/g,
    ),
  ];

  it.each([
    ['full', 'c', false],
    ['compact', 'n', false],
    ['full-touch', 'c', true],
    ['compact-touch', 'n', true],
  ] as const)('data-%s: a rule at each rung switches --_pw-%s below it', (attribute, toggle, touch) => {
    const found = rules.flatMap((rule) => {
      const [, width, a1, v1, t1, a2, v2, t2] = rule;
      return [
        [a1, v1, t1],
        [a2, v2, t2],
      ]
        .filter(([a]) => a === attribute)
        .map(([, value, t]) => {
          // The rung named by the attribute is the width queried, and the toggle is the layout's own.
          expect(value).toBe(width);
          expect(t).toBe(toggle);
          expect(rule.index! > touchStart).toBe(touch);
          return Number(value);
        });
    });
    expect(found).toEqual(touch ? TOUCH_RUNGS : RUNGS);
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
