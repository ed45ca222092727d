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

/**
 * A copy of a thrown value that is safe to keep as a `cause`: same prototype (so `instanceof TypeError` holds),
 * name and message with the secrets redacted, causes likewise; other fields are left out, as a custom fetch's
 * error may hold the request and its headers. Non-errors become redacted strings.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error == null ? error : redact(String(error), secrets);
  const { name, message, cause } = error;
  const copy = new Error(redact(message, secrets), cause == null ? undefined : { cause: redactError(cause, secrets, depth + 1) });
  return Object.assign(Object.setPrototypeOf(copy, Object.getPrototypeOf(error)), { name });
}
