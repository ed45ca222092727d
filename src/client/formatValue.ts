/** `value` as an argument error message shows it: strings quoted, everything else as `String` gives it. */
export function formatValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
