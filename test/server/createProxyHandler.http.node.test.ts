// The proxy mounted exactly as the README's Node recipe does (node:http + @hono/node-server's getRequestListener),
// driven over real TCP on 127.0.0.1: raw malformed requests, a browser that goes away, a fuzz of request lines.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerToken } from '../../src/client/index';
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/index';
import { ORG, springPage } from '../client/fixtures';
import { createGate } from '../helpers/createGate';
import { sendRawHttp, statusOf } from '../helpers/sendRawHttp';

const TOKEN = 'tok_http_5f2e9c1d7a3b4e6f';

/** An upstream that records every request and answers as the test says; `closed` resolves when a request's connection ends. */
interface Upstream {
  origin: string;
  seen: { method: string; url: string; closed: Promise<void>; finished: () => boolean }[];
  answer: (req: IncomingMessage, res: ServerResponse) => void;
  server: Server;
}

let upstream: Upstream;
let proxy: Server;
let port: number;
let handler: (request: Request) => Promise<Response>;
let failures: [number, unknown][];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  upstream = { origin: '', seen: [], answer: () => undefined, server: undefined as never };
  upstream.server = createServer((req, res) => {
    let finished = false;
    res.on('finish', () => (finished = true));
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    upstream.seen.push({ method: req.method!, url: req.url!, closed, finished: () => finished });
    upstream.answer(req, res);
  });
  upstream.origin = `http://127.0.0.1:${await listen(upstream.server)}`;
  // The README's recipe; the handler behind it is swapped per test.
  proxy = createServer(getRequestListener((request) => handler(request)));
  port = await listen(proxy);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  for (const server of [proxy, upstream.server]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
/** A proxy to the upstream, telling `failures` each failure. */
function proxyWith(options: Partial<ProxyHandlerOptions> = {}) {
  return createProxyHandler({
    baseUrl: `${upstream.origin}/api`,
    auth: bearerToken(() => TOKEN),
    basePath: '/api',
    allowRequest: () => true,
    onError: (error, { status }) => failures.push([status, error]),
    ...options,
  });
}

beforeEach(() => {
  handler = proxyWith();
  failures = [];
  upstream.seen.length = 0;
  upstream.answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(springPage([{ id: 's1' }], 1)));
});
afterEach(() => expect(unhandled).toEqual([]));

const LIST = `/api/${ORG}/shares?page=0&size=20`;

describe('createProxyHandler through @hono/node-server over TCP', () => {
  it('answers a well-formed raw request 200 with the page', async () => {
    const response = await sendRawHttp(port, `GET ${LIST} HTTP/1.1\r\nHost: app.example.test\r\nConnection: close\r\n\r\n`);
    expect(statusOf(response)).toBe(200);
    expect(response).toMatch(/\r\ncache-control: private, no-store\r\n/i);
    expect(response).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(upstream.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /api/${ORG}/shares?page=0&size=20`]);
  });

  it.each([
    ['TRACE on the base path', `TRACE /api/ HTTP/1.1\r\nHost: x\r\n\r\n`, 404],
    ['TRACE on a list path', `TRACE ${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`, 405],
    ['an empty Host', `GET ${LIST} HTTP/1.1\r\nHost: \r\n\r\n`, 400],
    ['a Host with a space', `GET ${LIST} HTTP/1.1\r\nHost: app example\r\n\r\n`, 400],
    ['a Host with userinfo', `GET ${LIST} HTTP/1.1\r\nHost: u:p@x\r\n\r\n`, 400],
    ['a Host port above 65535', `GET ${LIST} HTTP/1.1\r\nHost: x:70000\r\n\r\n`, 400],
    ['a Host port that is not a number', `GET ${LIST} HTTP/1.1\r\nHost: x:http\r\n\r\n`, 400],
    ['a Host that opens an IPv6 literal only', `GET ${LIST} HTTP/1.1\r\nHost: [::1\r\n\r\n`, 400],
    ['no Host at all', `GET ${LIST} HTTP/1.1\r\n\r\n`, 400],
    ['an absolute-form target with userinfo', `GET http://u:p@x${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['an absolute-form target with an unclosed IPv6 literal', `GET http://[::1${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['an absolute-form target with a port above 65535', `GET http://x:99999${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['the asterisk form', `GET * HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['OPTIONS *', `OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['a backslash path', `GET \\\\evil.example\\api HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['a request line that is not HTTP', `HELLO\r\n\r\n`, 400],
    ['a header line without a colon', `GET ${LIST} HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n`, 400],
    ['a NUL in a header value', `GET ${LIST} HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n`, 400],
    ['a bad percent-escape in the organization', `GET /api/%E0%A4%A/shares?page=0&size=20 HTTP/1.1\r\nHost: x\r\n\r\n`, 404],
    ['a script for page', `GET /api/${ORG}/shares?page=<script>&size=1 HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
    ['a dot-segment escape', `GET /api/${ORG}/../../admin/shares?page=0&size=1 HTTP/1.1\r\nHost: x\r\n\r\n`, 404],
    ['POST with a body', `POST ${LIST} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello`, 405],
  ])('answers %s with a 4xx, reaches no upstream, and keeps serving', async (_name, raw, status) => {
    const response = await sendRawHttp(port, raw);
    expect(statusOf(response)).toBe(status);
    expect(response).not.toContain('<script>');
    expect(upstream.seen).toEqual([]);
    const next = await fetch(`http://127.0.0.1:${port}${LIST}`);
    expect(next.status).toBe(200);
  });

  it('aborts the upstream call when the browser goes away: the upstream sees its request closed, onError a 499', async () => {
    const arrived = createGate();
    upstream.answer = () => arrived.release(); // never answers
    const browser = connect(port, '127.0.0.1');
    browser.write(`GET ${LIST} HTTP/1.1\r\nHost: app.example.test\r\n\r\n`);
    await arrived.held;
    expect(upstream.seen[0]!.finished()).toBe(false);
    browser.destroy();
    await upstream.seen[0]!.closed;
    expect(upstream.seen[0]!.finished()).toBe(false);
    await expect.poll(() => failures.map(([status]) => status)).toEqual([499]);
  });

  it('releases every upstream connection of 20 browsers that went away', async () => {
    let arrivals = 0;
    const all = createGate();
    upstream.answer = () => ++arrivals === 20 && all.release();
    const browsers = Array.from({ length: 20 }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.write(`GET ${LIST} HTTP/1.1\r\nHost: app.example.test\r\n\r\n`);
      return socket;
    });
    await all.held;
    for (const socket of browsers) socket.destroy();
    await Promise.all(upstream.seen.map((request) => request.closed));
    await expect.poll(() => failures.length).toBe(20);
    expect(failures.every(([status]) => status === 499)).toBe(true);
  });

  it('lets nothing but GET /<uuid>/(shares|environments)?page&size through, and always answers HTTP (fuzz)', async () => {
    const allowed = new RegExp(`^/api/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(shares|environments)\\?page=\\d+&size=\\d+$`, 'i');
    const piece = fc.oneof(
      fc.constantFrom('api', ORG, ORG.toUpperCase(), 'shares', 'environments', '..', '.', '%2e%2e', '%2F', '', 'admin', '%00', '\\', '@', ':', ';x', '%E0%A4'),
      fc.string({ maxLength: 8 }),
    );
    const query = fc.array(fc.tuple(fc.constantFrom('page', 'size', 'sort', 'PAGE', 'page[]', ''), fc.oneof(fc.constantFrom('0', '1', '20', '-1', '1e3', '999999999999999999', ''), fc.string({ maxLength: 6 }))), { maxLength: 4 });
    const target = fc.oneof(
      fc.tuple(fc.array(piece, { maxLength: 5 }), query).map(([parts, q]) => `/${parts.join('/')}${q.length ? `?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`),
      fc.tuple(fc.constantFrom('http://', 'https://', 'http://u:p@', 'http://[::1', 'ftp://', '//'), fc.constantFrom('x', 'x:70000', '127.0.0.1:1', ''), fc.constant(LIST)).map((p) => p.join('')),
      fc.constantFrom('*', LIST, `/api/${ORG}/environments?page=2&size=5`, ''),
    );
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'get', 'G\tET', 'PROPFIND');
    const host = fc.oneof(fc.constantFrom('x', '', 'u:p@x', 'x:70000', '[::1', 'a b', 'x:-1', 'localhost:3000', '..'), fc.string({ maxLength: 10 }));
    // No Content-Length or Transfer-Encoding: a request whose body never comes would wait for Node's request timeout.
    const header = fc.tuple(fc.constantFrom('Host', 'Authorization', 'Cookie', 'X-Forwarded-Host', 'X-A', 'Bad Name'), fc.string({ maxLength: 12 }));
    const request = fc
      .tuple(method, target, fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', ''), fc.option(host), fc.array(header, { maxLength: 3 }))
      .map(([m, t, v, h, hs]) => `${m} ${t} ${v}\r\n${h === null ? '' : `Host: ${h}\r\n`}${hs.map(([k, val]) => `${k}: ${val}\r\n`).join('')}\r\n`);
    let forwarded = 0;
    await fc.assert(
      fc.asyncProperty(request, async (raw) => {
        const response = await sendRawHttp(port, raw);
        expect(statusOf(response), JSON.stringify(raw)).toBeGreaterThanOrEqual(200);
        for (const seen of upstream.seen.splice(0)) {
          forwarded += 1;
          expect(seen.method).toBe('GET');
          expect(seen.url).toMatch(allowed);
        }
      }),
      { numRuns: 300, seed: 20261124 },
    );
    // Not vacuous: some generated requests were well-formed and went through.
    expect(forwarded).toBeGreaterThan(0);
    // Still serving.
    expect((await fetch(`http://127.0.0.1:${port}${LIST}`)).status).toBe(200);
  });
});
