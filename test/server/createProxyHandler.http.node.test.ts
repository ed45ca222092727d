// The proxy on node:http, both ways the docs mount it (the Fetch handler through @hono/node-server's getRequestListener,
// and createProxyListener), driven over real TCP on 127.0.0.1: raw malformed requests, a browser that goes away, a fuzz
// of request lines.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, ResponseShapeError } from '../../src/client/index';
import type { ProxyHandlerOptions } from '../../src/server/index';
import { closeServedListeners, proxyEntryPoints, type ProxyEntryPoint } from './proxyEntryPoints';
import { ORG, springPage } from '../client/fixtures';
import { createGate } from '../helpers/createGate';
import { listenLocally } from '../helpers/localServer';
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
let listener: (req: IncomingMessage, res: ServerResponse) => void;
/** The entry point the running describe block tests. */
let entry: ProxyEntryPoint;
let failures: [number, unknown][];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

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
  upstream.origin = (await listenLocally(upstream.server)).origin;
  // The listener behind it is swapped per test.
  proxy = createServer((req, res) => listener(req, res));
  ({ port } = await listenLocally(proxy));
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await closeServedListeners();
  for (const server of [proxy, upstream.server]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
/** A proxy to the upstream, telling `failures` each failure. */
function proxyWith(options: Partial<ProxyHandlerOptions> = {}) {
  return entry.listen({
    baseUrl: `${upstream.origin}/api`,
    auth: bearerToken(() => TOKEN),
    basePath: '/api',
    allowRequest: () => true,
    onError: (error, { status }) => failures.push([status, error]),
    ...options,
  });
}

beforeEach(() => {
  listener = proxyWith();
  failures = [];
  upstream.seen.length = 0;
  upstream.answer = (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(springPage([{ id: 's1' }], 1)));
});
afterEach(() => expect(unhandled).toEqual([]));

const LIST = `/api/${ORG}/shares?page=0&size=20`;

describe.each(proxyEntryPoints)('$name', (each) => {
  beforeAll(() => {
    entry = each;
  });

  describe('over TCP', () => {
    it('answers a well-formed raw request 200 with the page', async () => {
      const response = await sendRawHttp(
        port,
        `GET ${LIST} HTTP/1.1\r\nHost: app.example.test\r\nConnection: close\r\n\r\n`,
      );
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
      [
        'an absolute-form target with an unclosed IPv6 literal',
        `GET http://[::1${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`,
        400,
      ],
      ['an absolute-form target with a port above 65535', `GET http://x:99999${LIST} HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
      ['the asterisk form', `GET * HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
      ['OPTIONS *', `OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
      ['a backslash path', `GET \\\\evil.example\\api HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
      ['a request line that is not HTTP', `HELLO\r\n\r\n`, 400],
      ['a header line without a colon', `GET ${LIST} HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n`, 400],
      ['a NUL in a header value', `GET ${LIST} HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n`, 400],
      [
        'a bad percent-escape in the organization',
        `GET /api/%E0%A4%A/shares?page=0&size=20 HTTP/1.1\r\nHost: x\r\n\r\n`,
        404,
      ],
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
      const allowed = new RegExp(
        `^/api/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(shares|environments)\\?page=\\d+&size=\\d+$`,
        'i',
      );
      const piece = fc.oneof(
        fc.constantFrom(
          'api',
          ORG,
          ORG.toUpperCase(),
          'shares',
          'environments',
          '..',
          '.',
          '%2e%2e',
          '%2F',
          '',
          'admin',
          '%00',
          '\\',
          '@',
          ':',
          ';x',
          '%E0%A4',
        ),
        fc.string({ maxLength: 8 }),
      );
      const query = fc.array(
        fc.tuple(
          fc.constantFrom('page', 'size', 'sort', 'PAGE', 'page[]', ''),
          fc.oneof(fc.constantFrom('0', '1', '20', '-1', '1e3', '999999999999999999', ''), fc.string({ maxLength: 6 })),
        ),
        { maxLength: 4 },
      );
      const target = fc.oneof(
        fc
          .tuple(fc.array(piece, { maxLength: 5 }), query)
          .map(([parts, q]) => `/${parts.join('/')}${q.length ? `?${q.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`),
        fc
          .tuple(
            fc.constantFrom('http://', 'https://', 'http://u:p@', 'http://[::1', 'ftp://', '//'),
            fc.constantFrom('x', 'x:70000', '127.0.0.1:1', ''),
            fc.constant(LIST),
          )
          .map((p) => p.join('')),
        fc.constantFrom('*', LIST, `/api/${ORG}/environments?page=2&size=5`, ''),
      );
      const method = fc.constantFrom(
        'GET',
        'HEAD',
        'POST',
        'PUT',
        'DELETE',
        'OPTIONS',
        'TRACE',
        'PATCH',
        'get',
        'G\tET',
        'PROPFIND',
      );
      const host = fc.oneof(
        fc.constantFrom('x', '', 'u:p@x', 'x:70000', '[::1', 'a b', 'x:-1', 'localhost:3000', '..'),
        fc.string({ maxLength: 10 }),
      );
      // No Content-Length or Transfer-Encoding: a request whose body never comes would wait for Node's request timeout.
      const header = fc.tuple(
        fc.constantFrom('Host', 'Authorization', 'Cookie', 'X-Forwarded-Host', 'X-A', 'Bad Name'),
        fc.string({ maxLength: 12 }),
      );
      const request = fc
        .tuple(
          method,
          target,
          fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', ''),
          fc.option(host),
          fc.array(header, { maxLength: 3 }),
        )
        .map(
          ([m, t, v, h, hs]) =>
            `${m} ${t} ${v}\r\n${h === null ? '' : `Host: ${h}\r\n`}${hs.map(([k, val]) => `${k}: ${val}\r\n`).join('')}\r\n`,
        );
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

  describe('limits and headers over HTTP', () => {
    const get = (path = LIST) => fetch(`http://127.0.0.1:${port}${path}`);

    it('answers 503 with Retry-After: 1 beyond maxConcurrent upstream calls, without an upstream call, and tells onError', async () => {
      listener = proxyWith({ maxConcurrent: 2 });
      const two = createGate();
      const release = createGate();
      upstream.answer = (_req, res) => {
        if (upstream.seen.length === 2) two.release();
        void release.held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
      };
      const first = [get(), get()];
      await two.held;
      const refused = await get();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({ error: 'overloaded' });
      expect(upstream.seen).toHaveLength(2);
      expect(failures).toEqual([[503, expect.objectContaining({ message: expect.stringContaining('maxConcurrent') })]]);
      release.release();
      expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
      // The slots are free again.
      expect((await get()).status).toBe(200);
    });

    /** An upstream answer of 64 MiB, written only as fast as it is read: the proxy must stop reading long before its end. */
    const hugeAnswer =
      (status: number, declared: boolean) =>
      (_req: IncomingMessage, res: ServerResponse): void => {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(64 * 2 ** 20) } : {}),
        });
        const chunk = Buffer.alloc(16 * 1024, 0x20);
        let left = 4096;
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            left -= 1;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (left === 0) res.end();
        };
        pump();
      };

    it.each([
      ['declares a length over maxBodyBytes', true],
      ['streams chunks past maxBodyBytes without a length', false],
    ])(
      'answers 502 when the upstream body %s, stops reading (the upstream sees its response closed unfinished) and tells onError the limit',
      async (_name, declared) => {
        listener = proxyWith({ maxBodyBytes: 64 * 1024 });
        upstream.answer = hugeAnswer(200, declared);
        const response = await get();
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ error: 'bad_gateway' });
        await upstream.seen[0]!.closed;
        expect(upstream.seen[0]!.finished()).toBe(false);
        expect(failures).toHaveLength(1);
        const [status, error] = failures[0]!;
        expect(status).toBe(502);
        expect(error).toBeInstanceOf(ResponseShapeError);
        expect(error).toMatchObject({ name: 'ResponseShapeError', status: 200 });
        expect((error as Error).cause).toBeUndefined();
        expect((error as Error).message).toMatch(
          /^GET http:\/\/127\.0\.0\.1:\d+\/api\/[\w-]+\/shares\?page=0&size=20 response body over maxBodyBytes \(65536 bytes\); reading stopped$/,
        );
      },
    );

    it('names the limit for an error status too, and in the default log line when there is no onError', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        listener = proxyWith({ maxBodyBytes: 1024, onError: undefined });
        upstream.answer = hugeAnswer(500, false);
        const response = await get();
        expect(response.status).toBe(502);
        expect(logged).toHaveBeenCalledTimes(1);
        expect(logged.mock.calls[0]![0]).toMatch(
          new RegExp(
            `^\\[pagewise\\] ${entry.name}: 502 ResponseShapeError: GET \\S+ response body over maxBodyBytes \\(1024 bytes\\); reading stopped$`,
          ),
        );
        expect(logged.mock.calls[0]![0]).not.toContain(TOKEN);
      } finally {
        logged.mockRestore();
      }
    });

    it('passes a body within maxBodyBytes through whole, streamed or with a length', async () => {
      listener = proxyWith({ maxBodyBytes: 64 * 1024 });
      const body = JSON.stringify(
        springPage(
          Array.from({ length: 300 }, (_, i) => ({ id: `s${i}`, name: 'x'.repeat(150) })),
          300,
        ),
      );
      expect(body.length).toBeLessThan(64 * 1024);
      for (const declared of [true, false]) {
        upstream.answer = (_req, res) => {
          res.writeHead(200, {
            'content-type': 'application/json',
            ...(declared ? { 'content-length': String(body.length) } : {}),
          });
          res.write(body.slice(0, 1000));
          res.end(body.slice(1000));
        };
        const response = await get();
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(body);
      }
    });

    it.each([301, 302, 303, 307, 308])(
      'answers 502 to a %i redirect, does not follow it, and tells onError the status',
      async (status) => {
        upstream.answer = (_req, res) =>
          res.writeHead(status, { location: `${upstream.origin}/elsewhere` }).end(JSON.stringify({ moved: true }));
        const response = await get();
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ error: 'bad_gateway' });
        expect(response.headers.get('location')).toBeNull();
        expect(upstream.seen.map((r) => r.url)).toEqual([`/api/${ORG}/shares?page=0&size=20`]);
        expect(failures).toEqual([[502, expect.objectContaining({ name: 'HttpError', status })]]);
      },
    );

    it.each([
      ['41', '41'],
      ['0', '0'],
      ['007', '7'],
      ['-1', null],
      ['1e3', null],
      ['4.5', null],
      ['9'.repeat(16), null],
      [`Bearer ${TOKEN}`, null],
      [TOKEN, null],
      ['12, 13', null],
    ])('passes X-Total-Count %j on as %j', async (sent, passed) => {
      upstream.answer = (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': sent }).end('[]');
      const response = await get();
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe(passed);
    });

    it.each([
      ['12', '12'],
      ['0', '0'],
      ['3600', '3600'],
      ['3601', null],
      ['9'.repeat(400), null],
      ['1 Jan', null],
      ['-5', null],
      ['soon', null],
      [new Date(Date.UTC(2001, 0, 1)).toUTCString(), '0'],
      [new Date(Date.now() + 2 * 86_400_000).toUTCString(), null],
    ])('passes Retry-After %j of a 429 on as %j', async (sent, passed) => {
      upstream.answer = (_req, res) =>
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': sent }).end('{"error":"slow_down"}');
      const response = await get();
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe(passed);
    });

    it('passes an HTTP-date Retry-After within the hour on as the seconds left', async () => {
      const sent = new Date(Date.now() + 600_000).toUTCString();
      upstream.answer = (_req, res) =>
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': sent }).end('{}');
      const seconds = Number((await get()).headers.get('retry-after'));
      // At most the 600 s asked for, however long the call took.
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(600);
    });

    it('gives every answer, success, refusal or failure, Cache-Control: private, no-store and nosniff', async () => {
      listener = proxyWith({ allowRequest: (request) => !request.url.includes('environments'), maxConcurrent: 1 });
      const gate = createGate();
      upstream.answer = (req, res) => {
        if (req.url!.includes('page=9')) return void gate.held.then(() => res.end('[]'));
        if (req.url!.includes('page=1'))
          return void res
            .writeHead(500, { 'content-type': 'text/html', 'cache-control': 'public, max-age=600' })
            .end('<h1>oops</h1>');
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=600' }).end('[]');
      };
      const held = get(`/api/${ORG}/shares?page=9&size=1`);
      await expect.poll(() => upstream.seen.length).toBe(1);
      const answers = await Promise.all([
        get(`/api/${ORG}/shares?page=0&size=1`), // 503: the one slot is taken
        get(`/api/${ORG}/environments?page=0&size=1`), // 403
        get(`/api/${ORG}/shares?page=x&size=1`), // 400
        get('/api/nope'), // 404
        fetch(`http://127.0.0.1:${port}${LIST}`, { method: 'DELETE' }), // 405
      ]);
      gate.release();
      answers.push(await held, await get(`/api/${ORG}/shares?page=1&size=1`), await get());
      expect(answers.map((r) => r.status)).toEqual([503, 403, 400, 404, 405, 200, 500, 200]);
      for (const response of answers) {
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-type')).toBe('application/json');
      }
    });
  });

  describe('default log', () => {
    afterEach(() => vi.useRealTimers());

    it('writes one line per kind of failure and minute, with the count left out, while onError-less; a given onError sees all', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2026, 10, 24, 10, 0, 0));
      const lines: unknown[][] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args));
      try {
        const down = (onError?: ProxyHandlerOptions['onError']) =>
          entry.create({
            baseUrl: `${upstream.origin}/api`,
            auth: bearerToken(() => {
              throw new Error('vault unreachable');
            }),
            allowRequest: () => true,
            onError,
          });
        const quiet = down();
        const call = () => quiet(new Request(`http://app.example.test/${ORG}/shares?page=0&size=20`));
        for (let i = 0; i < 50; i += 1) expect((await call()).status).toBe(502);
        expect(lines).toEqual([[`[pagewise] ${entry.name}: 502 Error`]]);
        vi.setSystemTime(Date.UTC(2026, 10, 24, 10, 0, 59));
        await call();
        expect(lines).toHaveLength(1);
        vi.setSystemTime(Date.UTC(2026, 10, 24, 10, 1, 0));
        await call();
        expect(lines).toEqual([
          [`[pagewise] ${entry.name}: 502 Error`],
          [`[pagewise] ${entry.name}: 502 Error (+50 more like it in the 60 s before, not logged)`],
        ]);
        const seen: number[] = [];
        const told = down((_error, { status }) => seen.push(status));
        for (let i = 0; i < 50; i += 1) await told(new Request(`http://app.example.test/${ORG}/shares?page=0&size=20`));
        expect(seen).toEqual(Array(50).fill(502));
        expect(lines).toHaveLength(2);
        expect(upstream.seen).toEqual([]);
      } finally {
        spy.mockRestore();
      }
    });

    it("writes pagewise's errors with their messages, and another error by its name only: a Redis URL's password in it never reaches the line", async () => {
      const password = 'r3dis_Pw_8c1f4e';
      const lines: unknown[][] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args));
      try {
        const foreign = entry.create({
          baseUrl: `${upstream.origin}/api`,
          auth: bearerToken(() => {
            throw new Error(`connect ECONNREFUSED redis://default:${password}@cache.internal:6379`);
          }),
          allowRequest: () => true,
        });
        expect((await foreign(new Request(`http://app.example.test/${ORG}/shares?page=0&size=20`))).status).toBe(502);
        upstream.answer = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('not json');
        const own = entry.create({
          baseUrl: `${upstream.origin}/api`,
          auth: bearerToken(() => TOKEN),
          allowRequest: () => true,
        });
        expect((await own(new Request(`http://app.example.test/${ORG}/shares?page=0&size=20`))).status).toBe(502);
        expect(lines).toEqual([
          [`[pagewise] ${entry.name}: 502 Error`],
          [
            `[pagewise] ${entry.name}: 502 ResponseShapeError: GET ${upstream.origin}/api/${ORG}/shares?page=0&size=20 returned a body that is not valid JSON`,
          ],
        ]);
        expect(JSON.stringify(lines)).not.toContain(password);
      } finally {
        spy.mockRestore();
      }
    });
  });
});
