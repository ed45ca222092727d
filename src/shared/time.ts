import { assertNumber } from './assert';
import { isDigits } from './paging';

/** Longest delay `setTimeout` honours; engines run a longer one after 1 ms. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Throws a `TypeError` naming `timeoutMs` unless it is a positive number (`Infinity` for no limit). */
export function assertTimeoutMs(timeoutMs: unknown): asserts timeoutMs is number {
  assertNumber('timeoutMs', timeoutMs, { infinite: true });
}

/** Calls `onTimeout` after `ms` milliseconds; a limit beyond what timers can hold (e.g. `Infinity`) means no limit. */
export function startTimeout(ms: number, onTimeout: () => void): ReturnType<typeof setTimeout> | undefined {
  return ms <= MAX_DELAY_MS ? setTimeout(onTimeout, ms) : undefined;
}

/** Settles like `promise`, or rejects with `signal.reason` as soon as `signal` aborts (the caller has checked it is not aborted yet). */
export function raceSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Milliseconds from a `Retry-After` value (delta-seconds or an HTTP date), or `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (isDigits(text)) return Number(text) * 1000;
  // Engines parse oddities like "-5" or "1 Jan" as dates: an HTTP date always names a month and a time of day.
  const date = /[a-z].*\d\d:\d\d:\d\d/i.test(text) ? Date.parse(text) : NaN;
  return isNaN(date) ? undefined : Math.max(0, date - now);
}
