import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { listenLocally, type Listening } from './localServer';

/** A Fetch-API handler served over real HTTP. */
export interface ServedHandler extends Listening {
  /** The node:http server. */
  server: Server;
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
  return { ...(await listenLocally(server)), server };
}
