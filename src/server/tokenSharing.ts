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
  /** Whether this process alone holds `token`: it asked for it and could not store it (the store down or failing). */
  alone(token: string): boolean;
}

/** What one shared token source works from and holds between calls. */
interface Share {
  store: TokenStore;
  /** The store key, hashed once. */
  key: Promise<string>;
  request: TokenShareOptions['request'];
  leewaySeconds: number;
  lockMs: number;
  now: () => number;
  emit: ((event: TokenEvent) => void) | undefined;
  onStoreError: (error: unknown) => void;
  /** The token the API refused last: never taken from the store again. */
  rejected: string | undefined;
  /** Store failures in a row, and until when the store is left alone. */
  failures: number;
  skipUntil: number;
  /** The latest tokens this process obtained and did not store: no other process can revoke them at shutdown. */
  unshared: string[];
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
  const log = createRateLimitedLog((line) => console.warn(line), WARNING_INTERVAL_MS, now);
  const share: Share = {
    store,
    key: hashKey(options.keyParts),
    request,
    leewaySeconds,
    lockMs: Math.min(timeoutMs, MAX_LOCK_MS),
    now,
    emit: eventListener('onEvent', options.onEvent),
    onStoreError:
      options.onTokenStoreError ??
      ((error: unknown) =>
        // Only the error's kind: its message may hold a Redis URL with a password.
        log(
          'token-store',
          `[pagewise] the token store failed (${errorName(error)}); this process uses its own token cache meanwhile`,
        )),
    rejected: undefined,
    failures: 0,
    skipUntil: 0,
    unshared: [],
  };
  return {
    request: (signal) => requestShared(share, signal),
    reject(token) {
      share.rejected = token;
      if (now() >= share.skipUntil) timed(share, (k) => store.deleteIfEqual(k, token)).catch(failed(share));
    },
    async withdraw(token) {
      share.rejected = token;
      // Tried even while backing off: a revoked token left in the store would send the fleet to a 401 each.
      await timed(share, (k) => store.deleteIfEqual(k, token)).catch(failed(share));
    },
    alone: (token) => share.unshared.includes(token),
  };
}

/** A few are enough: a cache holds one token at a time, and older ones were replaced (and revoked) already. */
const MAX_UNSHARED = 8;

/** Keeps `grant`'s token among those only this process holds. */
function unshared(share: Share, grant: TokenGrant): TokenGrant {
  share.unshared.push(grant.token.trim());
  if (share.unshared.length > MAX_UNSHARED) share.unshared.shift();
  return grant;
}

/** One store call on the key, limited (the key is hashed before the limit starts). */
async function timed<T>(share: Share, call: (key: string) => Promise<T>): Promise<T> {
  const key = await share.key;
  return withTimeout(
    () => call(key),
    STORE_TIMEOUT_MS,
    () => new Error(`pagewise: the token store did not answer within ${STORE_TIMEOUT_MS} ms`),
  );
}

/** The handler of a store failure: told, and the store left alone for the back-off. */
const failed = (share: Share) => (error: unknown) => {
  share.emit?.({ type: 'token-store-fallback', errorName: errorName(error) });
  share.skipUntil = share.now() + backoffMs(++share.failures, MAX_STORE_BACKOFF_MS);
  share.onStoreError(error);
};

/** Releases the lock `owner` holds, without waiting. */
const unlock = (share: Share, owner: string) =>
  void timed(share, (k) => share.store.unlock(k, owner)).catch(failed(share));

/** The stored token while it is valid and not the refused one. */
async function fromStore(share: Share): Promise<TokenGrant | undefined> {
  const value = await timed(share, (k) => share.store.get(k));
  share.failures = 0;
  const time = share.now();
  if (!value || value.token === share.rejected) return undefined;
  const leewayMs = Math.min(share.leewaySeconds * 1000, (value.expiresAt - value.issuedAt) / 2);
  if (time >= value.expiresAt - leewayMs) return undefined;
  share.emit?.({ type: 'token-shared' });
  return { token: value.token, expiresIn: (value.expiresAt - time) / 1000 };
}

/** The stored token, else one this process asks for: holding the lock (and storing it), or alone when the store fails. */
async function requestShared(share: Share, signal: AbortSignal): Promise<TokenGrant> {
  if (share.now() < share.skipUntil) return unshared(share, await share.request(signal));
  const got = await lookOrLock(share, signal);
  if ('token' in got) return got;
  if (got.owner === undefined) return unshared(share, await share.request(signal));
  return requestAsOwner(share, got.owner, signal);
}

/**
 * The stored token, or who should ask for one: `owner` when this process holds the lock (or the store failed after
 * it tried to take it: the lock may be its), none when it waited the lock out or the store failed at once.
 */
async function lookOrLock(share: Share, signal: AbortSignal): Promise<TokenGrant | { owner: string | undefined }> {
  let owner: string | undefined;
  try {
    const stored = await fromStore(share);
    if (stored) return stored;
    const me = (owner = crypto.randomUUID());
    const locked = await lockOrWait(share, me, signal);
    if (typeof locked === 'object') return locked;
    if (!locked) return { owner: undefined };
    // Stored between our look and our lock?
    const again = await fromStore(share);
    if (again) {
      unlock(share, me);
      return again;
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    failed(share)(error);
  }
  return { owner };
}

/**
 * Takes the store's lock as `me`: whether it is held, or the token another process stored meanwhile. While another
 * process is asking, waits for what it stores, at most as long as its lock lives. Its lock gone with no token stored
 * means its request failed: this process takes the lock and asks at once, rather than wait out the lock (an
 * identity-provider outage answers as fast as without a store).
 */
async function lockOrWait(share: Share, me: string, signal: AbortSignal): Promise<TokenGrant | boolean> {
  const lock = () => timed(share, (k) => share.store.lock(k, me, share.lockMs));
  let held = await lock();
  for (let polls = 1, waited = 0; !held && waited < share.lockMs; polls++) {
    const wait = backoffMs(polls, MAX_POLL_MS, FIRST_POLL_MS);
    await sleep(wait, signal);
    waited += wait;
    const got = await fromStore(share);
    if (got) return got;
    held = await lock();
  }
  return held;
}

/** Asks the identity provider holding the lock as `owner`, stores the token for the others, and releases the lock. */
async function requestAsOwner(share: Share, owner: string, signal: AbortSignal): Promise<TokenGrant> {
  const { now } = share;
  try {
    const sentAt = now();
    const grant = await share.request(signal);
    const expiresAt = sentAt + (grant.expiresIn ?? 0) * 1000;
    const value = { token: grant.token.trim(), issuedAt: sentAt, expiresAt };
    const stored = await timed(share, (k) => share.store.set(k, value, expiresAt - now())).then(
      () => true,
      (error: unknown) => void failed(share)(error),
    );
    return stored ? grant : unshared(share, grant);
  } finally {
    unlock(share, owner);
  }
}

/** SHA-256 of `parts` as JSON, in hex (Web Crypto: Node, Workers, Deno and Bun alike). */
export async function hashKey(parts: unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
