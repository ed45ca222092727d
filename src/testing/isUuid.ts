// The mock keeps its own check rather than importing the client's, so client tests against it stay independent.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (8-4-4-4-12 hex digits). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
