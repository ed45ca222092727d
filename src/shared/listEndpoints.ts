/**
 * The service's list endpoints as the wire spells them, shared by the client that calls them, the proxy that
 * forwards them, the mock that serves them and the telemetry that names them.
 */

/** A path segment of a list endpoint: what the `{resource}` of `/{organizationId}/{resource}` may be. */
const SEGMENT = '[A-Za-z][\\w-]*';

const SEGMENT_RULE = '(a letter, then letters, digits, - or _)';
/** How an argument error says what a resource name must be: "must be " + this. */
export const PATH_SEGMENT = `a path segment ${SEGMENT_RULE}`;
/** How an argument error says what a record of resources must be keyed by: "must be " + this. */
export const PATH_SEGMENT_KEYS = `keyed by path segments ${SEGMENT_RULE}`;

/** A resource name: one path segment. */
export const RESOURCE_NAME = /* @__PURE__ */ new RegExp(`^${SEGMENT}$`);

/** The end of a list call's path: `/{organizationId}/{resource}`, a trailing slash allowed. */
export const LIST_PATH = /* @__PURE__ */ new RegExp(`/([^/]+)/(${SEGMENT})/?$`);

/** A list endpoint's path below the base address: `/{organizationId}/{resource}` and nothing before it. */
export const LIST_ROUTE = /* @__PURE__ */ new RegExp(`^${LIST_PATH.source}`);

/** The list endpoints the service documents; the proxy forwards only these unless a deployment allows more. */
export const DOCUMENTED_RESOURCES: readonly string[] = ['shares', 'environments'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID-formatted string (any version), as the service's identifiers are. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
