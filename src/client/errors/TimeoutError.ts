import { ApiError, errorKind } from './ApiError';

/** The request did not complete within `timeoutMs`. (A caller's own abort stays the fetch's `AbortError`.) */
export class TimeoutError extends ApiError {
  /** The limit that ran out, in milliseconds. */
  declare readonly timeoutMs: number;

  constructor(method: string | undefined, url: string | undefined, timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`, { method, url }, 'TimeoutError');
    this.timeoutMs = timeoutMs;
  }
}

/** Whether `value` is a pagewise `TimeoutError`, also across realms. */
export const isTimeoutError = (value: unknown): value is TimeoutError => errorKind(value) === 'TimeoutError';
