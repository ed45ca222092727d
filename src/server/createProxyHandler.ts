import type { AuthStrategy } from '../client/index';
import type { ProxyEvent } from '../shared/events';
import type { ProxyAllowlist } from './proxyAllowlist';
import type { ProxyRequestTarget } from './proxyWrites';
import type { UpstreamPagingOptions } from './proxyCursor';
import { createProxySteps, NULL_BODY_STATUSES } from './proxySteps';

/** Options of `createProxyHandler`. */
export interface ProxyHandlerOptions extends UpstreamPagingOptions {
  /** The service's absolute base URL. */
  baseUrl: string;
  /** Server-side credentials, e.g. `clientCredentials(...)` or `apiAccountToken(...)`. */
  auth: AuthStrategy;
  /** Path the handler is mounted at, e.g. `/api/pagewise`. @default '' */
  basePath?: string;
  /**
   * The fetch for upstream requests (a test double, an undici dispatcher's, one with a client certificate).
   * @default globalThis.fetch for `createProxyHandler`; for `createProxyListener`, Node's own `http`/`https` with
   * keep-alive agents (the same calls at a fraction of the cost)
   */
  fetch?: typeof globalThis.fetch;
  /** Limit of one upstream call, token included, in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** Largest `size` forwarded; a larger one is answered 400 without an upstream request. @default 1000 */
  maxSize?: number;
  /**
   * Decides whether this request may list this organization's rows, e.g. from the user's session cookie. Without
   * it, anyone who reaches the handler may list any organization the server's credentials can see, and a
   * warning says so once outside production (pass `() => true` to allow that on purpose). Denied requests get
   * 403 and reach no upstream. @default every well-formed request is allowed
   */
  allowRequest?: (request: Request, target: ProxyRequestTarget) => boolean | Promise<boolean>;
  /**
   * Origins besides the request URL's own that writes may come from (`Origin`), e.g. the public origin when a reverse
   * proxy hands the handler another host. @default [] (the request's own origin only)
   */
  origins?: readonly string[];
  /** Most upstream calls in flight at once; a request beyond it is answered 503 with `Retry-After: 1`. @default 128 */
  maxConcurrent?: number;
  /**
   * Largest upstream body read, in bytes; a larger one stops being read and is answered 502 (`onError` gets a
   * `ResponseShapeError` naming the limit). @default 2097152 (2 MiB)
   */
  maxBodyBytes?: number;
  /**
   * Told every failure behind a 499, 500, 502, 503 and 504, with the status answered; pagewise errors carry no
   * secrets, your own `auth`'s and `allowRequest`'s are passed as thrown. Pass your logger, or `() => {}` to keep quiet.
   * @default one `console.error` line per kind (status and error name) and minute, in production too, with a count of
   * those left out; a pagewise error with its message, any other by its name only (its message may hold a secret);
   * nothing for a 499
   */
  onError?: (error: unknown, context: { status: number }) => void;
  /**
   * Told each request, its answer (status, duration), each upstream answer (status, latency), and the cap reached,
   * a body too large or a browser gone; never a token, query, organization or header. For metrics and spans (the
   * Observability page maps them to OpenTelemetry); an `onEvent` that throws is ignored. @default none
   */
  onEvent?: (event: ProxyEvent) => void;
  /** Allow construction in a browser, where it would forward with whatever credentials `auth` holds. @default false */
  dangerouslyAllowBrowser?: boolean;
  /**
   * Per list endpoint, what is forwarded beyond `page` and `size` (sort fields, filter values, a cursor), which
   * writes (`methods`) and which other endpoints are served, e.g. `{ shares: { sort: ['name', 'createdAt'], filters:
   * { q: { maxLength: 64 } }, cursor: true, methods: ['PATCH', 'DELETE'] }, users: {} }`.
   * @default {} (shares and environments, `GET` with `page` and `size` only)
   */
  allow?: ProxyAllowlist;
}

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
 * The upstream status and JSON body are passed through (plus a valid `X-Total-Count` and a `Retry-After` within an
 * hour; no body with a 304); a failed token request (also an `auth` that throws), an unreachable service, a redirect
 * (never followed), a body over `maxBodyBytes`, a success without a JSON body (e.g. a 204) or a status a Response
 * cannot carry (above 599) is a 502, a timeout a 504, more than `maxConcurrent` calls at once a 503, a browser that
 * went away (its request's signal aborted: the upstream call is aborted too) a 499; the handler rejects only if
 * `onError` throws. Every answer has `Cache-Control: private, no-store` and `X-Content-Type-Options: nosniff`.
 * The browser gets no details; `onError` gets each failure. Other upstream headers are not copied, except a paging
 * `Link` (first/prev/next/last, rewritten to this proxy's path with only `page` and `size`, or a cursor where the
 * resource's rule turns cursor paging on; then the body's next-page links are rewritten so too).
 *
 * The browser then uses `createApiClient({ baseUrl: '/api/pagewise' })` without `auth`.
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
