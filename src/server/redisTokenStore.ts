import { invalidArgument } from '../shared/assert';
import type { StoredToken, TokenStore } from './TokenStore';

/** The one method pagewise needs of a Redis client: node-redis's `sendCommand` or ioredis's `call`. */
export type RedisLikeClient =
  { sendCommand(args: string[]): Promise<unknown> } | { call(command: string, ...args: string[]): Promise<unknown> };

/** Options of `redisTokenStore`. */
export interface RedisTokenStoreOptions {
  /** Prefix of every key pagewise writes. @default 'pagewise:token:' */
  prefix?: string;
}

/** Clients given an 'error' listener already: one per client, however many stores share it. */
const listened = new WeakSet<object>();

// Compare-and-delete in one step, so a token another process stored meanwhile is never deleted.
const DELETE_IF_TOKEN =
  "local v = redis.call('GET', KEYS[1]) if v and cjson.decode(v).token == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";
const UNLOCK = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * A `TokenStore` on Redis (or any server speaking its protocol), through the client the app already has: node-redis
 * (`createClient()`, connected after this call, so its errors are heard while Redis is down at boot) or ioredis
 * (`new Redis()`). pagewise imports neither. It listens for the client's `'error'` events, so a dropped connection
 * never takes the process down while the client reconnects. The token is stored as is: protect the store like a
 * secret store (TLS and AUTH, no shared access).
 *
 * @example
 * const redis = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true });
 * clientCredentials({ …, tokenStore: redisTokenStore(redis) });
 * redis.connect().catch(() => undefined); // after the store listens, not awaited: boots while Redis is down
 */
export function redisTokenStore(client: RedisLikeClient, options: RedisTokenStoreOptions = {}): TokenStore {
  const prefix = options.prefix ?? 'pagewise:token:';
  if (typeof prefix !== 'string') throw invalidArgument('prefix', 'must be a string', prefix);
  const send: (args: string[]) => Promise<unknown> =
    typeof (client as { call?: unknown })?.call === 'function'
      ? (args) => (client as { call(...args: string[]): Promise<unknown> }).call(...args)
      : typeof (client as { sendCommand?: unknown })?.sendCommand === 'function'
        ? (args) => (client as { sendCommand(args: string[]): Promise<unknown> }).sendCommand(args)
        : (() => {
            throw invalidArgument('client', 'must be a node-redis or ioredis client');
          })();
  const events = client as { on?: (event: string, listener: (error: unknown) => void) => unknown };
  if (typeof events.on === 'function' && !listened.has(client)) {
    listened.add(client);
    // Both clients emit 'error' when the connection drops (node-redis then crashes a process with no listener, ioredis
    // logs each retry) and reconnect by themselves: a dropped store is a store failure, which must never fail a call.
    // The commands sent meanwhile fail and reach onTokenStoreError; the app's own listeners still hear every error.
    events.on('error', () => undefined);
  }
  const text = (value: unknown) =>
    typeof value === 'string' ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : undefined;
  return {
    async get(key) {
      const raw = text(await send(['GET', prefix + key]));
      if (raw === undefined) return undefined;
      let value: StoredToken | undefined;
      try {
        value = JSON.parse(raw) as StoredToken;
      } catch {
        // JSON.parse's message quotes the text, which may hold a token.
      }
      if (
        !value?.token ||
        typeof value.token !== 'string' ||
        typeof value.expiresAt !== 'number' ||
        typeof value.issuedAt !== 'number'
      ) {
        throw new TypeError('pagewise: the token store holds something that is not a stored token');
      }
      return value;
    },
    async set(key, value, ttlMs) {
      if (ttlMs >= 1) await send(['SET', prefix + key, JSON.stringify(value), 'PX', String(Math.floor(ttlMs))]);
    },
    async lock(key, owner, ttlMs) {
      return (
        (await send(['SET', `${prefix}${key}:lock`, owner, 'NX', 'PX', String(Math.max(1, Math.floor(ttlMs)))])) !==
        null
      );
    },
    async unlock(key, owner) {
      await send(['EVAL', UNLOCK, '1', `${prefix}${key}:lock`, owner]);
    },
    async deleteIfEqual(key, token) {
      await send(['EVAL', DELETE_IF_TOKEN, '1', prefix + key, token]);
    },
  };
}
