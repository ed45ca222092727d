import { assertBasePath, assertFunction, assertInteger, invalidArgument } from '../shared/assert';
import { ApiError, isHttpError, isTimeoutError, type AuthStrategy, type ListResource } from '../client/index';
import { describeForLog, errorName, listTarget, resolveConfig, type RequestConfig } from '../client/internal';
import { createRateLimitedLog, warnedInProcess, warnOncePerKey } from '../shared/log';
import { isUuid, LIST_ROUTE } from '../shared/listEndpoints';
import { assertServerOnly } from './assertServerOnly';
import { eventListener, type ProxyEvent } from '../shared/events';
import { fetchUpstream, VerbatimJson } from './upstreamBody';
import { isWireInteger, MAX_PAGE_SIZE } from '../shared/paging';
import { rewriteLinkHeader } from './rewriteLinkHeader';
import { allowedParams, checkAllowlist, ruleOf, servesResource, type ProxyAllowlist } from './proxyAllowlist';
import { forwardWrite, type ProxyRequestTarget, type WriteContext } from './proxyWrites';
import { cursorPaging, readCursor, upstreamPaging, type UpstreamPagingOptions } from './proxyCursor';
import { rewritePagingBody } from './rewritePagingBody';

/** Options of `createProxyHandler`. */
export interface ProxyHandlerOptions extends UpstreamPagingOptions {
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

/** Statuses a Response must have no body with (the constructor throws otherwise). */
const NULL_BODY_STATUSES = [204, 205, 304];

/** Headers of every answer: per-user data must not sit in shared caches, nor be sniffed into something else. */
const HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** Longest `Retry-After` passed on, in milliseconds: a longer one (or `Infinity`) is an upstream fault, dropped. */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** How long the default log stays quiet about a kind of failure after writing one. */
const LOG_INTERVAL_MS = 60_000;

/** An answer that never carries upstream headers: JSON (or JSON text passed on as is); no body for 204, 205 and 304. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = body instanceof VerbatimJson ? body.text : JSON.stringify(body);
  return new Response(NULL_BODY_STATUSES.includes(status) ? null : text, {
    status,
    headers: { ...HEADERS, ...headers },
  });
}

/** A 400 that names the parameter and never echoes what the caller sent (it would be served back as the page's JSON). */
const badRequest = (message: string) => json(400, { error: 'bad_request', message: `pagewise: ${message}` });

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
 * @example
 * // Node's http module, through the Fetch adapter of @hono/node-server (answers malformed requests 400 itself,
 * // and aborts the request's signal when the browser goes away)
 * import { createServer } from 'node:http';
 * import { getRequestListener } from '@hono/node-server';
 * createServer(getRequestListener(createProxyHandler({ baseUrl, auth, basePath: '/api/pagewise' }))).listen(3000);
 */
export function createProxyHandler(options: ProxyHandlerOptions): ProxyHandler {
  assertServerOnly('createProxyHandler', options?.dangerouslyAllowBrowser);
  const { allowRequest, maxSize = MAX_PAGE_SIZE, maxConcurrent = 128, maxBodyBytes = 2 ** 21 } = options ?? {};
  const resolved = resolveConfig(options);
  if (!resolved.auth) throw invalidArgument('auth', 'is required: the proxy adds the Authorization header');
  if (allowRequest !== undefined) assertFunction('allowRequest', allowRequest);
  if (options.onError !== undefined) assertFunction('onError', options.onError);
  assertInteger('maxSize', maxSize, 1);
  assertInteger('maxConcurrent', maxConcurrent, 1);
  assertInteger('maxBodyBytes', maxBodyBytes, 1);
  const allow = checkAllowlist(options.allow);
  const paging = upstreamPaging(options);
  const log = createRateLimitedLog((line) => console.error(line), LOG_INTERVAL_MS);
  const onError =
    options.onError ??
    ((error: unknown, { status }: { status: number }) => {
      // A browser that went away is no fault of the server's: paging fast aborts every superseded request, and
      // error lines for those would bury the real ones. `onError` still gets them, for apps that count them.
      if (status !== 499)
        log(`${status} ${errorName(error)}`, `[pagewise] createProxyHandler: ${status} ${describeForLog(error)}`);
    });
  const emit = eventListener('onEvent', options.onEvent);
  const config: RequestConfig = {
    ...resolved,
    // A redirect is answered 502, never followed: its target would get the call (a token request's secret too).
    fetch: (input, init) => resolved.fetch(input, { ...init, redirect: 'manual' }),
    // Each list call's status and time to its headers (the token request, which shares the fetch, is not one).
    emit:
      emit &&
      ((event) => {
        if (event.type === 'client-response') {
          const { resource, status, durationMs } = event;
          emit({ type: 'proxy-upstream', resource: resource!, status, durationMs });
        }
      }),
  };
  if (!allowRequest) {
    warnOncePerKey(
      warnedInProcess,
      'createProxyHandler: no allowRequest',
      () =>
        '[pagewise] createProxyHandler: no `allowRequest`, so anyone who reaches the proxy can list any organization ' +
        'your credentials can see. Check the session there, or pass `allowRequest: () => true` to allow it on purpose.',
    );
  }
  const basePath = options.basePath ?? '';
  assertBasePath('basePath', basePath);
  // Written as request URLs spell paths (percent-encoded, dot segments resolved), so `/api/pagé` still matches.
  const prefix = new URL(basePath, 'http://h').pathname.replace(/\/+$/, '');
  let inFlight = 0;
  const origins = options.origins ?? [];
  if (!Array.isArray(origins) || !origins.every((origin) => typeof origin === 'string'))
    throw invalidArgument('origins', 'must be an array of origins such as "https://app.example"');

  /** Tells onError, and answers the browser without details. */
  const fail = (status: number, error: unknown, body: unknown, headers?: Record<string, string>) => {
    onError(error, { status });
    return json(status, body, headers);
  };

  const writes: WriteContext = {
    prefix,
    allow,
    config,
    maxBodyBytes,
    origins,
    allowRequest,
    emit,
    json,
    fail,
    limit: async (run) => {
      if (inFlight >= maxConcurrent) {
        emit?.({ type: 'proxy-overloaded', maxConcurrent });
        const error = new ApiError(`${maxConcurrent} upstream calls in flight, the most \`maxConcurrent\` allows`);
        return fail(503, error, { error: 'overloaded' }, { 'Retry-After': '1' });
      }
      inFlight += 1;
      try {
        return await run();
      } finally {
        inFlight -= 1;
      }
    },
  };

  const handle = async (request: Request, seen: { resource?: ListResource }): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return badRequest('the request URL is not valid');
    }
    // `GET http://user:pass@host/…`: credentials in a request target are an attack or a mistake, never a use.
    if (url.username || url.password) return badRequest('the request URL must not hold credentials');
    if (request.method !== 'GET') return forwardWrite(writes, request, url, seen);
    const { pathname, searchParams } = url;
    const match = pathname.startsWith(`${prefix}/`) ? LIST_ROUTE.exec(pathname.slice(prefix.length)) : null;
    let organizationId: string | undefined;
    try {
      organizationId = match ? decodeURIComponent(match[1]!) : undefined;
    } catch {
      organizationId = undefined;
    }
    if (!match || !isUuid(organizationId) || !servesResource(allow, match[2]!))
      return json(404, { error: 'not_found' });
    const page = searchParams.get('page');
    const size = searchParams.get('size');
    // Where the resource pages by cursor, a cursor may stand in for `page`.
    const cursors = cursorPaging(ruleOf(allow, match[2]!));
    const cursor = readCursor(cursors, searchParams);
    if (typeof cursor === 'string') return badRequest(cursor);
    if (page === null ? !cursor : !isWireInteger(page))
      return badRequest(`\`page\` must be an integer >= 0 (zero-based)${cursors ? ', or a cursor given' : ''}`);
    if (size === null || !isWireInteger(size) || +size < 1 || +size > maxSize) {
      return badRequest(`\`size\` must be an integer from 1 to ${maxSize}`);
    }
    const resource = (seen.resource = match[2] as ListResource);
    const extra = allowedParams(allow, resource, searchParams);
    if (typeof extra === 'string') return badRequest(extra);
    if (allowRequest) {
      let allowed: boolean;
      try {
        allowed = await allowRequest(request, { organizationId, resource, method: 'GET' });
      } catch (error) {
        // A failing access check must deny, never fall through, and never leak its details to the browser.
        return fail(500, error, { error: 'internal_error' });
      }
      if (!allowed) return json(403, { error: 'forbidden' });
    }
    if (inFlight >= maxConcurrent) {
      emit?.({ type: 'proxy-overloaded', maxConcurrent });
      const error = new ApiError(`${maxConcurrent} upstream calls in flight, the most \`maxConcurrent\` allows`);
      return fail(503, error, { error: 'overloaded' }, { 'Retry-After': '1' });
    }
    inFlight += 1;
    try {
      // Built from the proxy's own base, the organization and the resource alone: a cursor is a parameter's value.
      const wire = paging(+(page ?? 0), +size, cursor);
      const target = listTarget(
        config.baseUrl,
        resource,
        { organizationId, page: +(page ?? 0), size: +size },
        extra,
        wire,
      );
      const { body, response } = await fetchUpstream(config, target, request.signal, maxBodyBytes, () =>
        emit?.({ type: 'proxy-body-too-large', maxBodyBytes }),
      );
      const headers: Record<string, string> = {};
      const total = response.headers.get('x-total-count');
      // Passed on only as a count: an echoing service could put anything there, a token included.
      if (total !== null && isWireInteger(total)) headers['X-Total-Count'] = String(+total);
      // Paging links (APIs without a total, cursor pages), rewritten to this proxy's own path.
      const links = {
        upstreamUrl: target.url,
        path: `${prefix}/${organizationId}/${resource}`,
        size: +size,
        maxSize,
        allow,
        resource,
      };
      const link = rewriteLinkHeader(response.headers.get('link'), links);
      if (link) headers.Link = link;
      return json(response.status, cursors && body ? rewritePagingBody(body, links) : body, headers);
    } catch (error) {
      if (request.signal.aborted) {
        emit?.({ type: 'proxy-client-gone' });
        return fail(499, request.signal.reason ?? error, { error: 'client_closed_request' });
      }
      const { status } = error as { status: number };
      // A redirect is not the service's answer (and fetch did not follow it); nor is a status a Response cannot carry.
      if (isHttpError(error) && (status < 300 || status >= 400 || status === 304) && status <= 599) {
        const wait = error.retryAfterMs;
        return json(
          status,
          error.body ?? null,
          wait! <= MAX_RETRY_AFTER_MS ? { 'Retry-After': String(Math.ceil(wait! / 1000)) } : {},
        );
      }
      // Any other failure, pagewise's or not (token endpoint, an `auth` that throws, network, unreadable or too large
      // body, redirect), is answered, never thrown: a rejected handler crashes a plain Node server.
      return isTimeoutError(error)
        ? fail(504, error, { error: 'upstream_timeout' })
        : fail(502, error, { error: 'bad_gateway' });
    } finally {
      inFlight -= 1;
    }
  };

  if (!emit) return (request) => handle(request, {});
  return async (request) => {
    const started = performance.now();
    const seen: { resource?: ListResource } = {};
    emit({ type: 'proxy-request', method: request.method });
    const response = await handle(request, seen);
    emit({
      type: 'proxy-response',
      method: request.method,
      status: response.status,
      durationMs: performance.now() - started,
      resource: seen.resource,
    });
    return response;
  };
}
