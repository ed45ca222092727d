import { formatValue } from './assert';

/** Whether this build warns: everything but a production build (works without `process`, e.g. in a browser). */
function isDevelopment(): boolean {
  try {
    // Written out in full so bundlers can replace it statically.
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

/** `value` as text, never throwing; a string as it is, as callers pass phrases and text they formatted already. */
const show = (value: unknown): string => (typeof value === 'string' ? value : formatValue(value));

/** Keys of the warnings that once per process is enough to be seen. */
export const warnedInProcess = /* @__PURE__ */ new Set<string>();

/**
 * Warns once per `key` in `seen` (a component instance's set, or `warnedInProcess`), silent in production. `message`
 * is asked only for a key not warned about yet; when it gives no line, the key stays unspent.
 */
export function warnOncePerKey(seen: Set<string>, key: string, message: () => string | undefined): void {
  if (seen.has(key) || !isDevelopment()) return;
  const line = message();
  if (line) {
    seen.add(key);
    console.warn(line);
  }
}

/**
 * Warns about a bad prop once per `seen` set (one set per component instance), naming the prop and
 * the value received. Silent in production.
 */
export function warnOnce(seen: Set<string>, component: string, prop: string, value: unknown, used: unknown): void {
  warnOncePerKey(
    seen,
    prop,
    () => `[pagewise] ${component}: invalid \`${prop}\` ${show(value)}; using ${show(used)} instead.`,
  );
}

/** Most kinds remembered: kinds come from error names and statuses, so this is only a guard against a runaway set. */
const MAX_KINDS = 100;

/**
 * A log that writes each kind of line at most once per `intervalMs`: the first of a kind at once, later ones of that
 * kind within the interval only counted, and the next one written after it carries that count. An outage that
 * fails every request then costs one line per kind and interval, not one per request.
 */
export function createRateLimitedLog(
  write: (line: string) => void,
  intervalMs: number,
  now: () => number = () => Date.now(),
): (kind: string, line: string) => void {
  const kinds = new Map<string, { since: number; suppressed: number }>();
  return (kind, line) => {
    const time = now();
    const seen = kinds.get(kind);
    if (seen && time - seen.since < intervalMs) {
      seen.suppressed += 1;
      return;
    }
    if (!seen && kinds.size >= MAX_KINDS) kinds.clear();
    kinds.set(kind, { since: time, suppressed: 0 });
    const suppressed = seen?.suppressed
      ? ` (+${seen.suppressed} more like it in the ${Math.round((time - seen.since) / 1000)} s before, not logged)`
      : '';
    write(line + suppressed);
  };
}
