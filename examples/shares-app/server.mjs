// The example's backend-for-frontend: serves the built app and mounts pagewise's createProxyHandler at
// /api, which adds the OAuth credentials server-side. The browser never sees a secret or a token.
//
//   node server.mjs                      demo: starts the mock service in-process as well
//   PAGEWISE_BASE_URL=… PAGEWISE_AUTH_URL=… PAGEWISE_CLIENT_ID=… PAGEWISE_CLIENT_SECRET=… \
//   PAGEWISE_ORGANIZATIONS='[{"id":"…","name":"…"}]' node server.mjs      against a real service (or `npm run mock-server`)
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { clientCredentials, createProxyHandler } from 'pagewise/server';

const here = fileURLToPath(new URL('.', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

async function sendStatic(res, distDir, pathname) {
  try {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    const file = join(distDir, relative);
    const inside = file.startsWith(distDir + sep) || file === distDir;
    if (!inside || extname(file) === '') throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    // Client-side routes fall back to the app shell.
    const body = await readFile(join(distDir, 'index.html'));
    res.writeHead(200, { 'Content-Type': types['.html'] }).end(body);
  }
}

/**
 * Starts the app server on 127.0.0.1.
 * @param {{ apiBaseUrl: string, authUrl: string, clientId: string, clientSecret: string, scope?: string,
 *   organizations: { id: string, name: string }[], port?: number, distDir?: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startApp(options) {
  const distDir = options.distDir ?? join(here, 'dist');
  const auth = clientCredentials({
    authUrl: options.authUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scope: options.scope,
  });
  // A real app checks the user's session here; this demo has no users, so it allows its own organizations only.
  const allowed = new Set(options.organizations.map((org) => org.id.toLowerCase()));
  const proxy = createProxyHandler({
    baseUrl: options.apiBaseUrl,
    auth,
    basePath: '/api',
    allowRequest: (_request, { organizationId }) => allowed.has(organizationId.toLowerCase()),
  });
  // A maintained Fetch↔Node adapter: answers malformed requests (bad Host, bad URL) 400 itself, and aborts the
  // request's signal when the browser goes away, which aborts the upstream call.
  // overrideGlobalObjects: false keeps Node's own Request/Response for the rest of this process (the demo runs the
  // mock service in it too); the handler works either way.
  const api = getRequestListener(proxy, { overrideGlobalObjects: false });
  const config = JSON.stringify({ organizations: options.organizations });
  let origin = '';

  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    // Absolute-form targets (`GET http://…`) go to the adapter too, which validates them; the rest are plain paths.
    if (!target.startsWith('/') || /^\/api(?:[/?]|$)/.test(target)) return void api(req, res);
    void (async () => {
      const { pathname } = new URL(target, origin);
      if (pathname === '/app-config.json') {
        res.writeHead(200, { 'Content-Type': types['.json'], 'Cache-Control': 'no-store' }).end(config);
      } else {
        await sendStatic(res, distDir, pathname);
      }
    })().catch((error) => {
      console.error('shares-app:', error instanceof Error ? error.name : 'failure');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal Server Error');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    url: origin,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const env = process.env;
  let options;
  if (env.PAGEWISE_BASE_URL) {
    options = {
      apiBaseUrl: env.PAGEWISE_BASE_URL,
      authUrl: env.PAGEWISE_AUTH_URL,
      clientId: env.PAGEWISE_CLIENT_ID,
      clientSecret: env.PAGEWISE_CLIENT_SECRET,
      scope: env.PAGEWISE_SCOPE,
      organizations: JSON.parse(env.PAGEWISE_ORGANIZATIONS ?? '[]'),
    };
  } else {
    const { startMock } = await import('./mock.mjs');
    const { service, server } = await startMock();
    options = {
      apiBaseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: service.credentials.clientId,
      clientSecret: service.credentials.clientSecret,
      scope: service.credentials.scope,
      organizations: service.organizations.map(({ id, name }) => ({ id, name })),
    };
    console.log(`mock service on ${server.url}`);
  }
  const app = await startApp({ ...options, port: Number(env.PORT ?? 5180) });
  console.log(`shares-app on ${app.url}`);
}
