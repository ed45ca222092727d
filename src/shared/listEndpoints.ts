/**
 * The service's list endpoints as the wire spells them, shared by the client that calls them, the proxy that
 * forwards them, the mock that serves them and the telemetry that names them.
 */

/** A path segment of a list endpoint: what `/{organizationId}/{resource}` may name. */
export const RESOURCE_NAME = /^[A-Za-z][\w-]*$/;

/** A list endpoint's path below the base address: `/{organizationId}/{resource}`, a trailing slash allowed. */
export const LIST_ROUTE = /^\/([^/]+)\/([A-Za-z][\w-]*)\/?$/;

/** The list endpoints the service documents; the proxy forwards only these unless a deployment allows more. */
export const DOCUMENTED_RESOURCES: readonly string[] = ['shares', 'environments'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID-formatted string (any version), as the service's identifiers are. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
