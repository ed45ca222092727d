import { isDigits } from '../shared/paging';

// Reading stops at a limit, so a huge or endless body a service sends never sits in memory whole: the client's list and
// write calls and the proxy read every response through here.

/** The most a response body may hold before reading stops, unless `maxBodyBytes` says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 2 ** 25;

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
