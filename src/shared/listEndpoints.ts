/**
 * The service's list endpoints as the wire spells them, shared by the client that calls them, the proxy that
 * forwards them, the mock that serves them and the telemetry that names them.
 */

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
 */
export const LIST_ROUTE_TEMPLATE =
  /^\/(?:[\w.~!$&'()*+,;=:@/-]|\{organizationId\}|\{resource\})*(?:\?(?:[\w.~!$'()*+,;=:@/&-]|\{organizationId\}|\{resource\})*)?$/;
export const MUST_BE_LIST_ROUTE =
  "must be a path from '/' with {organizationId} and {resource} placeholders, e.g. '/{resource}/' or '/{resource}?org={organizationId}'";

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
  const fill = (text: string, encode: (value: string) => string) =>
    text.replaceAll('{organizationId}', encode(organizationId)).replaceAll('{resource}', encode(resource));
  const path = fill(pathPart, encodeURIComponent);
  const query = [...new URLSearchParams(queryPart)].map(
    ([name, value]) => [name, fill(value, String)] as [string, string],
  );
  return { path, query, organized: template.includes('{organizationId}') };
}

/**
 * `template` filled in for one row of its list, where a write to that row goes: the list's path, then the id, the
 * route's trailing slash kept after it (a Django router's `/{resource}/` gives `/{resource}/{id}/`), and the route's
 * fixed query parameters. The id is one `ROW_ID` segment, whose characters a path carries as they are.
 */
export function fillRowRoute(template: string, organizationId: string, resource: string, id: string): ListRoute {
  const list = fillListRoute(template, organizationId, resource);
  const slash = list.path.endsWith('/') ? '/' : '';
  return { ...list, path: `${list.path}${slash ? '' : '/'}${id}${slash}` };
}
