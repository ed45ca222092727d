import { assertTokenTiming, createTokenCache, type TokenCache } from '../client/createTokenCache';
import { AuthError } from '../client/errors/AuthError';
import { NetworkError } from '../client/errors/NetworkError';
import { parseTokenResponse } from '../client/parseTokenResponse';
import { redact } from '../client/redact';
import { resolveBaseUrl } from '../client/resolveBaseUrl';
import type { AuthContext, AuthStrategy } from '../client/types';
import { assertServerOnly } from './assertServerOnly';
import { requireString } from '../shared/requireString';
import { stripBearer } from '../client/stripBearer';
import { assertFunction } from '../shared/assertFunction';

/** Options of `clientCredentials`. */
export interface ClientCredentialsOptions {
  /** The identity provider's base URL; the token endpoint is `{authUrl}/oauth/token`. */
  authUrl: string;
  /** OAuth client id (or an API Account's key). */
  clientId: string;
  /** OAuth client secret (or an API Account's secret), sent trimmed. Keep it in an environment variable or a secrets manager. */
  clientSecret: string;
  /** The API resource the token is for. @default the API client's `baseUrl` */
  audience?: string;
  /** Space-separated scopes to request, e.g. `acme.read`. Request only the ones needed. @default none: the identity provider's default */
  scope?: string;
  /** Seconds before `expires_in` runs out at which the token is renewed (at most half its lifetime). @default 30 */
  leewaySeconds?: number;
  /** Limit of one token request in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** The fetch for token requests. @default the fetch of the API client that first asks for a token */
  fetch?: typeof globalThis.fetch;
  /** Clock in milliseconds, for tests. @default Date.now */
  now?: () => number;
  /** Allow construction in a browser, exposing the secret to anyone who opens the page. @default false */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * OAuth 2.0 client credentials (seed 4.1): POSTs JSON `{ grant_type, client_id, client_secret, audience, scope }`
 * to `{authUrl}/oauth/token` and sends `Authorization: Bearer <access_token>`. Server-side only.
 *
 * One token request per token lifetime however many calls run at once; renewed `leewaySeconds` before
 * it expires; on a 401 the token is dropped (if still current) and the call retried once — unless a 401 already
 * renewed it less than 30 s ago: then the call fails with that 401 without a token request. A 4xx from
 * the token endpoint is an `AuthError` and is not retried; network failures and 5xx back off 1 s, 2 s, 4 s, …
 * (at most 30 s) before the next token request.
 *
 * @example
 * const client = createApiClient({
 *   baseUrl: process.env.API_BASE_URL!,
 *   auth: clientCredentials({
 *     authUrl: process.env.AUTH_URL!,
 *     clientId: process.env.CLIENT_ID!,
 *     clientSecret: process.env.CLIENT_SECRET!,
 *     scope: 'acme.read',
 *   }),
 * });
 */
export function clientCredentials(options: ClientCredentialsOptions): AuthStrategy {
  const { audience, scope, leewaySeconds, timeoutMs, fetch, now, dangerouslyAllowBrowser } = options ?? {};
  assertServerOnly('clientCredentials', dangerouslyAllowBrowser);
  const authUrl = resolveBaseUrl(options?.authUrl, 'authUrl');
  const clientId = requireString('clientId', options.clientId);
  const clientSecret = requireString('clientSecret', options.clientSecret);
  if (audience !== undefined) requireString('audience', audience);
  if (scope !== undefined) requireString('scope', scope);
  if (fetch !== undefined) assertFunction('fetch', fetch);
  const tokenUrl = `${authUrl}/oauth/token`;
  // Caches are made at the first request; check their options now.
  assertTokenTiming(leewaySeconds, timeoutMs);
  // One cache per audience, so one strategy can serve clients of several base URLs.
  const caches = new Map<string, TokenCache>();

  const cacheFor = (context: AuthContext): TokenCache => {
    const forAudience = audience ?? context.baseUrl;
    let cache = caches.get(forAudience);
    if (!cache) {
      const post = fetch ?? context.fetch;
      const body = JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience: forAudience, scope });
      cache = createTokenCache({
        leewaySeconds,
        timeoutMs,
        now,
        method: 'POST',
        url: tokenUrl,
        async request(signal) {
          let response: Response;
          let text: string;
          try {
            response = await post(tokenUrl, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body,
              signal,
            });
            text = await response.text();
          } catch (error) {
            throw new NetworkError('failed: network error', { method: 'POST', url: tokenUrl, cause: error, secrets: [clientSecret] });
          }
          let json: Record<string, unknown> | undefined;
          try {
            // Not kept: only its error fields are, redacted below, and the token is never quoted.
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
          // The status line and the error fields can echo the secret; as error text, they lose it however short it is.
          const errorText = (value: unknown) => (typeof value === 'string' ? redact(value, [clientSecret]) : undefined);
          const statusText = errorText(response.statusText);
          const fields = {
            method: 'POST',
            url: tokenUrl,
            status: response.status,
            statusText,
            error: errorText(json?.error),
            error_description: errorText(json?.error_description),
          };
          if (!response.ok) throw new AuthError(`failed: ${response.status}${statusText ? ` ${statusText}` : ''}`, fields);
          const grant = parseTokenResponse(json, true);
          if (typeof grant === 'string') throw new AuthError(`returned an invalid token response: ${grant}`, fields);
          return grant;
        },
      });
      caches.set(forAudience, cache);
    }
    return cache;
  };

  return {
    id: `client-credentials:${clientId}@${authUrl}`,
    authorize: async (context) => `Bearer ${await cacheFor(context).get(context.signal)}`,
    unauthorized(authorization) {
      const token = stripBearer(authorization);
      let retry = true;
      for (const cache of caches.values()) retry = cache.invalidate(token) && retry;
      return retry;
    },
  };
}
