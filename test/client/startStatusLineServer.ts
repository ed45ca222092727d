import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running status-line server. */
export interface StatusLineServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 that answers every request with `status`, the reason phrase
 * `reason(request)` and the JSON body `{}`, like a gateway that echoes the request into its status line.
 */
export async function startStatusLineServer(
  status: number,
  reason: (request: { headers: IncomingHttpHeaders; body: string }) => string,
): Promise<StatusLineServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(status, reason({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }), {
        'content-type': 'application/json',
      });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
