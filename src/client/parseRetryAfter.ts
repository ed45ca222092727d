import { isDigits } from '../shared/isDigits';

/** Milliseconds from a `Retry-After` value (delta-seconds or an HTTP date), or `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (isDigits(text)) return Number(text) * 1000;
  // Engines parse oddities like "-5" or "1 Jan" as dates: an HTTP date always names a month and a time of day.
  const date = /[a-z].*\d\d:\d\d:\d\d/i.test(text) ? Date.parse(text) : NaN;
  return isNaN(date) ? undefined : Math.max(0, date - now);
}
