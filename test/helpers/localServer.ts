import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface Listening {
  /** `http://127.0.0.1:<port>` (`https://` for a TLS server). */
  origin: string;
  /** The port it listens on, for raw sockets. */
  port: number;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Listens with `server` on 127.0.0.1 at a free port: every test server starts here, so none is reachable from
 * outside the machine and none waits on a busy port.
 *
 * It closes no idle kept-alive connection on a timer of its own (`keepAliveTimeout` 0); the test's client closes its
 * idle connections, and `close()` drops the rest. A server in the same process as its client that did would race it
 * whenever the process stalls past both idle limits (a loaded machine, a file beside another): on resuming, the test's
 * code writes its next request on the kept connection before the timers phase runs, then the server's overdue timer
 * destroys that connection with the request unread, and the client reads a reset (ECONNRESET). `ownKeepAlive` keeps
 * the server's own limit, for a test of server limits.
 */
export async function listenLocally(server: Server, { ownKeepAlive = false } = {}): Promise<Listening> {
  if (!ownKeepAlive) server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheme = server instanceof HttpsServer ? 'https' : 'http';
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${scheme}://127.0.0.1:${port}`,
    port,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request as the local server received it (the mock service's own record is `RecordedRequest`, from pagewise/testing). */
export interface ReceivedRequest {
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
export type Handler = (request: ReceivedRequest) => Reply | Promise<Reply>;

/** A running local server. */
export interface LocalServer extends Listening {
  /** Every request received so far, in order. */
  requests: ReceivedRequest[];
  /** Requests received on `path`. */
  requestsTo(path: string): ReceivedRequest[];
  /** Replaces the handler. */
  handle(handler: Handler): void;
}

/** Starts a real HTTP server on 127.0.0.1 at a free port that records every request. */
export async function startLocalServer(handler: Handler = () => ({ status: 404 })): Promise<LocalServer> {
  const requests: ReceivedRequest[] = [];
  let current = handler;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: ReceivedRequest = {
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
  return {
    ...(await listenLocally(server)),
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    handle(next) {
      current = next;
    },
  };
}
