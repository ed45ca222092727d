// Node-only entry (pagewise/testing/node): imports node:http, so browser code must not import it.
export { createMockHttpServer, type MockHttpServer, type MockHttpServerOptions } from './createMockHttpServer';
