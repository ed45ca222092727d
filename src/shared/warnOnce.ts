import { formatValue } from './assert';

/** Whether this build warns: everything but a production build (works without `process`, e.g. in a browser). */
export function isDevelopment(): boolean {
  try {
    // Written out in full so bundlers can replace it statically.
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

/** `value` as text, never throwing; a string as it is, as callers pass phrases and text they formatted already. */
const show = (value: unknown): string => (typeof value === 'string' ? value : formatValue(value));

/**
 * Warns about a bad prop once per `seen` set (one set per component instance), naming the prop and
 * the value received. Silent in production.
 */
export function warnOnce(seen: Set<string>, component: string, prop: string, value: unknown, used: unknown): void {
  if (seen.has(prop) || !isDevelopment()) return;
  seen.add(prop);
  console.warn(`[pagewise] ${component}: invalid \`${prop}\` ${show(value)}; using ${show(used)} instead.`);
}
