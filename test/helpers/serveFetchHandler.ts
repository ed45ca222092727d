import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/** A Fetch-API handler served over real HTTP. */
export interface ServedHandler {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The node:http server. */
  server: Server;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Serves `handle` on 127.0.0.1 at a free port through @hono/node-server's Fetch adapter, as the README's Node recipe
 * does (`overrideGlobalObjects: false` only so that this file's other tests keep Node's own Request and Response).
 */
export async function serveFetchHandler(
  handle: (request: Request) => Promise<Response>,
  overrideGlobalObjects = false,
): Promise<ServedHandler> {
  const server = createServer(getRequestListener((request) => handle(request), { overrideGlobalObjects }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
