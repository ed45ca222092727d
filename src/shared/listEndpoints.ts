/**
 * The service's list endpoints as the wire spells them, shared by the client that calls them, the proxy that
 * forwards them, the mock that serves them and the telemetry that names them.
 */
import { invalidArgument } from './assert';

/** The problem an argument error states for a resource name that is not one, as a value and as a key. */
export const MUST_BE_PATH_SEGMENT = 'must be a path segment';
export const MUST_BE_KEYED_BY_PATH_SEGMENTS = 'must be keyed by path segments';

/**
 * A row id as a write's path carries it: 1 to 200 of RFC 3986's unreserved and sub-delimiter characters (a UUID, a
 * slug, `a:b`), never `.` or `..` alone. Nothing in it is percent-encoded, so no server decodes it into a `/`, a dot
 * segment or a second id, and it reads the same to every hop (the proxy, the service, a log).
 */
export const ROW_ID = /^(?!\.\.?$)[\w.~!$&'()*+,;=:@-]{1,200}$/;

/** The methods a write may use: create (`POST` on the list), replace, change and delete (on a row). */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of `WRITE_METHODS`. */
export type WriteMethod = (typeof WRITE_METHODS)[number];

/** A resource name, one path segment: a letter, then letters, digits, - or _. The one place the pattern is written. */
export const RESOURCE_NAME = /^[A-Za-z][\w-]*$/;

/** A query parameter's name as pagewise writes one (a cursor's, a page's): letters, digits, `-`, `_`, `.`, `[`, `]`. */
export const QUERY_NAME = /^[A-Za-z_][\w.[\]-]{0,63}$/;
export const MUST_BE_QUERY_NAME = 'must be a query parameter name';

/**
 * `/{organizationId}/{resource}` at the end of a path (`^`: and at its start), a trailing slash allowed; the resource
 * as `RESOURCE_NAME` has it, without its anchors. Built in calls marked pure, so bundlers drop the patterns an entry
 * does not use.
 */
const listPath = (start: '' | '^') => new RegExp(`${start}/([^/]+)/(${RESOURCE_NAME.source.slice(1, -1)})/?$`);

/** The end of a list call's path: `/{organizationId}/{resource}`. */
export const LIST_PATH = /* @__PURE__ */ listPath('');

/** A list endpoint's path below the base address: `/{organizationId}/{resource}` and nothing before it. */
export const LIST_ROUTE = /* @__PURE__ */ listPath('^');

/**
 * A row's path segment below a list, `/{organizationId}/{resource}/{id}` (`^`: and nothing before it): the id as
 * `ROW_ID` has it. Built in calls marked pure, like `listPath`.
 */
const rowPath = (start: '' | '^') =>
  new RegExp(`${start}/([^/]+)/(${RESOURCE_NAME.source.slice(1, -1)})/(${ROW_ID.source.slice(1, -1)})$`);

/** The end of a write's path to one row: `/{organizationId}/{resource}/{id}`. */
export const ROW_PATH = /* @__PURE__ */ rowPath('');

/** A row's path below the base address: `/{organizationId}/{resource}/{id}` and nothing before it. */
export const ROW_ROUTE = /* @__PURE__ */ rowPath('^');

/** The list endpoints the service documents; the proxy forwards only these unless a deployment allows more. */
export const DOCUMENTED_RESOURCES: readonly string[] = ['shares', 'environments'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID-formatted string (any version), as the service's identifiers are. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The route of a list when the client is given none: the seed's `/{organizationId}/{resource}`. */
export const DEFAULT_LIST_ROUTE = '/{organizationId}/{resource}';

/**
 * A list route template: a path from `/` of URL-safe characters and `{organizationId}` and `{resource}` placeholders,
 * then, optionally, a query of fixed parameters and placeholders (`?org={organizationId}`). A trailing slash is kept.
 * Never two placeholders side by side: where one ends, a reader of the URL (the proxy, the mock) could not tell.
 */
export const LIST_ROUTE_TEMPLATE =
  /^(?!.*\}\{)\/(?:[\w.~!$&'()*+,;=:@/-]|\{organizationId\}|\{resource\})*(?:\?(?:[\w.~!$'()*+,;=:@/&-]|\{organizationId\}|\{resource\})*)?$/;
export const MUST_BE_LIST_ROUTE =
  "must be a path from '/' with {organizationId} and {resource} placeholders, never side by side, e.g. '/{resource}/' or '/{resource}?org={organizationId}'";

/** Where a list lives below the base address, as `route` places its organization and resource. */
export interface ListRoute {
  /** The path, each placeholder percent-encoded. */
  path: string;
  /** Fixed query parameters of the template, placeholders filled in. */
  query: Array<[string, string]>;
  /** Whether the route carries the organization at all (a route without it takes any organization name). */
  organized: boolean;
}

/** `template` (checked against `LIST_ROUTE_TEMPLATE`) filled in for one organization and resource. */
export function fillListRoute(template: string, organizationId: string, resource: string): ListRoute {
  const at = template.indexOf('?');
  const [pathPart, queryPart] = at === -1 ? [template, ''] : [template.slice(0, at), template.slice(at + 1)];
  // Replaced by functions: a replacement string would read `$&` or `$'` in a name as a pattern.
  const fill = (text: string, encode: (value: string) => string) =>
    text.replaceAll('{organizationId}', () => encode(organizationId)).replaceAll('{resource}', () => encode(resource));
  const path = fill(pathPart, encodeURIComponent);
  const query = [...new URLSearchParams(queryPart)].map(
    ([name, value]) => [name, fill(value, String)] as [string, string],
  );
  return { path, query, organized: template.includes('{organizationId}') };
}

/**
 * The route template of each resource: `routes`' own, else `route`, else the seed's. Throws the argument error naming
 * the first template that is not a route. The client, the proxy and the mock check their routes here alike.
 */
export function listRoutes(
  route: string | undefined,
  routes: Readonly<Record<string, string>> | undefined,
): (resource: string) => string {
  const fallback = route ?? DEFAULT_LIST_ROUTE;
  if (!(typeof fallback === 'string' && LIST_ROUTE_TEMPLATE.test(fallback)))
    throw invalidArgument('route', MUST_BE_LIST_ROUTE, fallback);
  if (routes != null && (typeof routes !== 'object' || Array.isArray(routes)))
    throw invalidArgument('routes', 'must be a record of resource names to routes');
  const own = new Map<string, string>();
  for (const [name, template] of Object.entries(routes ?? {})) {
    if (!RESOURCE_NAME.test(name)) throw invalidArgument('routes', 'must be keyed by resource names', name);
    if (!(typeof template === 'string' && LIST_ROUTE_TEMPLATE.test(template)))
      throw invalidArgument(`routes.${name}`, MUST_BE_LIST_ROUTE, template);
    own.set(name, template);
  }
  return (resource) => own.get(resource) ?? fallback;
}

/**
 * An organization as a route that does not need a UUID takes it, from a browser or a server function's caller: 1 to
 * 200 URL-safe characters, as a row id (`ROW_ID`), so it reads the same in a path, a query and a log.
 */
export const ORGANIZATION_NAME = ROW_ID;

/** A row's route: its list's path, then the id, a trailing slash kept (`/{resource}/` → `/{resource}/{id}/`). */
const rowTemplate = (template: string): string => {
  const at = template.indexOf('?');
  const path = at === -1 ? template : template.slice(0, at);
  const query = at === -1 ? '' : template.slice(at);
  return `${path.endsWith('/') ? `${path}{id}/` : `${path}/{id}`}${query}`;
};

/**
 * Where one row lives below the base address, as `route` places its list: the list's path, then the id, a `ROW_ID`
 * (checked by the caller) written as it is: nothing in one needs encoding, and every hop reads it alike.
 */
export function fillRowRoute(template: string, organizationId: string, resource: string, id: string): ListRoute {
  const list = fillListRoute(rowTemplate(template), organizationId, resource);
  return { ...list, path: list.path.replace('{id}', () => id) };
}

/** What a request's path and query say under a route: the parts the route names (never a part it does not). */
export interface RouteMatch {
  organizationId?: string;
  resource?: string;
  /** The row, when a row's route was asked for. */
  id?: string;
}

/** Longest path a route is matched against; a request's path beyond it is no list's. */
const MAX_ROUTE_PATH = 8192;

/**
 * Matches one part of a template (a path segment, or a query value) against the request's, into `found`: the literal
 * text equal, each placeholder one or more characters up to the first place the literal after it appears. One pass of
 * `indexOf` per placeholder over the text, so linear in the text (a template never puts two placeholders side by side).
 */
function matchPart(pattern: string, text: string, found: Record<string, string>, decode: boolean): boolean {
  const pieces = pattern.split(/\{(organizationId|resource|id)\}/);
  if (!text.startsWith(pieces[0]!)) return false;
  let at = pieces[0]!.length;
  for (let i = 1; i < pieces.length; i += 2) {
    const literal = pieces[i + 1]!;
    const last = i + 2 >= pieces.length;
    const end = last ? text.length - literal.length : text.indexOf(literal, at + 1);
    if (end <= at || (last ? !text.endsWith(literal) : !literal)) return false;
    let value = text.slice(at, end);
    try {
      if (decode) value = decodeURIComponent(value);
    } catch {
      return false;
    }
    const name = pieces[i]!;
    if (found[name] !== undefined && found[name] !== value) return false;
    found[name] = value;
    at = end + literal.length;
  }
  return at === text.length;
}

/**
 * The organization, resource (and row) a request's `pathname` (as a URL spells it, percent-encoded) and `query` name
 * under `template`, or undefined when they are not that route's: every path segment matched (a trailing slash too),
 * every fixed query parameter present with its value, each placeholder non-empty; the resource a `RESOURCE_NAME`, a
 * row's id a `ROW_ID`. The organization is as sent: the caller judges it. Other query parameters are the request's own.
 * Linear in the path and query: what a browser sends costs no more than reading it.
 */
export function matchListRoute(
  template: string,
  pathname: string,
  query: URLSearchParams,
  { row = false }: { row?: boolean } = {},
): RouteMatch | undefined {
  if (pathname.length > MAX_ROUTE_PATH) return undefined;
  const full = row ? rowTemplate(template) : template;
  const at = full.indexOf('?');
  const patterns = (at === -1 ? full : full.slice(0, at)).split('/');
  const segments = pathname.split('/', patterns.length + 1);
  if (segments.length !== patterns.length) return undefined;
  const found: Record<string, string> = {};
  if (!patterns.every((pattern, i) => matchPart(pattern, segments[i]!, found, true))) return undefined;
  for (const [name, pattern] of new URLSearchParams(at === -1 ? '' : full.slice(at + 1))) {
    const value = query.get(name);
    if (value === null || !matchPart(pattern, value, found, false)) return undefined;
  }
  const { organizationId, resource, id } = found;
  if ((resource !== undefined && !RESOURCE_NAME.test(resource)) || (row && !ROW_ID.test(id ?? ''))) return undefined;
  return { organizationId, resource, ...(row ? { id } : {}) };
}

/**
 * Whether `url` is the list of `organizationId`'s `resource` at `route` below `baseUrl` (an absolute address): the
 * same origin, below its path, every part the route names the one given. Where a URL someone else chose (an upstream's
 * link, a browser's cursor) is to be requested with the server's credentials, for the list that was allowed only.
 */
export function isListUrlOf(
  url: URL,
  baseUrl: string,
  route: string,
  organizationId: string,
  resource: string,
): boolean {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return false;
  const found = matchListRoute(route, url.pathname.slice(prefix.length), url.searchParams);
  return (
    !!found && (found.resource ?? resource) === resource && (found.organizationId ?? organizationId) === organizationId
  );
}

/**
 * Whether `organizationId` is one `template` takes: a UUID where the route names the organization (the service's
 * identifiers), else any `ORGANIZATION_NAME` (a route without it sends none; the name only keeps lists apart).
 */
export function isOrganizationOf(template: string, organizationId: unknown): organizationId is string {
  return isOrganization(template.includes('{organizationId}'), organizationId);
}

/** Whether `organizationId` is a UUID where a route names the organization (`organized`), else an `ORGANIZATION_NAME`. */
export const isOrganization = (organized: boolean, organizationId: unknown): organizationId is string =>
  organized ? isUuid(organizationId) : typeof organizationId === 'string' && ORGANIZATION_NAME.test(organizationId);
