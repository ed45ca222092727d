import { credentialOf } from './redact';
import { createTokenCache } from './createTokenCache';
import { parseTokenResponse } from './parseTokenResponse';
import type { AuthStrategy, TokenResponse } from './types';
import { assertFunction, invalidArgument } from '../shared/assert';
import { MAX_OUTAGE_BACKOFF_MS } from '../shared/backoff';

/** Supplies a token: a string (used as is, asked again for each request) or a token response (cached until it expires). */
export type GetToken = (context: { signal: AbortSignal }) => string | TokenResponse | Promise<string | TokenResponse>;

/** Options of `bearerToken`. */
export interface BearerTokenOptions {
  /** Non-secret name of this credential for query keys, e.g. the signed-in user's id. @default 'bearer' */
  id?: string;
  /** Seconds before `expires_in` runs out at which a token response is renewed. @default 30 */
  leewaySeconds?: number;
  /** Clock in milliseconds, for tests. @default Date.now */
  now?: () => number;
  /** The scheme word before the token, e.g. `'Token'` for Django REST Framework's `TokenAuthentication`. @default 'Bearer' */
  scheme?: string;
}

/**
 * Browser-safe auth: `getToken` (typically a call to your own backend) supplies the token, sent as
 * `Authorization: Bearer <token>` (or the `scheme` word given). Token responses are cached and renewed like client credentials, and
 * concurrent requests share one `getToken` call. A `getToken` that fails is backed off as after an outage, also
 * when its error has a 4xx `status` (e.g. a signed-out user). A 401 follows the 401 rule of the client reference (a
 * string token included): the token is dropped and the call retried once, unless renewing did not help lately.
 */
export function bearerToken(getToken: GetToken, options: BearerTokenOptions = {}): AuthStrategy {
  assertFunction('getToken', getToken);
  // Only the options it declares reach the cache (`id` names the strategy).
  const { leewaySeconds, now, scheme = 'Bearer' } = options;
  // An RFC 9110 token: a scheme with a space or a line break would make the header another one.
  if (!(typeof scheme === 'string' && /^[!#$%&'*+.^`|~\w-]+$/.test(scheme)))
    throw invalidArgument('scheme', 'must be an HTTP authentication scheme word, e.g. Token', scheme);
  const cache = createTokenCache({
    leewaySeconds,
    now,
    method: 'getToken',
    // A refusal from the app's backend is usually a signed-out user: signing in again must not wait long.
    maxRefusalBackoffMs: MAX_OUTAGE_BACKOFF_MS,
    async request(signal) {
      const value = await getToken({ signal });
      if (typeof value === 'string' && value) return { token: value };
      const grant = parseTokenResponse(value);
      if (typeof grant === 'string')
        throw invalidArgument('getToken', `must return a token or a token response: ${grant}`);
      return grant;
    },
  });
  return {
    id: options.id ?? 'bearer',
    authorize: async ({ signal }) => `${scheme} ${await cache.get(signal)}`,
    unauthorized: (authorization, organizationUrl) => cache.invalidate(credentialOf(authorization), organizationUrl),
    accepted: (authorization, organizationUrl) => cache.accepted(credentialOf(authorization), organizationUrl),
  };
}
