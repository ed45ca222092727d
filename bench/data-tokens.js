// What data.mjs's token scenario needs from pagewise's sources (no React, no DOM).
export { createApiClient } from '../src/client/index';
export { clientCredentials } from '../src/server/index';
export { createMockService, demoOrganizationIds } from '../src/testing/index';
export { createMockHttpServer } from '../src/testing/node';
