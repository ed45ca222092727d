// What the server's client and the browser's client must agree on.

/** Where app/routes/api.pagewise.ts is mounted: the browser's client calls only this. */
export const PROXY_PATH = '/api/pagewise';

/**
 * The same query-key identity for the server's client (the service's URL, with credentials) and the browser's
 * (the proxy), so the page the loader prefetched is the page the browser reads after hydration.
 */
export const sharedClientIdentity = { id: 'pagewise-react-router-app' };
