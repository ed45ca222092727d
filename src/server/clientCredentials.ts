import {
  assertTokenTiming,
  createTokenCache,
  credentialOf,
  resolveBaseUrl,
  type TokenCache,
  type TokenGrant,
} from '../client/internal';
import type { AuthContext, ResettableAuthStrategy } from '../client/internal';
import { assertFunction, assertNumber, assertOneOf, invalidArgument, requireString } from '../shared/assert';
import { assertServerOnly } from './assertServerOnly';
import type * as OAuth from 'oauth4webapi';
import { AuthError } from '../client/index';
import {
  secretAuthentication,
  type ClientAuthentication,
  type ClientAuthenticationFields,
  type ClientAuthenticationOptions,
} from './clientAuthentication';
import { eventListener, type TokenEvent } from '../shared/events';
import type { Dpop } from './dpop';
import { assertSecureUrl, secretForms } from './credentialTransport';
import type { WebCryptoKeyPair } from './signingKey';
import type { TokenStore } from './TokenStore';
import type { SharedTokenSource } from './tokenSharing';
import type { DiscoveredEndpoints } from './tokenEndpoint';
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
  /**
   * Allow `http:` token, revocation and issuer URLs (and discovered endpoints) other than loopback, sending the secret,
   * assertion or token in clear text to anyone on the path. Loopback (`localhost`, 127.0.0.0/8, ::1) needs no opt-in.
   * @default false
   */
  dangerouslyAllowInsecureHttp?: boolean;
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
   * shared token is left alone, as the rest of the fleet is using it; the ones this process could not store (the store
   * was down) and those bound to its own DPoP key (`dpop: true`) are revoked. Never rejects. The strategy stays usable.
   */
  close(): Promise<void>;
}

/** The methods a `tokenStore` must have, checked when the strategy is made. */
const STORE_METHODS = ['get', 'set', 'lock', 'unlock', 'deleteIfEqual'] as const;

/** Where the token endpoint is, once checked: `place` as given (named in the strategy's id), `location` what is asked. */
interface Endpoint {
  where: 'authUrl' | 'tokenUrl' | 'issuer';
  place: string;
  /** The token endpoint, or the issuer whose metadata names it. */
  location: string;
}

/** `clientCredentials`'s options once checked, with their defaults. */
interface Settings extends Endpoint {
  clientId: string;
  authenticate: ClientAuthentication;
  audience: string | false | undefined;
  resource: string | string[] | undefined;
  resources: string[];
  scope: string | undefined;
  bodyEncoding: 'json' | 'form';
  dpopKeys: boolean | WebCryptoKeyPair;
  defaultExpiresIn: number;
  leewaySeconds: number | undefined;
  timeoutMs: number | undefined;
  fetch: typeof globalThis.fetch | undefined;
  now: () => number;
  tokenStore: TokenStore | undefined;
  onTokenStoreError: ((error: unknown) => void) | undefined;
  onEvent: ((event: TokenEvent) => void) | undefined;
  revocationUrl: string | false | undefined;
  /** `dangerouslyAllowInsecureHttp`. */
  allowHttp: boolean;
  /** The forms of the client secret, redacted from what comes back even when it is not sent (`client_secret_jwt`). */
  secrets: string[];
}

/** What a strategy and its `withScope` siblings share: the settings, and what they obtained and keep. */
interface Credentials extends Settings {
  /** The issuer's endpoints, discovered at the first token request and kept once found. */
  endpoints: Promise<DiscoveredEndpoints> | undefined;
  /** The client's authentication, made once oauth4webapi is loaded. */
  authentication: Promise<OAuth.ClientAuth> | undefined;
  /** DPoP, loaded and keyed at the first token request: one key pair per strategy, its nonces per server. */
  dpop: Promise<Dpop> | undefined;
  /** The same once made, for the API's answers, which are read synchronously. */
  proofsMade: Dpop | undefined;
  /** Loaded only by apps that give a store, from the start, so the first token request seldom waits for it. */
  sharing: Promise<typeof import('./tokenSharing')> | undefined;
  /**
   * One cache per audience and scope (what is asked for), so one strategy can serve clients of several base URLs,
   * and tokens of one scope are never used for another.
   */
  caches: Map<string, TokenCache>;
  /** Each cache's store source, for the tokens `revoke()` takes out of the store. */
  sources: Map<TokenCache, Promise<SharedTokenSource>>;
  /** The fetch the first token request used, for revocations (made outside any call). */
  lastFetch: typeof globalThis.fetch | undefined;
}

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
  assertServerOnly('clientCredentials', options?.dangerouslyAllowBrowser);
  const settings = checkOptions(options);
  const sharing = settings.tokenStore && import('./tokenSharing');
  sharing?.catch(() => undefined);
  const credentials: Credentials = {
    ...settings,
    endpoints: undefined,
    authentication: undefined,
    dpop: undefined,
    proofsMade: undefined,
    sharing,
    caches: new Map(),
    sources: new Map(),
    lastFetch: settings.fetch,
  };
  return strategyFor(credentials, settings.scope);
}

/** `options` checked, in the order a reader meets them, each failure a `TypeError` naming the option. */
function checkOptions(options: ClientCredentialsOptions): Settings {
  const { audience, resource, scope, bodyEncoding = 'json', defaultExpiresIn = 300, fetch, tokenStore } = options ?? {};
  const { leewaySeconds, timeoutMs, onTokenStoreError, onEvent, revocationUrl } = options ?? {};
  const allowHttp = options?.dangerouslyAllowInsecureHttp ?? false;
  const endpoint = endpointOf(options, allowHttp);
  const clientId = requireString('clientId', options.clientId);
  const authenticate = clientAuthenticationFrom(options, clientId);
  if (audience !== undefined && audience !== false) requireString('audience', audience);
  const resources = resource === undefined ? [] : Array.isArray(resource) ? resource : [resource];
  if (resource !== undefined && !resources.length) throw invalidArgument('resource', 'must not be an empty list');
  for (const value of resources) checkUrl(value, 'resource');
  if (scope !== undefined) requireString('scope', scope);
  if (revocationUrl !== undefined && revocationUrl !== false) checkUrl(revocationUrl, 'revocationUrl', allowHttp);
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
  return {
    ...endpoint,
    clientId,
    authenticate,
    audience,
    resource,
    resources,
    scope,
    bodyEncoding,
    dpopKeys: options.dpop ?? false,
    defaultExpiresIn,
    leewaySeconds,
    timeoutMs,
    fetch,
    now: options.now ?? Date.now,
    tokenStore,
    onTokenStoreError,
    // Isolated once for every use, revocations included: a listener that throws never fails what it observes.
    onEvent: eventListener('onEvent', onEvent),
    revocationUrl,
    allowHttp,
    secrets: typeof options.clientSecret === 'string' ? secretForms(options.clientSecret.trim()) : [],
  };
}

/** Where the token endpoint is: exactly one of `authUrl`, `tokenUrl` and `issuer`. */
function endpointOf(options: ClientCredentialsOptions, allowHttp: boolean): Endpoint {
  const given = (['authUrl', 'tokenUrl', 'issuer'] as const).filter((name) => options?.[name] !== undefined);
  if (given.length !== 1) {
    const problem = 'or `tokenUrl` or `issuer` must be given, exactly one';
    throw given.length ? invalidArgument('authUrl', problem, given) : invalidArgument('authUrl', problem);
  }
  const where = given[0]!;
  // Trailing slashes are kept for `tokenUrl` and `issuer`: both are compared or called exactly as given.
  const place =
    where === 'authUrl' ? resolveBaseUrl(options.authUrl, 'authUrl') : checkUrl(options[where], where, allowHttp);
  if (where === 'authUrl') assertSecureUrl(place, 'authUrl', allowHttp);
  return { where, place, location: where === 'authUrl' ? `${place}/oauth/token` : place };
}

/**
 * The client authentication `options` ask for. A secret sent as is is checked now; the assertion methods are loaded
 * (and their options checked in full) from now on, so apps on secrets never load the signing code and the others
 * get its `TypeError`, naming the option, at their first token request, before anything is sent.
 */
function clientAuthenticationFrom(options: ClientAuthenticationFields, clientId: string): ClientAuthentication {
  const { clientAuthentication: method, privateKey, clientAssertion } = options;
  const signed = method === 'private_key_jwt' || method === 'client_secret_jwt';
  if (privateKey === undefined && clientAssertion === undefined && !signed) return secretAuthentication(options);
  const made = import('./clientAssertion').then((module) => module.assertionAuthentication(options, clientId));
  // Rejections are for the token requests that await it; none is left unhandled meanwhile.
  made.catch(() => undefined);
  return (oauth) => async (as, client, body, headers) => (await made)(oauth)(as, client, body, headers);
}

/** The client's authentication as oauth4webapi takes it, made once the library is loaded (a failure is tried again). */
function authenticationOf(credentials: Credentials): Promise<OAuth.ClientAuth> {
  credentials.authentication ??= import('./oauthEngine').then(
    async ({ loadOAuth }) => credentials.authenticate(await loadOAuth()),
    (error: unknown) => {
      credentials.authentication = undefined;
      throw error;
    },
  );
  return credentials.authentication;
}

/** The protocol's code, oauth4webapi's adapter: loaded at the first token request, so apps that never ask carry none of it. */
const protocol = () => import('./tokenEndpoint');

/** The issuer's endpoints: shared by every audience's cache and kept once found; a failure is forgotten (the cache backs off). */
function discover(credentials: Credentials, post: typeof globalThis.fetch, signal: AbortSignal) {
  const { location, allowHttp } = credentials;
  credentials.endpoints ??= protocol()
    .then(({ discoverEndpoints }) => discoverEndpoints(location, post, signal, allowHttp))
    .catch((error: unknown) => {
      credentials.endpoints = undefined;
      throw error;
    });
  return credentials.endpoints;
}

/** The authorization server as oauth4webapi takes it: the issuer's checked metadata, or the token endpoint given. */
async function serverOf(
  credentials: Credentials,
  post: typeof globalThis.fetch,
  signal: AbortSignal,
): Promise<OAuth.AuthorizationServer & { token_endpoint: string }> {
  const { where, location, revocationUrl } = credentials;
  const given = revocationUrl === false ? undefined : revocationUrl;
  if (where !== 'issuer')
    // No issuer to name: the token endpoint stands for it, as the `aud` of assertions too.
    return { issuer: location, token_endpoint: location, revocation_endpoint: given };
  const { metadata, tokenEndpoint, revocationEndpoint } = await discover(credentials, post, signal);
  return { ...metadata, token_endpoint: tokenEndpoint, revocation_endpoint: given ?? revocationEndpoint };
}

/** What revoking needs from these credentials: the endpoint (found when first needed), the client, its fetch. */
function revokerOf(credentials: Credentials): Revoker {
  const { revocationUrl, where } = credentials;
  return {
    async server() {
      if (revocationUrl === false || (revocationUrl === undefined && where !== 'issuer')) return undefined;
      // A token was obtained, so discovery succeeded already; asked again only if it was forgotten.
      const post = credentials.lastFetch ?? globalThis.fetch;
      const signal = new AbortController().signal;
      const refused = where === 'issuer' && revocationUrl === undefined;
      if (refused) {
        const { revocationRefused } = await discover(credentials, post, signal);
        if (revocationRefused) throw new AuthError(revocationRefused, { method: 'GET', url: credentials.location });
      }
      const as = await serverOf(credentials, post, signal);
      return as.revocation_endpoint === undefined ? undefined : as;
    },
    client: { client_id: credentials.clientId },
    authenticate: () => authenticationOf(credentials),
    secrets: credentials.secrets,
    proofs: () => credentials.proofsMade,
    fetch: () => credentials.lastFetch,
    timeoutMs: credentials.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    onEvent: credentials.onEvent,
  };
}

/** Revokes `tokens`; never rejects. Loaded only when there is something to revoke: apps that never do, never load it. */
function revokeTokens(credentials: Credentials, tokens: readonly string[], reason: RevocationReason): Promise<void> {
  if (!tokens.length) return Promise.resolve();
  const revoker = revokerOf(credentials);
  return import('./tokenRevocation')
    .then(({ revokeToken }) => Promise.all(tokens.map((token) => revokeToken(revoker, token, reason))))
    .then(
      () => undefined,
      // Kept from rejecting whatever happens: a background revocation that did would end a Node process.
      () => undefined,
    );
}

/** One token request, as the cache asks for it: what it is for, how it is sent, and its DPoP proofs. */
interface GrantAsked {
  post: typeof globalThis.fetch;
  proofs: Dpop | undefined;
  audience: string | false | undefined;
  scope: string | undefined;
}

/** The fields of the service's documented JSON token body, in its order; the client's authentication adds its own. */
const JSON_ORDER = ['grant_type', 'client_id', 'client_secret', 'audience', 'scope', 'resource'];

/**
 * Asks the token endpoint for a token through oauth4webapi (`requestGrant`): the grant's parameters, the client's
 * authentication and a DPoP proof; the body as the service documents it (JSON) unless `bodyEncoding` says `form`.
 */
async function requestToken(credentials: Credentials, asked: GrantAsked, signal: AbortSignal): Promise<TokenGrant> {
  const { post, proofs } = asked;
  const parameters = new URLSearchParams();
  if (asked.audience) parameters.append('audience', asked.audience);
  if (asked.scope !== undefined) parameters.append('scope', asked.scope);
  for (const resource of credentials.resources) parameters.append('resource', resource);
  const { requestGrant } = await protocol();
  const { token, expiresIn } = await requestGrant({
    as: await serverOf(credentials, post, signal),
    client: { client_id: credentials.clientId },
    authenticate: await authenticationOf(credentials),
    parameters,
    shape: {
      json: credentials.bodyEncoding === 'json',
      order: JSON_ORDER,
      arrays: Array.isArray(credentials.resource) ? ['resource'] : [],
    },
    dpop: proofs?.handle,
    secrets: credentials.secrets,
    fetch: post,
    signal,
  });
  return { token, expiresIn: expiresIn ?? credentials.defaultExpiresIn };
}

/** The cache of tokens for `context`'s audience and `scope`, made at its first use. */
function cacheFor(
  credentials: Credentials,
  context: AuthContext,
  proofs: Dpop | undefined,
  scope: string | undefined,
): TokenCache {
  const audience = credentials.audience === undefined ? context.baseUrl : credentials.audience;
  const key = `${String(audience)}\n${scope ?? ''}`;
  let cache = credentials.caches.get(key);
  if (!cache) {
    const post = credentials.fetch ?? context.fetch;
    credentials.lastFetch ??= post;
    cache = newCache(credentials, { post, proofs, audience, scope });
    credentials.caches.set(key, cache);
  }
  return cache;
}

/** A token cache for `asked`, through the token store when there is one. */
function newCache(credentials: Credentials, asked: GrantAsked): TokenCache {
  const { leewaySeconds, timeoutMs, now, onEvent, onTokenStoreError, tokenStore, location, clientId } = credentials;
  const direct = (signal: AbortSignal) => requestToken(credentials, asked, signal);
  // What the token is for (the store hashes it into its key); never a secret. A DPoP token is bound to its key:
  // its thumbprint is part of the key, so processes share DPoP tokens only when they hold the same key pair.
  const { audience, scope, proofs } = asked;
  const keyParts = [location, clientId, audience, credentials.resources, scope, ...(proofs ? [proofs.jkt] : [])];
  const shared = credentials.sharing?.then((module) =>
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
  const cache = createTokenCache({
    leewaySeconds,
    timeoutMs,
    now,
    method: 'POST',
    url: credentials.where === 'issuer' ? undefined : location,
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
    onReplaced: tokenStore ? undefined : (token) => void revokeTokens(credentials, [token], 'replaced'),
    onEvent,
  });
  if (shared) credentials.sources.set(cache, shared);
  return cache;
}

/** DPoP's proofs, loaded and keyed at the first token request (a bad key is a `TypeError` there, before any request). */
function dpopOf(credentials: Credentials): Promise<Dpop> {
  return (credentials.dpop ??= import('./dpop').then(
    async (module) => (credentials.proofsMade = await module.createDpop(credentials.dpopKeys, credentials.allowHttp)),
  ));
}

/** The strategy asking for `scope` with these credentials. */
function strategyFor(credentials: Credentials, scope: string | undefined): ClientCredentialsStrategy {
  const { clientId, place, caches } = credentials;
  return {
    id: `client-credentials:${clientId}@${place}${scope === credentials.scope ? '' : ` scope=${scope}`}`,
    async authorize(context) {
      const proofs = credentials.dpopKeys ? await dpopOf(credentials) : undefined;
      const token = await cacheFor(credentials, context, proofs, scope).get(context.signal);
      return proofs ? proofs.headers(token, context) : `Bearer ${token}`;
    },
    unauthorized(authorization, organizationUrl, response) {
      // A DPoP nonce challenge (RFC 9449 9) is no verdict on the token: retried once with the nonce, the token kept.
      if (credentials.proofsMade?.challenged(organizationUrl, response)) return true;
      const token = credentialOf(authorization);
      let retry = true;
      for (const cache of caches.values()) retry = cache.invalidate(token, organizationUrl) && retry;
      return retry;
    },
    accepted(authorization, organizationUrl, response) {
      credentials.proofsMade?.remember(organizationUrl, response);
      const token = credentialOf(authorization);
      for (const cache of caches.values()) cache.accepted(token, organizationUrl);
    },
    reset: () => caches.forEach((cache) => cache.reset()),
    withScope: (narrower) => strategyFor(credentials, requireString('scope', narrower)),
    revoke: () => revokeAll(credentials),
    close: () => closeAll(credentials),
  };
}

/** Revokes every token held, the shared ones taken out of the store first, so no process takes one while it is revoked. */
async function revokeAll(credentials: Credentials): Promise<void> {
  const held = [...credentials.caches.values()].map((cache) => ({ cache, tokens: cache.forget() }));
  await Promise.all(
    held.map(async ({ cache, tokens }) => {
      const source = await credentials.sources.get(cache)?.catch(() => undefined);
      await Promise.all(tokens.map((token) => source?.withdraw(token)));
    }),
  );
  await revokeTokens(
    credentials,
    held.flatMap(({ tokens }) => tokens),
    'revoke',
  );
}

/**
 * Revokes the tokens only this process holds and forgets every one. With a store, those are the ones it could not
 * store, and all of them when bound to a key pair made for this process (no other process can use them); the rest
 * may serve the fleet and stay.
 */
async function closeAll(credentials: Credentials): Promise<void> {
  const own = credentials.dpopKeys === true;
  const held = await Promise.all(
    [...credentials.caches.values()].map(async (cache) => {
      const tokens = cache.forget();
      const source = await credentials.sources.get(cache)?.catch(() => undefined);
      if (!source) return tokens;
      const alone = own ? tokens : tokens.filter((token) => source.alone(token));
      await Promise.all(alone.map((token) => source.withdraw(token)));
      return alone;
    }),
  );
  await revokeTokens(credentials, held.flat(), 'close');
}

/**
 * `value` trimmed when it is an absolute http(s) URL without credentials or a query, else a `TypeError` naming `name`;
 * with `allowHttp` given, a URL a credential goes to, which must also be https (or loopback, or opted into).
 */
function checkUrl(value: unknown, name: string, allowHttp?: boolean): string {
  resolveBaseUrl(value, name);
  // As given otherwise: an issuer is compared character for character, and a token URL called as written.
  const url = (value as string).trim();
  if (allowHttp !== undefined) assertSecureUrl(url, name, allowHttp);
  return url;
}
