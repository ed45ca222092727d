const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID-formatted string (any version), as the service's identifiers are. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
