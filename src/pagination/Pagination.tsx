'use client';

import { useEffect, useMemo, useRef, type CSSProperties, type ElementType, type ReactNode } from 'react';
import { paginationFit, textUnits } from './paginationFit';
import { usePagination, type PaginationControlProps, type UsePaginationOptions } from './usePagination';
import { formatValue } from '../shared/assert';
import { isDigits } from '../shared/paging';
import { warnOnce } from '../shared/log';

/** Props of {@link Pagination}: the service document's table, plus what users expect; the state props are {@link usePagination}'s. */
export interface PaginationProps extends UsePaginationOptions {
  /** Choices in the page-size selector (the service document types them `number[]`). @default [10, 20, 50, 100] */
  pageSizeOptions?: number[];
  /** Show the page-size selector. @default true */
  showSizeChanger?: boolean;
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

const icons = {
  first: 'M12 4 8 8l4 4M7 4 3 8l4 4',
  previous: 'M10 4 6 8l4 4',
  next: 'M6 4l4 4-4 4',
  last: 'M4 4l4 4-4 4M9 4l4 4-4 4',
} as const;

const sizeVariants: readonly unknown[] = ['sm', 'md', 'lg'];

/** Page navigation: first/previous/next/last, a constant-width page window and a page-size selector. */
export function Pagination(props: PaginationProps) {
  const { showSizeChanger = true, showTotal = false, className } = props;
  const p = usePagination(props);
  const seen = useRef(new Set<string>()).current;
  const sizeKnown = props.size === undefined || sizeVariants.includes(props.size);
  const size = sizeKnown ? (props.size ?? 'sm') : 'sm';
  const { labels, formatNumber: format } = p;
  // In an effect, like the other prop warnings: a server render must not warn on every request.
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production') {
      if (!sizeKnown) warnOnce(seen, 'Pagination', 'size', formatValue(props.size), '"sm"');
    }
  });
  const pageCount = format(p.pageCount);
  // Without a total the count is only the last page seen: the page is shown alone.
  const counted = p.total !== undefined;

  const Link = props.linkComponent ?? 'a';
  // One page control, on the hook's props: a button, or in link mode a link. An unavailable link is a plain <a>
  // without href, never the router's component: routers' links require an href (next/link throws without one), and an
  // <a> without href is out of the tab order, as a disabled button is, while a screen reader still reads it as an
  // unavailable link.
  const control = (own: PaginationControlProps, children: ReactNode, attrs?: object) => {
    const As = !props.getPageHref ? 'button' : own.href === undefined ? 'a' : Link;
    return (
      <As {...attrs} {...own} className="pw-button">
        {children}
      </As>
    );
  };

  const arrow = (name: keyof typeof icons, edge?: boolean) => (
    <li data-edge={edge || undefined}>
      {control(
        p.getArrowProps(name),
        <svg className="pw-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d={icons[name]} />
        </svg>,
      )}
    </li>
  );

  // id, aria-* and data-* reach the root; the control's own attributes, set after, win.
  const rest: Record<string, unknown> = {};
  for (const k in props) if (/^(id|aria-|data-)/.test(k)) rest[k] = props[k as keyof PaginationProps];

  // The quick jumper: a whole page number jumps (clamped, one onChange), anything else is dropped without a callback.
  // Emptied either way, so the blur after an Enter does not jump again.
  const jump = (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    e.currentTarget.value = '';
    if (isDigits(value) && +value > 0) p.goTo(+value);
  };

  const total = counted ? format(p.total!) : '';
  // The same elements while the choices stay, so React skips the options on every page change.
  const sizes = p.pageSizeOptions.join();
  const options = useMemo(
    () =>
      sizes.split(',').map((n) => (
        <option key={n} value={n}>
          {labels.pageSizeOption(format(Number(n)))}
        </option>
      )),
    [sizes, labels, format],
  );

  const selectShown = showSizeChanger && p.pageSizeOptions.length > 1;
  const selector = selectShown && (
    <select
      className="pw-select"
      // Named on its own: a visible label (showSizeLabel) is dropped in the narrowest layout.
      aria-label={labels.pageSize}
      value={p.pageSize}
      disabled={p.disabled}
      onChange={(e) => p.setPageSize(Number(e.target.value))}
    >
      {options}
    </select>
  );
  // The range text, and the longest it gets, whose width it keeps while paging.
  const from = format(p.rangeStart);
  const to = format(p.rangeEnd);
  const range =
    showTotal && counted
      ? labels.total(from, to, total)
      : showTotal && props.hasNext
        ? labels.totalMore(from, to)
        : undefined;
  const longestRange = counted ? labels.total(total, total, total) : range;
  const count = format(p.pageCount, true);
  // The widest "3" of "3 / 22" on any page: below a million pages the count itself, above it "999,999" (shorter
  // numbers are written out, longer ones short).
  const widest = Math.max(count.length, p.pageCount < 1e6 ? 0 : format(999_999).length);
  const indicator = widest + (counted ? count.length : 0);
  const optionLabels = p.pageSizeOptions.map((n) => [format(n), labels.pageSizeOption(format(n))] as const);
  // Narrow, the selector is cut to its number when every option starts with it ("20 / page" → "20").
  const optionDigits = optionLabels.every(([n, label]) => label.startsWith(n))
    ? Math.max(...optionLabels.map(([n]) => n.length))
    : undefined;
  const fit = paginationFit({
    size,
    digits: pageCount.length,
    // The widest the window and "3 / 22" get on any page, so paging never switches the layout.
    pages: p.items.length,
    indicator,
    total: range === undefined ? undefined : textUnits(longestRange!),
    select: selectShown ? Math.max(...optionLabels.map(([, label]) => textUnits(label))) : undefined,
    option: optionDigits,
    sizeLabel: selectShown && props.showSizeLabel ? textUnits(labels.pageSize) : undefined,
    jumper: props.showQuickJumper ? textUnits(labels.jumper) : undefined,
  });

  return (
    <nav
      {...rest}
      // Page buttons and ellipses share one width, fitted to the widest page number (styles.css), so
      // paging never moves a button.
      style={
        {
          ...props.style,
          '--_pw-digits': pageCount.length,
          '--_pw-count': indicator,
          '--_pw-option': optionDigits,
        } as CSSProperties
      }
      {...p.getRootProps()}
      aria-label={props['aria-label'] ?? (props['aria-labelledby'] ? undefined : labels.nav)}
      className={className ? `pw-pagination ${className}` : 'pw-pagination'}
      data-size={size}
      data-full={fit.full}
      data-compact={fit.compact}
      data-full-touch={fit.fullTouch}
      data-compact-touch={fit.compactTouch}
      data-edges={fit.edges || undefined}
      data-disabled={p.disabled || undefined}
    >
      {range !== undefined && (
        // data-max reserves the width of the longest range, so the buttons after it stay in place.
        <span className="pw-total" data-max={longestRange}>
          {range}
        </span>
      )}
      <ul className="pw-list">
        {arrow('first', true)}
        {arrow('previous')}
        {/* Keyed by position: the window keeps its length, so paging updates buttons instead of replacing them. */}
        {p.items.map((item, index) => {
          if (item.type !== 'page') {
            return (
              <li key={index} className="pw-ellipsis" data-slot="" {...p.getEllipsisProps()}>
                …
              </li>
            );
          }
          const text = format(item.page);
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
        })}
        <li className="pw-indicator">
          <span aria-hidden="true">
            <span data-current="">{format(p.current, counted)}</span>
            {counted && ` / ${count}`}
          </span>
          <span className="pw-sr">{p.statusText}</span>
        </li>
        {arrow('next')}
        {arrow('last', true)}
      </ul>
      {props.showQuickJumper && (
        <label className="pw-jumper">
          <span>{labels.jumper}</span>
          {/* No min/max: out-of-range pages are clamped, not refused, and the spin buttons are hidden. */}
          <input
            className="pw-input"
            // Named on its own: the label's text is dropped in the narrowest layout.
            aria-label={labels.jumper}
            type="number"
            disabled={p.disabled}
            onKeyDown={(e) => e.key === 'Enter' && jump(e)}
            onBlur={jump}
          />
        </label>
      )}
      {/* One size is no choice (MUI hides it too). */}
      {selector &&
        (props.showSizeLabel ? (
          <label className="pw-size">
            <span>{labels.pageSize}</span>
            {selector}
          </label>
        ) : (
          selector
        ))}
      {/* Empty until the first change, so loading a page announces nothing; after that it always matches what is
          shown (a new total or language rewords it, so the region is never stale when read). */}
      <span className="pw-status" {...p.getStatusProps()} />
    </nav>
  );
}
