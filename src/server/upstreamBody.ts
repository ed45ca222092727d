import { isResponseShapeError } from '../client/index';
import {
  parseRedactedReporting,
  readText,
  send,
  takeBody,
  withDeadline,
  type ListTarget,
  type RequestConfig,
} from '../client/internal';

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
      const { response } = sent;
      const text = await readText({ ...config, maxBodyBytes }, sent, method, url).catch((error: unknown) => {
        if (isResponseShapeError(error)) onTooLarge?.();
        throw error;
      });
      if (method !== 'GET' && response.ok && text === '') return { body: null, response };
      return { body: takeBody(sent, url, text, VerbatimJson.parse) as VerbatimJson, response };
    },
    method,
  );
}
