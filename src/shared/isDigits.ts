/** Whether `value` is a string of ASCII digits only: a count or delta-seconds sent as text. */
export function isDigits(value: unknown): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}
