import { assertBasePath, assertFunction, assertInteger, invalidArgument } from '../shared/assert';
import { ApiError, isHttpError, isTimeoutError, type ListResource, type SerializeSort } from '../client/index';
import {
  describeForLog,
  errorName,
  listTarget,
  requestHeaders,
  resolveConfig,
  type RequestConfig,
} from '../client/internal';
import { createRateLimitedLog, warnedInProcess, warnOncePerKey } from '../shared/log';
import { fillListRoute, isOrganizationOf, LIST_ROUTE, listRoutes } from '../shared/listEndpoints';
import { assertServerOnly } from './assertServerOnly';
import { eventListener, type ProxyEvent } from '../shared/events';
import { fetchUpstream, VerbatimJson } from './upstreamBody';
import { isWireInteger, MAX_PAGE_SIZE } from '../shared/paging';
import { rewriteLinkHeader, type PagingLinkContext } from './rewriteLinkHeader';
import { allowedParams, checkAllowlist, ruleOf, servesResource, type ProxyAllowlist } from './proxyAllowlist';
import type { ProxyHandlerOptions } from './proxyOptions';
import { forwardWrite, type ProxyAnswer, type WriteContext } from './proxyWrites';
import { cursorPaging, readCursor, upstreamPageOf, upstreamPaging, type CursorParam } from './proxyCursor';
import { rewritePagingBody } from './rewritePagingBody';

// The proxy's work as steps that know no server: parse → authorize → forward → answer. The Fetch handler and the
// Node listener each only translate their request into a `ProxyIncoming` and write the `ProxyAnswer` back, so both
// entry points check and answer exactly alike.

export type { ProxyAnswer };

/** A request as the steps read it, whichever server delivered it. */
export interface ProxyIncoming {
  method: string;
  /** The request target as an absolute URL; undefined when the server could not make one of it. */
  url: string | undefined;
  /** Aborted when the browser goes away. */
  signal: AbortSignal;
  /** The request as a Fetch `Request`, for `allowRequest` and a write's body: made only when it is asked for. */
  request(): Request;
}

/** A list request that passed the route and parameter checks. */
interface ProxyTarget {
  organizationId: string;
  resource: ListResource;
  page: number;
  size: number;
  extra: Array<[string, string]>;
  /** The cursor standing in for `page`, where the resource pages by cursor. */
  cursor: CursorParam | undefined;
  /** Whether the resource pages by cursor (its next-page links in the body are then rewritten). */
  byCursor: boolean;
}

/** Statuses a Response must have no body with (the constructor throws otherwise). */
export const NULL_BODY_STATUSES = [204, 205, 304];

/** Headers of every answer: per-user data must not sit in shared caches, nor be sniffed into something else. */
const HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** Where back-ends write a list's total, in the order the proxy reads them. */
const TOTAL_HEADERS = ['x-total-count', 'total-count', 'total'];
/** A `Content-Range` of items as PostgREST writes it: a range or `*`, a count or `*`, integers of at most 15 digits. */
const CONTENT_RANGE = /^(?:\d{1,15}-\d{1,15}|\*)\/(?:\d{1,15}|\*)$/;

/** Longest `Retry-After` passed on, in milliseconds: a longer one (or `Infinity`) is an upstream fault, dropped. */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** How long the default log stays quiet about a kind of failure after writing one. */
const LOG_INTERVAL_MS = 60_000;

/** An answer that never carries upstream headers: JSON (or JSON text passed on as is); no body for 204, 205 and 304. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): ProxyAnswer {
  const text = body instanceof VerbatimJson ? body.text : JSON.stringify(body);
  return { status, body: NULL_BODY_STATUSES.includes(status) ? null : text, headers: { ...HEADERS, ...headers } };
}

/** A 400 that names the parameter and never echoes what the caller sent (it would be served back as the page's JSON). */
const badRequest = (message: string) => answer(400, { error: 'bad_request', message: `pagewise: ${message}` });

/** The options checked once, and what the steps share between requests. */
interface ProxySettings {
  config: RequestConfig;
  prefix: string;
  maxSize: number;
  maxConcurrent: number;
  maxBodyBytes: number;
  allow: ProxyAllowlist;
  allowRequest: ProxyHandlerOptions['allowRequest'];
  onError: (error: unknown, context: { status: number }) => void;
  emit: ((event: ProxyEvent) => void) | undefined;
  inFlight: number;
  /** The upstream's paging parameters for a page or a cursor. */
  paging: ReturnType<typeof upstreamPaging>;
  /** The wire page of an upstream link, where `serializePage` writes pages the upstream's way. */
  pageOf: ReturnType<typeof upstreamPageOf>;
  /** Each resource's route at the upstream. */
  routeOf: (resource: string) => string;
  /** The upstream's sort, where it is not the browser's `sort=<field>,asc|desc`. */
  serializeSort: SerializeSort | undefined;
  /** Whether the upstream is called at a route, sort or paging of its own (its links are then mapped back). */
  translated: boolean;
  /** What write forwarding borrows of these settings. */
  writes: WriteContext;
}

/** Tells onError, and answers the browser without details. */
function fail(
  settings: ProxySettings,
  status: number,
  error: unknown,
  body: unknown,
  headers?: Record<string, string>,
) {
  settings.onError(error, { status });
  return answer(status, body, headers);
}

/**
 * Step 1: the route and parameters, answered 400, 404 or 405 here, or the list call they ask for (a write: its URL,
 * for `forwardWrite`); `seen.resource` is set once the route matched.
 */
function parse(
  settings: ProxySettings,
  method: string,
  href: string | undefined,
  seen: { resource?: ListResource },
): ProxyTarget | ProxyAnswer | { write: URL } {
  const { prefix, maxSize, allow } = settings;
  let url: URL;
  try {
    url = new URL(href!);
  } catch {
    return badRequest('the request URL is not valid');
  }
  // `GET http://user:pass@host/…`: credentials in a request target are an attack or a mistake, never a use.
  if (url.username || url.password) return badRequest('the request URL must not hold credentials');
  if (method !== 'GET') return { write: url };
  const { pathname, searchParams } = url;
  const match = pathname.startsWith(`${prefix}/`) ? LIST_ROUTE.exec(pathname.slice(prefix.length)) : null;
  let organizationId: string | undefined;
  try {
    organizationId = match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    organizationId = undefined;
  }
  if (!match || !isOrganizationOf(settings.routeOf(match[2]!), organizationId) || !servesResource(allow, match[2]!))
    return answer(404, { error: 'not_found' });
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
  return { organizationId, resource, page: +(page ?? 0), size: +size, extra, cursor, byCursor: !!cursors };
}

/** Step 2: `allowRequest`'s verdict, a 403 or 500 when it refuses or fails; undefined when the call may go on. */
async function authorize(
  settings: ProxySettings,
  incoming: ProxyIncoming,
  { organizationId, resource }: ProxyTarget,
): Promise<ProxyAnswer | undefined> {
  let allowed: boolean;
  try {
    allowed = await settings.allowRequest!(incoming.request(), { organizationId, resource, method: 'GET' });
  } catch (error) {
    // A failing access check must deny, never fall through, and never leak its details to the browser.
    return fail(settings, 500, error, { error: 'internal_error' });
  }
  return allowed ? undefined : answer(403, { error: 'forbidden' });
}

/** Runs an upstream call within `maxConcurrent`, or answers 503 with `Retry-After: 1` without making it. */
async function withinLimit(settings: ProxySettings, run: () => Promise<ProxyAnswer>): Promise<ProxyAnswer> {
  const { emit, maxConcurrent } = settings;
  if (settings.inFlight >= maxConcurrent) {
    emit?.({ type: 'proxy-overloaded', maxConcurrent });
    const error = new ApiError(`${maxConcurrent} upstream calls in flight, the most \`maxConcurrent\` allows`);
    return fail(settings, 503, error, { error: 'overloaded' }, { 'Retry-After': '1' });
  }
  settings.inFlight += 1;
  try {
    return await run();
  } finally {
    settings.inFlight -= 1;
  }
}

/** What an upstream call's failure becomes for the browser: the service's own error, or a status without details. */
function upstreamFailure(settings: ProxySettings, signal: AbortSignal, error: unknown): ProxyAnswer {
  if (signal.aborted) {
    settings.emit?.({ type: 'proxy-client-gone' });
    return fail(settings, 499, signal.reason ?? error, { error: 'client_closed_request' });
  }
  const { status } = error as { status: number };
  // A redirect is not the service's answer (and fetch did not follow it); nor is a status a Response cannot carry.
  if (isHttpError(error) && (status < 300 || status >= 400 || status === 304) && status <= 599) {
    const wait = error.retryAfterMs;
    return answer(
      status,
      error.body ?? null,
      wait! <= MAX_RETRY_AFTER_MS ? { 'Retry-After': String(Math.ceil(wait! / 1000)) } : {},
    );
  }
  // Any other failure, pagewise's or not (token endpoint, an `auth` that throws, network, unreadable or too large
  // body, redirect), is answered, never thrown: a rejected handler crashes a plain Node server.
  return isTimeoutError(error)
    ? fail(settings, 504, error, { error: 'upstream_timeout' })
    : fail(settings, 502, error, { error: 'bad_gateway' });
}

/**
 * The sort and filters as the upstream reads them: the browser's `sort=<field>,asc|desc` written by `serializeSort`,
 * and nothing named as one of the route's own query parameters (`?org=`: the organization comes from the path only).
 */
function upstreamExtra(
  settings: ProxySettings,
  route: string,
  extra: Array<[string, string]>,
): Array<[string, string]> {
  const own = new Set(fillListRoute(route, '', '').query.map(([name]) => name));
  const { serializeSort } = settings;
  if (!serializeSort) return extra.filter(([name]) => !own.has(name));
  const sort = extra
    .filter(([name]) => name === 'sort')
    .map(([, value]) => ({ id: value.slice(0, value.lastIndexOf(',')), desc: value.endsWith(',desc') }));
  const rest = extra.filter(([name]) => name !== 'sort');
  return [...(serializeSort(sort) as Array<[string, string]>), ...rest].filter(([name]) => !own.has(name));
}

/** Step 3: the upstream call, and its answer for the browser: status, JSON, a valid total and paging links. */
async function forward(settings: ProxySettings, signal: AbortSignal, target: ProxyTarget): Promise<ProxyAnswer> {
  const { config, emit, maxBodyBytes, maxSize, prefix, translated } = settings;
  const { organizationId, resource, page, size, extra, cursor, byCursor } = target;
  try {
    // Built from the proxy's own base, the organization and the resource alone: a cursor is a parameter's value.
    const wire = settings.paging(page, size, cursor);
    const route = settings.routeOf(resource);
    const sent = upstreamExtra(settings, route, extra);
    const list = listTarget(
      config.baseUrl,
      resource,
      { organizationId, page, size },
      sent,
      wire,
      route,
      config.organizationHeader,
    );
    const { body, response } = await fetchUpstream(config, list, signal, maxBodyBytes, () =>
      emit?.({ type: 'proxy-body-too-large', maxBodyBytes }),
    );
    const headers: Record<string, string> = {};
    // The total where json-server (`X-Total-Count`), Pagy (`Total-Count`) and Kaminari (`Total`) write it, as the one
    // header the browser's client reads. Passed on only as a count: an echoing service could put anything there, a
    // token included.
    const total = TOTAL_HEADERS.map((name) => response.headers.get(name)).find((value) => value !== null);
    if (total != null && isWireInteger(total)) headers['X-Total-Count'] = String(+total);
    // PostgREST's rows and count (`0-9/45`, `*/45`, `0-9/*`), for its preset's parsePage in the browser; only in that
    // shape, for the same reason.
    const range = response.headers.get('content-range');
    if (range !== null && CONTENT_RANGE.test(range)) headers['Content-Range'] = range;
    // Paging links (APIs without a total, cursor pages), rewritten to this proxy's own path.
    const path = `${prefix}/${organizationId}/${resource}`;
    const { allow, pageOf } = settings;
    const links: PagingLinkContext = { upstreamUrl: list.url, path, size, maxSize, allow, resource, pageOf };
    // Links at the upstream's own route and numbers are mapped back; the browser's sort and filters go with them.
    if (translated) links.upstream = { baseUrl: config.baseUrl, route, organizationId, keep: extra };
    const link = rewriteLinkHeader(response.headers.get('link'), links);
    if (link) headers.Link = link;
    const rewrite = (byCursor || translated) && body;
    return answer(response.status, rewrite ? rewritePagingBody(body, links) : body, headers);
  } catch (error) {
    return upstreamFailure(settings, signal, error);
  }
}

/** The steps in order for one request; `seen.resource` is set once the route matched. */
async function handle(
  settings: ProxySettings,
  incoming: ProxyIncoming,
  seen: { resource?: ListResource },
): Promise<ProxyAnswer> {
  const target = parse(settings, incoming.method, incoming.url, seen);
  if ('write' in target) return forwardWrite(settings.writes, incoming, target.write, seen);
  if ('status' in target) return target;
  const refused = settings.allowRequest ? await authorize(settings, incoming, target) : undefined;
  return refused ?? withinLimit(settings, () => forward(settings, incoming.signal, target));
}

/** The default `onError`: one line per kind of failure and minute, none for a browser that went away. */
function logFailures(name: string): ProxySettings['onError'] {
  const log = createRateLimitedLog((line) => console.error(line), LOG_INTERVAL_MS);
  return (error, { status }) => {
    // A browser that went away is no fault of the server's: paging fast aborts every superseded request, and
    // error lines for those would bury the real ones. `onError` still gets them, for apps that count them.
    if (status !== 499) log(`${status} ${errorName(error)}`, `[pagewise] ${name}: ${status} ${describeForLog(error)}`);
  };
}

/** How the proxy calls the service: never following a redirect, and telling `emit` each list call's answer. */
function upstreamConfig(
  options: ProxyHandlerOptions,
  emit: ProxySettings['emit'],
  defaultFetch: typeof globalThis.fetch | undefined,
): RequestConfig {
  const resolved = resolveConfig(options);
  if (!resolved.auth) throw invalidArgument('auth', 'is required: the proxy adds the Authorization header');
  return {
    ...resolved,
    ...requestHeaders(options),
    // A redirect is answered 502, never followed: its target would get the call (a token request's secret too).
    fetch:
      options.fetch === undefined && defaultFetch
        ? defaultFetch
        : (input, init) => resolved.fetch(input, { ...init, redirect: 'manual' }),
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
}

/** Warns once outside production that a proxy without `allowRequest` lists any organization for anyone. */
function warnWithoutAllowRequest(name: string): void {
  warnOncePerKey(
    warnedInProcess,
    `${name}: no allowRequest`,
    () =>
      `[pagewise] ${name}: no \`allowRequest\`, so anyone who reaches the proxy can list any organization ` +
      'your credentials can see. Check the session there, or pass `allowRequest: () => true` to allow it on purpose.',
  );
}

/** The options checked, each bad one an argument error naming it, and made into the steps' settings. */
function readSettings(
  options: ProxyHandlerOptions,
  name: string,
  defaultFetch: typeof globalThis.fetch | undefined,
): ProxySettings {
  const { allowRequest, maxSize = MAX_PAGE_SIZE, maxConcurrent = 128, maxBodyBytes = 2 ** 21 } = options ?? {};
  const emit = eventListener('onEvent', options?.onEvent);
  const config = upstreamConfig(options, emit, defaultFetch);
  if (allowRequest !== undefined) assertFunction('allowRequest', allowRequest);
  if (options.onError !== undefined) assertFunction('onError', options.onError);
  assertInteger('maxSize', maxSize, 1);
  assertInteger('maxConcurrent', maxConcurrent, 1);
  assertInteger('maxBodyBytes', maxBodyBytes, 1);
  const allow = checkAllowlist(options.allow);
  const basePath = options.basePath ?? '';
  assertBasePath('basePath', basePath);
  const origins = options.origins ?? [];
  if (!Array.isArray(origins) || !origins.every((origin) => typeof origin === 'string'))
    throw invalidArgument('origins', 'must be an array of origins such as "https://app.example"');
  // Written as request URLs spell paths (percent-encoded, dot segments resolved), so `/api/pagé` still matches.
  const prefix = new URL(basePath, 'http://h').pathname.replace(/\/+$/, '');
  const onError = options.onError ?? logFailures(name);
  const routeOf = listRoutes(options.route, options.routes);
  if (options.serializeSort !== undefined) assertFunction('serializeSort', options.serializeSort);
  const translated = [options.route, options.routes, options.serializeSort, options.serializePage].some(
    (option) => option !== undefined,
  );
  if (!allowRequest) warnWithoutAllowRequest(name);
  const settings: ProxySettings = {
    config,
    prefix,
    maxSize,
    maxConcurrent,
    maxBodyBytes,
    allow,
    allowRequest,
    onError,
    emit,
    inFlight: 0,
    paging: upstreamPaging(options),
    pageOf: upstreamPageOf(options),
    routeOf,
    serializeSort: options.serializeSort,
    translated,
    writes: {
      prefix,
      routeOf,
      allow,
      config,
      maxBodyBytes,
      origins,
      allowRequest,
      emit,
      json: answer,
      fail: (...args) => fail(settings, ...args),
      limit: (run) => withinLimit(settings, run),
    },
  };
  return settings;
}

/**
 * The options checked (an argument error naming the bad one) and the steps bound to them: a function from a request,
 * as either entry point delivers it, to the answer. It rejects only if `onError` throws. `defaultFetch` calls the
 * service unless `options.fetch` is given (the Node listener's own; `fetch` otherwise).
 */
export function createProxySteps(
  options: ProxyHandlerOptions,
  name: string,
  defaultFetch?: typeof globalThis.fetch,
): (incoming: ProxyIncoming) => Promise<ProxyAnswer> {
  assertServerOnly(name, options?.dangerouslyAllowBrowser);
  const settings = readSettings(options, name, defaultFetch);
  const { emit } = settings;
  if (!emit) return (incoming) => handle(settings, incoming, {});
  return async (incoming) => {
    const started = performance.now();
    const seen: { resource?: ListResource } = {};
    emit({ type: 'proxy-request', method: incoming.method });
    const result = await handle(settings, incoming, seen);
    const { method } = incoming;
    const durationMs = performance.now() - started;
    emit({ type: 'proxy-response', method, status: result.status, durationMs, resource: seen.resource });
    return result;
  };
}
