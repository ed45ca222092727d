'use client';

import { useMemo, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import { getPageItems, type PageItem } from './getPageItems';
import {
  normalizePaginationProps,
  type NormalizedPaginationProps,
  type PaginationPropIssue,
} from './normalizePaginationProps';
import type { PaginationLabels } from './defaultPaginationLabels';
import { resolvePaginationLabels } from './resolvePaginationLabels';
import { useAnnouncement, useFocusRecovery } from './accessibility';
import { DEFAULT_INTENT_DELAY_MS, usePageIntent, type PageIntentHandlers } from './pageIntent';
import { usePageState, type PageState, type PageStateCallbacks } from '../shared/usePageState';
import { formatValue } from '../shared/assert';
import { clampInt } from '../shared/paging';
import { warnOnce } from '../shared/log';
import { useDevEffect } from '../shared/useEffects';

/** Options of {@link usePagination}: the control's state props, without any markup; `Pagination` takes them all. */
export interface UsePaginationOptions extends PageStateCallbacks {
  /** Current page (1-based); makes the page controlled. */
  current?: number;
  /** Page when `current` is not given (uncontrolled), read on mount only, like `defaultValue`; remount with `key` to apply another. @default 1 */
  defaultCurrent?: number;
  /** Total number of items; without it the last known page is the current one (or the next, with `hasNext`). */
  total?: number;
  /**
   * About how many items, when the service only estimates: shown as such ("1–20 of about 4,400", "3 / about 220"),
   * the page window spread over the pages it suggests, Last disabled. Ignored once `total` is given. @default none
   */
  totalEstimate?: number | undefined;
  /** While `total` is not given: whether another page follows (a Spring Slice, a has-more list); Next follows it, Last stays disabled. @default false */
  hasNext?: boolean;
  /** Items per page; makes the page size controlled. @default 20 */
  pageSize?: number;
  /** Page size when `pageSize` is not given (uncontrolled), read on mount only, like `defaultValue`. @default 20 */
  defaultPageSize?: number;
  /** Choices in the page-size selector; a `pageSize` missing from them is inserted in order. @default [10, 20, 50, 100] */
  pageSizeOptions?: readonly number[];
  /** Pages shown on each side of the current page. @default 1 */
  siblingCount?: number;
  /** Pages always shown at the start and at the end. @default 1 */
  boundaryCount?: number;
  /** Disable the control: no action and no callback, every page, arrow, selector and input disabled. @default false */
  disabled?: boolean;
  /** Link mode: pages and arrows become links to these URLs (unavailable ones `aria-disabled`, without href); a plain click still calls `onChange` and prevents the default, modified clicks are left to the browser. */
  getPageHref?: (page: number) => string;
  /** Visible and accessible strings, for translation; missing ones fall back to English. @default defaultPaginationLabels */
  labels?: Partial<PaginationLabels>;
  /** BCP 47 locale of `Intl.NumberFormat`; fixed, not the runtime's, so server and browser render alike. @default 'en' */
  locale?: string;
  /**
   * Said in the live region before where the user is, e.g. what a row action did ("Deleted share-12."): a new
   * message is announced, so screen readers hear a change the page made without moving focus. @default none
   */
  message?: string | undefined;
  /**
   * Called with a page the reader seems about to open, to fetch it ahead (the data hooks' `pagination` gives it): its
   * control hovered for `intentDelayMs`, or focused. Never for the current page or an unavailable one, and not for
   * pages a pointer only crosses. @default none
   */
  onPageIntent?: ((page: number) => void) | undefined;
  /** Milliseconds a pointer rests on a page's control before `onPageIntent` is called. @default 120 */
  intentDelayMs?: number | undefined;
}

/**
 * Props for one page control, from {@link UsePaginationResult.getPageProps} or `getArrowProps`: spread them on a
 * `<button>`, or in link mode (`getPageHref`) on an `<a>` or a router's link. A plain click calls `onChange` (the
 * default prevented, so a router's link does not navigate on its own); modified and middle clicks are the browser's.
 */
export interface PaginationControlProps {
  /** Pages: the page, which focus follows when the window moves. */
  'data-page'?: number;
  /** Arrows: which one. */
  'data-nav'?: 'first' | 'previous' | 'next' | 'last';
  /** Accessible name: `labels.page` with the formatted page, or the arrow's label. */
  'aria-label': string;
  /** Moves to the page (a plain click on a link prevents its default). */
  onClick: (event: MouseEvent) => void;
  /** Buttons: always "button". */
  type?: 'button';
  /** Buttons: the page is unavailable (or the control disabled). */
  disabled?: boolean;
  /** Links: the page's URL; absent while unavailable. */
  href?: string;
  /** Links: "link" while unavailable, as an `<a>` without href is no link at all. */
  role?: 'link';
  /** Links: true while unavailable. */
  'aria-disabled'?: true;
  /** The current page. */
  'aria-current'?: 'page';
  /** With `onPageIntent`, on another available page: starts the wait for a resting pointer. */
  onPointerEnter?: () => void;
  /** With `onPageIntent`: a pointer passing through asks for nothing. */
  onPointerLeave?: () => void;
  /** With `onPageIntent`, on another available page: focus asks for the page at once. */
  onFocus?: () => void;
}

/** Props for the root element, from {@link UsePaginationResult.getRootProps}: spread them on a `<nav>`. */
export interface PaginationRootProps {
  /** Keeps keyboard focus in the control when the focused page or arrow becomes unavailable or leaves the window. */
  ref: RefObject<HTMLElement | null>;
  /** Remembers the focused control. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  /** Forgets it when focus leaves the control. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /** Accessible name of the navigation landmark. @default labels.nav ('Pagination') */
  'aria-label': string;
}

/** Props for an ellipsis of the page window, from {@link UsePaginationResult.getEllipsisProps}: spread them on its element. */
export interface PaginationEllipsisProps {
  /** Always true: the pages around it already say where the gap is, and "…" read aloud says nothing. */
  'aria-hidden': true;
}

/** Props for the polite live region, from {@link UsePaginationResult.getStatusProps}: spread them on an empty element. */
export interface PaginationStatusProps {
  /** Always "status". */
  role: 'status';
  /** Always "polite": read after what the user is doing. */
  'aria-live': 'polite';
  /** The status text from the first change of page or size on; nothing before, so loading a page announces nothing. */
  children: string | undefined;
}

/** State and handlers from {@link usePagination}, enough to render any markup. */
export interface UsePaginationResult {
  /** Current page (1-based), clamped to 1…pageCount. */
  current: number;
  /** Items per page. */
  pageSize: number;
  /** Total number of items, or undefined when not given. */
  total: number | undefined;
  /** About how many items, while `total` is not given and an estimate is; never both. */
  totalEstimate: number | undefined;
  /** Number of pages, at least 1 (while the total is unknown: the pages known so far). */
  pageCount: number;
  /** Whether the page count is known: a `total` was given, or `hasNext` is false (this is the last page). */
  pageCountKnown: boolean;
  /** Sorted page-size choices, including `pageSize`. */
  pageSizeOptions: number[];
  /** The page window: pages and ellipses. */
  items: PageItem[];
  /** Pages shown on each side of the current page: the `siblingCount` option, made a valid count. */
  siblingCount: number;
  /** Pages always shown at the start and at the end: the `boundaryCount` option, made a valid count. */
  boundaryCount: number;
  /** 1-based index of the first item on this page (0 when there are none). */
  rangeStart: number;
  /** 1-based index of the last item on this page (0 when there are none). */
  rangeEnd: number;
  /** Whether actions are ignored. */
  disabled: boolean;
  /** Whether a page precedes this one, enabled or not (whether Previous acts: `getArrowProps('previous')`). */
  hasPrevious: boolean;
  /** Whether another page follows this one (with the total unknown, as the `hasNext` option says), enabled or not (whether Next acts: `getArrowProps('next')`). */
  hasNext: boolean;
  /** Go to a page (clamped); does nothing for the current page, unless `current` was given out of range. */
  goTo: (page: number) => void;
  /** Go to the next page, if any. */
  next: () => void;
  /** Go to the previous page, if any. */
  previous: () => void;
  /** Go to page 1. */
  first: () => void;
  /** Go to the last page, when the page count is known. */
  last: () => void;
  /** Change the page size, keeping the first item of the current page in view. */
  setPageSize: (size: number) => void;
  /** The labels in use: the `labels` option over the English ones. @default defaultPaginationLabels */
  labels: PaginationLabels;
  /** Formats a number for `locale`; `compact` writes 7 digits or more shortly ("50M"). */
  formatNumber: (value: number, compact?: boolean) => string;
  /** Where the user is, for screen readers: "Page 3 of 22", or "Page 3" while the total is unknown. */
  statusText: string;
  /** Props for the root `<nav>`: its accessible name and focus recovery. */
  getRootProps: () => PaginationRootProps;
  /** Props for a page's control (`aria-current` on the current one). */
  getPageProps: (page: number) => PaginationControlProps;
  /** Props for an arrow's control: enabled only when that page exists and the control is enabled. */
  getArrowProps: (arrow: 'first' | 'previous' | 'next' | 'last') => PaginationControlProps;
  /** Props for an ellipsis of `items`, hidden from screen readers. */
  getEllipsisProps: () => PaginationEllipsisProps;
  /** Props for the live region announcing `statusText` after each change. */
  getStatusProps: () => PaginationStatusProps;
}

/** The labels with defaults filled in, the same while `given` is: Pagination memoizes its options on them. */
function usePaginationLabels(given: UsePaginationOptions['labels']) {
  return useMemo(() => resolvePaginationLabels(given), [given]);
}

type NumberFormat = [format: (n: number, compact?: boolean) => string, refused: boolean];

/** One per locale for every control on the page: Intl's formatters are slow to make (the compact one most). */
const numberFormats = new Map<string, NumberFormat>();

/**
 * Numbers for `locale` (else "en", when Intl refuses a malformed tag with a RangeError; the second value says so).
 * `compact` writes 7 digits or more shortly ("50B") for the compact "3 / 50B", made on first use. Intl's grouping is
 * the costliest step of a render, and a render shows mostly numbers already formatted (a page's text and its name,
 * the count, the page sizes): the last few dozen are kept.
 */
function numberFormat(locale = 'en'): NumberFormat {
  let made = numberFormats.get(locale);
  if (made) return made;
  let tag = locale;
  let plain: Intl.NumberFormat;
  try {
    plain = new Intl.NumberFormat(tag);
  } catch {
    plain = new Intl.NumberFormat((tag = 'en'));
  }
  let short: Intl.NumberFormat | undefined;
  const seen = new Map<number, string>();
  const format = (n: number) => {
    let text = seen.get(n);
    if (text === undefined) {
      if (seen.size > 63) seen.clear();
      seen.set(n, (text = plain.format(n)));
    }
    return text;
  };
  made = [
    (n, compact) =>
      compact && n >= 1e6 ? (short ??= new Intl.NumberFormat(tag, { notation: 'compact' })).format(n) : format(n),
    tag !== locale,
  ];
  numberFormats.set(locale, made);
  return made;
}

/** Headless pagination: controlled or uncontrolled state, the page window and handlers. */
export function usePagination(options: UsePaginationOptions = {}): UsePaginationResult {
  // The control names the page `current`; the size props and callbacks are the state's own.
  const state = usePageState({ ...options, page: options.current, defaultPage: options.defaultCurrent });
  // The normalized numbers are the result's own; the fixes listed beside them feed only the warnings.
  const { issues, ...n } = normalizePaginationProps({ ...options, current: state.page, pageSize: state.pageSize });
  const [labels, labelIssues] = usePaginationLabels(options.labels);
  const [format, localeRefused] = numberFormat(options.locale);
  useDevEffect((seen) => {
    // Written out as React writes it, inside the condition, so bundlers drop the warnings (and warnOnce with them)
    // from production builds.
    if (process.env.NODE_ENV !== 'production') {
      for (const [prop, value, used] of [...propIssues(issues, state), ...labelIssues])
        warnOnce(seen, 'Pagination', prop, value, used);
      if (localeRefused) warnOnce(seen, 'Pagination', 'locale', formatValue(options.locale), '"en"');
      const delay = options.intentDelayMs;
      if (delay !== undefined && !(typeof delay === 'number' && delay >= 0))
        warnOnce(seen, 'Pagination', 'intentDelayMs', formatValue(delay), DEFAULT_INTENT_DELAY_MS);
    }
  });
  const focus = useFocusRecovery();
  const announce = useAnnouncement(`${n.current}/${n.pageSize}`);
  const intent = usePageIntent(options.onPageIntent, options.intentDelayMs);
  return connect(options, state, n, { labels, format, root: { ...focus, 'aria-label': labels.nav }, announce, intent });
}

/** The props fixed by normalizePaginationProps, as warnings name them: `defaultCurrent` and `defaultPageSize` while uncontrolled. */
function propIssues(issues: PaginationPropIssue[], state: PageState): [string, unknown, unknown][] {
  return issues.flatMap(({ prop, value, used }) => {
    const own = (prop === 'current' && !state.pageControlled) || (prop === 'pageSize' && !state.sizeControlled);
    // An uncontrolled page past the end comes from a shrinking total, not from the caller.
    if (own && prop === 'current' && Number.isInteger(value) && (value as number) >= 1) return [];
    // Strings quoted and named as such: '3' from a URL param is used as 3, which must not read "invalid 3; using 3".
    const shown = typeof value === 'string' ? `${formatValue(value)} (a string)` : value;
    return [[own ? (prop === 'current' ? 'defaultCurrent' : 'defaultPageSize') : prop, shown, used]];
  });
}

/** One page control's props without its name: a button, or in link mode a link (unavailable: no href, `aria-disabled`). */
function controlProps(
  href: UsePaginationOptions['getPageHref'],
  goTo: (page: number) => void,
  page: number,
  enabled: boolean,
): Omit<PaginationControlProps, 'aria-label'> {
  if (!href) return { type: 'button', disabled: !enabled, onClick: () => goTo(page) };
  return {
    ...(enabled ? { href: href(page) } : { role: 'link', 'aria-disabled': true }),
    onClick: (e) => {
      // Modified and middle clicks are the browser's (a new tab); a plain one is the control's.
      if (e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      if (enabled) goTo(page);
    },
  };
}

/** The normalized numbers, without the list of fixes. */
type PageNumbers = Omit<NormalizedPaginationProps, 'issues'>;

/** The moves of usePagination's result: each does nothing while disabled, and reports one change through `state`. */
function pageMoves(state: PageState, n: PageNumbers, disabled: boolean, pageCountKnown: boolean) {
  const { current, pageSize, pageCount } = n;
  const goTo = (page: number) => {
    const target = clampInt(page, 1, pageCount, current);
    // A page shown clamped (past the end after deletes, or NaN) is still a move: the caller's state is elsewhere.
    if (!disabled && (target !== current || !Object.is(state.page, current))) state.change(target, pageSize);
  };
  return {
    goTo,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    first: () => goTo(1),
    last: () => void (pageCountKnown && goTo(pageCount)),
    setPageSize: (size: number) => {
      if (!disabled && Number.isInteger(size) && size > 0 && size !== pageSize) state.resize(size, current, pageSize);
    },
  };
}

/** An arrow's page and whether it can act. */
type Arrow = readonly [page: number, enabled: boolean];

/** What usePagination's result says beside the state: its words, numbers, root props and whether it announces. */
interface Presentation {
  labels: PaginationLabels;
  format: (value: number, compact?: boolean) => string;
  root: PaginationRootProps;
  announce: boolean;
  intent: (page: number) => PageIntentHandlers | undefined;
}

/** The result of usePagination from its state, as zag's `connect` makes an API of a machine's state. */
function connect(o: UsePaginationOptions, state: PageState, n: PageNumbers, ui: Presentation) {
  const { labels, format, announce } = ui;
  const { current, pageSize, total, pageCount } = n;
  const disabled = o.disabled === true;
  const estimated = n.totalEstimate !== undefined;
  const pageCountKnown = total !== undefined || (o.hasNext !== true && !estimated);
  const moves = pageMoves(state, n, disabled, pageCountKnown);
  const { goTo } = moves;
  // Intent only where a click would move: another page that can be opened.
  const control = (page: number, enabled: boolean) => ({
    ...controlProps(o.getPageHref, goTo, page, enabled),
    ...(enabled && page !== current ? ui.intent(page) : undefined),
  });
  const hasItems = total !== 0;
  const previousEnabled = !disabled && current > 1;
  const nextEnabled = !disabled && current < pageCount;
  // Without a total the count is only the last page seen: the page is said alone.
  const counted = total !== undefined || estimated;
  const count = estimated ? labels.about(format(pageCount)) : format(pageCount);
  const statusText = counted ? labels.status(format(current), count) : labels.statusPage(format(current));
  const arrows: Record<'first' | 'previous' | 'next' | 'last', Arrow> = {
    first: [1, previousEnabled],
    previous: [current - 1, previousEnabled],
    next: [current + 1, nextEnabled],
    last: [pageCount, nextEnabled && pageCountKnown],
  };
  const result: UsePaginationResult = {
    ...n,
    pageCountKnown,
    items: getPageItems(n),
    rangeStart: hasItems ? (current - 1) * pageSize + 1 : 0,
    rangeEnd: hasItems ? Math.min(total ?? Infinity, current * pageSize) : 0,
    disabled,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    ...moves,
    labels,
    formatNumber: format,
    statusText,
    getRootProps: () => ui.root,
    // Key order is attribute order in the markup: what the control is (data-*, its name) before its state, so the
    // markup reads, and diffs, control by control.
    getPageProps: (page) => ({
      'data-page': page,
      'aria-label': labels.page(format(page)),
      ...control(page, !disabled),
      'aria-current': page === current ? 'page' : undefined,
    }),
    getArrowProps: (arrow) => ({ 'data-nav': arrow, 'aria-label': labels[arrow], ...control(...arrows[arrow]) }),
    getEllipsisProps: () => ({ 'aria-hidden': true }),
    getStatusProps: () => ({
      role: 'status',
      'aria-live': 'polite',
      children: o.message ? `${o.message} ${statusText}` : announce ? statusText : undefined,
    }),
  };
  return result;
}
