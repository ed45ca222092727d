/** `text` with every occurrence of each non-empty secret replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (secret) text = text.split(secret).join('[redacted]');
  return text;
}

/**
 * Parses JSON `text` with the secrets redacted, also where the JSON escapes them (`\/`, `\u0041`), which a
 * redaction of the text alone would miss. Throws a `SyntaxError` when `text` is not JSON.
 */
export function parseRedacted(text: string, secrets: readonly string[]): unknown {
  return JSON.parse(redact(text, secrets), (_, value: unknown) => (typeof value === 'string' ? redact(value, secrets) : value));
}
