import { assertNumber } from './assert';
import { isDigits } from './paging';

/** Default limit of one call or token request, in milliseconds: long enough for a slow identity provider. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Default seconds before expiry at which a token counts as expired: a call sent then still arrives with a valid one. */
export const DEFAULT_LEEWAY_SECONDS = 30;

/** Longest delay `setTimeout` honours; engines run a longer one after 1 ms. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Throws a `TypeError` naming `timeoutMs` unless it is a positive number (`Infinity` for no limit). */
export function assertTimeoutMs(timeoutMs: unknown): asserts timeoutMs is number {
  assertNumber('timeoutMs', timeoutMs, { infinite: true });
}

/** Calls `onTimeout` after `ms` milliseconds; a limit beyond what timers can hold (e.g. `Infinity`) means no limit. */
function startTimeout(ms: number, onTimeout: () => void): ReturnType<typeof setTimeout> | undefined {
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

/**
 * Runs `work` with a signal that aborts after `ms` milliseconds with what `onTimeout` makes, or when `signal` aborts
 * with its reason (the caller has checked it is not aborted yet), and rejects with that reason at once: a `work` that
 * ignores its signal still ends in time.
 */
export async function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  onTimeout: () => unknown,
  signal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort);
  const timer = startTimeout(ms, () => controller.abort(onTimeout()));
  try {
    return await raceSignal(work(controller.signal), controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Resolves after `ms` milliseconds, or rejects with `signal`'s reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => (clearTimeout(timer), reject(signal!.reason));
    const timer = startTimeout(ms, () => (signal?.removeEventListener('abort', onAbort), resolve()));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Longest `Retry-After` date read: an HTTP date is 29 characters, its obsolete forms a few more. Beyond it the date
 * pattern below would backtrack in time quadratic in what a service sends.
 */
const MAX_DATE_LENGTH = 64;

/**
 * Milliseconds from a `Retry-After` value (delta-seconds or an HTTP date), or `undefined` when absent or unreadable
 * (a date longer than 64 characters included). Linear in the value's length.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const { length } = text;
  if (isDigits(text)) return Number(text) * 1000;
  // Engines parse oddities like "-5" or "1 Jan" as dates: an HTTP date always names a month and a time of day.
  const date = length <= MAX_DATE_LENGTH && /[a-z].*\d\d:\d\d:\d\d/i.test(text) ? Date.parse(text) : NaN;
  return isNaN(date) ? undefined : Math.max(0, date - now);
}
