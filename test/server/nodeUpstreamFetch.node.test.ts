// The Node listener's upstream calls over Node's own http: what it sends and reads, alone and behind the listener,
// against real servers on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, NetworkError } from '../../src/client/index';
import { createProxyListener } from '../../src/server/index';
import { createNodeUpstreamFetch } from '../../src/server/nodeUpstreamFetch';
import { selfSignedCertificate } from '../helpers/certificates';
import { listenLocally, type Listening } from '../helpers/localServer';
import { ORG, springPage } from '../client/fixtures';

const TOKEN = 'tok-node-upstream-5d1e2f';
const PAGE = JSON.stringify(springPage([{ id: 's1' }], 1));

let upstream: Listening;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let received: IncomingMessage[];
let connections: number;
const servers: Listening[] = [];

beforeAll(async () => {
  const server = createServer((req, res) => {
    received.push(req);
    answer(req, res);
  });
  server.on('connection', () => (connections += 1));
  upstream = await listenLocally(server);
});
afterAll(() => upstream.close());
beforeEach(() => {
  received = [];
  connections = 0;
  answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(PAGE);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The listener behind a Node server of its own, in front of `baseUrl`; failures told to `failures`. */
async function listen(options: { baseUrl?: string; timeoutMs?: number; fetch?: typeof globalThis.fetch } = {}) {
  const failures: Array<[number, unknown]> = [];
  const listener = createProxyListener({
    baseUrl: `${upstream.origin}/api`,
    auth: bearerToken(() => TOKEN),
    basePath: '/api',
    allowRequest: () => true,
    onError: (error, { status }) => failures.push([status, error]),
    ...options,
  });
  const served = await listenLocally(createServer(listener) as Server);
  servers.push(served);
  return { get: () => fetch(`${served.origin}/api/${ORG}/shares?page=0&size=20`), failures };
}

describe('createProxyListener over Node http', () => {
  it('keeps one upstream connection alive for calls one after another', async () => {
    const { get } = await listen();
    for (let i = 0; i < 5; i += 1) expect((await get()).status).toBe(200);
    expect(received).toHaveLength(5);
    expect(connections).toBe(1);
  });

  it('sends the Authorization, Accept and nothing of its own: no Accept-Encoding, so no compressed body to undo', async () => {
    const { get } = await listen();
    await get();
    const { headers } = received[0]!;
    expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(headers.accept).toBe('application/json');
    expect(Object.keys(headers).sort()).toEqual(['accept', 'authorization', 'connection', 'host']);
  });

  it('answers 504 when the body stalls past timeoutMs, and closes the upstream connection', async () => {
    let closed!: Promise<void>;
    answer = (_req, res) => {
      closed = new Promise((resolve) => res.once('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(PAGE.slice(0, 10));
    };
    const { get, failures } = await listen({ timeoutMs: 150 });
    const response = await get();
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: 'upstream_timeout' });
    await closed;
    expect(failures).toEqual([[504, expect.objectContaining({ name: 'TimeoutError' })]]);
  });

  it('calls the service with the given fetch instead, when one is passed', async () => {
    const given = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const { get } = await listen({ fetch: given });
    expect((await get()).status).toBe(200);
    expect(given).toHaveBeenCalledTimes(1);
    expect(given.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });

  it('refuses an HTTPS service whose certificate it cannot verify: 502, no request reaches it, onError a NetworkError', async () => {
    const key = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
    const cert = selfSignedCertificate(key, '/CN=127.0.0.1', '127.0.0.1');
    let reached = 0;
    const tls = await listenLocally(
      createHttpsServer({ key, cert }, (_req, res) => {
        reached += 1;
        res.end(PAGE);
      }) as unknown as Server,
    );
    servers.push(tls);
    const { get, failures } = await listen({ baseUrl: `${tls.origin}/api` });
    const response = await get();
    expect(response.status).toBe(502);
    expect(reached).toBe(0);
    expect(failures).toEqual([[502, expect.any(NetworkError)]]);
    expect(JSON.stringify(failures)).not.toContain(TOKEN);
  });
});

describe('createNodeUpstreamFetch', () => {
  const nodeFetch = createNodeUpstreamFetch()!;
  const url = () => `${upstream.origin}/api/x`;

  it('reads a body as Response.text() does, its byte order mark dropped, and as JSON, bytes or a stream', async () => {
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`\ufeff${PAGE}`);
    expect(await (await nodeFetch(url())).text()).toBe(PAGE);
    expect(await (await nodeFetch(url())).json()).toEqual(JSON.parse(PAGE));
    expect(new TextDecoder().decode(await (await nodeFetch(url())).arrayBuffer())).toBe(PAGE);
    expect(await new Response((await nodeFetch(url())).body).text()).toBe(PAGE);
  });

  /** What a sequence of reads gives on a response: each value, or the name of the error it threw or rejected with. */
  async function outcomes(response: Response, reads: Array<(response: Response) => unknown>) {
    const results: unknown[] = [];
    for (const read of reads) {
      try {
        const value: unknown = await read(response);
        results.push(
          value instanceof ArrayBuffer || value instanceof Uint8Array ? new TextDecoder().decode(value) : value,
        );
      } catch (error) {
        results.push((error as Error).name);
      }
      results.push(response.bodyUsed);
    }
    return results;
  }

  it("behaves as fetch's Response: clone, bytes, arrayBuffer, text, json, body and bodyUsed, a read twice refused", async () => {
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`\ufeff${PAGE}`);
    const cloneBoth = async (response: Response) => {
      const copy = response.clone();
      expect([copy.status, copy.statusText, copy.headers.get('content-type')]).toEqual([200, 'OK', 'application/json']);
      return [await copy.text(), await response.bytes().then((bytes) => new TextDecoder().decode(bytes))];
    };
    const sequences: Array<Array<(response: Response) => unknown>> = [
      [(r) => r.bytes(), (r) => r.text()],
      [(r) => r.arrayBuffer(), (r) => r.clone()],
      [(r) => r.text(), (r) => r.json()],
      [(r) => r.json(), (r) => r.bytes()],
      [(r) => r.blob().then((blob) => blob.text()), (r) => r.arrayBuffer()],
      [cloneBoth, (r) => r.text()],
      [(r) => r.clone().clone().json(), (r) => r.json()],
      [(r) => new Response(r.body).text(), (r) => r.text()],
    ];
    for (const reads of sequences)
      expect(await outcomes(await nodeFetch(url()), reads)).toEqual(await outcomes(await fetch(url()), reads));
  });

  it("gives a 204's clone, like fetch's, no body and empty reads", async () => {
    answer = (_req, res) => res.writeHead(204).end();
    const reads: Array<(response: Response) => unknown> = [
      (r) => r.clone().body,
      (r) => r.clone().bytes(),
      (r) => r.body,
      (r) => r.text(),
    ];
    expect(await outcomes(await nodeFetch(url()), reads)).toEqual(await outcomes(await fetch(url()), reads));
  });

  it("keeps the service's status, reason and headers, a status above 599 included, as fetch delivers them", async () => {
    answer = (_req, res) => res.writeHead(600, 'Odd', { 'x-total-count': '7' }).end('{}');
    const response = await nodeFetch(url());
    expect([response.status, response.ok, response.statusText]).toEqual([600, false, 'Odd']);
    expect(response.headers.get('x-total-count')).toBe('7');
    await response.text();
  });

  it('sends a write with its method, headers and text body, and refuses a body that is not text', async () => {
    let body = '';
    answer = (req, res) => {
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => res.writeHead(201).end('{}'));
    };
    const response = await nodeFetch(url(), { method: 'PATCH', headers: { 'If-Match': '"v1"' }, body: '{"a":1}' });
    expect(response.status).toBe(201);
    expect([received[0]!.method, received[0]!.headers['if-match'], body]).toEqual(['PATCH', '"v1"', '{"a":1}']);
    await expect(nodeFetch(url(), { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow(TypeError);
  });

  it('sends a read again on another socket when the service closed the kept one as it went out; a write fails as it is', async () => {
    const fetchOnItsOwnPool = createNodeUpstreamFetch()!;
    const served = new WeakSet<object>();
    answer = (req, res) => {
      // A service that closed a kept connection just as the next request was written: the socket ends unanswered.
      if (served.has(req.socket)) return void req.socket.destroy();
      served.add(req.socket);
      res.writeHead(200, { 'content-type': 'application/json' }).end(PAGE);
    };
    expect(await (await fetchOnItsOwnPool(url())).text()).toBe(PAGE);
    expect(await (await fetchOnItsOwnPool(url())).text()).toBe(PAGE);
    expect([received.map((req) => req.method), connections]).toEqual([['GET', 'GET', 'GET'], 2]);
    await expect(fetchOnItsOwnPool(url(), { method: 'POST', body: '{}' })).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(received.map((req) => req.method)).toEqual(['GET', 'GET', 'GET', 'POST']);
  });

  it("closes an idle kept connection itself before the service's announced keep-alive timeout runs out", async () => {
    // It announces 2 s and waits 10 s itself: which side closes first does not hang on a process stall between the
    // answer and its reading (the two timers start then, on one event loop here).
    const server = createServer({ keepAliveTimeout: 10_000 }, (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive', 'keep-alive': 'timeout=2' })
        .end(PAGE),
    );
    const closedFirstBy = new Promise<string>((resolve) =>
      server.on('connection', (socket: Socket) => {
        socket.once('end', () => resolve('the proxy'));
        socket.once('timeout', () => resolve('the service'));
      }),
    );
    const service = await listenLocally(server, { ownKeepAlive: true });
    servers.push(service);
    const response = await createNodeUpstreamFetch()!(`${service.origin}/api/x`);
    expect(response.headers.get('keep-alive')).toBe('timeout=2');
    expect(await response.text()).toBe(PAGE);
    expect(await closedFirstBy).toBe('the proxy');
  });

  it('requests http: and https: URLs only, refusing any other with a TypeError before connecting', async () => {
    await expect(nodeFetch('ftp://127.0.0.1/api/x')).rejects.toThrow(TypeError);
    await expect(nodeFetch('file:///etc/passwd')).rejects.toThrow(TypeError);
    expect(received).toEqual([]);
  });

  it('rejects with the reason of a signal that aborts before the answer, and closes the request', async () => {
    let closed!: Promise<void>;
    answer = (_req, res) => {
      closed = new Promise((resolve) => res.once('close', () => resolve()));
    };
    const controller = new AbortController();
    const pending = nodeFetch(url(), { signal: controller.signal });
    await expect.poll(() => received).toHaveLength(1);
    const reason = new Error('gone');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await closed;
  });
});
