// Everything that holds a credential: imported only by Server Components and Route Handlers (`server-only` makes
// a client import a build error, so the secret cannot reach the browser bundle).
import 'server-only';
import { createApiClient } from 'pagewise/client';
import { clientCredentials, createProxyHandler } from 'pagewise/server';
import type { ProxyHandler } from 'pagewise/server';
import { PROXY_PATH } from './pagewise';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see examples/next-app/README.md)`);
  return value;
}

interface ServerPagewise {
  client: ReturnType<typeof createApiClient>;
  proxy: ProxyHandler;
}

// One `auth` per process: it caches the token, and the Route Handler and the Server Components share it. Next
// evaluates this module once per route (a module-level instance made one token request for the page and another for
// the Route Handler), so the instance lives on globalThis, as Next's docs do for database clients.
const global = globalThis as { pagewise?: ServerPagewise };

function create(): ServerPagewise {
  const baseUrl = env('PAGEWISE_BASE_URL');
  const auth = clientCredentials({
    authUrl: env('PAGEWISE_AUTH_URL'),
    clientId: env('PAGEWISE_CLIENT_ID'),
    clientSecret: env('PAGEWISE_CLIENT_SECRET'),
    ...(process.env.PAGEWISE_SCOPE ? { scope: process.env.PAGEWISE_SCOPE } : {}),
  });
  const organizationId = env('PAGEWISE_ORGANIZATION_ID').toLowerCase();
  return {
    client: createApiClient({ baseUrl, auth }),
    proxy: createProxyHandler({
      baseUrl,
      auth,
      basePath: PROXY_PATH,
      // A real app checks the user's session here; this one shows a single organization, so it allows only that.
      allowRequest: (_request, target) => target.organizationId.toLowerCase() === organizationId,
    }),
  };
}

/** The server's client and proxy (one `auth` for both), created on first use (not at build time, when no secret is set). */
export function serverPagewise(): ServerPagewise {
  return (global.pagewise ??= create());
}

/** The organization this app lists. A real app takes it from the user's session or the route. */
export const organizationId = (): string => env('PAGEWISE_ORGANIZATION_ID');
