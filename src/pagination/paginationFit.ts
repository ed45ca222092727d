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

// Text widths in em of the parts' font (--pw-font-size): a digit is `1ch`, measured at 0.64 em in DejaVu Sans, one of
// the widest UI fonts, and a narrow character of text 0.56 em (English labels measure 0.50-0.56). styles.css adds 1 %,
// so rounding in another font still fits on one row.
const DIGIT = 0.64;
const CHAR = 0.56;

/** The targets' height in px per size variant (styles.css: --pw-size-sm, -md, -lg). */
export const targetHeights = { sm: 28, md: 36, lg: 44 };

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

/** Hundredths, rounded up: the style attribute stays short and a width never shrinks. */
const up = (em: number): number => Math.max(0, Math.ceil(em * 100 - 1e-6)) / 100;

/**
 * What the room of each layout is made of, for styles.css to add up in the theme's own target size, gap and font size
 * (custom properties on the root, so a themed `--pw-size-*`, `--pw-gap` or `--pw-font-size`, and the 44 px targets 8 px
 * apart of a touch screen, are reckoned as they are drawn). Widths of text are in em of the parts' font.
 */
export interface PaginationFit {
  /** Page slots of the full window (`--_pw-p`). */
  pages: number;
  /** A page slot's text: the widest page number and its padding (`--_pw-s`). */
  slot: number;
  /** "3 / 22" with its padding and slash (`--_pw-i`). */
  indicator: number;
  /** Text beside the list: the range, the selector's and the jumper's labels (`--_pw-t`). */
  text: number;
  /** Gaps beside the four arrows and between the parts, in `--pw-gap`s (`--_pw-g`). */
  gaps: number;
  /** The selector's box without its borders, when shown (`--_pw-o`). */
  select?: number;
  /** The jumper's input, when shown (`--_pw-j`). */
  jumper?: number;
  /** With a fine pointer, First and Last fit beside "3 / 22" in the narrowest container (`data-edges`). */
  edges: boolean;
}

/**
 * What each layout needs, for styles.css: no rule can read the content's width, so the control says what it is made
 * of; styles.css adds it up as the root's font-size (the full layout's room) and line-height (the compact one's),
 * which its container queries read as `1em` and `1lh` (a query's relative units are the container's own). Below the
 * full room the page window becomes "3 / 22"; below the compact one the range text and the labels go, and First and
 * Last unless `edges` (narrow).
 */
export function paginationFit(input: PaginationFitInput): PaginationFit {
  const text = (units = 0) => units * CHAR;
  const select = input.select === undefined ? undefined : up(text(input.select) + 2);
  // The narrowest layout is reckoned here, for a mouse and the default sizes: a 320 px phone's 288 px inside a 16 px
  // margin either holds First and Last beside "3 / 22" or does not.
  const px = input.size === 'lg' ? 1 / 16 : 1 / 14;
  const h = targetHeights[input.size] * px;
  const gap = 6 * px;
  const indicator = input.indicator * DIGIT + 2;
  const narrow =
    4 * h +
    indicator +
    4 * gap +
    (select === undefined
      ? 0
      : Math.max(h, (input.option === undefined ? select : input.option * DIGIT + 2) + 2 * px) + gap * 1.25) +
    (input.jumper === undefined ? 0 : Math.max(1.5 * h, 5 * DIGIT + 1.5) + gap * 1.25);
  return {
    pages: input.pages,
    slot: up(input.digits * DIGIT + 1),
    indicator: up(indicator),
    text: up(text(input.total) + text(input.sizeLabel) + text(input.jumper)),
    gaps:
      3 +
      (input.total === undefined ? 0 : 1.25) +
      (select === undefined ? 0 : 1.25 + (input.sizeLabel === undefined ? 0 : 1)) +
      (input.jumper === undefined ? 0 : 2.25),
    select,
    jumper: input.jumper === undefined ? undefined : up(Math.min(input.digits, 8) * DIGIT + 1.5),
    edges: narrow * 1.01 <= 288 * px,
  };
}
