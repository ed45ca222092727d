import { ResponseShapeError } from '../client/index';
import {
  networkError,
  parseRedactedReporting,
  send,
  takeBody,
  withDeadline,
  type ListTarget,
  type RequestConfig,
} from '../client/internal';
import { isDigits } from '../shared/paging';

/**
 * A response body the proxy passes on as text: as the service sent it when no secret is in it (re-serialising a page
 * costs more than the rest of the proxy's own work, and would round numbers a client may need whole), else
 * re-serialised with the secrets redacted.
 */
export class VerbatimJson {
  constructor(readonly text: string) {}

  /**
   * `text` checked as JSON (a `SyntaxError` otherwise: a 204's empty body, an HTML error page, `{ not json }`),
   * then passed on as is unless a secret of `minLength` or more characters is in it, as is or JSON-escaped
   * (`\u0061`); then redacted like the client does (a `RangeError` when it is too deep to re-serialise). Valid JSON of
   * any depth parses: V8's parser has no recursion.
   */
  static parse(text: string, secrets: readonly string[], minLength: number): VerbatimJson {
    const { value, changed } = parseRedactedReporting(text, secrets, minLength);
    if (!changed) return new VerbatimJson(text);
    let redacted: string;
    try {
      redacted = JSON.stringify(value);
    } catch {
      // JSON.stringify recurses: a body nested past the call stack cannot be re-serialised, so it is not passed on.
      // A RangeError, as the body is valid JSON: the error names the real reason, not "not valid JSON".
      throw new RangeError('returned a body with a credential in it nested too deeply to redact');
    }
    return new VerbatimJson(redacted);
  }
}

/** A response that reads its own body with a limit, faster than through a web stream (Node's, for the listener). */
export interface ReadsAtMost {
  textAtMost(maxBytes: number): Promise<string | undefined>;
}

/** A web stream's text, or `undefined` as soon as it is over `maxBytes` (the rest cancelled). */
export async function readWebAtMost(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<string | undefined> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: BlobPart[] = [];
  for (let size = 0; ;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks).text();
    if ((size += value.byteLength) > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
}

/**
 * A response's (or a request's) body as text, or `undefined` as soon as it is over `maxBytes`: reading stops there and
 * the rest is cancelled (the connection is released, not drained), so a huge or endless body never sits in memory
 * whole.
 */
export async function readAtMost(
  response: Pick<Response, 'headers' | 'body' | 'text'> & Partial<ReadsAtMost>,
  maxBytes: number,
): Promise<string | undefined> {
  if (typeof response.textAtMost === 'function') return response.textAtMost(maxBytes);
  const declared = response.headers.get('content-length');
  // fetch fails a body longer than its Content-Length, so a declared length within bounds lets the fast reader run.
  if (isDigits(declared)) {
    if (Number(declared) <= maxBytes) return response.text();
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  return readWebAtMost(response.body, maxBytes);
}

/**
 * A list call (or a write) for the proxy: sent like the client's (its deadline, Authorization and 401 renewal), its
 * body read up to `maxBodyBytes` and kept as `VerbatimJson` (a write's empty success as `null`). A larger body rejects
 * with a `ResponseShapeError` naming the limit (after `onTooLarge`); otherwise as the client's call rejects, an
 * `HttpError`'s body being `VerbatimJson` too.
 */
export function fetchUpstream(
  config: RequestConfig,
  target: ListTarget,
  callerSignal: AbortSignal,
  maxBodyBytes: number,
  onTooLarge?: () => void,
): Promise<{ body: VerbatimJson | null; response: Response }> {
  const { url, method = 'GET' } = target;
  return withDeadline(
    config,
    url,
    callerSignal,
    async (signal) => {
      const sent = await send(config, target, signal);
      const { response, secrets } = sent;
      const text = await readAtMost(response, maxBodyBytes).catch((error: unknown) => {
        throw networkError(method, url, error, secrets);
      });
      if (text === undefined) {
        onTooLarge?.();
        throw new ResponseShapeError(`response body over maxBodyBytes (${maxBodyBytes} bytes); reading stopped`, {
          method,
          url,
          status: response.status,
        });
      }
      if (method !== 'GET' && response.ok && text === '') return { body: null, response };
      return { body: takeBody(sent, url, text, VerbatimJson.parse) as VerbatimJson, response };
    },
    method,
  );
}
