import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createProxyHandler, createProxyListener } from '../../src/server/index';
import type { ProxyHandler, ProxyHandlerOptions, ProxyListener } from '../../src/server/index';
import { listenLocally, type Listening } from '../helpers/localServer';

// The proxy's two entry points, which share its steps: the tests that check those steps run on both, each through a
// `ProxyHandler`-shaped function so that a test reads the same for either.

/** One way in: its name, its module (for tests that load it fresh) and a handler made from options. */
export interface ProxyEntryPoint {
  name: 'createProxyHandler' | 'createProxyListener';
  /** The module that exports it, relative to this directory. */
  module: string;
  /** The entry point made from `options`, as a Fetch handler (the listener behind a real Node server). */
  create(options: ProxyHandlerOptions): ProxyHandler;
  /** A Node request listener: the listener itself, or the handler through @hono/node-server as the docs showed. */
  listen(options: ProxyHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void;
}

const served: Array<Listening & { server: Server }> = [];

/** Closes every server `create` started for the listener. */
export async function closeServedListeners(): Promise<void> {
  await Promise.all(served.splice(0).map((listening) => listening.close()));
}

/**
 * The listener behind a Node server of its own on 127.0.0.1, called with Fetch requests: the method, path, query,
 * headers and signal go over HTTP as they are. When the request is aborted (the browser went away), the answer is the
 * one the listener wrote on its response, as no HTTP answer can reach a closed connection.
 */
function overHttp(listener: ProxyListener): ProxyHandler {
  let started: Promise<string> | undefined;
  const written = new Map<string, Promise<Response>>();
  let next = 0;
  const start = async () => {
    const server = createServer((req, res) => {
      const id = String(req.headers['x-test-request']);
      written.set(
        id,
        new Promise((resolve) => {
          const end = res.end.bind(res) as (body?: string) => ServerResponse;
          res.end = ((body?: string) => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.getHeaders())) headers.set(name, String(value));
            resolve(
              new Response([204, 205, 304].includes(res.statusCode) ? null : (body ?? null), {
                status: res.statusCode,
                headers,
              }),
            );
            return end(body);
          }) as typeof res.end;
        }),
      );
      listener(req, res);
    });
    const listening = await listenLocally(server);
    served.push({ ...listening, server });
    return listening.origin;
  };
  return async (request) => {
    const origin = await (started ??= start());
    const url = new URL(request.url);
    const id = String(++next);
    const headers = new Headers(request.headers);
    headers.set('x-test-request', id);
    try {
      return await fetch(`${origin}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        signal: request.signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (!request.signal.aborted) throw error;
      for (;;) {
        const answer = written.get(id);
        if (answer) return answer;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
}

export const proxyEntryPoints: ProxyEntryPoint[] = [
  {
    name: 'createProxyHandler',
    module: '../../src/server/createProxyHandler',
    create: createProxyHandler,
    listen: (options) => getRequestListener(createProxyHandler(options)),
  },
  {
    name: 'createProxyListener',
    module: '../../src/server/createProxyListener',
    create: (options) => overHttp(createProxyListener(options)),
    listen: createProxyListener,
  },
];
