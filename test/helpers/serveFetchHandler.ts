import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
 * Serves `handle` on 127.0.0.1 at a free port through the small node:http adapter documented on
 * `createProxyHandler` (request headers copied as they came, response headers and body written back).
 */
export async function serveFetchHandler(handle: (request: Request) => Promise<Response>): Promise<ServedHandler> {
  const server = createServer(async (req, res) => {
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method: req.method,
      headers: req.headers as Record<string, string>,
    });
    const response = await handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
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
