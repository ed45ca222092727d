import { redactError } from '../redact';
import { ApiError, errorKind, type ApiErrorInit } from './ApiError';

/** Fields of a `NetworkError`. */
export interface NetworkErrorInit extends ApiErrorInit {
  /** Credentials the request carried: redacted from the kept copy of `cause`. */
  secrets?: readonly string[];
}

/**
 * The request never got a response: DNS, refused connection, reset, CORS, offline. `cause` holds a copy of the
 * fetch error with `secrets` redacted and its object fields (a request, its headers) left out.
 */
export class NetworkError extends ApiError {
  static override readonly kind: string = 'NetworkError';

  constructor(detail: string, init: NetworkErrorInit = {}) {
    // The copy is made here, not by callers: no path can keep the fetch error's own request or headers.
    super(detail, { ...init, cause: redactError(init.cause, init.secrets ?? []) });
  }
}

/** Whether `value` is a `NetworkError`, also across realms. */
export const isNetworkError = (value: unknown): value is NetworkError => errorKind(value) === 'NetworkError';
