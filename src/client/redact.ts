/**
 * `text` with every occurrence of each secret of 8 or more characters replaced by `[redacted]`. A shorter secret
 * is left alone: words like "id" or "token" occur in ordinary data, which redacting them would corrupt.
 */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (secret.length > 7) text = text.replaceAll(secret, '[redacted]');
  return text;
}

/**
 * Parses JSON `text`, then redacts the secrets in every string and key as parsed, so also where the JSON escapes
 * them (`\/`, `\u0041`); numbers, literals and the structure are never changed. Throws a `SyntaxError` when
 * `text` is not JSON.
 */
export function parseRedacted(text: string, secrets: readonly string[]): unknown {
  return JSON.parse(text, function (this: Record<string, unknown>, key: string, value: unknown) {
    if (typeof value === 'string') value = redact(value, secrets);
    const clean = redact(key, secrets);
    if (clean === key) return value;
    // Moved to the redacted key; returning undefined deletes the original one.
    this[clean] = value;
  });
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
