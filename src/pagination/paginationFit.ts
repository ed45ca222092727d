/** What takes room in the control, in narrow characters as rendered (`textUnits`); absent parts are not shown. */
export interface PaginationFitInput {
  size: 'sm' | 'md' | 'lg';
  /** Characters of the widest page number (the page count, formatted). */
  digits: number;
  /** Slots of the full window. */
  pages: number;
  /** Characters of the widest "3 / 22" without its slash: the widest page shown and the count. */
  indicator: number;
  /** The range text ("21–40 of 437"), its longest form. */
  total?: number;
  /** The selector's longest option ("100 / page"). */
  select?: number;
  /** Digits of the largest page size, when the narrow selector is cut to its number ("20 / page" → "20"). */
  option?: number;
  /** The selector's visible label ("Items per page"), with `showSizeLabel`. */
  sizeLabel?: number;
  /** The quick jumper's label ("Go to page"). */
  jumper?: number;
}

// Widths in em of the control's font (styles.css: 0.875rem, 1rem at lg). A digit is `1ch`, measured at 0.64 em in
// DejaVu Sans, one of the widest UI fonts, and a narrow character of text 0.56 em (English labels measure 0.50-0.56); 1 % more, so rounding in another font
// still fits on one row.
const DIGIT = 0.64;
const CHAR = 0.56;
const SPARE = 1.01;

/** The targets' height in px per size variant (styles.css: --pw-size-sm, -md, -lg). */
export const targetHeights = { sm: 28, md: 36, lg: 44 };

/** A width with its spare, rounded up to a hundredth of an em: the style attribute stays short. */
const room = (em: number): number => Math.ceil(em * SPARE * 100) / 100;

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

/** The width each layout needs, in em, with targets `h` high and `gap` apart (`px` is one pixel in em). */
function widths(input: PaginationFitInput, h: number, gap: number, px: number) {
  const text = (units = 0) => units * CHAR;
  const partGap = gap * 1.25;
  const slot = Math.max(h, input.digits * DIGIT + 1 + 3 * px);
  // "3 / 22": a box for the widest page and the count, the pill's padding and the slash (styles.css .pw-indicator).
  const indicator = input.indicator * DIGIT + 2;
  const parts =
    (input.total === undefined ? 0 : text(input.total) + partGap) +
    (input.select === undefined
      ? 0
      : Math.max(h, text(input.select) + 2 + 2 * px) +
        partGap +
        (input.sizeLabel === undefined ? 0 : text(input.sizeLabel) + gap)) +
    (input.jumper === undefined
      ? 0
      : text(input.jumper) + gap + Math.max(1.5 * h, Math.min(input.digits, 8) * DIGIT + 1.5) + partGap);
  const full = 4 * h + input.pages * slot + (input.pages + 3) * gap + parts;
  const compact = 4 * h + indicator + 4 * gap + parts;
  // Narrow, First and Last kept: the selector cut to its number, the jumper's input for 5 digits, no labels.
  const narrow =
    4 * h +
    indicator +
    4 * gap +
    (input.select === undefined
      ? 0
      : Math.max(h, (input.option === undefined ? text(input.select) : input.option * DIGIT) + 2 + 2 * px) + partGap) +
    (input.jumper === undefined ? 0 : Math.max(1.5 * h, 5 * DIGIT + 1.5) + partGap);
  return { full, compact: Math.min(compact, full), narrow };
}

/** The room each layout needs, in em of the control's font, and whether First and Last stay in the narrow layout. */
export interface PaginationFit {
  full: number;
  compact: number;
  fullTouch: number;
  compactTouch: number;
  /** With a fine pointer, First and Last fit beside "3 / 22" in the narrowest container (`data-edges`). */
  edges: boolean;
}

/**
 * The narrowest container each layout needs, in em of the control's font. No rule can read the content's width, so
 * the control says it: styles.css makes these the root's font-size and line-height, which its container queries read
 * as `1em` and `1lh` (a query's relative units are the container's own). Below `full` the page window becomes
 * "3 / 22"; below `compact` the range text and the labels go, and First and Last unless `edges` (narrow). The
 * `*Touch` widths weigh the 44 px targets 8 px apart that styles.css gives coarse pointers.
 */
export function paginationFit(input: PaginationFitInput): PaginationFit {
  const px = input.size === 'lg' ? 1 / 16 : 1 / 14;
  const h = targetHeights[input.size] * px;
  const fine = widths(input, h, 6 * px, px);
  const touch = widths(input, Math.max(h, 44 * px), 8 * px, px);
  return {
    full: room(fine.full),
    compact: room(fine.compact),
    fullTouch: room(touch.full),
    compactTouch: room(touch.compact),
    // The 288 px a 320 px phone leaves inside a 16 px margin.
    edges: fine.narrow * SPARE <= 288 * px,
  };
}
