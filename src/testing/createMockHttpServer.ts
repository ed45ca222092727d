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

/** The largest request body the mock reads (1 MiB): a browser or client sending more is answered 413. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A request's body, null for a `GET` or `HEAD`, or `undefined` as soon as it is over `MAX_BODY_BYTES`: the rest is
 * then read and dropped, nothing kept, so the connection stays usable and the sender reads the 413.
 */
function readBody(message: IncomingMessage): Promise<Buffer | null | undefined> {
  if (message.method === 'GET' || message.method === 'HEAD') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = Number(message.headers['content-length']) > MAX_BODY_BYTES ? Infinity : 0;
    if (size === Infinity) resolve(undefined);
    message.on('data', (chunk: Buffer) => {
      if (size === Infinity) return;
      size += chunk.byteLength;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      size = Infinity;
      chunks.length = 0;
      resolve(undefined);
    });
    message.once('end', () => resolve(Buffer.concat(chunks)));
    message.once('error', reject);
  });
}

async function writeResponse(response: Response, res: ServerResponse, extra: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { ...extra };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** Answers one request to the mock over HTTP: CORS preflight, the event stream, or the service's handlers. */
async function answer(
  service: MockService,
  at: { cors: boolean; corsHeaders: Record<string, string>; eventsPath: string; origin: string },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (at.cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    res.writeHead(204, at.corsHeaders).end();
    return;
  }
  const url = new URL(req.url ?? '/', at.origin);
  if (req.method === 'GET' && url.pathname === at.eventsPath)
    return serveEvents(service, req, res, url, at.corsHeaders);
  const body = await readBody(req);
  if (body === undefined) {
    const problem = { status: 413, error: 'Payload Too Large', path: url.pathname };
    await writeResponse(Response.json(problem, { status: 413 }), res, at.corsHeaders);
    return;
  }
  const request = toFetchRequest(req, at.origin, body);
  const response = await getResponse(service.handlers, request);
  if (!response) {
    await writeResponse(
      Response.json({ status: 404, error: 'Not Found', path: new URL(request.url).pathname }, { status: 404 }),
      res,
      at.corsHeaders,
    );
  } else if (response.type === 'error') {
    req.socket.destroy();
  } else {
    await writeResponse(response, res, at.corsHeaders);
  }
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
    const at = { cors, corsHeaders, eventsPath, origin };
    answer(service, at, req, res).catch(() => {
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
