import { isApiError, isAuthError, isHttpError, isResponseShapeError } from '../client/index';

/** Most tries of one request, the first included. */
const MAX_TRIES = 3;
/** Longest wait before a retry, whatever `Retry-After` asked for. */
const MAX_DELAY_MS = 30_000;
/** Wait before the first retry of an error without `Retry-After`; doubles with each retry. */
const BASE_DELAY_MS = 1_000;

/** Client errors worth another try: the request timed out (408) or was rate limited (429). */
const RETRIABLE_4XX = new Set([408, 429]);

/**
 * The retry policy of every pagewise query, as TanStack Query's `retry` and `retryDelay` options.
 * Spread it into a browser `QueryClient`'s defaults to give your own queries the same policy (pagewise's own
 * queries use it only in the browser: on the server they do not retry, as TanStack's default).
 *
 * - never retries an `AuthError`, a `ResponseShapeError`, a rejected argument (`TypeError`) nor a 4xx other
 *   than 408 and 429; network errors, timeouts and 5xx are retried;
 * - tries a request at most 3 times;
 * - waits `Retry-After` for 429 and 503 (capped at 30 s), otherwise 1 s, 2 s, … (capped at 30 s).
 */
export const retryPolicy = {
  /** Whether to try again after `failureCount + 1` failed tries ended in `error`. */
  retry(failureCount: number, error: unknown): boolean {
    if (failureCount + 1 >= MAX_TRIES) return false;
    // Credentials, a body of an unknown shape and a bad argument come back the same however often we ask.
    if (isAuthError(error) || isResponseShapeError(error)) return false;
    if (error instanceof TypeError && !isApiError(error)) return false;
    if (isHttpError(error) && error.status >= 400 && error.status < 500) return RETRIABLE_4XX.has(error.status);
    return true;
  },
  /** Milliseconds to wait before the next try after `failureCount + 1` failed tries ended in `error`. */
  retryDelay(failureCount: number, error: unknown): number {
    // The client reads Retry-After only for 429 and 503, so retryAfterMs is set for those alone.
    const retryAfterMs = isHttpError(error) ? error.retryAfterMs : undefined;
    // NaN would make the timer fire at once; it falls back to backing off like a missing Retry-After.
    if (typeof retryAfterMs === 'number' && !Number.isNaN(retryAfterMs)) {
      return Math.min(Math.max(0, retryAfterMs), MAX_DELAY_MS);
    }
    return Math.min(BASE_DELAY_MS * 2 ** failureCount, MAX_DELAY_MS);
  },
} as const;
