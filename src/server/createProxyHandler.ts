import { assertListParams } from '../client/assertListParams';
import { formatValue as show } from '../shared/formatValue';
import { isUuid } from '../client/isUuid';
import { isHttpError } from '../client/errors/HttpError';
import { isTimeoutError } from '../client/errors/TimeoutError';
import { requestList, type ListResource } from '../client/requestList';
import { resolveConfig } from '../client/resolveConfig';
import type { AuthStrategy } from '../client/types';
import { isDevelopment } from '../shared/warnOnce';
import { assertServerOnly } from './assertServerOnly';
import { LIST_ROUTE } from '../client/LIST_ROUTE';
import { assertFunction } from '../shared/assertFunction';

/** Options of `createProxyHandler`. */
export interface ProxyHandlerOptions {
  /** The service's absolute base URL. */
  baseUrl: string;
  /** Server-side credentials, e.g. `clientCredentials(...)` or `apiAccountToken(...)`. */
  auth: AuthStrategy;
  /** Path the handler is mounted at, e.g. `/api/pagewise`. @default '' */
  basePath?: string;
  /** The fetch for upstream requests. @default globalThis.fetch */
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
  allowRequest?: (request: Request, target: { organizationId: string; resource: 'shares' | 'environments' }) => boolean | Promise<boolean>;
  /**
   * Told the error behind each 500 (a throwing `allowRequest`), 502 and 504; pagewise errors carry no secrets, your
   * own `auth`'s are passed as thrown. Pass your logger, or `() => {}` to keep quiet.
   * @default `console.error`, in production too: the browser is told no details, so this is where an operator sees why
   */
  onError?: (error: unknown) => void;
  /** Allow construction in a browser, where it would forward with whatever credentials `auth` holds. @default false */
  dangerouslyAllowBrowser?: boolean;
}

/** Whether the open-proxy warning was given (once per process is enough to be seen). */
let warnedOpen = false;

/** A Fetch-API request handler, as Next.js route handlers, Hono, Deno and Bun use. */
export type ProxyHandler = (request: Request) => Promise<Response>;

/** Statuses a Response must have no body with (the constructor throws otherwise). */
const NULL_BODY_STATUSES = [204, 205, 304];

/** A JSON response that never carries upstream headers; without a body for 204, 205 and 304. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(NULL_BODY_STATUSES.includes(status) ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** A query parameter as a wire integer, or the raw text (for the error message) when it is not one. */
function integer(value: string | null): number | string | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * A backend-for-frontend: lets a browser list shares and environments without ever seeing a credential.
 * Forwards only `GET {basePath}/<uuid>/shares` and `GET {basePath}/<uuid>/environments` with only `page` and
 * `size`, adding the Authorization from `auth` server-side; incoming headers (`Authorization`, `Cookie`, …)
 * are never forwarded. Other methods on those paths get 405, other paths 404, bad `page`/`size` (or a `size` above
 * `maxSize`) 400, and requests `allowRequest` refuses 403 (use it: otherwise anyone who reaches the handler may
 * list any organization).
 * The upstream status and JSON body are passed through (plus `X-Total-Count` and `Retry-After`; no body with a 304);
 * a failed token request (also an `auth` that throws), an unreachable service, a success without a JSON body (e.g. a
 * 204) or a status a Response cannot carry (above 599) is a 502, a timeout a 504, a browser that went away (its
 * request's signal aborted) a 499; the handler rejects only if `onError` throws.
 * The browser gets no details; `onError` (by default `console.error`) gets the error behind each 500, 502 and 504.
 * Upstream response headers are not copied.
 *
 * The browser then uses `createApiClient({ baseUrl: '/api/pagewise' })` without `auth`.
 *
 * @example
 * // Next.js: app/api/pagewise/[...path]/route.ts
 * const handler = createProxyHandler({ baseUrl: process.env.API_BASE_URL!, auth: clientCredentials({ ... }), basePath: '/api/pagewise' });
 * export { handler as GET };
 *
 * @example
 * // Node's http module, with a small adapter
 * import { createServer } from 'node:http';
 * const handler = createProxyHandler({ baseUrl, auth, basePath: '/api/pagewise' });
 * createServer(async (req, res) => {
 *   const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
 *     method: req.method,
 *     headers: req.headers as Record<string, string>,
 *   });
 *   const response = await handler(request);
 *   res.writeHead(response.status, Object.fromEntries(response.headers));
 *   res.end(Buffer.from(await response.arrayBuffer()));
 * }).listen(3000);
 */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  assertServerOnly('createProxyHandler', options?.dangerouslyAllowBrowser);
  const config = resolveConfig(options);
  if (!config.auth) throw new TypeError('pagewise: `auth` is required: the proxy adds the Authorization header');
  const { allowRequest, maxSize = 1000, onError = (error: unknown) => console.error('[pagewise] createProxyHandler:', error) } = options;
  if (allowRequest !== undefined) assertFunction('allowRequest', allowRequest);
  assertFunction('onError', onError);
  if (!Number.isSafeInteger(maxSize) || maxSize < 1) throw new TypeError(`pagewise: \`maxSize\` must be an integer >= 1, got ${show(maxSize)}`);
  if (!allowRequest && !warnedOpen && isDevelopment()) {
    warnedOpen = true;
    console.warn(
      '[pagewise] createProxyHandler: no `allowRequest`, so anyone who reaches the proxy can list any organization ' +
        'your credentials can see. Check the session there, or pass `allowRequest: () => true` to allow it on purpose.',
    );
  }
  const basePath = options.basePath ?? '';
  if (typeof basePath !== 'string' || (basePath !== '' && !basePath.startsWith('/'))) {
    throw new TypeError(`pagewise: \`basePath\` must be a path starting with "/", got ${JSON.stringify(basePath)}`);
  }
  // Written as request URLs spell paths (percent-encoded, dot segments resolved), so `/api/pagé` still matches.
  const prefix = new URL(basePath, 'http://h').pathname.replace(/\/+$/, '');

  return async (request) => {
    const { pathname, searchParams } = new URL(request.url);
    const match = pathname.startsWith(`${prefix}/`) ? LIST_ROUTE.exec(pathname.slice(prefix.length)) : null;
    let organizationId: string | undefined;
    try {
      organizationId = match ? decodeURIComponent(match[1]!) : undefined;
    } catch {
      organizationId = undefined;
    }
    if (!match || !isUuid(organizationId)) return json(404, { error: 'not_found' });
    if (request.method !== 'GET') return json(405, { error: 'method_not_allowed' }, { Allow: 'GET' });
    const params = {
      organizationId,
      page: integer(searchParams.get('page')) as number,
      size: integer(searchParams.get('size')) as number,
      signal: request.signal,
    };
    try {
      assertListParams(params);
      if (params.size > maxSize) throw new TypeError(`pagewise: \`size\` must be at most ${maxSize}, got ${params.size}`);
    } catch (error) {
      return json(400, { error: 'bad_request', message: (error as Error).message });
    }
    const resource = match[2] as ListResource;
    if (allowRequest) {
      let allowed: boolean;
      try {
        allowed = await allowRequest(request, { organizationId, resource });
      } catch (error) {
        // A failing access check must deny, never fall through, and never leak its details to the browser.
        onError(error);
        return json(500, { error: 'internal_error' });
      }
      if (!allowed) return json(403, { error: 'forbidden' });
    }
    try {
      const { body, response } = await requestList(config, resource, params);
      const total = response.headers.get('x-total-count');
      return json(response.status, body, total === null ? {} : { 'X-Total-Count': total });
    } catch (error) {
      if (request.signal.aborted) return json(499, { error: 'client_closed_request' });
      if (isHttpError(error)) {
        const wait = error.retryAfterMs;
        try {
          return json(error.status, error.body ?? null, wait === undefined ? {} : { 'Retry-After': String(Math.ceil(wait / 1000)) });
        } catch {
          // A status a Response cannot carry (a real service may send 600): a bad gateway, like the failures below.
        }
      }
      // Any other failure, pagewise's or not (token endpoint, an `auth` that throws, network, unreadable body), is
      // answered, never thrown: a rejected handler crashes a plain Node server. Details go to onError only.
      onError(error);
      return isTimeoutError(error) ? json(504, { error: 'upstream_timeout' }) : json(502, { error: 'bad_gateway' });
    }
  };
}
