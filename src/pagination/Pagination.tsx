'use client';

import { useMemo, type CSSProperties, type ElementType, type ReactNode, type RefObject } from 'react';
import { paginationFit, targetHeights, textUnits, type PaginationFitInput } from './paginationFit';
import {
  usePagination,
  type PaginationControlProps,
  type UsePaginationOptions,
  type UsePaginationResult,
} from './usePagination';
import { formatValue } from '../shared/assert';
import { isDigits, MAX_PAGE_SIZE, toCount } from '../shared/paging';
import { DEFAULT_PAGE_SIZE_OPTIONS } from './normalizePaginationProps';
import { warnOnce, warnOncePerKey } from '../shared/log';
import { useDevEffect } from '../shared/useEffects';

/** Props of {@link Pagination}: the service document's table, plus what users expect; the state props are {@link usePagination}'s. */
export interface PaginationProps extends UsePaginationOptions {
  /** Choices in the page-size selector (the service document types them `number[]`). @default [10, 20, 50, 100] */
  pageSizeOptions?: number[];
  /** Show the page-size selector. @default true */
  showSizeChanger?: boolean;
  /**
   * Add an "All" choice to the page-size selector: a page of up to this many rows (`true`: 1,000, the service's
   * largest page), shown with its cap ("All (up to 1,000)") as a longer list still pages. @default false
   */
  showAll?: boolean | number;
  /** Show the selector's label ("Items per page") beside it, as MUI's TablePagination does; otherwise it is the accessible name only. @default false */
  showSizeLabel?: boolean;
  /** Show a "Go to page" number input: Enter or leaving it jumps to the page typed (clamped to the page count). @default false */
  showQuickJumper?: boolean;
  /** Show the range and total count, e.g. "21–40 of 437". @default false */
  showTotal?: boolean;
  /** Size variant. @default 'sm' */
  size?: 'sm' | 'md' | 'lg';
  /** The component rendering links in link mode, e.g. Next.js `Link` (it receives `href`, `onClick`, `className`, `aria-*`, `data-*` and children). @default 'a' */
  linkComponent?: ElementType;
  /** Custom class name on the root `<nav>`. */
  className?: string;
  /** Accessible name of the `<nav>`. @default labels.nav ('Pagination'), none when `aria-labelledby` is given */
  'aria-label'?: string;
  /** Id of the element naming the `<nav>`, instead of `aria-label`. */
  'aria-labelledby'?: string;
  /** Id of the element describing the `<nav>`. */
  'aria-describedby'?: string;
  /** Id of the root `<nav>`. */
  id?: string;
  /** Inline style of the root `<nav>` (`--pw-*` custom properties included). */
  style?: CSSProperties;
  // `data-*` attributes need no declaration (JSX does not check hyphenated names); they reach the root `<nav>`.
}

const icon = (d: string) => (
  <svg className="pw-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

// Made once: the same elements on every render, so React skips them.
const icons = {
  first: icon('M12 4 8 8l4 4M7 4 3 8l4 4'),
  previous: icon('M10 4 6 8l4 4'),
  next: icon('M6 4l4 4-4 4'),
  last: icon('M4 4l4 4-4 4M9 4l4 4-4 4'),
};

/**
 * One page control on the hook's props: a button, or in link mode a link. An unavailable link is a plain <a> without
 * href, never the router's component: routers' links require an href (next/link throws without one), and an <a>
 * without href is out of the tab order, as a disabled button is, while a screen reader still reads it as an
 * unavailable link.
 */
type Control = (own: PaginationControlProps, children: ReactNode, attrs?: object) => ReactNode;

function controlFor(props: PaginationProps): Control {
  const Link = props.linkComponent ?? 'a';
  return (own, children, attrs) => {
    const As = !props.getPageHref ? 'button' : own.href === undefined ? 'a' : Link;
    return (
      <As {...attrs} {...own} className="pw-button">
        {children}
      </As>
    );
  };
}

function arrow(p: UsePaginationResult, control: Control, name: keyof typeof icons, edge?: boolean) {
  return <li data-edge={edge || undefined}>{control(p.getArrowProps(name), icons[name])}</li>;
}

/** The page window, keyed by position: it keeps its length, so paging updates buttons instead of replacing them. */
function pageWindow(p: UsePaginationResult, control: Control) {
  return p.items.map((item, index) => {
    if (item.type !== 'page') {
      return (
        <li key={index} className="pw-ellipsis" data-slot="" {...p.getEllipsisProps()}>
          …
        </li>
      );
    }
    const text = p.formatNumber(item.page);
    return (
      // The leading boundary pages are always 1, 2…: their slots fit their own digits, not the page count's.
      <li
        key={index}
        data-window=""
        style={index < p.boundaryCount ? ({ '--_pw-digits': text.length } as CSSProperties) : undefined}
      >
        {control(p.getPageProps(item.page), text, { 'data-slot': '' })}
      </li>
    );
  });
}

/** "3 / 22" (the window collapsed), shown; "Page 3 of 22", read. Without a total, the page alone. */
function indicator(p: UsePaginationResult, count: string) {
  const counted = p.total !== undefined || p.totalEstimate !== undefined;
  return (
    <li className="pw-indicator">
      <span aria-hidden="true">
        <span data-current="">{p.formatNumber(p.current, counted)}</span>
        {counted && ` / ${count}`}
      </span>
      <span className="pw-sr">{p.statusText}</span>
    </li>
  );
}

/**
 * The quick jumper: a whole page number jumps (clamped, one onChange), anything else is dropped without a callback.
 * Emptied either way, so the blur after an Enter does not jump again. No min/max: out-of-range pages are clamped,
 * not refused, and the spin buttons are hidden.
 */
function jumper(p: UsePaginationResult, digits: number) {
  const jump = (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    e.currentTarget.value = '';
    if (isDigits(value) && +value > 0) p.goTo(+value);
  };
  return (
    // Its input fits the widest page number (styles.css).
    <label className="pw-jumper" style={{ '--_pw-digits': digits } as CSSProperties}>
      <span>{p.labels.jumper}</span>
      <input
        className="pw-input"
        // Named on its own: the label's text is dropped in the narrowest layouts.
        aria-label={p.labels.jumper}
        type="number"
        disabled={p.disabled}
        onKeyDown={(e) => e.key === 'Enter' && jump(e)}
        onBlur={jump}
      />
    </label>
  );
}

/** A page size's text in the selector: the "All" choice (its cap, `all`) names itself. */
const sizeText = (p: Pick<UsePaginationResult, 'labels' | 'formatNumber'>, n: number, all: number | undefined) =>
  (n === all ? p.labels.pageSizeAll : p.labels.pageSizeOption)(p.formatNumber(n));

/** The "All" choice's cap from `showAll`, or undefined: `true` is the service's largest page. */
const allOf = (showAll: PaginationProps['showAll']) =>
  showAll === true ? MAX_PAGE_SIZE : showAll ? toCount(showAll, MAX_PAGE_SIZE) : undefined;

/** The page-size selector's options: the same elements while the choices stay, so React skips them on every page change. */
function useSizeOptions(p: UsePaginationResult, all: number | undefined) {
  const { labels, formatNumber } = p;
  const sizes = p.pageSizeOptions.join();
  return useMemo(
    () =>
      sizes.split(',').map((n) => (
        <option key={n} value={n}>
          {sizeText({ labels, formatNumber }, +n, all)}
        </option>
      )),
    [sizes, labels, formatNumber, all],
  );
}

function sizeSelect(p: UsePaginationResult, options: ReactNode, option: number | undefined, showLabel?: boolean) {
  const select = (
    <select
      className="pw-select"
      style={{ '--_pw-option': option } as CSSProperties}
      // Named on its own: a visible label (showSizeLabel) is dropped in the narrowest layouts.
      aria-label={p.labels.pageSize}
      value={p.pageSize}
      disabled={p.disabled}
      onChange={(e) => p.setPageSize(+e.target.value)}
    >
      {options}
    </select>
  );
  return showLabel ? (
    <label className="pw-size">
      <span>{p.labels.pageSize}</span>
      {select}
    </label>
  ) : (
    select
  );
}

/** The range text, and the longest it gets, whose width it keeps while paging; undefined when not shown. */
function rangeOf(p: UsePaginationResult, props: PaginationProps): [range: string, longest: string] | undefined {
  const { labels, formatNumber: format } = p;
  const [from, to] = [format(p.rangeStart), format(p.rangeEnd)];
  if (!props.showTotal) return undefined;
  const counted = p.total ?? p.totalEstimate;
  if (counted !== undefined) {
    const count = format(counted);
    // An estimate says so: "of about 4,400".
    const total = p.total === undefined ? labels.about(count) : count;
    return [labels.total(from, to, total), labels.total(count, count, total)];
  }
  const more = props.hasNext ? labels.totalMore(from, to) : undefined;
  return more === undefined ? undefined : [more, more];
}

/** One size is no choice (MUI hides it too). */
const selectShown = (p: UsePaginationResult, props: PaginationProps) =>
  props.showSizeChanger !== false && p.pageSizeOptions.length > 1;

/**
 * The control's layout (styles.css), from what the props say will be shown at its widest, never the page, so paging
 * never moves a button nor switches the layout: on the root what each layout is made of (paginationFit.ts), which
 * styles.css adds up in the theme's sizes as the room its container queries read, and `edges` when First and Last fit
 * narrow; widths in characters kept while paging on the parts that read them: `digits` of the widest page number (page
 * slots and the jumper), `--_pw-count` of the widest "3 / 22" without its slash, `option` of the largest page size
 * when the narrow selector is cut to its number ("20 / page" → "20", only when every option's label starts with it).
 */
function layoutOf(
  p: UsePaginationResult,
  props: PaginationProps,
  size: PaginationFitInput['size'],
  count: string,
  longest?: string,
) {
  const { labels, formatNumber: format } = p;
  const digits = format(p.pageCount).length;
  // The widest "3" of "3 / 22" on any page: below a million pages the count itself, above it "999,999" (shorter
  // numbers are written out, longer ones short).
  const widest = Math.max(format(p.pageCount, true).length, p.pageCount < 1e6 ? 0 : format(999_999).length);
  const indicator = widest + (p.total === undefined && p.totalEstimate === undefined ? 0 : count.length);
  const options = p.pageSizeOptions.map((n) => [format(n), sizeText(p, n, allOf(props.showAll))] as const);
  const option = options.every(([n, label]) => label.startsWith(n))
    ? Math.max(...options.map(([n]) => n.length))
    : undefined;
  const shown = selectShown(p, props);
  const fit = paginationFit({
    size,
    digits,
    pages: p.items.length,
    indicator,
    total: longest === undefined ? undefined : textUnits(longest),
    select: shown ? Math.max(...options.map(([, label]) => textUnits(label))) : undefined,
    option,
    sizeLabel: shown && props.showSizeLabel ? textUnits(labels.pageSize) : undefined,
    jumper: props.showQuickJumper ? textUnits(labels.jumper) : undefined,
  });
  const root = {
    ...props.style,
    '--_pw-p': fit.pages,
    '--_pw-s': fit.slot,
    '--_pw-i': fit.indicator,
    '--_pw-t': fit.text,
    '--_pw-g': fit.gaps,
    '--_pw-o': fit.select,
    '--_pw-j': fit.jumper,
  } as CSSProperties;
  // Each width on the part that reads it, not on the root: a new page count then restyles the list, not the selector.
  const list = { '--_pw-digits': digits, '--_pw-count': indicator } as CSSProperties;
  return { root, list, edges: fit.edges || undefined, digits, option };
}

/** Page navigation: first/previous/next/last, a constant-width page window and a page-size selector. */
export function Pagination(props: PaginationProps) {
  const all = allOf(props.showAll);
  const sizes = props.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS;
  // The cap joins the choices; options of the wrong type are left for the hook to replace and warn about.
  const p = usePagination(all && Array.isArray(sizes) ? { ...props, pageSizeOptions: [...sizes, all] } : props);
  useDevEffect((seen) => {
    const given = props.showAll;
    if (process.env.NODE_ENV !== 'production' && given !== undefined && typeof given !== 'boolean' && all !== given)
      warnOnce(seen, 'Pagination', 'showAll', formatValue(given), MAX_PAGE_SIZE);
  });
  const root = p.getRootProps();
  const size = useSizeVariant(props.size, root.ref);
  const options = useSizeOptions(p, all);
  const control = controlFor(props);
  const pages = p.formatNumber(p.pageCount, true);
  const count = p.totalEstimate === undefined ? pages : p.labels.about(pages);
  const range = rangeOf(p, props);
  const layout = layoutOf(p, props, size, count, range?.[1]);
  // id, aria-* and data-* reach the root; the control's own attributes, set after, win.
  const rest: Record<string, unknown> = {};
  for (const k in props) if (/^(id|aria-|data-)/.test(k)) rest[k] = props[k as keyof PaginationProps];
  return (
    <nav
      {...rest}
      style={layout.root}
      {...root}
      aria-label={props['aria-label'] ?? (props['aria-labelledby'] ? undefined : root['aria-label'])}
      className={props.className ? `pw-pagination ${props.className}` : 'pw-pagination'}
      data-size={size}
      data-edges={layout.edges}
      data-disabled={p.disabled || undefined}
    >
      {range && (
        // data-max reserves the width of the longest range, so the buttons after it stay in place.
        <span className="pw-total" data-max={range[1]}>
          {range[0]}
        </span>
      )}
      <ul className="pw-list" style={layout.list}>
        {arrow(p, control, 'first', true)}
        {arrow(p, control, 'previous')}
        {pageWindow(p, control)}
        {indicator(p, count)}
        {arrow(p, control, 'next')}
        {arrow(p, control, 'last', true)}
      </ul>
      {props.showQuickJumper && jumper(p, layout.digits)}
      {selectShown(p, props) && sizeSelect(p, options, layout.option, props.showSizeLabel)}
      {/* Empty until the first change, so loading a page announces nothing; after that it always matches what is
          shown (a new total or language rewords it, so the region is never stale when read). */}
      <span className="pw-status" {...p.getStatusProps()} />
    </nav>
  );
}

/**
 * The `size` prop when it is one of the variants, else "sm" with a warning (in an effect: a server render must not warn
 * on every request); outside production, also whether the root takes the room styles.css gives it (`roomWarning`).
 */
function useSizeVariant(given: PaginationProps['size'], root: RefObject<HTMLElement | null>): 'sm' | 'md' | 'lg' {
  const known = typeof given === 'string' && Object.hasOwn(targetHeights, given);
  useDevEffect((seen) => {
    if (process.env.NODE_ENV !== 'production') {
      if (given !== undefined && !known) warnOnce(seen, 'Pagination', 'size', formatValue(given), '"sm"');
      // Once per control, once its stylesheet applies (without it there is nothing to check): a class or theme does
      // not come and go while paging.
      if (root.current && !seen.has('room') && getComputedStyle(root.current).containerType === 'inline-size') {
        seen.add('room');
        warnOncePerKey(seen, 'font-size', () => roomWarning(root.current!));
      }
    }
  });
  return known ? given! : 'sm';
}

/**
 * Why the root's font-size and line-height are not the room styles.css makes them, if they are not: a `font-size` or
 * `line-height` on the control (a class, its `style`, an app's rule for its context), or a length of the theme in em
 * or % (read against that room: text or gaps hundreds of pixels high), breaks its layout switch without an error. The
 * room is read off a bare copy of the root at the end of the body: its attributes and the theme's lengths as the
 * control reads them, none of the app's classes, inline font or context.
 */
function roomWarning(nav: HTMLElement): string | undefined {
  const style = getComputedStyle(nav);
  const bare = nav.cloneNode() as HTMLElement;
  bare.className = 'pw-pagination';
  bare.removeAttribute('id');
  for (const name of ['font', 'font-size', 'line-height']) bare.style.removeProperty(name);
  for (const name of ['--pw-font-size', '--pw-gap', '--pw-size-sm', '--pw-size-md', '--pw-size-lg', '--pw-size-touch'])
    bare.style.setProperty(name, style.getPropertyValue(name) || null);
  document.body.append(bare);
  const room = getComputedStyle(bare);
  const same = room.fontSize === style.fontSize && room.lineHeight === style.lineHeight;
  bare.remove();
  const relative = ['--_pw-fs', '--_pw-h', '--_pw-gap'].some((name) =>
    /[\d.](em|%)/.test(style.getPropertyValue(name)),
  );
  if (same && !relative) return undefined;
  return (
    "[pagewise] Pagination: its root's font-size and line-height are the room its layouts need (styles.css), not its " +
    'text: size the text with `size` or `--pw-font-size`, and give `--pw-font-size`, `--pw-gap` and `--pw-size-*` in ' +
    'rem or px, not with a `font-size` or `line-height` on the control or in em or %.'
  );
}
