import { isApiError, isAuthError, isHttpError, isInvalidArgumentError, isTimeoutError } from '../client/index';
import { errorName, type FailureProblem, type ListFailure } from '../client/internal';

/** Longest problem string that crosses; a longer one is cut. */
const MAX_TEXT = 1000;
/** Most invalid fields that cross. */
const MAX_FIELD_ERRORS = 50;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The members of an error body that may cross, when it is a problem document (RFC 9457) or has its fields: never
 * `instance` or other members, which may name the service's paths. The client redacted the credential already.
 */
function problemOf(body: unknown): FailureProblem | undefined {
  if (!isRecord(body)) return undefined;
  const problem: FailureProblem = {};
  for (const name of ['type', 'title', 'detail'] as const) {
    const value = text(body[name]);
    if (value !== undefined) problem[name] = value;
  }
  if (Number.isInteger(body.status)) problem.status = body.status as number;
  if (Array.isArray(body.errors)) {
    problem.errors = body.errors
      .filter(isRecord)
      .slice(0, MAX_FIELD_ERRORS)
      .map((entry) => {
        const field = text(entry.field);
        const message = text(entry.message);
        return { ...(field !== undefined && { field }), ...(message !== undefined && { message }) };
      });
  }
  return Object.keys(problem).length ? problem : undefined;
}

/**
 * Arguments only the server's side can judge: a URL cursor under its client's `baseUrl` at the list allowed, an
 * organization its route wants as a UUID (a server function takes any URL-safe name, for routes that name none), a
 * size over the server function's `maxSize`.
 */
const SERVER_ARGUMENTS = ['cursor', 'organizationId', 'size'];

/**
 * `error` as a `ListFailure`: the fields its guards and the retry policy read and a problem's safe members, never its
 * message, URL or whole body. A refused `cursor` or `organizationId` is an argument error the browser could not have
 * seen coming (only the server knows its client's `baseUrl` and route), so it is one too. Undefined for what is no
 * failure of the request (another argument error, a bug), which is thrown instead.
 */
export function failureOf(error: unknown): ListFailure | undefined {
  if (isInvalidArgumentError(error))
    return SERVER_ARGUMENTS.includes(error.argument) ? { kind: 'TypeError', argument: error.argument } : undefined;
  const kind = errorName(error);
  if (!isApiError(error) && kind !== 'AbortError') return undefined;
  const failure: ListFailure = { kind };
  if (isHttpError(error)) {
    failure.status = error.status;
    if (error.statusText) failure.statusText = error.statusText;
    if (error.retryAfterMs !== undefined) failure.retryAfterMs = error.retryAfterMs;
    const problem = problemOf(error.body);
    if (problem) failure.problem = problem;
  }
  if (isTimeoutError(error)) failure.timeoutMs = error.timeoutMs;
  if (isAuthError(error) && error.error) failure.error = error.error;
  return failure;
}
