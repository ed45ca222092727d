// Finds a redis-server for the token-store tests (Debian's package; CI installs it), and fails fast with one clear
// line when there is none, as for Chromium.
import { existsSync } from 'node:fs';

/** @returns {string | undefined} */
export function findRedisServer() {
  return [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(
    (c) => c && existsSync(c),
  );
}

export const missingRedisMessage =
  'pagewise tests need redis-server (the shared token store runs against a real one): install it with `apt-get install -y redis-server` or set REDIS_SERVER to its path.';
