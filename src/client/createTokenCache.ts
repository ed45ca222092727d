import { formatValue } from '../shared/formatValue';
import { TimeoutError } from './errors/TimeoutError';
import type { TokenGrant } from './parseTokenResponse';
import { raceSignal } from './raceSignal';
import { assertTimeoutMs, startTimeout } from './startTimeout';

/** Options of `createTokenCache`. */
export interface TokenCacheOptions {
  /** Performs the token request. The signal aborts it when `timeoutMs` runs out, never because a caller gave up. */
  request(signal: AbortSignal): Promise<TokenGrant>;
  /** Seconds before expiry at which the token counts as expired (at most half its lifetime). @default 30 */
  leewaySeconds?: number;
  /** Limit of one token request in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** Method of the token request (or what it is), for the `TimeoutError` message. @default none */
  method?: string;
  /** URL of the token request, for the `TimeoutError` message. */
  url?: string;
  /** Clock in milliseconds, for tests. @default Date.now */
  now?: () => number;
}

/** A cached, single-flight, back-off-aware token source. */
export interface TokenCache {
  /** Resolves to a valid token; `signal` only stops this caller waiting. */
  get(signal?: AbortSignal): Promise<string>;
  /**
   * After the API rejected `token`: whether a retry may get another token. True when a newer token was handed out
   * since, or `token` is dropped now; false (the token is kept) when a 401 already renewed the token less than
   * 30 s ago, as then the refusal is not the token's fault (e.g. an organization the client may not list). Cached
   * or not: a `getToken` string counts too.
   */
  invalidate(token: string): boolean;
}

/** Longest wait after repeated failures before the next token request is allowed; also the least time between two renewals caused by a 401. */
const MAX_BACKOFF_MS = 30_000;

/** Throws a `TypeError` naming `leewaySeconds` or `timeoutMs` when it is unusable. */
export function assertTokenTiming(leewaySeconds: unknown = 30, timeoutMs: unknown = 30_000): void {
  if (typeof leewaySeconds !== 'number' || !(leewaySeconds >= 0) || leewaySeconds === Infinity) {
    throw new TypeError(`pagewise: \`leewaySeconds\` must be a number >= 0, got ${formatValue(leewaySeconds)}`);
  }
  assertTimeoutMs(timeoutMs);
}

/**
 * The one place tokens are cached, shared by `bearerToken` and `clientCredentials`:
 *
 * - a token is reused until `expires_in - leeway`, counted from when its request was sent;
 * - concurrent callers share one in-flight request, not tied to any caller's signal;
 * - any failure but a refusal (a `status` of 4xx other than 429, e.g. `invalid_client`) blocks new requests
 *   for 1 s, 2 s, 4 s, … (at most 30 s): a network failure, timeout, 5xx, 429, an invalid token response, a
 *   `getToken` that throws. Callers in that window get the last error without a request. A refusal is not
 *   retried here: it surfaces at once and the next call tries again;
 * - a 401 drops the rejected token if it is still the last one handed out (cached or not), at most once per 30 s:
 *   a token the API refuses again right after such a renewal is kept, so calls that all get a 401 cannot storm the
 *   token endpoint (or a `getToken` that returns a string).
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const { request, leewaySeconds = 30, timeoutMs = 30_000, now = Date.now } = options;
  assertTokenTiming(leewaySeconds, timeoutMs);
  let current: { token: string; expiresAt: number } | undefined;
  // The token handed out last, cached or not (a 401 for an older one is retried with a newer one); none once dropped.
  let last: string | undefined;
  let inflight: Promise<string> | undefined;
  let failures = 0;
  let blocked: { error: unknown; until: number } | undefined;
  // Until when a 401 may not drop the token again.
  let keepUntil = 0;

  async function fetchToken(): Promise<string> {
    const sentAt = now();
    const controller = new AbortController();
    const timer = startTimeout(timeoutMs, () => controller.abort(new TimeoutError(`timed out after ${timeoutMs} ms`, { method: options.method, url: options.url, timeoutMs })));
    try {
      // Raced, not only signalled: a getToken or fetch that ignores the signal must still time out.
      const grant = await raceSignal(request(controller.signal), controller.signal);
      failures = 0;
      blocked = undefined;
      // fetch sends a header trimmed: a token read from a file with its newline must be redacted, and compared, trimmed too.
      const token = (last = grant.token.trim());
      if (grant.expiresIn !== undefined) {
        const lifetimeMs = grant.expiresIn * 1000;
        current = { token, expiresAt: sentAt + lifetimeMs - Math.min(leewaySeconds * 1000, lifetimeMs / 2) };
      }
      return token;
    } catch (error) {
      // Read duck-typed: an app's getToken may throw its own HTTP error with a status.
      const status = (error as { status?: unknown } | null)?.status;
      if (!(typeof status === 'number' && status >= 400 && status < 500 && status !== 429)) {
        failures += 1;
        blocked = { error, until: now() + Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS) };
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(signal) {
      signal?.throwIfAborted();
      if (current && now() < current.expiresAt) return current.token;
      if (!inflight) {
        if (blocked && now() < blocked.until) throw blocked.error;
        inflight = fetchToken().finally(() => {
          inflight = undefined;
        });
      }
      return raceSignal(inflight, signal);
    },
    invalidate(token) {
      if (token !== last) return true;
      if (now() < keepUntil) return false;
      keepUntil = now() + MAX_BACKOFF_MS;
      // Forgotten too: callers that were sent `token` as well then retry, with the token this renewal brings.
      current = last = undefined;
      return true;
    },
  };
}
