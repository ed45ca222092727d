// What the server's client and the browser's client must agree on.

/** Where app/routes/api.pagewise.ts is mounted: the browser's client calls only this. */
export const PROXY_PATH = '/api/pagewise';
