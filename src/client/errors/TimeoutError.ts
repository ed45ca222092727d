import { ApiError, errorKind, type ApiErrorInit } from './ApiError';

/** Fields of a `TimeoutError`. */
export interface TimeoutErrorInit extends ApiErrorInit {
  /** The limit that ran out, in milliseconds. */
  timeoutMs: number;
}

/** The request did not complete within `timeoutMs`. (A caller's own abort stays the fetch's `AbortError`.) */
export class TimeoutError extends ApiError {
  static override readonly kind: string = 'TimeoutError';
  /** The limit that ran out, in milliseconds. */
  declare readonly timeoutMs: number;

  constructor(detail: string, init: TimeoutErrorInit) {
    super(detail, init);
    this.timeoutMs = init.timeoutMs;
  }
}

/** Whether `value` is a pagewise `TimeoutError`, also across realms. */
export const isTimeoutError = (value: unknown): value is TimeoutError => errorKind(value) === 'TimeoutError';
