import { redactError } from '../redact';
import { ApiError, errorKind } from './ApiError';

/**
 * The request never got a response: DNS, refused connection, reset, CORS, offline. `cause` holds a copy of the
 * fetch error with `secrets` redacted and its object fields (a request, its headers) left out.
 */
export class NetworkError extends ApiError {
  constructor(method: string, url: string, cause: unknown, secrets: readonly string[] = []) {
    super('failed: network error', { method, url, cause: redactError(cause, secrets) }, 'NetworkError');
  }
}

/** Whether `value` is a `NetworkError`, also across realms. */
export const isNetworkError = (value: unknown): value is NetworkError => errorKind(value) === 'NetworkError';
