/** Rows per page when nothing else is said: the control, the hooks and the query options share it. */
export const DEFAULT_PAGE_SIZE = 20;

/** The largest `size` the service serves (Spring Data's default `max-page-size`): the mock enforces it, the proxy's `maxSize` defaults to it. */
export const MAX_PAGE_SIZE = 1000;

/** Whether `value` is a string of ASCII digits only: a count or delta-seconds sent as text. */
export function isDigits(value: unknown): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** Whether `value` is a non-negative integer as a query parameter or header carries it: at most 15 digits, so always a safe integer. */
export function isWireInteger(value: string): boolean {
  return /^\d{1,15}$/.test(value);
}
