import { eventListener, type TokenEvent } from '../shared/events';
import { assertNumber } from '../shared/assert';
import { backoffMs, isRefusal, MAX_OUTAGE_BACKOFF_MS, MAX_REFUSAL_BACKOFF_MS } from '../shared/backoff';
import { TimeoutError } from './errors/TimeoutError';
import type { TokenGrant } from './parseTokenResponse';
import { createUnauthorizedRule } from './unauthorizedRule';
import { raceSignal, assertTimeoutMs, withTimeout, DEFAULT_LEEWAY_SECONDS, DEFAULT_TIMEOUT_MS } from '../shared/time';

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
  /** Told when a 401 drops `token` (a shared store removes it, so no other process takes it). @default none */
  onReject?(token: string): void;
  /** Told when a new token takes the place of `token` (renewed before expiry, or after a 401), to revoke it. @default none */
  onReplaced?(token: string): void;
  /** Longest back-off after refusals (`isRefusal`): a wrong secret stays wrong. @default MAX_REFUSAL_BACKOFF_MS */
  maxRefusalBackoffMs?: number;
  /** Told what the cache does (token fetched, cache hit, failed, backing off, rejected, reset). @default none */
  onEvent?: (event: TokenEvent) => void;
  /** Clock in milliseconds, for tests. @default Date.now */
  now?: () => number;
}

/** A cached, single-flight, back-off-aware token source. */
export interface TokenCache {
  /** Resolves to a valid token; `signal` only stops this caller waiting. */
  get(signal?: AbortSignal): Promise<string>;
  /**
   * The API answered 401 to a request for `organizationUrl` (its organization) sent with `token`: whether a retry may get
   * another token (`createUnauthorizedRule` says when).
   */
  invalidate(token: string, organizationUrl?: string): boolean;
  /** The API answered a request for `organizationUrl` sent with `token` with anything but 401: the token was accepted there. */
  accepted(token: string, organizationUrl?: string): void;
  /**
   * Ends the back-off and the 401 holds now: the next call asks for a token at once (after the client was fixed at
   * the identity provider). The failure count stays until a token comes, so a refusal right after a reset backs off
   * as long as before it, never from the first back-off again.
   */
  reset(): void;
  /**
   * Forgets the token held, if any, and returns it, with the one a 401 dropped and none has replaced yet: the next
   * call asks for a new token.
   */
  forget(): string[];
}

/** Throws an argument error naming `leewaySeconds` or `timeoutMs` when it is unusable. */
export function assertTokenTiming(
  leewaySeconds: unknown = DEFAULT_LEEWAY_SECONDS,
  timeoutMs: unknown = DEFAULT_TIMEOUT_MS,
): void {
  assertNumber('leewaySeconds', leewaySeconds, { orZero: true });
  assertTimeoutMs(timeoutMs);
}

/** A new error with the same prototype and fields: each blocked caller gets its own, and none can change another's. */
const copyError = (error: unknown): unknown =>
  typeof error === 'object' && error !== null
    ? Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error))
    : error;

/**
 * The one place tokens are cached, shared by `bearerToken` and `clientCredentials`:
 *
 * - a token is reused until `expires_in - leeway`, counted from when its request was sent;
 * - concurrent callers share one in-flight request, not tied to any caller's signal (`singleFlight`), and failed
 *   requests back off;
 * - a 401 (see `invalidate`) for an older token than the latest is retried with the latest; for the latest, the 401
 *   rule (`createUnauthorizedRule`) says whether it is renewed and the call retried once.
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const { leewaySeconds = DEFAULT_LEEWAY_SECONDS, timeoutMs = DEFAULT_TIMEOUT_MS, now = Date.now } = options;
  assertTokenTiming(leewaySeconds, timeoutMs);
  const emit = eventListener('onEvent', options.onEvent);
  const rule = createUnauthorizedRule(now);
  // The token handed out last, and until when it is reused (0 for one without a lifetime: never); none once dropped.
  // A 401 for an older token is retried with it.
  let latest: { token: string; expiresAt: number } | undefined;
  // The token a 401 dropped, until a new one replaces it (then it is the replaced one).
  let dropped: string | undefined;
  const flight = singleFlight(options, timeoutMs, now, emit, (grant, sentAt) => {
    // fetch sends a header trimmed: a token read from a file with its newline must be redacted, and compared, trimmed too.
    const token = grant.token.trim();
    const replaced = latest?.token ?? dropped;
    dropped = undefined;
    if (replaced !== undefined && replaced !== token) options.onReplaced?.(replaced);
    const lifetimeMs = (grant.expiresIn ?? 0) * 1000;
    latest = { token, expiresAt: lifetimeMs && sentAt + lifetimeMs - Math.min(leewaySeconds * 1000, lifetimeMs / 2) };
    return token;
  });

  return {
    async get(signal) {
      signal?.throwIfAborted();
      if (latest && now() < latest.expiresAt) {
        emit?.({ type: 'token-cache-hit' });
        return latest.token;
      }
      return raceSignal(flight.get(), signal);
    },
    invalidate(token, organizationUrl) {
      if (token !== latest?.token) return true;
      const renewing = rule.unauthorized(organizationUrl);
      emit?.({ type: 'token-rejected', renewing });
      if (renewing) {
        options.onReject?.(token);
        // Forgotten too: callers that were sent `token` as well then retry, with the token this renewal brings.
        latest = undefined;
        dropped = token;
      }
      return renewing;
    },
    accepted: (token, organizationUrl) => rule.accepted(organizationUrl, token === latest?.token),
    reset() {
      flight.reset();
      rule.reset();
      emit?.({ type: 'token-reset' });
    },
    forget() {
      const held = [latest?.token, dropped].filter((token): token is string => token !== undefined);
      latest = undefined;
      dropped = undefined;
      return held;
    },
  };
}

/**
 * The token requests of a cache: one in flight at a time, shared by every caller, within `timeoutMs`, its grant
 * handed to `keep` once. Every failed request blocks new ones for the shared back-off (`backoffMs`), capped at
 * `MAX_OUTAGE_BACKOFF_MS` after outages and at `maxRefusalBackoffMs` after refusals (`isRefusal`); callers in that
 * window get a copy of the last error at once, without a request; a token ends the back-off, and so does `reset`
 * (the failure count stays until a token comes, so a refusal right after a reset backs off as long as before it).
 */
function singleFlight(
  options: TokenCacheOptions,
  timeoutMs: number,
  now: () => number,
  emit: ((event: TokenEvent) => void) | undefined,
  keep: (grant: TokenGrant, sentAt: number) => string,
) {
  const { request, maxRefusalBackoffMs = MAX_REFUSAL_BACKOFF_MS } = options;
  let inflight: Promise<string> | undefined;
  // Failed token requests in a row, and the last one's error with the end of its back-off.
  let failures = 0;
  let blocked: { error: unknown; until: number } | undefined;

  async function fetchToken(): Promise<string> {
    const sentAt = now();
    try {
      const grant = await withTimeout(request, timeoutMs, () => timeoutError(options, timeoutMs));
      failures = 0;
      blocked = undefined;
      const token = keep(grant, sentAt);
      emit?.({ type: 'token-fetched', durationMs: now() - sentAt, expiresInSeconds: grant.expiresIn });
      return token;
    } catch (error) {
      // Read duck-typed: an app's getToken may throw its own HTTP error with a status.
      const status = (error as { status?: unknown } | null)?.status;
      const refusal = isRefusal(status);
      const wait = backoffMs(++failures, refusal ? maxRefusalBackoffMs : MAX_OUTAGE_BACKOFF_MS);
      blocked = { error, until: now() + wait };
      emit?.({
        type: 'token-failed',
        durationMs: now() - sentAt,
        status: typeof status === 'number' ? status : undefined,
        refusal,
        backoffMs: wait,
      });
      throw error;
    }
  }

  return {
    get(): Promise<string> {
      if (!inflight) {
        if (blocked && now() < blocked.until) {
          emit?.({ type: 'token-backing-off', remainingMs: blocked.until - now() });
          throw copyError(blocked.error);
        }
        inflight = fetchToken().finally(() => {
          inflight = undefined;
        });
      }
      return inflight;
    },
    reset() {
      blocked = undefined;
    },
  };
}

/** The error of a token request past `timeoutMs`, naming the request. */
const timeoutError = ({ method, url }: TokenCacheOptions, timeoutMs: number) =>
  new TimeoutError(`timed out after ${timeoutMs} ms`, { method, url, timeoutMs });
