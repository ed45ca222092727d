// Everything that holds a credential. Only the server function's handler (src/lib/pagewise.ts) imports it: Start
// compiles that handler out of the browser's bundle, and its import protection refuses a `.server` module there.
import { createApiClient } from 'pagewise/client';
import { clientCredentials } from 'pagewise/server';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see examples/tanstack-start-app/README.md)`);
  return value;
}

/** The organization this app lists. A real app takes it from the user's session or the route. */
export const organizationId = env('PAGEWISE_ORGANIZATION_ID');

// One `auth` per process: it caches the token, so server rendering and the browser's calls share one token. The
// server build is one module graph, so a module-level instance is one per process.
const auth = clientCredentials({
  authUrl: env('PAGEWISE_AUTH_URL'),
  clientId: env('PAGEWISE_CLIENT_ID'),
  clientSecret: env('PAGEWISE_CLIENT_SECRET'),
  ...(process.env.PAGEWISE_SCOPE ? { scope: process.env.PAGEWISE_SCOPE } : {}),
});

/** The service itself, with the server's credentials: only the server function calls it. */
export const serverClient = createApiClient({ baseUrl: env('PAGEWISE_BASE_URL'), auth });
