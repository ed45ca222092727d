import { ApiError, errorKind } from './ApiError';

/** A successful response whose body is not JSON or not a page shape pagewise knows. Pass `parsePage` to read others. */
export class ResponseShapeError extends ApiError {
  /** Top-level keys of the body that was received (empty when it was not a JSON object). */
  declare readonly keys: string[];

  constructor(method: string, url: string, detail: string, keys: string[] = []) {
    super(`returned ${detail}`, { method, url }, 'ResponseShapeError');
    this.keys = keys;
  }
}

/** Whether `value` is a `ResponseShapeError`, also across realms. */
export const isResponseShapeError = (value: unknown): value is ResponseShapeError => errorKind(value) === 'ResponseShapeError';
