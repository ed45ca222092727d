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
        ? ({}).toString.call(value)
        : String(value);
}
