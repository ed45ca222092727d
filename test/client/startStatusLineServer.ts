import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenLocally, type Listening } from '../helpers/localServer';

/**
 * Starts a real HTTP server on 127.0.0.1 that answers every request with `status`, the reason phrase
 * `reason(request)` and the JSON body `{}`, like a gateway that echoes the request into its status line.
 */
export async function startStatusLineServer(
  status: number,
  reason: (request: { headers: IncomingHttpHeaders; body: string }) => string,
): Promise<Listening> {
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
  return listenLocally(server);
}
