/** A `TypeError` naming `name` unless `value` is a function; never echoes the value (it may hold a secret). */
export function assertFunction(name: string, value: unknown): void {
  if (typeof value !== 'function') throw new TypeError(`pagewise: \`${name}\` must be a function`);
}
