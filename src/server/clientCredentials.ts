import { assertTokenTiming, createTokenCache, credentialOf, resolveBaseUrl, type TokenCache } from '../client/internal';
import type { AuthContext, ResettableAuthStrategy } from '../client/internal';
import { assertFunction, assertNumber, assertOneOf, invalidArgument, requireString } from '../shared/assert';
import { assertServerOnly } from './assertServerOnly';
import {
  clientAuthenticationFrom,
  type ClientAuthenticationFields,
  type ClientAuthenticationOptions,
} from './clientAuthentication';
import type { TokenEvent } from '../shared/events';
import type { Dpop } from './dpop';
import type { WebCryptoKeyPair } from './jws';
import type { TokenStore } from './TokenStore';
import type { SharedTokenSource } from './tokenSharing';
import {
  clientCredentialsGrantRequest,
  discoverEndpoints,
  processClientCredentialsResponse,
  type DiscoveredEndpoints,
  type TokenRequest,
} from './tokenEndpoint';
import type { RevocationReason, Revoker } from './tokenRevocation';
import { DEFAULT_TIMEOUT_MS } from '../shared/time';

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

/** Options of `clientCredentials`: where the token endpoint is, how the client authenticates, and the rest. */
export type ClientCredentialsOptions = TokenEndpointOptions &
  ClientAuthenticationOptions &
  ClientCredentialsRequestOptions;

/** Options of `clientCredentials` beside the token endpoint's location and the client's authentication. */
export interface ClientCredentialsRequestOptions extends ClientAuthenticationFields {
  /** OAuth client id (or an API Account's key). */
  clientId: string;
  /** `json` sends the service's documented JSON body; `form` sends RFC 6749's `application/x-www-form-urlencoded`. @default 'json' */
  bodyEncoding?: 'json' | 'form';
  /**
   * DPoP (RFC 9449): tokens bound to a key pair, every call carrying a fresh proof. `true` makes an ES256 pair for
   * this process; a `CryptoKeyPair` held by every process lets a `tokenStore` share their tokens. @default false
   */
  dpop?: boolean | WebCryptoKeyPair;
  /** The `audience` parameter (Auth0, Hydra, Zitadel); `false` sends none (Okta, Keycloak, Entra ID, Cognito). @default the API client's `baseUrl` */
  audience?: string | false;
  /** RFC 8707 resource indicator(s), sent as `resource` only when given. @default none */
  resource?: string | string[];
  /** Space-separated scopes to request, e.g. `acme.read` (Entra ID: `api://{app}/.default`); `withScope` asks for others per need. @default none: the identity provider's default */
  scope?: string;
  /**
   * The RFC 7009 revocation endpoint, where `revoke()`, `close()` and renewals revoke tokens; `false` revokes nothing.
   * @default the issuer's `revocation_endpoint` with `issuer`; none with `authUrl` or `tokenUrl` (revoking is then a no-op, said once)
   */
  revocationUrl?: string | false;
  /** Seconds a token is used when the response has no `expires_in` (RFC 6749 makes it optional), or until its first 401. @default 300 */
  defaultExpiresIn?: number;
  /** Seconds before `expires_in` runs out at which the token is renewed (at most half its lifetime). @default 30 */
  leewaySeconds?: number;
  /** Shares tokens between processes (`redisTokenStore`, `memoryTokenStore` or your own `TokenStore`): one token request per lifetime for a fleet. @default none: this process's own cache */
  tokenStore?: TokenStore;
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
  /** Allow construction in a browser, exposing the secret or key to anyone who opens the page. @default false */
  dangerouslyAllowBrowser?: boolean;
}

/** `clientCredentials`'s token source: besides calls, it asks for narrower scopes and revokes what it obtained. */
export interface ClientCredentialsStrategy extends ResettableAuthStrategy {
  /**
   * The same client asking for `scope` instead (e.g. a read-only scope for lists): its tokens are cached and shared
   * under that scope alone, never used for another; `revoke()` and `close()` of either cover both.
   */
  withScope(scope: string): ClientCredentialsStrategy;
  /**
   * Revokes every token this strategy holds (RFC 7009), the one a `tokenStore` shares included, which is deleted from
   * the store: the other processes get one 401 each and take the single new token the first of them stores. For an
   * operator who rotates or withdraws the fleet's token. Never rejects; failures go to `onEvent` and one warning.
   */
  revoke(): Promise<void>;
  /**
   * For a graceful shutdown: revokes the tokens only this process holds and forgets them. With a `tokenStore`, the
   * shared token is left alone, as the rest of the fleet is using it. Never rejects. The strategy stays usable.
   */
  close(): Promise<void>;
}

/** The methods a `tokenStore` must have, checked when the strategy is made. */
const STORE_METHODS = ['get', 'set', 'lock', 'unlock', 'deleteIfEqual'] as const;

/**
 * OAuth 2.0 client credentials (RFC 6749 4.4). By default it POSTs JSON `{ grant_type, client_id,
 * client_secret, audience, scope }` to `{authUrl}/oauth/token`, exactly as the service documents; `tokenUrl` or
 * `issuer`, `bodyEncoding`, `clientAuthentication`, `audience: false` and `resource` fit other identity providers
 * (the README's table). Sends `Authorization: Bearer <access_token>`. Server-side only.
 *
 * One token request per token lifetime however many calls run at once, renewed `leewaySeconds` before it expires.
 * Failed token requests back off (longer after refusals such as `invalid_client` than after outages); callers in
 * that window get a copy of the last `AuthError` without a request. On a 401 the token is renewed and the call
 * retried once, unless renewing did not help lately (the 401 rule). The client reference gives the figures.
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
export function clientCredentials(options: ClientCredentialsOptions): ClientCredentialsStrategy {
  const {
    audience,
    resource,
    scope,
    bodyEncoding = 'json',
    dpop: dpopKeys = false,
    defaultExpiresIn = 300,
    leewaySeconds,
    timeoutMs,
    fetch,
    now = Date.now,
    tokenStore,
    onTokenStoreError,
    onEvent,
    revocationUrl,
    dangerouslyAllowBrowser,
  } = options ?? {};
  assertServerOnly('clientCredentials', dangerouslyAllowBrowser);
  const given = (['authUrl', 'tokenUrl', 'issuer'] as const).filter((name) => options?.[name] !== undefined);
  if (given.length !== 1) {
    const problem = 'or `tokenUrl` or `issuer` must be given, exactly one';
    throw given.length ? invalidArgument('authUrl', problem, given) : invalidArgument('authUrl', problem);
  }
  const where = given[0]!;
  // Trailing slashes are kept for `tokenUrl` and `issuer`: both are compared or called exactly as given.
  const place = where === 'authUrl' ? resolveBaseUrl(options.authUrl, 'authUrl') : checkUrl(options[where], where);
  const location = where === 'authUrl' ? `${place}/oauth/token` : place;
  const clientId = requireString('clientId', options.clientId);
  const authenticate = clientAuthenticationFrom(options, clientId);
  if (audience !== undefined && audience !== false) requireString('audience', audience);
  const resources = resource === undefined ? [] : Array.isArray(resource) ? resource : [resource];
  if (resource !== undefined && !resources.length) throw invalidArgument('resource', 'must not be an empty list');
  for (const value of resources) checkUrl(value, 'resource');
  if (scope !== undefined) requireString('scope', scope);
  if (revocationUrl !== undefined && revocationUrl !== false) checkUrl(revocationUrl, 'revocationUrl');
  assertOneOf('bodyEncoding', bodyEncoding, ['json', 'form']);
  assertNumber('defaultExpiresIn', defaultExpiresIn, { unit: 'seconds' });
  if (fetch !== undefined) assertFunction('fetch', fetch);
  // Checked now: a missing method would otherwise only show as a store failure at every token request.
  if (tokenStore !== undefined)
    for (const name of STORE_METHODS) assertFunction(`tokenStore.${name}`, tokenStore?.[name]);
  if (onTokenStoreError !== undefined) assertFunction('onTokenStoreError', onTokenStoreError);
  if (onEvent !== undefined) assertFunction('onEvent', onEvent);
  // Caches are made at the first request; check their options now.
  assertTokenTiming(leewaySeconds, timeoutMs);
  let endpoints: Promise<DiscoveredEndpoints> | undefined;
  // Loaded and keyed at the first token request, then kept: one key pair per strategy, its nonces per server.
  // Its key checked there (a `TypeError` at the first call, before any request). Kept once made, for the API's
  // answers, which are read synchronously.
  let dpop: Promise<Dpop> | undefined;
  let proofsMade: Dpop | undefined;
  const dpopFor = () =>
    (dpop ??= import('./dpop').then(async (module) => (proofsMade = await module.createDpop(dpopKeys))));
  // Loaded only by apps that give a store, from now on, so the first token request seldom waits for it.
  const sharing = tokenStore && import('./tokenSharing');
  sharing?.catch(() => undefined);
  // One cache per audience and scope (what is asked for), so one strategy can serve clients of several base URLs,
  // and tokens of one scope are never used for another.
  const caches = new Map<string, TokenCache>();
  // Each cache's store source, for the tokens `revoke()` takes out of the store.
  const sources = new Map<TokenCache, Promise<SharedTokenSource>>();
  // The fetch the first token request used, for revocations (made outside any call).
  let lastFetch: typeof globalThis.fetch | undefined = fetch;

  const discover = (post: typeof globalThis.fetch, signal: AbortSignal): Promise<DiscoveredEndpoints> => {
    // Shared by every audience's cache and kept once found; a failure is forgotten, and the caller's cache backs off.
    endpoints ??= discoverEndpoints(location, post, signal).catch((error: unknown) => {
      endpoints = undefined;
      throw error;
    });
    return endpoints;
  };
  const tokenEndpoint = async (post: typeof globalThis.fetch, signal: AbortSignal): Promise<string> =>
    where === 'issuer' ? (await discover(post, signal)).tokenEndpoint : location;

  const revoker: Revoker = {
    async endpoint() {
      if (revocationUrl === false) return undefined;
      if (revocationUrl !== undefined) return revocationUrl.trim();
      if (where !== 'issuer') return undefined;
      // A token was obtained, so discovery succeeded already; asked again only if it was forgotten.
      return (await discover(lastFetch ?? globalThis.fetch, new AbortController().signal)).revocationEndpoint;
    },
    clientId,
    authenticate,
    proofs: () => proofsMade,
    fetch: () => lastFetch,
    timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS,
    onEvent,
  };
  const revoke = (tokens: readonly string[], reason: RevocationReason) =>
    // Loaded only when there is something to revoke: apps that never revoke never load it.
    tokens.length
      ? import('./tokenRevocation').then(
          ({ revokeToken }) =>
            Promise.all(tokens.map((token) => revokeToken(revoker, token, reason))).then(() => undefined),
          () => undefined,
        )
      : Promise.resolve();

  const cacheFor = (context: AuthContext, proofs: Dpop | undefined, scope: string | undefined): TokenCache => {
    const forAudience = audience === undefined ? context.baseUrl : audience;
    const key = `${String(forAudience)}\n${scope ?? ''}`;
    let cache = caches.get(key);
    if (!cache) {
      const post = fetch ?? context.fetch;
      lastFetch ??= post;
      // The fields in the order of the JSON body the service's token endpoint documents (an object keeps its keys'
      // first order).
      const grant = {
        grant_type: 'client_credentials',
        client_id: undefined,
        client_secret: undefined,
        audience: forAudience || undefined,
        scope,
        resource,
      };
      const direct = async (signal: AbortSignal) => {
        const url = await tokenEndpoint(post, signal);
        // Sent again once only when DPoP asks (a nonce the provider wants), with a fresh assertion and proof.
        for (let retried = false; ; retried = true) {
          const request: TokenRequest = { fields: { ...grant }, headers: {}, secrets: [] };
          await authenticate(request, url);
          await proofs?.add(request, url);
          try {
            const answer = await clientCredentialsGrantRequest(url, request, bodyEncoding, post, signal);
            const { token, expiresIn } = processClientCredentialsResponse(
              url,
              answer,
              request,
              proofs ? 'DPoP' : 'Bearer',
            );
            return { token, expiresIn: expiresIn ?? defaultExpiresIn };
          } catch (error) {
            if (retried || !proofs?.retry(error, url)) throw error;
          }
        }
      };
      // What the token is for (the store hashes it into its key); never a secret. A DPoP token is bound to its key:
      // its thumbprint is part of the key, so processes share DPoP tokens only when they hold the same key pair.
      const keyParts = [location, clientId, forAudience, resources, scope, ...(proofs ? [proofs.jkt] : [])];
      const shared =
        sharing &&
        sharing.then((module) =>
          module.shareTokens(tokenStore!, {
            keyParts,
            request: direct,
            leewaySeconds,
            timeoutMs,
            now,
            onTokenStoreError,
            onEvent,
          }),
        );
      cache = createTokenCache({
        leewaySeconds,
        timeoutMs,
        now,
        method: 'POST',
        url: where === 'issuer' ? undefined : location,
        request: shared ? async (signal) => (await shared).request(signal) : direct,
        // Settled by then: a 401 comes only after a token request, which awaited it.
        onReject:
          shared &&
          ((token) =>
            void shared.then(
              (source) => source.reject(token),
              () => undefined,
            )),
        // A token this process alone held is revoked once replaced; a shared one may still serve the fleet.
        onReplaced: tokenStore ? undefined : (token) => void revoke([token], 'replaced'),
        onEvent,
      });
      caches.set(key, cache);
      if (shared) sources.set(cache, shared);
    }
    return cache;
  };

  const strategyFor = (scope: string | undefined): ClientCredentialsStrategy => ({
    id: `client-credentials:${clientId}@${place}${scope === options.scope ? '' : ` scope=${scope}`}`,
    async authorize(context) {
      const proofs = dpopKeys ? await dpopFor() : undefined;
      const token = await cacheFor(context, proofs, scope).get(context.signal);
      return proofs ? proofs.headers(token, context) : `Bearer ${token}`;
    },
    unauthorized(authorization, scope, response) {
      // A DPoP nonce challenge (RFC 9449 9) is no verdict on the token: retried once with the nonce, the token kept.
      if (proofsMade?.challenged(scope, response)) return true;
      const token = credentialOf(authorization);
      let retry = true;
      for (const cache of caches.values()) retry = cache.invalidate(token, scope) && retry;
      return retry;
    },
    accepted(authorization, scope, response) {
      proofsMade?.remember(scope, response);
      const token = credentialOf(authorization);
      for (const cache of caches.values()) cache.accepted(token, scope);
    },
    reset: () => caches.forEach((cache) => cache.reset()),
    withScope(narrower) {
      return strategyFor(requireString('scope', narrower));
    },
    async revoke() {
      const held = [...caches.values()].map((cache) => ({ cache, tokens: cache.forget() }));
      // Out of the store first, so no process takes a token while it is being revoked.
      await Promise.all(
        held.map(async ({ cache, tokens }) => {
          const source = await sources.get(cache)?.catch(() => undefined);
          await Promise.all(tokens.map((token) => source?.withdraw(token)));
        }),
      );
      await revoke(
        held.flatMap(({ tokens }) => tokens),
        'revoke',
      );
    },
    async close() {
      const held = [...caches.values()].flatMap((cache) => cache.forget());
      if (!tokenStore) await revoke(held, 'close');
    },
  });
  return strategyFor(scope);
}

/** `value` trimmed when it is an absolute http(s) URL without credentials or a query, else a `TypeError` naming `name`. */
function checkUrl(value: unknown, name: string): string {
  resolveBaseUrl(value, name);
  // As given otherwise: an issuer is compared character for character, and a token URL called as written.
  return (value as string).trim();
}
