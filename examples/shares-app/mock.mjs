// The mock service from the installed package (pagewise/testing), over real HTTP on 127.0.0.1.
import { createMockService } from 'pagewise/testing';
import { createMockHttpServer } from 'pagewise/testing/node';

/**
 * @param {import('pagewise/testing').MockServiceOptions} [options]
 * @returns {Promise<{ service: import('pagewise/testing').MockService, server: import('pagewise/testing/node').MockHttpServer }>}
 */
export async function startMock(options = {}) {
  const service = createMockService(options);
  const server = await createMockHttpServer(service, { port: 0 });
  return { service, server };
}
