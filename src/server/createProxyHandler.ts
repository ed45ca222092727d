import type { ProxyHandlerOptions } from './proxyOptions';
import { createProxySteps, NULL_BODY_STATUSES } from './proxySteps';

export type { ProxyHandlerOptions } from './proxyOptions';

/** A Fetch-API request handler, as Next.js route handlers, Hono, Deno and Bun use. */
export type ProxyHandler = (request: Request) => Promise<Response>;

/**
 * A backend-for-frontend: lets a browser list shares and environments without ever seeing a credential.
 * Forwards only `GET {basePath}/<uuid>/shares` and `GET {basePath}/<uuid>/environments` with only `page` and
 * `size`, adding the Authorization from `auth` server-side; incoming headers (`Authorization`, `Cookie`, …)
 * are never forwarded. Other methods get 405 unless a resource's `allow` rule names them (`methods`: writes, then
 * forwarded only from the app's own origin as JSON within `maxBodyBytes`, else 403), other paths 404, bad
 * `page`/`size` (or a `size` above `maxSize`) or a request URL with credentials in it 400, and requests `allowRequest`
 * refuses 403 (use it: otherwise anyone who reaches the handler may list any organization).
 * The upstream status and JSON body are passed through (plus a total as a valid `X-Total-Count`, read from
 * `X-Total-Count`, `Total-Count` or `Total`, and a `Retry-After` within an hour; no body with a 304); a failed token
 * request (also an `auth` that throws), an unreachable service, a redirect (never followed), a body over
 * `maxBodyBytes`, a success without a JSON body (e.g. a 204) or a status a Response cannot carry (above 599) is a 502,
 * a timeout a 504, more than `maxConcurrent` calls at once a 503, a browser that went away (its request's signal
 * aborted: the upstream call is aborted too) a 499; the handler rejects only if `onError` throws. Every answer has
 * `Cache-Control: private, no-store` and `X-Content-Type-Options: nosniff`. The browser gets no details; `onError` gets
 * each failure. Other upstream headers are not copied, except a paging `Link` (first/prev/next/last, rewritten to this
 * proxy's path with only `page` and `size`, or a cursor where the resource's rule turns cursor paging on; then the
 * body's next-page links are rewritten so too).
 *
 * The browser then uses `createApiClient({ baseUrl: '/api/pagewise' })` without `auth`. Another back-end's client
 * preset spreads in (`{ ...presets.djangoRest.pageNumber, baseUrl, auth }`): the upstream is then called at its
 * `route`, with its paging and sort, while the browser keeps this shape (and the preset's `parsePage`, where the
 * back-end's body is not one the default reads).
 *
 * @example
 * // Next.js: app/api/pagewise/[...path]/route.ts
 * const handler = createProxyHandler({ baseUrl: process.env.API_BASE_URL!, auth: clientCredentials({ ... }), basePath: '/api/pagewise' });
 * export { handler as GET };
 *
 * On Node's own `http` server, `createProxyListener` takes the same options and answers alike, without Fetch objects.
 */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  const steps = createProxySteps(options, 'createProxyHandler');
  return async (request) => {
    const { status, body, headers } = await steps({
      method: request.method,
      url: request.url,
      signal: request.signal,
      request: () => request,
    });
    return new Response(NULL_BODY_STATUSES.includes(status) ? null : body, { status, headers });
  };
}
