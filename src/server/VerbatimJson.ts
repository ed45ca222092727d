import { parseRedacted } from '../client/redact';

/**
 * A response body the proxy passes on as the service sent it: parsing and re-serialising a page costs more than the
 * rest of the proxy's own work, and is only needed to redact a credential the text might hold.
 */
export class VerbatimJson {
  constructor(readonly text: string) {}

  /**
   * `text` as a `VerbatimJson` when that is safe: no secret of `minLength` or more characters in it as is, no
   * backslash (JSON could spell a secret with escapes, `\u0061`), and an object or array at its ends (a 204's empty
   * body or an HTML error page still fails as JSON). Otherwise parsed and redacted like the client does.
   */
  static parse(text: string, secrets: readonly string[], minLength: number): unknown {
    const trimmed = text.trim();
    const ends = trimmed.slice(0, 1) + trimmed.slice(-1);
    const clean =
      (ends === '{}' || ends === '[]') &&
      !text.includes('\\') &&
      !secrets.some((secret) => secret.length >= minLength && text.includes(secret));
    return clean ? new VerbatimJson(text) : parseRedacted(text, secrets, minLength);
  }
}
