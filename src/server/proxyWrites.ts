// The proxy's writes: forwarded only where the deployment's `allow` names the method, only from the app's own pages,
// only as JSON of bounded size, and with nothing of the browser's (cookies, Authorization) passed on.
import { ApiError, isHttpError, isTimeoutError, type ListResource } from '../client/index';
import type { RequestConfig } from '../client/internal';
import {
  fillListRoute,
  fillRowRoute,
  isOrganizationOf,
  LIST_ROUTE,
  ROW_ID,
  ROW_ROUTE,
  WRITE_METHODS,
  type WriteMethod,
} from '../shared/listEndpoints';
import type { ProxyEvent } from '../shared/events';
import { organizationUrlOf, readAtMost } from '../client/internal';
import { fetchUpstream, type VerbatimJson } from './upstreamBody';
import { servesResource, writeMethods, type ProxyAllowlist } from './proxyAllowlist';

/** What the proxy answers, before any HTTP object: a status, JSON text (null for 204, 205 and 304) and headers. */
export interface ProxyAnswer {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/** What `allowRequest` is told of a request. */
export interface ProxyRequestTarget {
  /** The organization in the path. */
  organizationId: string;
  /** The list in the path. */
  resource: ListResource;
  /** `GET` for a list; `POST`, `PUT`, `PATCH` or `DELETE` for a write. */
  method: string;
  /** The row in the path (`PUT`, `PATCH` and `DELETE`). */
  id?: string;
}

/** What the handler lends its write forwarding: its settings and the ways it answers. */
export interface WriteContext {
  prefix: string;
  /** Each resource's route at the upstream; a row is its list's path and the id. */
  routeOf: (resource: string) => string;
  allow: ProxyAllowlist;
  config: RequestConfig;
  maxBodyBytes: number;
  /** Origins besides the request's own that writes may come from. */
  origins: readonly string[];
  allowRequest: ((request: Request, target: ProxyRequestTarget) => boolean | Promise<boolean>) | undefined;
  emit: ((event: ProxyEvent) => void) | undefined;
  json: (status: number, body: unknown, headers?: Record<string, string>) => ProxyAnswer;
  fail: (status: number, error: unknown, body: unknown, headers?: Record<string, string>) => ProxyAnswer;
  /** Runs an upstream call within `maxConcurrent`, or answers 503. */
  limit: (run: () => Promise<ProxyAnswer>) => Promise<ProxyAnswer>;
}

/** A JSON media type: `application/json` or `application/<x>+json`, parameters allowed. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** A header value a write may pass on as it came (`Content-Type`, `Idempotency-Key`, `If-Match`): visible ASCII, bounded. */
const PASSABLE = /^[\x20-\x7e]{1,255}$/;

/**
 * Whether the browser says the request comes from a page of the app: `Sec-Fetch-Site: same-origin` when it sends one,
 * and an `Origin` of this request's origin (or one of `origins`) when it sends one; at least one of them present.
 * A form or a page of another site cannot forge either, so this is the proxy's CSRF defence beside JSON-only bodies
 * (which a cross-site form cannot send, and `fetch` only after a CORS preflight the proxy never answers).
 */
export function fromOwnOrigin(request: Request, url: URL, origins: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  if (origin !== null) return origin === url.origin || origins.includes(origin);
  return site === 'same-origin';
}

/** Where a write goes, from its path, or undefined when no list or row of a served resource is there. */
function targetOf(pathname: string, { prefix, allow, routeOf }: WriteContext) {
  if (!pathname.startsWith(`${prefix}/`)) return undefined;
  const below = pathname.slice(prefix.length);
  const match = LIST_ROUTE.exec(below) ?? ROW_ROUTE.exec(below);
  let organizationId: string | undefined;
  try {
    organizationId = match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
  if (!match || !isOrganizationOf(routeOf(match[2]!), organizationId) || !servesResource(allow, match[2]!))
    return undefined;
  return { organizationId, resource: match[2] as ListResource, id: match[3] as string | undefined };
}

/** `Location` of a created row as the browser must follow it: this proxy's path to the row, or nothing. */
function proxiedLocation(location: string | null, target: string, proxied: string): string | undefined {
  if (!location) return undefined;
  try {
    const list = new URL(target);
    const at = new URL(location, list);
    // Below the list's path, a trailing slash after the id where the list has one (`/users/` → `/users/42/`).
    const slash = list.pathname.endsWith('/');
    const below = slash ? list.pathname : `${list.pathname}/`;
    const rest =
      at.origin === list.origin && !at.search && at.pathname.startsWith(below) && at.pathname.slice(below.length);
    const id = rest && slash ? rest.replace(/\/$/, '') : rest;
    return id && ROW_ID.test(id) ? `${proxied}/${id}` : undefined;
  } catch {
    return undefined;
  }
}

/** What a write sends on: its JSON text (none for a `DELETE`) and the headers passed on. */
interface WriteBody {
  text: string | undefined;
  headers: Record<string, string>;
}

/** Reads a write's body and headers: a 415, 413 or 400 answer when they are unfit to pass on, else what is sent. */
async function readWrite(
  { json, maxBodyBytes }: WriteContext,
  request: Request,
  method: WriteMethod,
): Promise<ProxyAnswer | WriteBody> {
  const type = request.headers.get('content-type');
  if (method !== 'DELETE' && !JSON_TYPE.test(type ?? '')) return json(403, { error: 'json_required' });
  const text = await readAtMost(request, maxBodyBytes).catch(() => null);
  if (text === undefined) return json(413, { error: 'payload_too_large' });
  const bad = (message: string) => json(400, { error: 'bad_request', message: `pagewise: ${message}` });
  if (text === null) return bad('the request body could not be read');
  if (method === 'DELETE') {
    if (text !== '') return bad('a DELETE takes no body');
  } else {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null) return bad('the body must be a JSON object or array');
  }
  // The JSON media type goes on as sent: a merge patch and a JSON Patch mean different things to the service.
  const headers: Record<string, string> = {};
  for (const name of [...(method === 'DELETE' ? [] : ['Content-Type']), 'Idempotency-Key', 'If-Match']) {
    const value = request.headers.get(name);
    if (value === null) continue;
    if (!PASSABLE.test(value)) return bad(`\`${name}\` is malformed`);
    headers[name] = value;
  }
  return { text: method === 'DELETE' ? undefined : text, headers };
}

/** `allowRequest`'s verdict on a write: a 403 or 500 answer when it refuses or fails, undefined when it may go on. */
async function authorizeWrite(
  context: WriteContext,
  request: Request,
  target: ProxyRequestTarget,
): Promise<ProxyAnswer | undefined> {
  if (!context.allowRequest) return undefined;
  try {
    if (await context.allowRequest(request, target)) return undefined;
  } catch (error) {
    return context.fail(500, error, { error: 'internal_error' });
  }
  return context.json(403, { error: 'forbidden' });
}

/** Sends a checked write to the service within `maxConcurrent`, and answers with what it said. */
function sendWrite(
  context: WriteContext,
  request: Request,
  { organizationId, resource, id, method }: ProxyRequestTarget,
  { text, headers }: WriteBody,
): Promise<ProxyAnswer> {
  const { json, prefix, config, maxBodyBytes } = context;
  return context.limit(async () => {
    const route = context.routeOf(resource);
    const at =
      id === undefined
        ? fillListRoute(route, organizationId, resource)
        : fillRowRoute(route, organizationId, resource, id);
    // As a list call's: the 401 rule drops a token per organization URL, the service's when nothing carries one.
    const organizationUrl = organizationUrlOf(config.baseUrl, at, organizationId, config.organizationHeader);
    const query = at.query.length ? `?${new URLSearchParams(at.query)}` : '';
    const url = `${config.baseUrl}${at.path}${query}`;
    const sent = { url, organizationUrl, organizationId, resource, method, headers };
    const target = text === undefined ? sent : { ...sent, body: text };
    try {
      const { body, response } = await fetchUpstream(config, target, request.signal, maxBodyBytes, () =>
        context.emit?.({ type: 'proxy-body-too-large', maxBodyBytes }),
      );
      if (body === null) return json(204, null);
      const proxied = `${prefix}/${organizationId}/${resource}`;
      const location = proxiedLocation(
        response.headers.get('location'),
        `${config.baseUrl}${fillListRoute(route, organizationId, resource).path}`,
        proxied,
      );
      return json(response.status, body, location ? { Location: location } : {});
    } catch (error) {
      return upstreamFailure(context, request, error);
    }
  });
}

/**
 * Answers a request that is not a `GET`: 404 where no list or row is, 405 (with `Allow`) for a method `allow` does not
 * name for the resource, 403 unless it comes from the app's own origin or for a body that is not declared JSON, 413
 * above `maxBodyBytes`, 400 for a body that is not a JSON object or array (or any body on a `DELETE`), 403 when
 * `allowRequest` refuses; then forwards the method, the JSON and only its `Content-Type` (a JSON media type as sent:
 * `application/merge-patch+json` stays one), `Idempotency-Key` and `If-Match`, with the server's Authorization. The
 * service's status and JSON answer are passed on (an empty success as 204), failures answered as the list calls' are.
 */
export async function forwardWrite(
  context: WriteContext,
  incoming: { method: string; request(): Request },
  url: URL,
  seen: { resource?: ListResource },
): Promise<ProxyAnswer> {
  const { json, allow } = context;
  const route = targetOf(url.pathname, context);
  if (!route) return json(404, { error: 'not_found' });
  const { organizationId, resource, id } = route;
  const allowed: readonly string[] = [
    ...(id === undefined ? ['GET'] : []),
    ...writeMethods(allow, resource).filter((method) => (method === 'POST') === (id === undefined)),
  ];
  const method = incoming.method as WriteMethod;
  if (!allowed.includes(method) || !WRITE_METHODS.includes(method))
    return json(405, { error: 'method_not_allowed' }, { Allow: allowed.join(', ') });
  // Made only for a method that may be forwarded: Fetch refuses to make a Request of some (TRACE, CONNECT).
  const request = incoming.request();
  seen.resource = resource;
  if (!fromOwnOrigin(request, url, context.origins)) return json(403, { error: 'cross_origin_write' });
  const body = await readWrite(context, request, method);
  if ('status' in body) return body;
  const target = { organizationId, resource, method, ...(id === undefined ? {} : { id }) };
  return (await authorizeWrite(context, request, target)) ?? sendWrite(context, request, target, body);
}

/** The answer to a failed upstream write: the service's own error passed on, anything else without details. */
function upstreamFailure({ json, fail, emit }: WriteContext, request: Request, error: unknown): ProxyAnswer {
  if (request.signal.aborted) {
    emit?.({ type: 'proxy-client-gone' });
    return fail(499, request.signal.reason ?? error, { error: 'client_closed_request' });
  }
  const { status } = error as { status: number };
  if (isHttpError(error) && (status < 300 || status >= 400 || status === 304) && status <= 599)
    return json(status, (error.body as VerbatimJson | undefined) ?? null);
  return isTimeoutError(error)
    ? fail(504, error, { error: 'upstream_timeout' })
    : fail(502, error instanceof Error ? error : new ApiError('upstream write failed'), { error: 'bad_gateway' });
}
