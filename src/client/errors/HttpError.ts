import { ApiError, errorKind, type ApiErrorInit } from './ApiError';

/** Fields of an `HttpError`: a response always came, so its status is known. */
export interface HttpErrorInit extends ApiErrorInit {
  /** Response status. */
  status: number;
  /** Response status text (may be empty over HTTP/2). */
  statusText?: string;
  /** Milliseconds the service asked to wait (429 and 503 only). */
  retryAfterMs?: number;
}

/** The service answered with a status outside 200–299. */
export class HttpError extends ApiError {
  static override readonly kind: string = 'HttpError';
  /** Response status, e.g. 404. */
  declare readonly status: number;
  /** Response status text, e.g. `Not Found`; occurrences of the credential are redacted. */
  declare readonly statusText: string;
  /** Response body: parsed JSON when it was JSON, else its text; occurrences of the credential are redacted, however short. */
  declare readonly body: unknown;
  /** Milliseconds to wait before retrying, from `Retry-After` on a 429 or 503; otherwise `undefined`. */
  declare readonly retryAfterMs: number | undefined;

  constructor(detail: string, init: HttpErrorInit) {
    super(detail, init);
    this.statusText = init.statusText ?? '';
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Whether `value` is an `HttpError`, also across realms. */
export const isHttpError = (value: unknown): value is HttpError => errorKind(value) === 'HttpError';
