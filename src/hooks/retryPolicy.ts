import { isApiError, isAuthError, isHttpError, isResponseShapeError } from '../client/index';
import { backoffMs, isRefusal } from '../shared/backoff';

/** Most tries of one request, the first included. */
const MAX_TRIES = 3;
/** Longest wait before a retry, whatever `Retry-After` asked for. */
const MAX_DELAY_MS = 30_000;

/**
 * The retry policy of every pagewise query, as TanStack Query's `retry` and `retryDelay` options.
 * Spread it into a browser `QueryClient`'s defaults to give your own queries the same policy (pagewise's own
 * queries use it only in the browser: on the server they do not retry, as TanStack's default).
 *
 * - never retries an `AuthError`, a `ResponseShapeError`, a rejected argument (`TypeError`) nor a refusal
 *   (`isRefusal`: a 4xx other than 408 and 429); network errors, timeouts and 5xx are retried;
 * - tries a request at most `MAX_TRIES` times;
 * - waits `Retry-After` for 429 and 503, otherwise backs off exponentially; either wait capped at `MAX_DELAY_MS`.
 */
export const retryPolicy = {
  /** Whether to try again after `failureCount + 1` failed tries ended in `error`. */
  retry(failureCount: number, error: unknown): boolean {
    if (failureCount + 1 >= MAX_TRIES) return false;
    // Credentials, a body of an unknown shape and a bad argument come back the same however often we ask.
    if (isAuthError(error) || isResponseShapeError(error)) return false;
    if (error instanceof TypeError && !isApiError(error)) return false;
    return !(isHttpError(error) && isRefusal(error.status));
  },
  /** Milliseconds to wait before the next try after `failureCount + 1` failed tries ended in `error`. */
  retryDelay(failureCount: number, error: unknown): number {
    // The client reads Retry-After only for 429 and 503, so retryAfterMs is set for those alone.
    const retryAfterMs = isHttpError(error) ? error.retryAfterMs : undefined;
    // NaN would make the timer fire at once; it falls back to backing off like a missing Retry-After.
    if (typeof retryAfterMs === 'number' && !Number.isNaN(retryAfterMs)) {
      return Math.min(Math.max(0, retryAfterMs), MAX_DELAY_MS);
    }
    return backoffMs(failureCount + 1, MAX_DELAY_MS);
  },
} as const;
