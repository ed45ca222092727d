/** A token as a `TokenStore` keeps it: the token as is, and its lifetime in epoch milliseconds. */
export interface StoredToken {
  /** The access token. Whoever can read the store can use it: treat the store as a secret store. */
  token: string;
  /** When it was obtained. */
  issuedAt: number;
  /** When it expires (`issuedAt + expires_in`). */
  expiresAt: number;
}

/**
 * Where `clientCredentials` shares tokens between processes (`tokenStore`). Any object with these methods will do;
 * pagewise ships `redisTokenStore` (node-redis or ioredis) and `memoryTokenStore`. Keys come from pagewise (a hash of
 * the token endpoint, client id, audience or resource and scope, never the secret). Every method may reject or hang:
 * pagewise times each call out, falls back to its own process cache and backs off from the store.
 */
export interface TokenStore {
  /** The token stored under `key`, if any. */
  get(key: string): Promise<StoredToken | undefined>;
  /** Stores `value` under `key` for `ttlMs` milliseconds (until it expires). */
  set(key: string, value: StoredToken, ttlMs: number): Promise<void>;
  /** Takes the short lock `key` for `owner` unless someone holds it (Redis: `SET NX PX`); whether it was taken. */
  lock(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock `key` if `owner` still holds it. */
  unlock(key: string, owner: string): Promise<void>;
  /** Deletes the token under `key` only if it is still `token` (atomically: a newer token is never lost). */
  deleteIfEqual(key: string, token: string): Promise<void>;
}
