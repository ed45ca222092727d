import { describeForLog } from '../client/internal';
import type { ProxyHandlerOptions } from './proxyOptions';
import { createProxySteps, type ProxyAnswer } from './proxySteps';
import { createNodeUpstreamFetch, fetchHeaders } from './nodeUpstreamFetch';

/** What the listener reads of Node's `IncomingMessage` (any object with these will do). */
export interface ProxyListenerRequest {
  // `| undefined` as Node types them, so `IncomingMessage` fits under exactOptionalPropertyTypes.
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** Header names and values in turn, as received. */
  rawHeaders: string[];
  socket: object | null;
  /** The body's chunks (Node's `IncomingMessage` is iterable so): read only for a write. */
  [Symbol.asyncIterator]?(): AsyncIterator<Uint8Array | string>;
}

/** What the listener uses of Node's `ServerResponse`. */
export interface ProxyListenerResponse {
  writeHead(status: number, headers: Record<string, string>): { end(body?: string): unknown };
  end(body?: string): unknown;
  once(event: 'close', listener: () => void): unknown;
  destroy(): unknown;
  readonly writableFinished: boolean;
  readonly headersSent: boolean;
}

/** A Node `http`/`https` request listener: `createServer(listener)` or `listener(req, res)` in your own server. */
export type ProxyListener = (request: ProxyListenerRequest, response: ProxyListenerResponse) => void;

/** A `Host` header that can stand in a URL as it is: a name, IPv4 or bracketed IPv6, and a port. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The request target as an absolute URL, or undefined when it cannot be one (`*`, a malformed `Host`). */
function absoluteUrl(request: ProxyListenerRequest): string | undefined {
  const target = request.url ?? '';
  // Origin form, the usual one; `//evil/…` stays a path of this host, as it is for the client.
  if (target.startsWith('/')) {
    const host = request.headers.host ?? 'localhost';
    if (typeof host !== 'string' || !HOST.test(host)) return undefined;
    const tls = request.socket !== null && (request.socket as { encrypted?: unknown }).encrypted === true;
    return `${tls ? 'https' : 'http'}://${host}${target}`;
  }
  // Absolute form (`GET http://host/…`), which HTTP/1.1 servers must accept.
  return /^https?:\/\//i.test(target) ? target : undefined;
}

/**
 * A `Request` made only when first read: an `allowRequest` that never looks at its request (`() => true`, or one
 * deciding by organization alone) costs nothing per call.
 */
function lazyRequest(make: () => Request): Request {
  let made: Request | undefined;
  const real = () => (made ??= make());
  return new Proxy(Object.create(Request.prototype) as Request, {
    get(_target, key) {
      const request = real();
      const value = Reflect.get(request, key, request) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(request) : value;
    },
    has: (_target, key) => key in real(),
  });
}

/**
 * The request as a Fetch `Request`, for `allowRequest` and a write: its method, URL and headers, and for a write the
 * body, streamed as it arrives (the write's own limit stops reading at `maxBodyBytes`).
 */
function toRequest(request: ProxyListenerRequest, url: string, signal: AbortSignal): Request {
  const headers = fetchHeaders(request.rawHeaders);
  const method = request.method ?? 'GET';
  const chunks = request[Symbol.asyncIterator]?.call(request);
  const encoder = new TextEncoder();
  // Pulled, not pushed: a body is read no faster than the write's limit reads it, and no further than it stops.
  const body =
    method === 'GET' || method === 'HEAD' || !chunks
      ? null
      : new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { value, done } = await chunks.next();
            if (done) controller.close();
            else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
          },
          async cancel() {
            await chunks.return?.();
          },
        });
  return new Request(url, { method, headers, signal, body, ...(body && { duplex: 'half' }) } as RequestInit);
}

function write(response: ProxyListenerResponse, { status, body, headers }: ProxyAnswer): void {
  if (body === null) response.writeHead(status, headers).end();
  // A length, so the answer is one write and the connection stays open for the next request without chunking.
  else response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
}

/**
 * `createProxyHandler` for Node's own `http` (or `https`) server: the same options, the same checks and answers, read
 * from Node's request and written to its response directly, with no Fetch `Request` or `Response` made on the way
 * (one is made for `allowRequest` only if it reads it, and for a write), and the service called over Node's `http`
 * with keep-alive agents unless `fetch` is given: about the cost of a pass-through written with `fetch`. A request target that is not a path or an absolute URL, or a `Host` that
 * cannot stand in a URL, is answered 400; a browser that goes away (its connection closed before the answer) aborts
 * the upstream call, answered 499 as with the handler. Never throws: if `onError` throws, the answer is a 500.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(createProxyListener({ baseUrl, auth, basePath: '/api/pagewise', allowRequest })).listen(3000);
 */
export function createProxyListener(options: ProxyHandlerOptions): ProxyListener {
  const steps = createProxySteps(options, 'createProxyListener', createNodeUpstreamFetch());
  return (request, response) => {
    const controller = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) controller.abort(new Error('the browser closed the connection'));
    });
    const url = absoluteUrl(request);
    const { signal } = controller;
    steps({
      method: request.method ?? 'GET',
      url,
      signal,
      request: () => lazyRequest(() => toRequest(request, url!, signal)),
    }).then(
      (answer) => write(response, answer),
      (error: unknown) => {
        console.error(`[pagewise] createProxyListener: onError threw ${describeForLog(error)}`);
        if (response.headersSent) response.destroy();
        else
          write(response, {
            status: 500,
            body: '{"error":"internal_error"}',
            headers: { 'Content-Type': 'application/json' },
          });
      },
    );
  };
}
