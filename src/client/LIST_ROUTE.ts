/** A list endpoint's path below the base address: `/{organizationId}/{shares|environments}`, a trailing slash allowed. */
export const LIST_ROUTE = /^\/([^/]+)\/(shares|environments)\/?$/;
