// The mock service from the installed package (pagewise/testing) on 127.0.0.1, for trying the app without a real
// service: `node mock.mjs` prints the environment the app needs.
import { createMockService } from 'pagewise/testing';
import { createMockHttpServer } from 'pagewise/testing/node';

/**
 * Starts the mock service and returns it with the environment that points the app at it.
 * @param {{ port?: number }} [options]
 */
export async function startMock({ port = 0 } = {}) {
  const service = createMockService();
  const server = await createMockHttpServer(service, { port });
  const { clientId, clientSecret, scope } = service.credentials;
  const env = {
    PAGEWISE_BASE_URL: server.baseUrl,
    PAGEWISE_AUTH_URL: server.authUrl,
    PAGEWISE_CLIENT_ID: clientId,
    PAGEWISE_CLIENT_SECRET: clientSecret,
    PAGEWISE_SCOPE: scope,
    PAGEWISE_ORGANIZATION_ID: service.organizations[0].id,
  };
  return { service, server, env };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { env } = await startMock({ port: Number(process.env.MOCK_PORT ?? 4010) });
  console.log(
    Object.entries(env)
      .map(([name, value]) => `export ${name}='${value}'`)
      .join('\n'),
  );
}
