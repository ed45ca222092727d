import { isDigits } from '../shared/paging';

/** A token and, when known, its lifetime in seconds. */
export interface TokenGrant {
  /** The access token. */
  token: string;
  /** Lifetime in seconds; `undefined` when the response did not say (RFC 6749 makes `expires_in` optional). */
  expiresIn?: number;
}

/** What a token response must hold beside the token. */
export interface TokenResponseRules {
  /**
   * `token_type` must be there (RFC 6749 5.1, an OAuth token endpoint); without it, it is checked only when present
   * (an app's `getToken` may answer `{ access_token }` alone). @default false
   */
  requireTokenType?: boolean;
}

/**
 * Reads a token response (RFC 6749 5.1): a `TokenGrant`, or a sentence saying what is wrong (never quoting the token).
 * `expires_in` may also be a numeric string, as some identity providers send it, or absent (RFC 6749 5.1: optional).
 */
export function parseTokenResponse(value: unknown, rules?: TokenResponseRules): TokenGrant | string {
  // Any non-null value reads like an object (a primitive has no such fields).
  const body = (value ?? {}) as Record<string, unknown>;
  const { access_token: token, token_type: type } = body;
  const expiresIn = isDigits(body.expires_in) ? Number(body.expires_in) : body.expires_in;
  if (typeof token !== 'string' || !token) return '`access_token` is not a non-empty string';
  if (
    (rules?.requireTokenType || type !== undefined) &&
    (typeof type !== 'string' || type.toLowerCase() !== 'bearer')
  ) {
    // Not quoted: an identity provider may put anything there, even the token.
    return '`token_type` is not "Bearer"';
  }
  if (expiresIn === undefined) return { token };
  if (typeof expiresIn !== 'number' || !(expiresIn > 0) || expiresIn === Infinity)
    return '`expires_in` is not a positive number';
  return { token, expiresIn };
}
