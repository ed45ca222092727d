import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the local server received it. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** Path without the query. */
  path: string;
  /** Parsed query string. */
  query: URLSearchParams;
  /** Raw headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** Request body as text. */
  body: string;
}

/** What a handler answers; `body` is JSON-encoded unless it is a string. */
export interface Reply {
  /** Status code. @default 200 */
  status?: number;
  /** Response headers. */
  headers?: Record<string, string>;
  /** Response body. */
  body?: unknown;
}

/** A handler of the local server. Return a never-settling promise to hang the request. */
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A running local server. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request received so far, in order. */
  requests: RecordedRequest[];
  /** Requests received on `path`. */
  requestsTo(path: string): RecordedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/** Starts a real HTTP server on 127.0.0.1 at a free port that records every request. */
export async function startLocalServer(handler: Handler = () => ({ status: 404 })): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  let current = handler;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded)).then(
        (reply) => {
          const body =
            reply.body === undefined || typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          const headers =
            typeof reply.body === 'string' || reply.body === undefined ? {} : { 'content-type': 'application/json' };
          res.writeHead(reply.status ?? 200, { ...headers, ...reply.headers });
          res.end(body);
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    handle(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
