/**
 * Whether this code runs where a browser user can read it: a page (a `window` with a `document`) or a
 * browser's web, shared or service worker. Server runtimes that define `WorkerGlobalScope` too (Cloudflare
 * Workers, Deno) are not browsers: unlike a browser's workers, they have no `importScripts`.
 */
function inBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown; importScripts?: unknown };
  return (g.window !== undefined && g.document !== undefined) || typeof g.importScripts === 'function';
}

/**
 * Throws when `name` is constructed in a browser, where its secret would be readable by anyone,
 * unless `dangerouslyAllowBrowser` is true.
 */
export function assertServerOnly(name: string, dangerouslyAllowBrowser: boolean | undefined): void {
  if (dangerouslyAllowBrowser === true || !inBrowser()) return;
  throw new Error(
    `pagewise: \`${name}\` holds a secret and refuses to run in a browser, where anyone can read it. ` +
      'In the browser use `bearerToken` with a short-lived token from your backend, or `createProxyHandler` on your ' +
      'server and `createApiClient({ baseUrl: "/your/proxy" })` without `auth`. ' +
      'Pass `dangerouslyAllowBrowser: true` only if the page is never served to untrusted users.',
  );
}
