import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { listenLocally, type Listening } from './localServer';

/** A real json-server on 127.0.0.1 and the list requests it received (path and query, as sent). */
export interface JsonServer extends Listening {
  /** Every request's URL, as the server got it. */
  received: string[];
}

type Handle = (request: IncomingMessage, response: ServerResponse) => void;

/** Serves `handle` on 127.0.0.1, recording each request's URL before json-server sees it. */
async function serve(handle: Handle): Promise<JsonServer> {
  const received: string[] = [];
  const listening = await listenLocally(
    createServer((request, response) => {
      received.push(request.url ?? '');
      handle(request, response);
    }),
  );
  return { ...listening, received };
}

/**
 * json-server 1.x (its own app, as its command line builds it) over `db` held in memory. The specifiers are
 * strings, as json-server ships no type declarations for its app module.
 */
export async function startJsonServer1(db: Record<string, unknown[]>): Promise<JsonServer> {
  const { createApp } = (await import('json-server/lib/app.js' as string)) as {
    createApp(db: unknown): { handler: Handle };
  };
  const { Low, Memory } = (await import('lowdb' as string)) as {
    Low: new (adapter: unknown, data: unknown) => unknown;
    Memory: new () => unknown;
  };
  const app = createApp(new Low(new Memory(), structuredClone(db)));
  return serve((request, response) => app.handler(request, response));
}

/** json-server 0.17 (its router and default middlewares, logging off) over a copy of `db`. */
export async function startJsonServer0(db: Record<string, unknown[]>): Promise<JsonServer> {
  const jsonServer = createRequire(import.meta.url)('json-server-0.17') as {
    create(): Handle & { use(handler: unknown): void };
    router(db: unknown): unknown;
    defaults(options: { logger: boolean }): unknown;
  };
  const app = jsonServer.create();
  app.use(jsonServer.defaults({ logger: false }));
  app.use(jsonServer.router(structuredClone(db)));
  return serve(app);
}
