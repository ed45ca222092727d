/** A list endpoint's path below the base address: `/{organizationId}/{resource}`, a trailing slash allowed. */
export const LIST_ROUTE = /^\/([^/]+)\/([A-Za-z][\w-]*)\/?$/;

/** The list endpoints the service documents; the proxy forwards only these unless a deployment allows more. */
export const DOCUMENTED_RESOURCES: readonly string[] = ['shares', 'environments'];
