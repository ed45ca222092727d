/**
 * `text` with every occurrence of each (non-empty) secret replaced by `[redacted]`, however short: for error text
 * (status texts, error descriptions, bodies that are not JSON, causes), which a short secret must not survive either.
 */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) text = text.replaceAll(secret, '[redacted]');
  return text;
}

/**
 * Parses JSON `text`, then redacts the secrets of `minLength` or more characters in every string and key as parsed,
 * so also where the JSON escapes them (`\/`, `\u0041`); numbers, literals and the structure are never changed. Data
 * uses 8: words like "id" or "token" occur in ordinary rows, which redacting a short secret would corrupt; an error
 * body uses 1, as no secret may survive in an error. Throws a `SyntaxError` when `text` is not JSON.
 */
export function parseRedacted(text: string, secrets: readonly string[], minLength: number): unknown {
  const long = secrets.filter((secret) => secret.length >= minLength);
  // JSON without a backslash escapes nothing: each parsed string and key is a piece of `text` as it stands, so a
  // secret `text` does not contain is in none of them, and the reviver (4 times slower) is not needed.
  const reviver =
    long[0] && (text.includes('\\') || long.some((secret) => text.includes(secret)))
      ? function (this: Record<string, unknown>, key: string, value: unknown) {
          if (typeof value === 'string') value = redact(value, long);
          const clean = redact(key, long);
          if (clean === key) return value;
          // Moved to the redacted key; returning undefined deletes the original one.
          this[clean] = value;
        }
      : undefined;
  return JSON.parse(text, reviver);
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
