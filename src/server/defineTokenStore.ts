import type { TokenGrant } from '../client/parseTokenResponse';
import { assertFunction } from '../shared/assert';
import { eventListener, type TokenEvent } from '../shared/events';
import type { TokenStore } from './TokenStore';

/** What `clientCredentials` gives a store for one token (one endpoint, client, audience or resource and scope). */
export interface TokenShareOptions {
  /** What the token is for (endpoint, client id, audience, resource, scope; never the secret): hashed into the key. */
  keyParts: unknown[];
  /** Obtains a token from the identity provider. */
  request(signal: AbortSignal): Promise<TokenGrant>;
  /** Seconds before expiry at which a stored token no longer counts. @default 30 */
  leewaySeconds?: number;
  /** Limit of one token request in milliseconds; the lock lives at most 10 s of it. @default 30000 */
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
}

/** A `TokenStore` that `clientCredentials` can share tokens through (`tokenStore`). */
export interface SharedTokenStore extends TokenStore {
  /** Used by `clientCredentials`: single-flight across processes over this store. */
  share(options: TokenShareOptions): SharedTokenSource;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * Makes any `TokenStore` usable as `clientCredentials({ tokenStore })`. One process asks the identity provider (it
 * holds the store's lock); the others wait for the token it stores (bounded by the lock's lifetime, then they ask
 * themselves; when the lock is released with no token stored, the next waiter takes it and asks at once), so N
 * processes make one token request per token lifetime. A token the API refused is deleted only if
 * it is still the stored one. A store that fails (down, slow, wrong data) never fails a call: that process uses its
 * own token request, as without a store, and leaves the store alone for 1 s, 2 s, 4 s … (at most 10 s) before the next try.
 */
export function defineTokenStore(store: TokenStore): SharedTokenStore {
  // Checked now: a missing method would otherwise only show as a store failure at every token request.
  for (const name of ['get', 'set', 'lock', 'unlock', 'deleteIfEqual'] as const) assertFunction(name, store?.[name]);
  // A new object on top of the store: the app's own object is not changed.
  const shared = Object.create(store) as SharedTokenStore;
  shared.share = (options) => {
    const { request, leewaySeconds = 30, timeoutMs = 30_000, now = Date.now, onTokenStoreError } = options;
    const key = hashKey(options.keyParts);
    const lockMs = Math.min(timeoutMs, 10_000);
    const emit = eventListener('onEvent', options.onEvent);
    const storeTimeoutMs = 1_000;
    let warnedAt = -Infinity;
    const onStoreError =
      onTokenStoreError ??
      ((error: unknown) => {
        if (now() - warnedAt < 60_000) return;
        warnedAt = now();
        // Only the error's kind: its message may hold a Redis URL with a password.
        console.warn(
          `pagewise: the token store failed (${(error as Error)?.name ?? typeof error}); this process uses its own token cache meanwhile`,
        );
      });
    let rejected: string | undefined;
    let failures = 0;
    let skipUntil = 0;

    // Each store call is raced against its limit: an offline Redis client queues commands instead of failing them.
    const timed = <T>(call: () => Promise<T>): Promise<T> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`pagewise: the token store did not answer within ${storeTimeoutMs} ms`)),
          storeTimeoutMs,
        );
      });
      return Promise.race([Promise.resolve().then(call), limit]).finally(() => clearTimeout(timer));
    };
    const failed = (error: unknown) => {
      emit?.({ type: 'token-store-fallback', errorName: (error as Error)?.name ?? typeof error });
      failures += 1;
      skipUntil = now() + Math.min(1000 * 2 ** (failures - 1), 10_000);
      onStoreError(error);
    };
    const fromStore = async (): Promise<TokenGrant | undefined> => {
      const k = await key;
      const value = await timed(() => store.get(k));
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
            owner = crypto.randomUUID();
            const k = await key;
            let held = await timed(() => store.lock(k, owner!, lockMs));
            // Another process is asking: wait for what it stores, at most as long as its lock lives. Its lock gone
            // with no token stored means its request failed: this process takes the lock and asks at once, rather
            // than wait out the lock (an identity-provider outage answers as fast as without a store).
            for (let wait = 20, waited = 0; !held && waited < lockMs; waited += wait, wait = Math.min(wait * 2, 250)) {
              await sleep(wait, signal);
              const got = await fromStore();
              if (got) return got;
              held = await timed(() => store.lock(k, owner!, lockMs));
            }
            if (!held) owner = undefined;
            else {
              // Stored between our look and our lock?
              const again = await fromStore();
              if (again) {
                timed(() => store.unlock(k, owner!)).catch(failed);
                return again;
              }
            }
          } catch (error) {
            if (signal.aborted) throw signal.reason;
            failed(error);
          }
          if (owner !== undefined) {
            const lockOwner = owner;
            const k = await key;
            try {
              const sentAt = now();
              const grant = await request(signal);
              const expiresAt = sentAt + (grant.expiresIn ?? 0) * 1000;
              await timed(() =>
                store.set(k, { token: grant.token.trim(), issuedAt: sentAt, expiresAt }, expiresAt - now()),
              ).catch(failed);
              return grant;
            } finally {
              timed(() => store.unlock(k, lockOwner)).catch(failed);
            }
          }
        }
        return request(signal);
      },
      reject(token) {
        rejected = token;
        if (now() >= skipUntil) timed(async () => store.deleteIfEqual(await key, token)).catch(failed);
      },
    };
  };
  return shared;
}

/** SHA-256 of `parts` as JSON, in hex (Web Crypto: Node, Workers, Deno and Bun alike). */
export async function hashKey(parts: unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
