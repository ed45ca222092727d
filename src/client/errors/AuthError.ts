import { ApiError, errorKind } from './ApiError';

/** Fields of an `AuthError`. */
export interface AuthErrorInit {
  /** HTTP method of the token request. */
  method?: string;
  /** URL of the token endpoint. */
  url?: string;
  /** Status the token endpoint answered with. */
  status?: number;
  /** Status text the token endpoint answered with. */
  statusText?: string;
  /** RFC 6749 5.2 error code, e.g. `invalid_client`. */
  error?: string;
  /** RFC 6749 5.2 human-readable description. */
  error_description?: string;
  /** What went wrong when the status alone does not say (e.g. an invalid token response). */
  detail?: string;
}

/** Obtaining a token failed: the token endpoint refused (RFC 6749 5.2) or answered something that is not a token. */
export class AuthError extends ApiError {
  /** RFC 6749 5.2 error code, e.g. `invalid_client`, `invalid_scope`. */
  declare readonly error: string | undefined;
  /** RFC 6749 5.2 human-readable description from the token endpoint. */
  declare readonly error_description: string | undefined;

  constructor(init: AuthErrorInit) {
    const code = init.error ? ` (${init.error}${init.error_description ? `: ${init.error_description}` : ''})` : '';
    super(
      init.detail ?? `failed: ${init.status}${init.statusText ? ` ${init.statusText}` : ''}${code}`,
      // The token endpoint's body is not kept: it may echo the client secret.
      { method: init.method, url: init.url, status: init.status },
      'AuthError',
    );
    this.error = init.error;
    this.error_description = init.error_description;
  }
}

/** Whether `value` is an `AuthError`, also across realms. */
export const isAuthError = (value: unknown): value is AuthError => errorKind(value) === 'AuthError';
