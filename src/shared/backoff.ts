// How long to leave a failing service alone, and which of its answers asking again cannot change: one rule for the
// token cache, the token store and the queries' retries.

/** The first wait after a failure; each further failure in a row doubles it, up to the caller's cap. */
export const FIRST_BACKOFF_MS = 1_000;

/**
 * Longest wait for a token after outages (network, timeout, 5xx, 408, 429, an invalid token response): the first token
 * follows within it of the identity provider's return.
 */
export const MAX_OUTAGE_BACKOFF_MS = 8_000;

/** Longest wait for a token after refusals (`isRefusal`, e.g. `invalid_client`): a wrong secret stays wrong. */
export const MAX_REFUSAL_BACKOFF_MS = 60_000;

/** The wait after `failures` (>= 1) failures in a row: `firstMs`, doubling with each, never more than `capMs`. */
export const backoffMs = (failures: number, capMs: number, firstMs = FIRST_BACKOFF_MS): number =>
  Math.min(firstMs * 2 ** (failures - 1), capMs);

/**
 * Whether an HTTP `status` is a refusal: a 4xx other than 408 (timed out) and 429 (rate limited), which the same
 * request gets again however often it is sent. Anything that is not a status (a network error's) is not one.
 */
export const isRefusal = (status: unknown): boolean =>
  typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
