import { assertTokenTiming, createTokenCache, type TokenCache } from '../client/createTokenCache';
import { AuthError } from '../client/errors/AuthError';
import { NetworkError } from '../client/errors/NetworkError';
import { parseTokenResponse } from '../client/parseTokenResponse';
import { redact } from '../client/redact';
import { resolveBaseUrl } from '../client/resolveBaseUrl';
import { stripBearer } from '../client/stripBearer';
import type { AuthContext, ResettableAuthStrategy } from '../client/types';
import { assertFunction } from '../shared/assertFunction';
import { formatValue } from '../shared/formatValue';
import { requireString } from '../shared/requireString';
import { assertServerOnly } from './assertServerOnly';
import type { SharedTokenStore } from './defineTokenStore';
import type { TokenEvent } from '../shared/events';
import { discoverTokenEndpoint } from './discoverTokenEndpoint';
import { formUrlEncode } from './formUrlEncode';

/** Where the token endpoint is: exactly one of `authUrl`, `tokenUrl` and `issuer`. */
export type TokenEndpointOptions =
  | {
      /** The identity provider's base URL; the token endpoint is `{authUrl}/oauth/token` (Auth0, the service's own). */
      authUrl: string;
      tokenUrl?: never;
      issuer?: never;
    }
  | {
      authUrl?: never;
      /** The full token endpoint URL, e.g. Keycloak's `…/realms/{realm}/protocol/openid-connect/token`. */
      tokenUrl: string;
      issuer?: never;
    }
  | {
      authUrl?: never;
      tokenUrl?: never;
      /** The issuer: its token endpoint is read once from `{issuer}/.well-known/openid-configuration` (or RFC 8414's document). */
      issuer: string;
    };

/** Options of `clientCredentials`: where the token endpoint is (`TokenEndpointOptions`) and the rest. */
export type ClientCredentialsOptions = TokenEndpointOptions & ClientCredentialsRequestOptions;

/** Options of `clientCredentials` beside the token endpoint's location. */
export interface ClientCredentialsRequestOptions {
  /** OAuth client id (or an API Account's key). */
  clientId: string;
  /** OAuth client secret (or an API Account's secret), sent trimmed. Keep it in an environment variable or a secrets manager. */
  clientSecret: string;
  /** `json` sends the service's documented JSON body; `form` sends RFC 6749's `application/x-www-form-urlencoded`. @default 'json' */
  bodyEncoding?: 'json' | 'form';
  /** `client_secret_post` sends the id and secret in the body; `client_secret_basic` in an RFC 6749 2.3.1 Basic header. @default 'client_secret_post' */
  clientAuthentication?: 'client_secret_post' | 'client_secret_basic';
  /** The `audience` parameter (Auth0, Hydra, Zitadel); `false` sends none (Okta, Keycloak, Entra ID, Cognito). @default the API client's `baseUrl` */
  audience?: string | false;
  /** RFC 8707 resource indicator(s), sent as `resource` only when given. @default none */
  resource?: string | string[];
  /** Space-separated scopes to request, e.g. `acme.read` (Entra ID: `api://{app}/.default`). @default none: the identity provider's default */
  scope?: string;
  /** Seconds a token is used when the response has no `expires_in` (RFC 6749 makes it optional), or until its first 401. @default 300 */
  defaultExpiresIn?: number;
  /** Seconds before `expires_in` runs out at which the token is renewed (at most half its lifetime). @default 30 */
  leewaySeconds?: number;
  /** Shares tokens between processes (`redisTokenStore`, `memoryTokenStore` or `defineTokenStore(yours)`): one token request per lifetime for a fleet. @default none: this process's own cache */
  tokenStore?: SharedTokenStore;
  /** Told about each failure of `tokenStore` (calls go on with this process's own cache). @default a console warning at most once a minute */
  onTokenStoreError?: (error: unknown) => void;
  /** Told what the token cache and store do (fetched, cache hit, shared, store fallback, failed, backing off, …), for metrics and logs; never a token. @default none */
  onEvent?: (event: TokenEvent) => void;
  /** Limit of one token request (and of discovery) in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** The fetch for token requests and discovery. @default the fetch of the API client that first asks for a token */
  fetch?: typeof globalThis.fetch;
  /** Clock in milliseconds, for tests. @default Date.now */
  now?: () => number;
  /** Allow construction in a browser, exposing the secret to anyone who opens the page. @default false */
  dangerouslyAllowBrowser?: boolean;
}

const ONE_OF = '`authUrl`, `tokenUrl` or `issuer`';

/** A positive number of seconds, or a `TypeError` naming `name`. */
function seconds(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || value === Infinity) {
    throw new TypeError(`pagewise: \`${name}\` must be a positive number of seconds, got ${formatValue(value)}`);
  }
  return value;
}

/**
 * OAuth 2.0 client credentials (RFC 6749 4.4, seed 4.1). By default it POSTs JSON `{ grant_type, client_id,
 * client_secret, audience, scope }` to `{authUrl}/oauth/token`, exactly as the service documents; `tokenUrl` or
 * `issuer`, `bodyEncoding`, `clientAuthentication`, `audience: false` and `resource` fit other identity providers
 * (the README's table). Sends `Authorization: Bearer <access_token>`. Server-side only.
 *
 * One token request per token lifetime however many calls run at once, renewed `leewaySeconds` before it expires.
 * Failed token requests back off 1 s, 2 s, 4 s, … (at most 8 s after outages, 60 s after refusals such as
 * `invalid_client`); callers in that window get a copy of the last `AuthError` without a request. On a 401 the
 * token is renewed and the call retried once, unless that organization already refused a token renewed for it,
 * or renewing for a 401 did not help lately (then renewals for 401s hold 30 s, doubling to 5 min).
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
export function clientCredentials(options: ClientCredentialsOptions): ResettableAuthStrategy {
  const {
    audience,
    resource,
    scope,
    bodyEncoding = 'json',
    clientAuthentication = 'client_secret_post',
    defaultExpiresIn = 300,
    leewaySeconds,
    timeoutMs,
    fetch,
    now = Date.now,
    tokenStore,
    onTokenStoreError,
    onEvent,
    dangerouslyAllowBrowser,
  } = options ?? {};
  assertServerOnly('clientCredentials', dangerouslyAllowBrowser);
  const given = (['authUrl', 'tokenUrl', 'issuer'] as const).filter((name) => options?.[name] !== undefined);
  if (given.length !== 1) {
    throw new TypeError(`pagewise: give exactly one of ${ONE_OF}${given.length ? `, not ${given.map((n) => `\`${n}\``).join(' and ')}` : ''}`);
  }
  const where = given[0]!;
  // Trailing slashes are kept for `tokenUrl` and `issuer`: both are compared or called exactly as given.
  const place = where === 'authUrl' ? resolveBaseUrl(options.authUrl, 'authUrl') : checkUrl(options[where], where);
  const location = where === 'authUrl' ? `${place}/oauth/token` : place;
  const clientId = requireString('clientId', options.clientId);
  const clientSecret = requireString('clientSecret', options.clientSecret);
  if (audience !== undefined && audience !== false) requireString('audience', audience);
  const resources = resource === undefined ? [] : Array.isArray(resource) ? resource : [resource];
  if (resource !== undefined && !resources.length) throw new TypeError('pagewise: `resource` must not be an empty list');
  for (const value of resources) checkUrl(value, 'resource');
  if (scope !== undefined) requireString('scope', scope);
  if (bodyEncoding !== 'json' && bodyEncoding !== 'form') {
    throw new TypeError(`pagewise: \`bodyEncoding\` must be "json" or "form", got ${formatValue(bodyEncoding)}`);
  }
  const basic = clientAuthentication === 'client_secret_basic';
  if (!basic && clientAuthentication !== 'client_secret_post') {
    throw new TypeError(
      `pagewise: \`clientAuthentication\` must be "client_secret_post" or "client_secret_basic", got ${formatValue(clientAuthentication)}`,
    );
  }
  seconds('defaultExpiresIn', defaultExpiresIn);
  if (fetch !== undefined) assertFunction('fetch', fetch);
  if (tokenStore !== undefined) assertFunction('tokenStore.share', tokenStore?.share);
  if (onTokenStoreError !== undefined) assertFunction('onTokenStoreError', onTokenStoreError);
  if (onEvent !== undefined) assertFunction('onEvent', onEvent);
  // Caches are made at the first request; check their options now.
  assertTokenTiming(leewaySeconds, timeoutMs);
  const credentials = basic ? btoa(`${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`) : undefined;
  // Every form the secret takes on the wire; an echo of any of them is redacted from errors, however short.
  // JSON-escaped too (a secret with " or \ differs there), as a provider may echo the JSON body it could not read.
  const secrets = [clientSecret, formUrlEncode(clientSecret), JSON.stringify(clientSecret).slice(1, -1), ...(credentials ? [credentials] : [])];
  const errorText = (value: unknown) => (typeof value === 'string' ? redact(value, secrets) : undefined);
  let endpoint: Promise<string> | undefined;
  // One cache per audience (what is asked for), so one strategy can serve clients of several base URLs.
  const caches = new Map<string, TokenCache>();

  const tokenEndpoint = (post: typeof globalThis.fetch, signal: AbortSignal): Promise<string> => {
    if (where !== 'issuer') return Promise.resolve(location);
    // Shared by every audience's cache and kept once found; a failure is forgotten, and the caller's cache backs off.
    endpoint ??= discoverTokenEndpoint(location, post, signal).catch((error: unknown) => {
      endpoint = undefined;
      throw error;
    });
    return endpoint;
  };

  const cacheFor = (context: AuthContext): TokenCache => {
    const forAudience = audience === undefined ? context.baseUrl : audience;
    const key = String(forAudience);
    let cache = caches.get(key);
    if (!cache) {
      const post = fetch ?? context.fetch;
      const fields: Record<string, string | string[] | undefined> = {
        grant_type: 'client_credentials',
        client_id: basic ? undefined : clientId,
        client_secret: basic ? undefined : clientSecret,
        audience: forAudience || undefined,
        scope,
        resource: resource === undefined ? undefined : resource,
      };
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) for (const item of [value ?? []].flat()) form.append(name, item);
      // JSON: the seed's request byte for byte (JSON.stringify leaves out undefined fields).
      const body = bodyEncoding === 'json' ? JSON.stringify(fields) : form.toString();
      const headers: Record<string, string> = {
        'Content-Type': bodyEncoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      };
      if (credentials) headers.Authorization = `Basic ${credentials}`;
      const direct = async (signal: AbortSignal) => {
        const url = await tokenEndpoint(post, signal);
        let response: Response;
        let text: string;
        try {
          response = await post(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
          text = await response.text();
        } catch (error) {
          throw new NetworkError('failed: network error', { method: 'POST', url, cause: error, secrets });
        }
        let json: Record<string, unknown> | undefined;
        try {
          // Not kept: only its error fields are, redacted below, and the token is never quoted.
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = undefined;
        }
        // The status line and the error fields can echo the secret; as error text, they lose it however short it is.
        const statusText = errorText(response.statusText);
        const init = {
          method: 'POST',
          url,
          status: response.status,
          statusText,
          error: errorText(json?.error),
          error_description: errorText(json?.error_description),
        };
        if (!response.ok) throw new AuthError(`failed: ${response.status}${statusText ? ` ${statusText}` : ''}`, init);
        const grant = parseTokenResponse(json, true);
        if (typeof grant === 'string') throw new AuthError(`returned an invalid token response: ${grant}`, init);
        return { token: grant.token, expiresIn: grant.expiresIn ?? defaultExpiresIn };
      };
      // What the token is for (the store hashes it into its key); never the secret.
      const shared = tokenStore?.share({ keyParts: [location, clientId, forAudience, resources, scope], request: direct, leewaySeconds, timeoutMs, now, onTokenStoreError, onEvent });
      cache = createTokenCache({
        leewaySeconds,
        timeoutMs,
        now,
        method: 'POST',
        url: where === 'issuer' ? undefined : location,
        request: shared?.request ?? direct,
        onReject: shared?.reject,
        onEvent,
      });
      caches.set(key, cache);
    }
    return cache;
  };

  return {
    id: `client-credentials:${clientId}@${place}`,
    authorize: async (context) => `Bearer ${await cacheFor(context).get(context.signal)}`,
    unauthorized(authorization, scope) {
      const token = stripBearer(authorization);
      let retry = true;
      for (const cache of caches.values()) retry = cache.invalidate(token, scope) && retry;
      return retry;
    },
    accepted(authorization, scope) {
      const token = stripBearer(authorization);
      for (const cache of caches.values()) cache.accepted(token, scope);
    },
    reset: () => caches.forEach((cache) => cache.reset()),
  };
}

/** `value` trimmed when it is an absolute http(s) URL without credentials or a query, else a `TypeError` naming `name`. */
function checkUrl(value: unknown, name: string): string {
  resolveBaseUrl(value, name);
  // As given otherwise: an issuer is compared character for character, and a token URL called as written.
  return (value as string).trim();
}
