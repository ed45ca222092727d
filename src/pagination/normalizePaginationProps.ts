import { MAX_WINDOW_COUNT } from './getPageItems';
import { clampInt, DEFAULT_PAGE_SIZE, pageCountOf, toCount } from '../shared/paging';

/** The numeric props as received, possibly invalid. */
export interface RawPaginationProps {
  current?: number;
  total?: number;
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  siblingCount?: number;
  boundaryCount?: number;
  /** Whether another page follows; read only while `total` is not given. */
  hasNext?: boolean;
  /** About how many items; read only while `total` is not given. */
  totalEstimate?: number;
}

/** A prop that was clamped or replaced, with the value received. */
export interface PaginationPropIssue {
  prop: string;
  value: unknown;
  /** The value used instead. */
  used: unknown;
}

/** Safe values derived from {@link RawPaginationProps}. */
export interface NormalizedPaginationProps {
  /** 1-based page, within 1…pageCount. */
  current: number;
  /** Item count; undefined when the caller has not said (then the page count follows `current`). */
  total: number | undefined;
  /** About how many items, while `total` is not given; undefined otherwise, so a count and a guess never mix. */
  totalEstimate: number | undefined;
  pageSize: number;
  /** Ascending, unique, positive integers, always containing `pageSize`. */
  pageSizeOptions: number[];
  /** At least 1; while the total is unknown, the current page (plus the next when `hasNext`). */
  pageCount: number;
  siblingCount: number;
  boundaryCount: number;
  /** Every prop that had to be fixed; empty for valid input, and always in production builds (it only feeds warnings). */
  issues: PaginationPropIssue[];
}

/** Default of `pageSizeOptions`, from the service document. */
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100];

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * Turns whatever the caller passed into values the control can show, never throwing: NaN,
 * negative, fractional and infinite numbers are clamped or replaced by defaults, and each fix is
 * listed in `issues` (outside production) so the caller can warn about it. Pure and O(1) in the page count.
 */
export function normalizePaginationProps(raw: RawPaginationProps): NormalizedPaginationProps {
  // A string of digits ('3' from a URL search param) is read as its number, still reported as an issue so the
  // caller is told to pass a number.
  const pageSize = toCount(raw.pageSize, DEFAULT_PAGE_SIZE);

  const given = Array.isArray(raw.pageSizeOptions) ? raw.pageSizeOptions : [];
  let options = given.filter((n) => toCount(n, 0) === n);
  const kept = options.length;
  if (kept === 0) options = [...DEFAULT_PAGE_SIZE_OPTIONS];
  const pageSizeOptions = [...new Set([...options, pageSize])].sort((a, b) => a - b);

  const total = raw.total === undefined ? undefined : clampInt(raw.total, 0, MAX, 0);

  const totalEstimate =
    total !== undefined || raw.totalEstimate === undefined ? undefined : clampInt(raw.totalEstimate, 0, MAX, 0);
  const current0 = clampInt(raw.current, 1, MAX, 1);
  // An unknown total: the pages known are those up to the current one, and the next when the service says so; an
  // estimate spreads the window over the pages it suggests, unless the service says this page is the last.
  const seen = current0 + (raw.hasNext === true && current0 < MAX ? 1 : 0);
  const pageCount =
    total !== undefined
      ? pageCountOf(total, pageSize)
      : totalEstimate === undefined || raw.hasNext === false
        ? seen
        : Math.max(seen, pageCountOf(totalEstimate, pageSize));
  const current = Math.min(current0, pageCount);

  const siblingCount = clampInt(raw.siblingCount, 0, MAX_WINDOW_COUNT, 1);
  const boundaryCount = clampInt(raw.boundaryCount, 0, MAX_WINDOW_COUNT, 1);

  const issues: PaginationPropIssue[] = [];
  // Listed in one block that production builds drop whole: the list only feeds warnings. Valid options are kept as
  // given (sorted, with pageSize added), which is no fix to report.
  if (process.env.NODE_ENV !== 'production') {
    const valid = kept > 0 && kept === given.length;
    const fixed = {
      pageSize,
      pageSizeOptions: valid ? raw.pageSizeOptions : pageSizeOptions,
      total,
      totalEstimate: raw.totalEstimate === undefined || total !== undefined ? raw.totalEstimate : totalEstimate,
      current,
      siblingCount,
      boundaryCount,
    };
    for (const [prop, used] of Object.entries(fixed)) {
      const value = raw[prop as keyof RawPaginationProps];
      if (value !== undefined && !Object.is(value, used)) issues.push({ prop, value, used });
    }
  }

  return { current, total, totalEstimate, pageSize, pageSizeOptions, pageCount, siblingCount, boundaryCount, issues };
}
