/** Whether `value` is a non-negative integer as a query parameter or header carries it: at most 15 digits, so always a safe integer. */
export function isWireInteger(value: string): boolean {
  return /^\d{1,15}$/.test(value);
}
