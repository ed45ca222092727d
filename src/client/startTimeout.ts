/** Longest delay `setTimeout` honours; engines run a longer one after 1 ms. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Calls `onTimeout` after `ms` milliseconds; a limit beyond what timers can hold (e.g. `Infinity`) means no limit. */
export function startTimeout(ms: number, onTimeout: () => void): ReturnType<typeof setTimeout> | undefined {
  return ms <= MAX_DELAY_MS ? setTimeout(onTimeout, ms) : undefined;
}
