/**
 * Throws when `name` is constructed in a browser, where its secret would be readable by anyone,
 * unless `dangerouslyAllowBrowser` is true.
 */
export function assertServerOnly(name: string, dangerouslyAllowBrowser: boolean | undefined): void {
  if (dangerouslyAllowBrowser === true) return;
  // A page, or a web or service worker: code there ships to the browser just the same.
  if ((typeof window !== 'undefined' && typeof document !== 'undefined') || 'WorkerGlobalScope' in globalThis) {
    throw new Error(
      `pagewise: \`${name}\` holds a secret and refuses to run in a browser, where anyone can read it. ` +
        'In the browser use `bearerToken` with a short-lived token from your backend, or `createProxyHandler` on your ' +
        'server and `createApiClient({ baseUrl: "/your/proxy" })` without `auth`. ' +
        'Pass `dangerouslyAllowBrowser: true` only if the page is never served to untrusted users.',
    );
  }
}
