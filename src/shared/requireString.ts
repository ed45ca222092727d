/**
 * `value` trimmed (a secret read from a file often ends in a newline, which fetch would not send in a header),
 * or a `TypeError` naming `name` unless it is a non-empty string. Never echoes the value: it may be a secret.
 */
export function requireString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`pagewise: \`${name}\` must be a non-empty string`);
  return value.trim();
}
