// For the browser project: a proxy paging a cursor service over real HTTP on 127.0.0.1, which Chromium's tests reach
// by the address `inject('cursorProxy')` gives. The mock answers in the `Link` header style (next pages by `after`,
// `page` ignored); a canary listens on another port. `GET {origin}/__counts` tells the tests what reached each.
import type { TestProject } from 'vitest/node';
import { bearerToken } from '../../src/client/index';
import { createProxyHandler } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { createMockHttpServer } from '../../src/testing/node';
import { startLocalServer } from './localServer';
import { serveFetchHandler } from './serveFetchHandler';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tests reach the cursor proxy, and the canary's origin beside it. */
    cursorProxy: { origin: string; basePath: string; organizationId: string; canary: string };
  }
}

const BASE_PATH = '/api/pagewise';
const ROWS = 95;

export default async function setup(project: TestProject) {
  const { acme } = demoOrganizationIds;
  const mock = createMockService({ shape: 'link-cursor', auth: 'none', organizations: { [acme]: { shares: ROWS } } });
  const upstream = await createMockHttpServer(mock);
  const canary = await startLocalServer(() => ({ body: { stolen: true } }));
  const handler = createProxyHandler({
    baseUrl: upstream.baseUrl,
    auth: bearerToken(() => 'upstream-token-9b2e'),
    basePath: BASE_PATH,
    allowRequest: () => true,
    allow: { shares: { cursor: true } },
  });
  // The test page comes from Vitest's server on another port: a cross-origin read, as CORS allows it here. An app
  // serves the proxy on its own origin and needs none of this.
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Link' };
  const proxy = await serveFetchHandler(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/__counts') {
      const lists = mock.requests.filter((r) => r.resource === 'shares');
      const names = mock.rows(acme, 'shares')!.map((row) => row.name);
      return Response.json({ upstream: lists.length, canary: canary.requests.length, names }, { headers: cors });
    }
    const response = await handler(request);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  project.provide('cursorProxy', {
    origin: proxy.origin,
    basePath: BASE_PATH,
    organizationId: acme,
    canary: canary.origin,
  });
  return async () => {
    await Promise.all([proxy.close(), upstream.close(), canary.close()]);
  };
}
