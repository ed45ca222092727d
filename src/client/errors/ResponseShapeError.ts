import { ApiError, errorKind, type ApiErrorInit } from './ApiError';

/** Fields of a `ResponseShapeError`. */
export interface ResponseShapeErrorInit extends ApiErrorInit {
  /** Top-level keys of the body that was received. */
  keys?: string[];
}

/**
 * A response whose body pagewise does not take: a success that is not JSON or not a page shape pagewise knows (pass
 * `parsePage` to read others), or, behind `createProxyHandler`, a body over its `maxBodyBytes` (its message names the
 * limit; `status` is the response's).
 */
export class ResponseShapeError extends ApiError {
  static override readonly kind: string = 'ResponseShapeError';
  /** Top-level keys of the body that was received (empty when it was not a JSON object). */
  declare readonly keys: string[];

  constructor(detail: string, init: ResponseShapeErrorInit = {}) {
    super(detail, init);
    this.keys = init.keys ?? [];
  }
}

/** Whether `value` is a `ResponseShapeError`, also across realms. */
export const isResponseShapeError = (value: unknown): value is ResponseShapeError =>
  errorKind(value) === 'ResponseShapeError';
