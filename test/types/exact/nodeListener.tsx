// Compiled with exactOptionalPropertyTypes (test/types/exact/tsconfig.json): the Node listener takes Node's own
// request and response, whose optional fields are typed `| undefined`, as `createServer`'s listener.
import { createServer } from 'node:http';
import { createProxyListener } from 'pagewise/server';
import type { AuthStrategy } from 'pagewise/client';

declare const auth: AuthStrategy;
const listener = createProxyListener({ baseUrl: 'https://api.example.test', auth, basePath: '/api/pagewise' });

export const plain = createServer(listener);
export const withLimits = createServer({ headersTimeout: 10_000, requestTimeout: 10_000 }, listener);
export const inYourOwn = createServer((request, response) => {
  if (request.url?.startsWith('/api/pagewise/')) listener(request, response);
  else response.writeHead(404).end();
});
