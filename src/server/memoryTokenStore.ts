import type { StoredToken, TokenStore } from './TokenStore';

/**
 * A `TokenStore` in this process's memory: what `clientCredentials` does without a store, behind the interface (for
 * tests, and as a model for other stores). Locks and tokens expire on `now`.
 */
export function memoryTokenStore(options: { now?: () => number } = {}): TokenStore {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, { value: StoredToken; until: number }>();
  const locks = new Map<string, { owner: string; until: number }>();
  return {
    async get(key) {
      const entry = tokens.get(key);
      if (entry && entry.until <= now()) tokens.delete(key);
      return tokens.get(key)?.value;
    },
    async set(key, value, ttlMs) {
      tokens.set(key, { value, until: now() + ttlMs });
    },
    async lock(key, owner, ttlMs) {
      const held = locks.get(key);
      if (held && held.until > now()) return false;
      locks.set(key, { owner, until: now() + ttlMs });
      return true;
    },
    async unlock(key, owner) {
      if (locks.get(key)?.owner === owner) locks.delete(key);
    },
    async deleteIfEqual(key, token) {
      if (tokens.get(key)?.value.token === token) tokens.delete(key);
    },
  };
}
