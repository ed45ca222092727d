import { errorName, type TokenGrant } from '../client/internal';
import { backoffMs } from '../shared/backoff';
import { eventListener, type TokenEvent } from '../shared/events';
import { createRateLimitedLog } from '../shared/log';
import { DEFAULT_LEEWAY_SECONDS, DEFAULT_TIMEOUT_MS, sleep, withTimeout } from '../shared/time';
import type { TokenStore } from './TokenStore';

// How `clientCredentials` shares one token between processes through a `TokenStore`: single flight over the store's
// lock, the store's failures kept from ever failing a call. Loaded only when `clientCredentials` is given a store.

/** Limit of one store call: an offline Redis client queues commands instead of failing them. */
export const STORE_TIMEOUT_MS = 1_000;
/** Longest time a process leaves a failing store alone before trying it again. */
export const MAX_STORE_BACKOFF_MS = 10_000;
/** Longest life of the lock (bounded by the token request's own limit): how long others wait for its holder. */
export const MAX_LOCK_MS = 10_000;
/** First and longest pause between two looks at the store while another process holds the lock. */
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;
/** The default `onTokenStoreError` writes at most one warning per this interval. */
export const WARNING_INTERVAL_MS = 60_000;

/** What `clientCredentials` shares through a store for one token (one endpoint, client, audience or resource and scope). */
export interface TokenShareOptions {
  /** What the token is for (endpoint, client id, audience, resource, scope; never the secret): hashed into the key. */
  keyParts: unknown[];
  /** Obtains a token from the identity provider. */
  request(signal: AbortSignal): Promise<TokenGrant>;
  /** Seconds before expiry at which a stored token no longer counts. @default 30 */
  leewaySeconds?: number;
  /** Limit of one token request in milliseconds; the lock lives at most `MAX_LOCK_MS` of it. @default 30000 */
  timeoutMs?: number;
  /** Told about every store failure (the call goes on without the store). @default a console warning at most once a minute */
  onTokenStoreError?: (error: unknown) => void;
  /** Told when a token comes from the store (`token-shared`) and when the store fails (`token-store-fallback`). @default none */
  onEvent?: (event: TokenEvent) => void;
  /** Clock in milliseconds. @default Date.now */
  now?: () => number;
}

/** A token source shared through a store, with the process's own request as the fallback. */
export interface SharedTokenSource {
  request(signal: AbortSignal): Promise<TokenGrant>;
  /** The API refused `token`: remove it from the store if it is still the stored one, and never take it again. */
  reject(token: string): void;
  /** `token` is being revoked: removed from the store if it is still the stored one, and never taken again. */
  withdraw(token: string): Promise<void>;
}

/**
 * One process asks the identity provider (it holds the store's lock); the others wait for the token it stores
 * (bounded by the lock's lifetime, then they ask themselves; when the lock is released with no token stored, the next
 * waiter takes it and asks at once), so N processes make one token request per token lifetime. A token the API
 * refused is deleted only if it is still the stored one. A store that fails (down, slow, wrong data) never fails a
 * call: that process uses its own token request, as without a store, and leaves the store alone for the shared
 * back-off (at most `MAX_STORE_BACKOFF_MS`) before the next try.
 */
export function shareTokens(store: TokenStore, options: TokenShareOptions): SharedTokenSource {
  const { request, leewaySeconds = DEFAULT_LEEWAY_SECONDS, timeoutMs = DEFAULT_TIMEOUT_MS, now = Date.now } = options;
  const key = hashKey(options.keyParts);
  const lockMs = Math.min(timeoutMs, MAX_LOCK_MS);
  const emit = eventListener('onEvent', options.onEvent);
  const log = createRateLimitedLog((line) => console.warn(line), WARNING_INTERVAL_MS, now);
  const onStoreError =
    options.onTokenStoreError ??
    ((error: unknown) =>
      // Only the error's kind: its message may hold a Redis URL with a password.
      log(
        'token-store',
        `[pagewise] the token store failed (${errorName(error)}); this process uses its own token cache meanwhile`,
      ));
  let rejected: string | undefined;
  let failures = 0;
  let skipUntil = 0;

  // Each store call is limited; the key is hashed before the limit starts.
  const timed = async <T>(call: (key: string) => Promise<T>): Promise<T> => {
    const k = await key;
    return withTimeout(
      () => call(k),
      STORE_TIMEOUT_MS,
      () => new Error(`pagewise: the token store did not answer within ${STORE_TIMEOUT_MS} ms`),
    );
  };
  const failed = (error: unknown) => {
    emit?.({ type: 'token-store-fallback', errorName: errorName(error) });
    skipUntil = now() + backoffMs(++failures, MAX_STORE_BACKOFF_MS);
    onStoreError(error);
  };
  const fromStore = async (): Promise<TokenGrant | undefined> => {
    const value = await timed((k) => store.get(k));
    failures = 0;
    const time = now();
    if (!value || value.token === rejected) return undefined;
    const leewayMs = Math.min(leewaySeconds * 1000, (value.expiresAt - value.issuedAt) / 2);
    if (time >= value.expiresAt - leewayMs) return undefined;
    emit?.({ type: 'token-shared' });
    return { token: value.token, expiresIn: (value.expiresAt - time) / 1000 };
  };

  return {
    async request(signal) {
      if (now() >= skipUntil) {
        let owner: string | undefined;
        try {
          const stored = await fromStore();
          if (stored) return stored;
          const me = (owner = crypto.randomUUID());
          const lock = () => timed((k) => store.lock(k, me, lockMs));
          let held = await lock();
          // Another process is asking: wait for what it stores, at most as long as its lock lives. Its lock gone
          // with no token stored means its request failed: this process takes the lock and asks at once, rather
          // than wait out the lock (an identity-provider outage answers as fast as without a store).
          for (let polls = 1, waited = 0, wait = 0; !held && waited < lockMs; polls++, waited += wait) {
            await sleep((wait = backoffMs(polls, MAX_POLL_MS, FIRST_POLL_MS)), signal);
            const got = await fromStore();
            if (got) return got;
            held = await lock();
          }
          if (!held) owner = undefined;
          else {
            // Stored between our look and our lock?
            const again = await fromStore();
            if (again) {
              timed((k) => store.unlock(k, me)).catch(failed);
              return again;
            }
          }
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          failed(error);
        }
        if (owner !== undefined) {
          const lockOwner = owner;
          try {
            const sentAt = now();
            const grant = await request(signal);
            const expiresAt = sentAt + (grant.expiresIn ?? 0) * 1000;
            const value = { token: grant.token.trim(), issuedAt: sentAt, expiresAt };
            await timed((k) => store.set(k, value, expiresAt - now())).catch(failed);
            return grant;
          } finally {
            timed((k) => store.unlock(k, lockOwner)).catch(failed);
          }
        }
      }
      return request(signal);
    },
    reject(token) {
      rejected = token;
      if (now() >= skipUntil) timed((k) => store.deleteIfEqual(k, token)).catch(failed);
    },
    async withdraw(token) {
      rejected = token;
      // Tried even while backing off: a revoked token left in the store would send the fleet to a 401 each.
      await timed((k) => store.deleteIfEqual(k, token)).catch(failed);
    },
  };
}

/** SHA-256 of `parts` as JSON, in hex (Web Crypto: Node, Workers, Deno and Bun alike). */
export async function hashKey(parts: unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
