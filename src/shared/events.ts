import { assertFunction } from './assert';

/**
 * What a token source tells `onEvent` (of `clientCredentials`; `bearerToken`'s cache emits the same). No event holds a
 * token, a secret or an organization: they are for counters, logs and spans.
 */
export type TokenEvent =
  /** A token request succeeded (`durationMs` from sending it). */
  | { type: 'token-fetched'; durationMs: number; expiresInSeconds: number | undefined }
  /**
   * A token request failed: `refusal` for a 4xx other than 408/429 (a wrong secret stays wrong), else an outage;
   * no request follows for `backoffMs`.
   */
  | { type: 'token-failed'; durationMs: number; status: number | undefined; refusal: boolean; backoffMs: number }
  /** A call was answered with the cached token. */
  | { type: 'token-cache-hit' }
  /** A call was failed at once with a copy of the last error: the back-off runs for `remainingMs` more. */
  | { type: 'token-backing-off'; remainingMs: number }
  /** The API answered 401: the token was dropped for a renewal (`renewing`), or renewals hold. */
  | { type: 'token-rejected'; renewing: boolean }
  /** `reset()` ended the back-off and the holds. */
  | { type: 'token-reset' }
  /** A token another process stored was taken from the `tokenStore`. */
  | { type: 'token-shared' }
  /** The `tokenStore` failed (`errorName` only: a message may hold a URL with a password); this process asks itself. */
  | { type: 'token-store-fallback'; errorName: string }
  /** A token was revoked at the identity provider (RFC 7009): `reason` says why. */
  | { type: 'token-revoked'; reason: 'revoke' | 'close' | 'replaced' }
  /** Revoking failed (`errorName` only, and the provider's status when it answered); nothing else depends on it. */
  | {
      type: 'token-revoke-failed';
      reason: 'revoke' | 'close' | 'replaced';
      errorName: string;
      status: number | undefined;
    };

/** What `createApiClient` tells `onEvent`. No event holds a token, an organization, a query or a header. */
export type ClientEvent =
  /** A request is sent (`attempt` 2 is the retry after a 401). */
  | { type: 'client-request'; resource: string | undefined; attempt: number; method?: string }
  /** Its response's headers arrived, `durationMs` after it was sent. */
  | {
      type: 'client-response';
      resource: string | undefined;
      attempt: number;
      status: number;
      durationMs: number;
      method?: string;
    }
  /**
   * The call is sent again: after a 401 dropped the token (once), or after an outage (`outage`: a write whose caller
   * opted into retries, `delayMs` later).
   */
  | { type: 'client-retry'; resource: string | undefined; reason: 'unauthorized' | 'outage'; delayMs?: number }
  /** The call rejected with an error of this name (and the service's status, when it answered). */
  | { type: 'client-error'; resource: string; errorName: string; status: number | undefined; method?: string };

/** What `createProxyHandler` tells `onEvent`. No event holds a token, a query, an organization or a header. */
export type ProxyEvent =
  /** A request reached the handler. */
  | { type: 'proxy-request'; method: string }
  /** The service answered an upstream call (one per attempt: a 401 renewal makes two), headers received. */
  | { type: 'proxy-upstream'; resource: string; status: number; durationMs: number }
  /** The handler answered `status`, `durationMs` after the request reached it; `resource` when the route matched. */
  | {
      type: 'proxy-response';
      method: string;
      status: number;
      durationMs: number;
      resource: string | undefined;
    }
  /** `maxConcurrent` upstream calls were in flight: answered 503. */
  | { type: 'proxy-overloaded'; maxConcurrent: number }
  /** The upstream body was over `maxBodyBytes`: reading stopped, answered 502. */
  | { type: 'proxy-body-too-large'; maxBodyBytes: number }
  /** The browser went away before the answer: the upstream call was aborted, answered 499. */
  | { type: 'proxy-client-gone' };

/**
 * `onEvent` made safe to call from the middle of a request: checked now (a `TypeError` naming `name`), and an
 * `onEvent` that throws is ignored, as a counter or a log must never fail the call it observes. Undefined when not
 * given, so that `emit?.({ … })` costs nothing (the event object is not even built).
 */
export function eventListener<E>(
  name: string,
  onEvent: ((event: E) => void) | undefined,
): ((event: E) => void) | undefined {
  if (onEvent === undefined) return undefined;
  assertFunction(name, onEvent);
  return (event) => {
    try {
      onEvent(event);
    } catch {
      // Ignored: see above.
    }
  };
}
