import { createServer, type Server, type ServerOptions } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearerToken } from '../../src/client/index';
import { proxyEntryPoints, type ProxyEntryPoint } from './proxyEntryPoints';
import { ORG, springPage } from '../client/fixtures';
import { listenLocally } from '../helpers/localServer';
import { startFakeService, type FakeService } from './fakeService';

// The documented Node recipe (its server limits, scaled down 10× so the test runs in seconds) against Node's defaults,
// the same slow clients at both at once, through both entry points: each test waits for events (connections closed),
// never for a time.

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.server.close());

type Started = { server: Server; port: number; open: Set<Socket>; close(): Promise<void> };

/** The entry point the running describe block tests. */
let entry: ProxyEntryPoint;

async function serve(options: ServerOptions, limits: { timeout?: number } = {}): Promise<Started> {
  const listener = entry.listen({
    baseUrl: `${service.server.origin}/api`,
    auth: bearerToken(() => service.issued.at(-1) ?? 'none'),
    allowRequest: () => true,
  });
  const server = createServer(options, listener);
  if (limits.timeout !== undefined) server.timeout = limits.timeout;
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  // The recipe's limits and Node's defaults as they are: they are what this file tests.
  const { port, close } = await listenLocally(server, { ownKeepAlive: true });
  return { server, port, open, close };
}

/** The recipe's limits, 10× shorter. */
const recipe = () =>
  serve(
    { headersTimeout: 1_000, requestTimeout: 1_000, keepAliveTimeout: 500, connectionsCheckingInterval: 100 },
    { timeout: 3_000 },
  );
const defaults = () => serve({});

const openConnection = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });

// Ceilings on a hang, never reached by a passing run: the recipe's limits close the connections after 1 s, or twice
// 3 s, but on two loaded cores opening 400 connections or filling the socket buffers first takes up to 11 s.
const CLOSED_WITHIN_MS = 45_000;

describe.each(proxyEntryPoints)(
  'The documented Node recipe through $name: server limits against slow clients',
  { timeout: 60_000 },
  (each) => {
    beforeAll(() => {
      entry = each;
    });

    it('closes 200 connections that never finish their headers (slowloris) once headersTimeout runs out; the defaults keep them all', async () => {
      const [limited, unlimited] = await Promise.all([recipe(), defaults()]);
      try {
        const clients: Socket[] = [];
        for (const port of [limited.port, unlimited.port]) {
          for (let i = 0; i < 200; i++) {
            const socket = await openConnection(port);
            socket.write(`GET /${ORG}/shares?page=0&size=20 HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
            clients.push(socket);
          }
        }
        // One header line now and then keeps the connection busy, as a slowloris client does.
        const drip = setInterval(
          () => clients.forEach((socket) => socket.writable && socket.write('X-Slow: 1\r\n')),
          200,
        );
        try {
          await vi.waitFor(() => expect(limited.open.size).toBe(0), { timeout: CLOSED_WITHIN_MS, interval: 50 });
          expect(unlimited.open.size).toBe(200);
        } finally {
          clearInterval(drip);
          clients.forEach((socket) => socket.destroy());
        }
      } finally {
        await Promise.all([limited.close(), unlimited.close()]);
      }
    });

    it('closes a connection that never reads its responses (server.timeout, twice over while a write is pending); the defaults keep it', async () => {
      // Pages of about 1 MB: a few fill the socket buffers, then the server can write no more.
      service.apiReply = () => ({
        body: springPage(
          Array.from({ length: 8_000 }, (_, i) => ({ id: `s${i}`, name: 'x'.repeat(100) })),
          8_000,
        ),
      });
      const [limited, unlimited] = await Promise.all([recipe(), defaults()]);
      try {
        const clients: Socket[] = [];
        for (const port of [limited.port, unlimited.port]) {
          const socket = await openConnection(port);
          socket.pause(); // never reads
          socket.write(`GET /${ORG}/shares?page=0&size=20 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(50));
          clients.push(socket);
        }
        await vi.waitFor(() => expect(limited.open.size).toBe(0), { timeout: CLOSED_WITHIN_MS, interval: 50 });
        expect(unlimited.open.size).toBe(1);
        clients.forEach((socket) => socket.destroy());
      } finally {
        service.apiReply = undefined;
        await Promise.all([limited.close(), unlimited.close()]);
      }
    });

    it('answers 120 requests pipelined on one kept-alive connection all 200: no maxRequestsPerSocket turns a pool into 503s', async () => {
      service.apiReply = () => ({ body: springPage([{ id: 's1' }], 1) });
      const limited = await recipe();
      try {
        const socket = await openConnection(limited.port);
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
        socket.write(`GET /${ORG}/shares?page=0&size=20 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(119));
        socket.write(`GET /${ORG}/shares?page=0&size=20 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        await new Promise((resolve) => socket.on('close', resolve));
        const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
        expect(statuses).toEqual(Array(120).fill(200));
      } finally {
        service.apiReply = undefined;
        await limited.close();
      }
    });
  },
);
