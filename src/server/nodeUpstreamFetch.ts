// The Node listener's upstream calls over Node's own `http`/`https` with keep-alive agents, shaped as `fetch` so that
// the client's `send` (Authorization, the one renewal after a 401, events) runs unchanged. Per call it costs a fraction
// of undici's fetch (no Fetch `Request`, no stream bridging for a body read whole), which is most of what the proxy
// adds to a pass-through. Loaded with `process.getBuiltinModule`, not imported: `pagewise/server` stays loadable where
// `node:http` is not (the Fetch handler on edge runtimes), and bundlers never see the module.

import { readWebAtMost, type ReadsAtMost } from '../client/internal';

type NodeHttp = typeof import('node:http');
type IncomingMessage = import('node:http').IncomingMessage;
type Agent = import('node:http').Agent;

/** The builtins this needs, or undefined where they cannot be loaded (then the listener uses `fetch`). */
function builtins() {
  const load = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof load !== 'function') return undefined;
  return {
    http: load('node:http') as NodeHttp,
    https: load('node:https') as NodeHttp,
    Readable: (load('node:stream') as typeof import('node:stream')).Readable,
  };
}

type Builtins = NonNullable<ReturnType<typeof builtins>>;

/** The UTF-8 text of a body as `Response.text()` gives it: a leading byte order mark dropped. */
function decode(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** What reading a body a second time, or cloning a read one, throws (a `TypeError`, as fetch's). */
const USED = 'Body is unusable: Body has already been read';

/** Statuses whose answer has no body: `body` is null for them, as fetch's is. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` whose body is Node's message, read directly when read whole (`text()`, `readAtMost`), bridged to a web
 * stream only when `body` is asked for or the response is cloned. Its headers and status are a real Response's, for
 * `auth` strategies' checks; every read behaves as fetch's (a body read once, a clone reads its own copy).
 */
export class NodeUpstreamResponse extends Response implements ReadsAtMost {
  // Node's message until a stream is asked for; after a clone, one branch of the stream split in two.
  #message: IncomingMessage | undefined;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  readonly #node: Builtins;
  readonly #init: ResponseInit & { status: number };
  #used = false;

  constructor(
    source: IncomingMessage | ReadableStream<Uint8Array<ArrayBuffer>>,
    init: ResponseInit & { status: number },
    node: Builtins,
  ) {
    // undici's fetch delivers a status up to 999 as it came, which the constructor refuses: kept here instead, so
    // the proxy answers it as it answers fetch's.
    super(null, { ...init, status: Math.min(init.status, 599) });
    this.#init = init;
    this.#node = node;
    if (source instanceof ReadableStream) this.#stream = source;
    else this.#message = source;
  }

  override get status(): number {
    return this.#init.status;
  }

  override get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (NULL_BODY.has(this.status)) return null;
    return (this.#stream ??= this.#node.Readable.toWeb(this.#message!) as ReadableStream<Uint8Array<ArrayBuffer>>);
  }

  override get bodyUsed(): boolean {
    // As fetch's: a response without a body is never used up.
    if (NULL_BODY.has(this.status)) return false;
    // Once bridged, the message is the stream's to read: only the stream (or this response's branch of it) tells.
    return this.#used || (this.#stream ? this.#stream.locked : this.#message!.readableDidRead);
  }

  /** Marks the body read, or throws fetch's `TypeError` when it was read (or locked) before. */
  #take(): void {
    if (this.bodyUsed) throw new TypeError(USED);
    this.#used = true;
  }

  /** The body as text, or `undefined` as soon as it is over `maxBytes` (the connection is then closed, not drained). */
  async textAtMost(maxBytes: number): Promise<string | undefined> {
    this.#take();
    if (this.#stream || !this.#message) return readWebAtMost(this.body, maxBytes);
    const message = this.#message;
    if (Number(this.headers.get('content-length')) > maxBytes) {
      message.destroy();
      return undefined;
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      message.on('data', (chunk: Buffer) => {
        if ((size += chunk.byteLength) <= maxBytes) chunks.push(chunk);
        else {
          message.destroy();
          resolve(undefined);
        }
      });
      message.once('end', () => resolve(decode(chunks)));
      message.on('error', reject);
      // A connection closed mid-body (or the call aborted) ends the message without `end`.
      message.once('close', () => {
        if (!message.complete) reject(new Error('the upstream connection closed before the body ended'));
      });
    });
  }

  override async text(): Promise<string> {
    return (await this.textAtMost(Infinity))!;
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  /** The body's bytes read through a plain `Response`, which does the rest of the reading as fetch's does. */
  async #whole(): Promise<Response> {
    this.#take();
    return new Response(this.body);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.#whole()).arrayBuffer();
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return (await this.#whole()).bytes();
  }

  override async blob(): Promise<Blob> {
    return (await this.#whole()).blob();
  }

  /** A copy reading the same body: the stream is split in two, one branch each, as fetch's `clone()` does. */
  override clone(): NodeUpstreamResponse {
    if (this.bodyUsed) throw new TypeError(USED);
    const init = { ...this.#init, headers: new Headers(this.headers) };
    const body = this.body;
    if (!body) return new NodeUpstreamResponse(new ReadableStream(), init, this.#node);
    const [mine, theirs] = body.tee();
    this.#stream = mine;
    return new NodeUpstreamResponse(theirs, init, this.#node);
  }
}

/** Request headers as Node takes them, from any of the forms `fetch` accepts. */
function headersOf(init: HeadersInit | undefined): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init));
  return init as Record<string, string>;
}

/** Node's raw header list as Fetch `Headers`: a header Node's parser accepted but the Fetch standard does not is left out, as undici's fetch does. */
export function fetchHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // Left out, not a failure.
    }
  }
  return headers;
}

/** The status, headers and reason of Node's answer; a `TypeError` for a status below 200, which is no final answer. */
function initOf(message: IncomingMessage): ResponseInit & { status: number } {
  const status = message.statusCode ?? 0;
  if (status < 200) throw new TypeError(`the upstream answered status ${status}`);
  const headers = fetchHeaders(message.rawHeaders);
  const statusText = message.statusMessage ?? '';
  return { status, headers, statusText: /^[\t\x20-\x7e\x80-\xff]*$/.test(statusText) ? statusText : '' };
}

/**
 * A `fetch` over Node's `http`/`https`, each with a keep-alive agent of its own, or `undefined` where Node's builtins
 * cannot be loaded. It never follows a redirect (the proxy answers one 502: `redirect` is always `manual` here), sends
 * only the headers it is given (no `Accept-Encoding`: the body arrives as the service sends it uncompressed), and
 * rejects with a `TypeError` for what `fetch` would (a header Node refuses, a status below 200), or with the
 * signal's reason when it aborts.
 */
export function createNodeUpstreamFetch(): typeof globalThis.fetch | undefined {
  const node = builtins();
  if (!node) return undefined;
  // Idle sockets are kept for the next call, as undici's pool keeps them, and closed by this side first: after 4 s
  // (undici's default), or a second before the service's announced `Keep-Alive: timeout` when that is sooner. Node's
  // agent reads that hint only when it has an idle `timeout` to lower; with none it keeps an idle socket until the
  // service closes it, and a call sent as it does is reset. On a socket in use the timeout only tells that it is idle:
  // the call's own deadline governs.
  const options = { keepAlive: true, timeout: IDLE_MS };
  const agents: Record<string, [NodeHttp, Agent]> = {
    'http:': [node.http, new node.http.Agent(options)],
    'https:': [node.https, new node.https.Agent(options)],
  };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      // A string, as the proxy passes it: Node parses it once (a URL made here would be parsed twice).
      const url = String(input);
      const [transport, agent] = agents[/^https?:/i.exec(url)?.[0].toLowerCase() ?? ''] ?? [];
      if (!transport) throw new TypeError("fetch over Node's http requests http: and https: URLs only");
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
        throw new TypeError("fetch over Node's http sends text bodies only");
      const { signal } = init;
      signal?.throwIfAborted();
      const method = init.method ?? 'GET';
      const send = () => {
        const request = transport.request(url, { method, headers: headersOf(init.headers), agent });
        const onAbort = () => request.destroy(signal!.reason as Error);
        signal?.addEventListener('abort', onAbort, { once: true });
        request.once('close', () => signal?.removeEventListener('abort', onAbort));
        let answered = false;
        // `on`, not `once`: a socket failing mid-body errors the request again after the answer (the body's reader
        // sees it), and an error without a listener would end the process.
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (signal?.aborted) return reject(signal.reason);
          // A kept socket the service closed while idle fails as the request is written, before it is read: an
          // idempotent request goes again, on another socket (Node's `reusedSocket` recipe); a write might have been
          // received, so it fails as it is.
          if (!answered && request.reusedSocket && error.code === 'ECONNRESET' && IDEMPOTENT.has(method.toUpperCase()))
            send();
          else reject(error);
        });
        request.once('response', (message) => {
          answered = true;
          try {
            resolve(new NodeUpstreamResponse(message, initOf(message), node));
          } catch (error) {
            message.destroy();
            reject(error);
          }
        });
        request.end(typeof init.body === 'string' ? init.body : undefined);
      };
      send();
    });
}

/** How long an idle kept socket waits for the next call, unless the service announces a sooner keep-alive timeout. */
const IDLE_MS = 4_000;

/** Methods whose request may be sent twice with the effect of once (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
