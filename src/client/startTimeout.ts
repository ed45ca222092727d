import { formatValue } from '../shared/formatValue';

/** Longest delay `setTimeout` honours; engines run a longer one after 1 ms. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Throws a `TypeError` naming `timeoutMs` unless it is a positive number (`Infinity` for no limit). */
export function assertTimeoutMs(timeoutMs: unknown): asserts timeoutMs is number {
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new TypeError(`pagewise: \`timeoutMs\` must be a positive number, got ${formatValue(timeoutMs)}`);
  }
}

/** Calls `onTimeout` after `ms` milliseconds; a limit beyond what timers can hold (e.g. `Infinity`) means no limit. */
export function startTimeout(ms: number, onTimeout: () => void): ReturnType<typeof setTimeout> | undefined {
  return ms <= MAX_DELAY_MS ? setTimeout(onTimeout, ms) : undefined;
}
