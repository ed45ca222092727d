import { ApiError, errorKind } from './ApiError';

/** The request never got a response: DNS, refused connection, reset, CORS, offline. `cause` holds the fetch error. */
export class NetworkError extends ApiError {
  constructor(method: string, url: string, cause: unknown) {
    super('failed: network error', { method, url, cause }, 'NetworkError');
  }
}

/** Whether `value` is a `NetworkError`, also across realms. */
export function isNetworkError(value: unknown): value is NetworkError {
  return errorKind(value) === 'NetworkError';
}
