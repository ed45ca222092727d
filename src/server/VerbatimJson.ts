import { parseRedactedReporting } from '../client/redact';

/**
 * A response body the proxy passes on as text: as the service sent it when no secret is in it (re-serialising a page
 * costs more than the rest of the proxy's own work), else re-serialised with the secrets redacted.
 */
export class VerbatimJson {
  constructor(readonly text: string) {}

  /**
   * `text` checked as JSON (a `SyntaxError` otherwise: a 204's empty body, an HTML error page, `{ not json }`),
   * then passed on as is unless a secret of `minLength` or more characters is in it, as is or JSON-escaped
   * (`\u0061`); then redacted like the client does. Valid JSON of any depth parses: V8's parser has no recursion.
   */
  static parse(text: string, secrets: readonly string[], minLength: number): VerbatimJson {
    const { value, changed } = parseRedactedReporting(text, secrets, minLength);
    if (!changed) return new VerbatimJson(text);
    let redacted: string;
    try {
      redacted = JSON.stringify(value);
    } catch {
      // JSON.stringify recurses: a body nested past the call stack cannot be re-serialised, so it is not passed on.
      throw new SyntaxError('pagewise: a body with a credential in it is nested too deeply to redact');
    }
    return new VerbatimJson(redacted);
  }
}
