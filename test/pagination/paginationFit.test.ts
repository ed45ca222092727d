import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginationFit, textUnits, type PaginationFitInput } from '../../src/pagination/paginationFit';

const base: PaginationFitInput = { size: 'sm', digits: 2, pages: 7, indicator: 4 };

describe("paginationFit: what each layout is made of, for styles.css to add up in the theme's sizes", () => {
  it.each<[string, Partial<PaginationFitInput>, Omit<ReturnType<typeof paginationFit>, 'edges'>]>([
    ['22 pages, nothing else', {}, { pages: 7, slot: 2.28, indicator: 4.56, text: 0, gaps: 3 }],
    [
      '22 pages with the selector and the range text',
      { select: 10, total: 14 },
      { pages: 7, slot: 2.28, indicator: 4.56, text: 7.84, gaps: 5.5, select: 7.6 },
    ],
    [
      "the same with the selector's label",
      { select: 10, total: 14, sizeLabel: 14 },
      { pages: 7, slot: 2.28, indicator: 4.56, text: 15.68, gaps: 6.5, select: 7.6 },
    ],
    [
      '50 billion pages (14-character numbers) with the range text',
      { digits: 14, select: 10, total: 53, indicator: 10 },
      { pages: 7, slot: 9.96, indicator: 8.4, text: 29.68, gaps: 5.5, select: 7.6 },
    ],
    [
      '50 billion pages with the jumper: its input for 8 digits at most',
      { digits: 14, select: 10, jumper: 10, indicator: 10 },
      { pages: 7, slot: 9.96, indicator: 8.4, text: 5.6, gaps: 6.5, select: 7.6, jumper: 6.62 },
    ],
    ['one page', { pages: 1, digits: 1, indicator: 2 }, { pages: 1, slot: 1.64, indicator: 3.28, text: 0, gaps: 3 }],
  ])('%s', (_, input, parts) => {
    expect(paginationFit({ ...base, ...input })).toEqual({ ...parts, edges: expect.any(Boolean) });
  });

  it.each<[string, Partial<PaginationFitInput>, boolean]>([
    ['22 pages, the selector cut to "20"', { select: 10, option: 3, total: 14 }, true],
    ['the selector whole (its labels do not start with the number)', { select: 10, total: 14 }, false],
    ['size lg (44 px arrows)', { size: 'lg', select: 10, option: 3 }, false],
    ['50 billion pages with the jumper', { digits: 14, select: 10, option: 3, jumper: 10, indicator: 10 }, false],
  ])('First and Last kept narrow on a 320 px phone with a mouse: %s', (_, input, edges) => {
    expect(paginationFit({ ...base, ...input }).edges).toBe(edges);
  });

  it('never says less for more: more digits, pages or text give as much or more of each part (fast-check)', () => {
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
        for (const key of ['pages', 'slot', 'indicator', 'text', 'gaps'] as const)
          expect(large[key]).toBeGreaterThanOrEqual(small[key]);
        expect(large.jumper ?? 0).toBeGreaterThanOrEqual(small.jumper ?? 0);
        // A wider control never keeps First and Last where a narrower one drops them.
        if (large.edges) expect(small.edges).toBe(true);
      }),
      { seed: 1_818, numRuns: 300 },
    );
  });
});

describe('styles.css: the two switches read what paginationFit says', () => {
  const css = readFileSync('src/pagination/styles.css', 'utf8').replace(/\s+/g, ' ');
  const root = css.slice(css.indexOf('.pw-pagination { --_pw-parts:'));
  const rule = root.slice(0, root.indexOf('}') + 1);

  it("adds up every part Pagination writes, in the theme's target size, gap and font size, as the root's font-size and line-height", () => {
    for (const name of ['--_pw-p', '--_pw-s', '--_pw-i', '--_pw-t', '--_pw-g', '--_pw-h', '--_pw-gap', '--_pw-fs'])
      expect(rule).toContain(`var(${name})`);
    // The parts a control may leave out count for nothing then.
    for (const name of ['--_pw-o', '--_pw-j']) expect(rule).toContain(`min(1, var(${name}, 0))`);
    expect(rule).toContain('font-size: calc(1.01 * var(--_pw-full));');
    expect(rule).toContain('line-height: calc(1.01 * min(var(--_pw-full), ');
    // One rule for every pointer: a touch screen's 44 px targets are its --_pw-h.
    expect(css.match(/font-size: calc\(/g)).toHaveLength(1);
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
