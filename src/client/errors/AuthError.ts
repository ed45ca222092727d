import { ApiError, errorKind, type ApiErrorInit } from './ApiError';

/** Fields of an `AuthError`: the request's, and what the token endpoint said (never its body, which may echo the secret). */
export interface AuthErrorInit extends Omit<ApiErrorInit, 'body'> {
  /** Status text the token endpoint answered with. */
  statusText?: string;
  /** RFC 6749 5.2 error code, e.g. `invalid_client`. */
  error?: string;
  /** RFC 6749 5.2 human-readable description. */
  error_description?: string;
}

/** Obtaining a token failed: the token endpoint refused (RFC 6749 5.2) or answered something that is not a token. */
export class AuthError extends ApiError {
  static override readonly kind: string = 'AuthError';
  /** RFC 6749 5.2 error code, e.g. `invalid_client`, `invalid_scope`. */
  declare readonly error: string | undefined;
  /** RFC 6749 5.2 human-readable description from the token endpoint. */
  declare readonly error_description: string | undefined;

  constructor(detail: string, init: AuthErrorInit = {}) {
    const code = init.error ? ` (${init.error}${init.error_description ? `: ${init.error_description}` : ''})` : '';
    // Never a body, even from an untyped caller: the token endpoint's may echo the client secret.
    super(detail + code, { ...init, body: undefined });
    this.error = init.error;
    this.error_description = init.error_description;
  }
}

/** Whether `value` is an `AuthError`, also across realms. */
export const isAuthError = (value: unknown): value is AuthError => errorKind(value) === 'AuthError';
