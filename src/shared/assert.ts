/**
 * Argument checks: every bad argument pagewise refuses is a `TypeError` in one shape, made here and nowhere else.
 * Its message names the argument (`pagewise: \`name\` must be …, got …`), its `code` is stable for programs, and it
 * echoes the value only where the caller says the value is safe to show: `requireString` and the secret-bearing
 * checks never do.
 */

/** The `code` of every argument error pagewise throws, so programs can tell bad input from a failed request. */
export const INVALID_ARGUMENT = 'PAGEWISE_INVALID_ARGUMENT';

/** A `TypeError` that pagewise threw for a bad argument. */
export interface InvalidArgumentError extends TypeError {
  /** Always {@link INVALID_ARGUMENT}. */
  readonly code: typeof INVALID_ARGUMENT;
  /** The argument or option it names, e.g. `timeoutMs` or `allow.shares.filters`. */
  readonly argument: string;
}

/** Whether `value` is an argument error pagewise threw (works across realms: it reads `code`, not the prototype). */
export const isInvalidArgumentError = (value: unknown): value is InvalidArgumentError =>
  (value as { code?: unknown } | null)?.code === INVALID_ARGUMENT;

/**
 * The argument error for `name`: `problem` says what is wrong ("must be …", "is not used by …"); a `got` value is
 * appended as `formatValue` shows it. Pass no `got` when the value may be a secret.
 */
export function invalidArgument(name: string, problem: string, ...got: [] | [unknown]): InvalidArgumentError {
  const suffix = got.length ? `, got ${formatValue(got[0])}` : '';
  // Not enumerable, like `name` and `message`: equality checks that compare errors by their own keys still see a plain TypeError.
  return Object.defineProperties(new TypeError(`pagewise: \`${name}\` ${problem}${suffix}`), {
    code: { value: INVALID_ARGUMENT },
    argument: { value: name },
  }) as InvalidArgumentError;
}

/** Throws for `name` unless `value` is a function; never echoes the value (it may hold a secret). */
export function assertFunction(name: string, value: unknown): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') throw invalidArgument(name, 'must be a function');
}

/**
 * `value` trimmed (a secret read from a file often ends in a newline, which fetch would not send in a header),
 * or an argument error for `name` unless it is a non-empty string. Never echoes the value: it may be a secret.
 */
export function requireString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidArgument(name, 'must be a non-empty string');
  return value.trim();
}

/** Throws for `name` unless `value` is a safe integer no smaller than `min`. */
export function assertInteger(name: string, value: unknown, min: number, note = ''): asserts value is number {
  if (!Number.isSafeInteger(value) || (value as number) < min)
    throw invalidArgument(name, `must be an integer >= ${min}${note}`, value);
}

/**
 * Throws for `name` unless `value` is a number above zero (`orZero`: at least zero) and, unless `infinite` allows it,
 * finite; `unit` is said in the message ("a positive number of seconds").
 */
export function assertNumber(
  name: string,
  value: unknown,
  { unit, orZero, infinite }: { unit?: string; orZero?: boolean; infinite?: boolean } = {},
): asserts value is number {
  if (typeof value !== 'number' || !(orZero ? value >= 0 : value > 0) || (!infinite && value === Infinity)) {
    const of = unit ? ` of ${unit}` : '';
    throw invalidArgument(name, orZero ? `must be a number${of} >= 0` : `must be a positive number${of}`, value);
  }
}

/** Throws for `name` unless `value` is one of `choices` (compared with `===`). */
export function assertOneOf<T>(name: string, value: unknown, choices: readonly T[]): asserts value is T {
  if (!choices.includes(value as T)) throw invalidArgument(name, `must be one of ${choices.join(', ')}`, value);
}

/** Throws for `name` unless `value` is a path where a handler is mounted: empty, or starting with "/". */
export function assertBasePath(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || (value !== '' && value[0] !== '/'))
    throw invalidArgument(name, 'must be a path starting with "/"', value);
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
