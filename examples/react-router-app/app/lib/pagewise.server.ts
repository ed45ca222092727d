// Everything that holds a credential. The `.server` suffix makes React Router refuse to bundle this module for the
// browser, so the secret cannot reach it.
import { createApiClient } from 'pagewise/client';
import { clientCredentials, createProxyHandler } from 'pagewise/server';
import { PROXY_PATH } from './pagewise';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see examples/react-router-app/README.md)`);
  return value;
}

const baseUrl = env('PAGEWISE_BASE_URL');

/** The organization this app lists. A real app takes it from the user's session or the route. */
export const organizationId = env('PAGEWISE_ORGANIZATION_ID');

// One `auth` per process: it caches the token, and the loader and the proxy share it (two instances would mean
// two token requests). The server build is one module graph, so a module-level instance is one per process.
const auth = clientCredentials({
  authUrl: env('PAGEWISE_AUTH_URL'),
  clientId: env('PAGEWISE_CLIENT_ID'),
  clientSecret: env('PAGEWISE_CLIENT_SECRET'),
  ...(process.env.PAGEWISE_SCOPE ? { scope: process.env.PAGEWISE_SCOPE } : {}),
});

/** The loaders' client: the service itself, with the server's credentials. */
export const serverClient = createApiClient({ baseUrl, auth });

/** The browser's way to the service, mounted by app/routes/api.pagewise.ts. */
export const proxy = createProxyHandler({
  baseUrl,
  auth,
  basePath: PROXY_PATH,
  // A real app checks the user's session here; this one shows a single organization, so it allows only that.
  allowRequest: (_request, target) => target.organizationId.toLowerCase() === organizationId.toLowerCase(),
});
