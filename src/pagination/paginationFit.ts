/** What takes room in the control, in narrow characters as rendered (`textUnits`); absent parts are not shown. */
export interface PaginationFitInput {
  size: 'sm' | 'md' | 'lg';
  /** Characters of the widest page number (the page count, formatted). */
  digits: number;
  /** Slots of the full window. */
  pages: number;
  /** "3 / 22", the compact layout's place in the list (0 when the jumper's input takes it). */
  indicator: number;
  total?: number;
  select?: number;
  jumper?: number;
}

/** Container widths (em of the control's font) at which a layout is known to fit; CSS holds one rule per rung. */
const RUNGS = [24, 30, 36, 44, 54, 66, 80, 96];

// Button height and the gaps in em of the control's font (styles.css: 1.75/2.25/2.75rem on 0.875/0.875/1rem).
const HEIGHT = { sm: 2, md: 2.58, lg: 2.75 };
const GAP = 0.43;
const PART_GAP = 0.86;
// An average glyph is about half an em in common UI fonts; a little more, so a wider font still fits.
const CH = 0.6;

const rung = (em: number): string => String(RUNGS.find((r) => r >= em) ?? 'x');

/**
 * `text`'s width in narrow characters: a CJK, kana or Hangul character or a full-width form takes about an em,
 * nearly two narrow ones, so translated labels in those scripts switch layout before they wrap.
 */
export function textUnits(text: string): number {
  let units = 0;
  // From U+2E80 on: CJK, kana, Hangul syllables, full-width forms (and emoji, beyond the BMP) are wide.
  for (const char of text) units += char >= '\u2e80' ? 1.7 : 1;
  return units;
}

/**
 * The narrowest container each layout needs, as CSS rungs (`data-full`, `data-compact`): the control is laid out by
 * container queries alone, and no rule can read the content's width, so the breakpoints come from what the props
 * say will be shown. Below `data-full` the page window becomes "3 / 22"; below `data-compact` the total and the
 * count go, the arrows shrink to 24 px (at size lg, 44 px targets, first/last go instead).
 */
export function paginationFit(input: PaginationFitInput): { full: string; compact: string } {
  const h = HEIGHT[input.size];
  const slot = Math.max(h, input.digits * CH + 1.25);
  const text = (chars: number) => chars * CH + 1.5;
  const parts =
    (input.total === undefined ? 0 : text(input.total) + PART_GAP) +
    (input.select === undefined ? 0 : Math.max(h, text(input.select) + 1) + PART_GAP) +
    (input.jumper === undefined ? 0 : text(input.jumper) + Math.max(1.5 * h, Math.min(input.digits, 8) * CH + 1.5) + PART_GAP);
  const full = 4 * h + input.pages * slot + (input.pages + 3) * GAP + parts;
  const compact = 4 * h + (input.indicator && text(input.indicator)) + 4 * GAP + parts;
  // Never above the full layout's: with one or two pages "1 / 1" is wider than the window, and the narrow rules must
  // not apply while the full window shows.
  return { full: rung(full + 1), compact: rung(Math.min(compact, full) + 1) };
}
