import { isInvalidArgumentError } from '../../shared/assert';
import { errorName, stripUserinfo } from '../redact';

const BRAND = Symbol.for('pagewise.error');

/** The kind of a pagewise error, read from its cross-realm brand (`undefined` when `value` is none). */
export function errorKind(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null
    ? ((value as Record<symbol, unknown>)[BRAND] as string | undefined)
    : undefined;
}

/** Fields every pagewise error may carry; none of them is ever a secret. */
export interface ApiErrorInit {
  /** HTTP method of the failed request. */
  method?: string;
  /** URL of the failed request (credentials are never part of it). */
  url?: string;
  /** HTTP status of the response, when there was one. */
  status?: number;
  /** Parsed response body, when one was kept. */
  body?: unknown;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * Base of every error the client raises for a request. It keeps no request, headers or token, so its
 * message, stack, `toJSON()` and `util.inspect` output are safe to log.
 */
export class ApiError extends Error {
  // Fields here and in the subclasses are `declare`d: the constructors assign them, and emitted field definitions
  // would only repeat that (in this order, so `Object.keys` is unchanged) at a cost to the bundle.
  /** HTTP method of the failed request, e.g. `GET`. */
  declare readonly method: string | undefined;
  /** URL of the failed request, without any userinfo. */
  declare readonly url: string | undefined;
  /** HTTP status of the response; `undefined` when none arrived (network failure, timeout). */
  declare readonly status: number | undefined;
  /** Parsed response body (`HttpError` only; an `AuthError` never keeps the token endpoint's body). */
  declare readonly body: unknown;

  /** The kind recorded in the cross-realm brand: a string, so minified class names cannot change it. */
  static readonly kind: string = 'ApiError';

  constructor(detail: string, init: ApiErrorInit = {}) {
    const kind = (new.target as typeof ApiError).kind;
    // Userinfo never reaches a message, even from a URL the client did not build.
    const url = init.url && stripUserinfo(init.url);
    const subject = [init.method, url].filter(Boolean).join(' ');
    // As options, `init` gives Error its `cause` exactly when it has one (Error reads no other field).
    super(subject ? `${subject} ${detail}` : detail, init);
    // Not class fields: `name` and the brand stay out of `Object.keys`, and minifiers keep the strings.
    Object.defineProperties(this, { name: { value: kind, writable: true }, [BRAND]: { value: kind } });
    this.method = init.method;
    this.url = url;
    this.status = init.status;
    this.body = init.body;
  }

  /** A plain, secret-free object for logs and serialization. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message, ...(this as object) };
    const cause = this.cause as { name?: unknown; message?: unknown } | undefined;
    if (cause !== undefined)
      json.cause = cause instanceof Error ? { name: cause.name, message: cause.message } : String(cause);
    return json;
  }
}

/** Whether `value` is any pagewise `ApiError`, also across realms (iframes, workers' copies, duplicate bundles). */
export const isApiError = (value: unknown): value is ApiError => errorKind(value) !== undefined;

/**
 * One line about a failure for a default log (an error's stack would take dozens). The one policy of what a log line
 * may say: pagewise's own errors are secret-free by construction (their messages, and the cause a `NetworkError`
 * keeps, are redacted when made), so they are told with their messages; any other error, or thrown value, by its
 * `errorName` only, as its message may hold anything.
 */
export function describeForLog(error: unknown): string {
  if (!isApiError(error) && !isInvalidArgumentError(error)) return errorName(error);
  const { cause } = error;
  const kept = cause instanceof Error ? ` (cause: ${cause.name}: ${cause.message})` : '';
  return `${error.name}: ${error.message}${kept}`;
}
