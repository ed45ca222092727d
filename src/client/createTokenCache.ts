import { eventListener, type TokenEvent } from '../shared/events';
import { formatValue } from '../shared/assert';
import { TimeoutError } from './errors/TimeoutError';
import type { TokenGrant } from './parseTokenResponse';
import { raceSignal, assertTimeoutMs, startTimeout } from '../shared/time';

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
  /** Longest back-off after refusals (a 4xx other than 408/429): a wrong secret stays wrong. @default 60000 */
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
   * The API answered 401 to a request for `scope` (its organization) sent with `token`: whether a retry may get
   * another token. The rule is `unauthorizedRule`'s, in the README.
   */
  invalidate(token: string, scope?: string): boolean;
  /** The API answered a request for `scope` sent with `token` with anything but 401: the token was accepted there. */
  accepted(token: string, scope?: string): void;
  /**
   * Ends the back-off and the 401 holds now: the next call asks for a token at once (after the client was fixed at
   * the identity provider). The failure count stays until a token comes, so a refusal right after a reset backs off
   * as long as before it, never from 1 s again.
   */
  reset(): void;
}

/** Longest wait before the next token request after outages (network, 5xx, 429, timeouts): recovery comes within it. */
export const MAX_OUTAGE_BACKOFF_MS = 8_000;
/** First and longest hold on renewals for a 401 after a renewal did not help. */
const FIRST_HOLD_MS = 30_000;
const MAX_HOLD_MS = 300_000;
/** Organizations remembered as refusing whatever the token: bounded, as hostile traffic can name any number. */
const MAX_REFUSING = 256;

/** Throws a `TypeError` naming `leewaySeconds` or `timeoutMs` when it is unusable. */
export function assertTokenTiming(leewaySeconds: unknown = 30, timeoutMs: unknown = 30_000): void {
  if (typeof leewaySeconds !== 'number' || !(leewaySeconds >= 0) || leewaySeconds === Infinity) {
    throw new TypeError(`pagewise: \`leewaySeconds\` must be a number >= 0, got ${formatValue(leewaySeconds)}`);
  }
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
 * - concurrent callers share one in-flight request, not tied to any caller's signal;
 * - every failed token request blocks new ones for 1 s, 2 s, 4 s, …: at most 8 s after outages (network, timeout,
 *   5xx, 429, an invalid token response), so a token follows within 8 s of the identity provider's return; at most
 *   `maxRefusalBackoffMs` after refusals (any other 4xx, e.g. `invalid_client`). Callers in that window get a copy of the last error
 *   at once, without a request; a token resets the back-off;
 * - a 401 (see `invalidate`): a request sent with an older token than the current one is retried with the current
 *   one. Otherwise the token is renewed and the request retried once, unless a hold is on. When the token renewed
 *   for a 401 is refused again before that organization accepted it (by one that had not accepted it either: from one
 *   that had, it is a new revocation), renewing did not help: if other organizations
 *   accept the new token, renewals for that organization's 401s hold (its 401s are its answer, e.g. an organization
 *   the client may not list); if none did, or another organization refuses too, renewals for every 401 hold. Holds
 *   last 30 s, doubling to 5 min each time it repeats and back to 30 s once a renewal helps; an organization's hold
 *   ends when it accepts a token.
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const { request, leewaySeconds = 30, timeoutMs = 30_000, maxRefusalBackoffMs = 60_000, now = Date.now } = options;
  assertTokenTiming(leewaySeconds, timeoutMs);
  const emit = eventListener('onEvent', options.onEvent);
  let current: { token: string; expiresAt: number } | undefined;
  // The token handed out last, cached or not (a 401 for an older one is retried with a newer one); none once dropped.
  let last: string | undefined;
  let inflight: Promise<string> | undefined;
  let failures = 0;
  let blocked: { error: unknown; until: number } | undefined;
  // The organization whose 401 caused the last renewal, until a response for it says whether the new token helped,
  // and the organizations that accepted the new token meanwhile (a 401 from one of them is a new revocation).
  let probe: { scope: string | undefined; by: Set<string | undefined> } | undefined;
  // Organizations whose 401s are their own answer, until when.
  const refusing = new Map<string | undefined, number>();
  let holdUntil = 0;
  let holdMs = FIRST_HOLD_MS;

  async function fetchToken(): Promise<string> {
    const sentAt = now();
    const controller = new AbortController();
    const timer = startTimeout(timeoutMs, () =>
      controller.abort(
        new TimeoutError(`timed out after ${timeoutMs} ms`, { method: options.method, url: options.url, timeoutMs }),
      ),
    );
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
      emit?.({ type: 'token-fetched', durationMs: now() - sentAt, expiresInSeconds: grant.expiresIn });
      return token;
    } catch (error) {
      // Read duck-typed: an app's getToken may throw its own HTTP error with a status.
      const status = (error as { status?: unknown } | null)?.status;
      const refusal = typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
      failures += 1;
      const backoffMs = Math.min(1000 * 2 ** (failures - 1), refusal ? maxRefusalBackoffMs : MAX_OUTAGE_BACKOFF_MS);
      blocked = { error, until: now() + backoffMs };
      emit?.({
        type: 'token-failed',
        durationMs: now() - sentAt,
        status: typeof status === 'number' ? status : undefined,
        refusal,
        backoffMs,
      });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(signal) {
      signal?.throwIfAborted();
      if (current && now() < current.expiresAt) {
        emit?.({ type: 'token-cache-hit' });
        return current.token;
      }
      if (!inflight) {
        if (blocked && now() < blocked.until) {
          emit?.({ type: 'token-backing-off', remainingMs: blocked.until - now() });
          throw copyError(blocked.error);
        }
        inflight = fetchToken().finally(() => {
          inflight = undefined;
        });
      }
      return raceSignal(inflight, signal);
    },
    invalidate(token, scope) {
      if (token !== last) return true;
      if (probe && !probe.by.has(scope)) {
        // The token renewed for a 401 was refused too: renewing did not help. Refused by the same organization, the
        // refusal is that organization's (e.g. one the client may not list): hold renewals for it alone. Refused
        // elsewhere, tokens are refused everywhere: hold them all.
        const time = now();
        const until = time + holdMs;
        let everywhere = probe.scope !== scope || !probe.by.size;
        if (probe.scope === scope) {
          // A second organization refusing renewed tokens at once looks like traffic naming organizations at will.
          for (const end of refusing.values()) if (end > time) everywhere = true;
          if (refusing.size >= MAX_REFUSING) refusing.clear();
          refusing.set(scope, until);
        }
        if (everywhere) holdUntil = until;
        probe = undefined;
        holdMs = Math.min(holdMs * 2, MAX_HOLD_MS);
        emit?.({ type: 'token-rejected', renewing: false });
        return false;
      }
      const renewing = now() >= Math.max(holdUntil, refusing.get(scope) ?? 0);
      emit?.({ type: 'token-rejected', renewing });
      if (!renewing) return false;
      probe = { scope, by: new Set() };
      options.onReject?.(token);
      // Forgotten too: callers that were sent `token` as well then retry, with the token this renewal brings.
      current = last = undefined;
      return true;
    },
    reset() {
      blocked = undefined;
      holdUntil = 0;
      refusing.clear();
      probe = undefined;
      emit?.({ type: 'token-reset' });
    },
    accepted(token, scope) {
      refusing.delete(scope);
      if (token === last && probe) {
        // Bounded: past it, a refusal counts as one everywhere (the safer hold).
        if (probe.scope !== scope) {
          if (probe.by.size < MAX_REFUSING) probe.by.add(scope);
        } else {
          // The renewal helped (the old token was revoked): renewals for 401s are welcome again at once.
          probe = undefined;
          holdMs = FIRST_HOLD_MS;
        }
      }
    },
  };
}
