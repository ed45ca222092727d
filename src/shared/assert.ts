/** A `TypeError` naming `name` unless `value` is a function; never echoes the value (it may hold a secret). */
export function assertFunction(name: string, value: unknown): void {
  if (typeof value !== 'function') throw new TypeError(`pagewise: \`${name}\` must be a function`);
}

/**
 * `value` trimmed (a secret read from a file often ends in a newline, which fetch would not send in a header),
 * or a `TypeError` naming `name` unless it is a non-empty string. Never echoes the value: it may be a secret.
 */
export function requireString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new TypeError(`pagewise: \`${name}\` must be a non-empty string`);
  return value.trim();
}

/**
 * `value` as a message shows it, never calling its own `toString` (a URL's holds its credentials, others throw or
 * are missing): strings quoted, arrays item by item, other objects by their tag (`[object URL]`), the rest as `String` gives it.
 */
export function formatValue(value: unknown): string {
  return typeof value === 'string'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.map(formatValue).join(', ')}]`
      : Object(value) === value
        ? {}.toString.call(value)
        : String(value);
}
