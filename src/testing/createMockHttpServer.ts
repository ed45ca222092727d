import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { getMockServiceInternals } from './mockServiceInternals';
import type { MockService } from './types';

/** Options of `createMockHttpServer`. */
export interface MockHttpServerOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Path the API is served under. @default '/api' */
  apiPath?: string;
  /** Path the identity provider is served under. @default '/auth' */
  authPath?: string;
  /** Path of the server-sent events stream of the rows other people change (`editRow`). @default '/events' */
  eventsPath?: string;
  /** Answer CORS preflights and allow any origin, so a dev server on another port can call it. @default true */
  cors?: boolean;
}

/** A running mock HTTP server. */
export interface MockHttpServer {
  /** Origin of the server, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** API base address to give clients, e.g. `http://127.0.0.1:4010/api`. */
  baseUrl: string;
  /** Identity provider address, e.g. `http://127.0.0.1:4010/auth`. */
  authUrl: string;
  /**
   * The server-sent events stream of the rows other people change (`service.editRow`), e.g.
   * `http://127.0.0.1:4010/events?organizationId=…&resource=shares` (both optional filters): one `change` event per
   * change, its data a `MockChange` as JSON, for an `EventSource`.
   */
  eventsUrl: string;
  /** Stops listening, drops open connections and detaches the server from the service. */
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, Idempotency-Key, If-Match',
  'Access-Control-Expose-Headers': 'X-Total-Count, Link, Retry-After, WWW-Authenticate, Location',
  'Access-Control-Max-Age': '600',
};

/**
 * Streams `service`'s changes to `res` as server-sent events until the client goes away, those of the organization and
 * resource the query names when it names them.
 */
function serveEvents(service: MockService, req: IncomingMessage, res: ServerResponse, url: URL, extra: object): void {
  const organizationId = url.searchParams.get('organizationId');
  const resource = url.searchParams.get('resource');
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', ...extra });
  // A comment first: the headers reach the client now, so its `open` does not wait for the first change.
  res.write(': changes\n\n');
  const unsubscribe = service.subscribe((change) => {
    if ((organizationId ?? change.organizationId) !== change.organizationId) return;
    if ((resource ?? change.resource) !== change.resource) return;
    res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
  });
  req.once('close', unsubscribe);
}

function toFetchRequest(message: IncomingMessage, origin: string, body: Buffer | null): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < message.rawHeaders.length; i += 2) {
    const name = message.rawHeaders[i];
    const value = message.rawHeaders[i + 1];
    if (name !== undefined && value !== undefined) headers.append(name, value);
  }
  return new Request(new URL(message.url ?? '/', origin), {
    method: message.method ?? 'GET',
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

async function readBody(message: IncomingMessage): Promise<Buffer | null> {
  if (message.method === 'GET' || message.method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function writeResponse(response: Response, res: ServerResponse, extra: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { ...extra };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Serves a mock service's MSW handlers over real HTTP with `node:http` (Node only): the API under
 * `{url}/api`, tokens at `{url}/auth/oauth/token`. For end-to-end tests, the example app and
 * `npm run mock-server`. A simulated network error closes the connection without a response. An idle kept-alive
 * connection stays open until its client closes it or `close()` is called.
 */
export async function createMockHttpServer(
  service: MockService,
  options: MockHttpServerOptions = {},
): Promise<MockHttpServer> {
  const internals = getMockServiceInternals(service);
  const host = options.host ?? '127.0.0.1';
  const cors = options.cors ?? true;
  const corsHeaders = cors ? CORS_HEADERS : {};
  const eventsPath = options.eventsPath ?? '/events';
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      if (cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, corsHeaders).end();
        return;
      }
      const url = new URL(req.url ?? '/', origin);
      if (req.method === 'GET' && url.pathname === eventsPath) return serveEvents(service, req, res, url, corsHeaders);
      const request = toFetchRequest(req, origin, await readBody(req));
      const response = await getResponse(service.handlers, request);
      if (!response) {
        await writeResponse(
          Response.json({ status: 404, error: 'Not Found', path: new URL(request.url).pathname }, { status: 404 }),
          res,
          corsHeaders,
        );
      } else if (response.type === 'error') {
        req.socket.destroy();
      } else {
        await writeResponse(response, res, corsHeaders);
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', ...corsHeaders });
      res.end(JSON.stringify({ status: 500, error: 'Internal Server Error' }));
    });
  });
  // No idle limit of its own: idle kept-alive connections are left for the clients to close and for close(). A test's
  // fetch shares its process with this server; after a stall past both sides' idle limits (a loaded CI machine), it
  // writes its next request on the kept connection before the timers run, and the server's overdue timer would then
  // close that connection with the request unread: a reset.
  server.keepAliveTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const baseUrl = `${origin}${options.apiPath ?? '/api'}`;
  const authUrl = `${origin}${options.authPath ?? '/auth'}`;
  const detach = internals.addOrigin({ baseUrl, authUrl });

  return {
    url: origin,
    baseUrl,
    authUrl,
    eventsUrl: `${origin}${eventsPath}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        detach();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
