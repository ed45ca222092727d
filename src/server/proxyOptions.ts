import type { AuthStrategy, ParsePage, SerializeSort } from '../client/index';
import type { ProxyEvent } from '../shared/events';
import type { ProxyAllowlist } from './proxyAllowlist';
import type { ProxyRequestTarget } from './proxyWrites';
import type { UpstreamPagingOptions } from './proxyCursor';

/**
 * Options of `createProxyHandler` and `createProxyListener`: one proxy, two ways to mount it. A client preset spreads
 * in (`{ ...presets.djangoRest.pageNumber, baseUrl, auth }`): its route, paging and sort are how the proxy calls the
 * service; what the proxy has no use for (`parsePage`) is accepted and left to the browser's client.
 */
export interface ProxyHandlerOptions extends UpstreamPagingOptions {
  /** The service's absolute base URL. */
  baseUrl: string;
  /**
   * Where the service's lists live below `baseUrl`, as `createApiClient`'s `route`: `{organizationId}` and
   * `{resource}` placeholders, a trailing slash kept, e.g. `'/{resource}/'` or `'/{resource}?org={organizationId}'`.
   * The browser still calls `{basePath}/{organizationId}/{resource}`; the organization goes where the route puts it,
   * from the browser's path only (a query parameter of the route's is never the browser's). A row is the list's path
   * and its id. A route without the organization takes any name of URL-safe characters there, not only a UUID.
   * @default '/{organizationId}/{resource}'
   */
  route?: string;
  /** A route per resource, over `route`, e.g. `{ users: '/accounts/people/' }`. @default {} */
  routes?: Readonly<Record<string, string>>;
  /**
   * Writes the sort the browser sent (`sort=<field>,asc|desc`, checked against `allow`) the service's way, e.g.
   * `ordering=-name`. @default the browser's `sort` parameters as they came
   */
  serializeSort?: SerializeSort;
  /**
   * Accepted so a client preset spreads in, and not used: the proxy passes the service's body on as it came, and the
   * browser's client reads it (`createApiClient({ baseUrl: '/api/pagewise', parsePage })`). @default undefined
   */
  parsePage?: ParsePage;
  /**
   * Accepted so a client preset spreads in, and not used: the service's refusal of a page past the last passes on as
   * it came, and the browser's client reads it (`createApiClient({ baseUrl: '/api/pagewise', parsePage, pastEndStatus })`).
   * @default undefined
   */
  pastEndStatus?: number;
  /**
   * Fixed, non-secret headers sent to the service on every call, as `createApiClient`'s (a preset's, e.g. PostgREST's
   * `Prefer: count=exact`); never Authorization, Cookie, a connection header or one pagewise sets. @default {}
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * The header that carries the organization to the service (from the browser's path), e.g. `'X-Organization-Id'`,
   * with a route that leaves `{organizationId}` out. @default none
   */
  organizationHeader?: string;
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
