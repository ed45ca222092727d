import { ApiError, errorKind } from './ApiError';

/** Fields of an `HttpError`. */
export interface HttpErrorInit {
  /** HTTP method of the request. */
  method: string;
  /** URL of the request. */
  url: string;
  /** Response status. */
  status: number;
  /** Response status text (may be empty over HTTP/2). */
  statusText: string;
  /** Response body: parsed JSON, else its text. */
  body: unknown;
  /** Milliseconds the service asked to wait (429 and 503 only). */
  retryAfterMs?: number;
}

/** The service answered with a status outside 200–299. */
export class HttpError extends ApiError {
  /** Response status, e.g. 404. */
  declare readonly status: number;
  /** Response status text, e.g. `Not Found`; occurrences of the credential are redacted. */
  declare readonly statusText: string;
  /** Response body: parsed JSON when it was JSON, else its text; occurrences of the credential are redacted, however short. */
  declare readonly body: unknown;
  /** Milliseconds to wait before retrying, from `Retry-After` on a 429 or 503; otherwise `undefined`. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: HttpErrorInit) {
    super(`failed: ${init.status}${init.statusText ? ` ${init.statusText}` : ''}`, init, 'HttpError');
    this.statusText = init.statusText;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Whether `value` is an `HttpError`, also across realms. */
export const isHttpError = (value: unknown): value is HttpError => errorKind(value) === 'HttpError';
