import type * as OAuth from 'oauth4webapi';
import { AuthError } from '../client/index';
import { parseTokenResponse, type TokenGrant } from '../client/internal';
import {
  answerJson,
  exchangeError,
  exchangeFetch,
  insecureOption,
  loadOAuth,
  newExchange,
  type BodyShape,
} from './oauthEngine';
import { isSecureEnough } from '../shared/secureUrl';

// The token endpoint through oauth4webapi: where it is (discovery), the client credentials grant and its answer.

/** An issuer's metadata as the library checked it, with the endpoints pagewise sends credentials to. */
export interface DiscoveredEndpoints {
  metadata: OAuth.AuthorizationServer;
  tokenEndpoint: string;
  /** RFC 7009's `revocation_endpoint`, when the provider has one. */
  revocationEndpoint: string | undefined;
  /** Why the `revocation_endpoint` the provider names is not used (plain HTTP elsewhere than loopback). */
  revocationRefused: string | undefined;
}

/** The sentence refusing a discovered endpoint that would carry a credential in clear text. */
const refusedEndpoint = (field: string) =>
  `returned metadata whose \`${field}\` is not an https: URL (http: only to loopback, or with \`dangerouslyAllowInsecureHttp: true\`)`;

/**
 * `issuer`'s metadata (oauth4webapi's `discoveryRequest` / `processDiscoveryResponse`): OpenID Connect Discovery's
 * `{issuer}/.well-known/openid-configuration`, or RFC 8414's `/.well-known/oauth-authorization-server{path}` when the
 * first is refused (4xx). Its `issuer` must equal the one given, character for character (both specifications require
 * it: metadata served for another issuer could send the secret elsewhere), and its token endpoint must be https.
 */
export async function discoverEndpoints(
  issuer: string,
  fetch: typeof globalThis.fetch,
  signal: AbortSignal,
  allowHttp: boolean,
): Promise<DiscoveredEndpoints> {
  const oauth = await loadOAuth();
  const url = new URL(issuer);
  const exchange = newExchange('GET', issuer);
  const options = { [oauth.customFetch]: exchangeFetch(exchange, fetch), signal, ...insecureOption(oauth, issuer) };
  let response = await oauth.discoveryRequest(url, { ...options, algorithm: 'oidc' });
  if (response.status >= 400 && response.status < 500)
    response = await oauth.discoveryRequest(url, { ...options, algorithm: 'oauth2' });
  const fail = (detail: string) =>
    new AuthError(detail, { method: 'GET', url: exchange.url, status: exchange.answer?.status });
  let metadata: OAuth.AuthorizationServer;
  try {
    metadata = await oauth.processDiscoveryResponse(url, response);
  } catch (error) {
    const said = answerJson(exchange)?.issuer;
    if (exchange.answer?.status === 200 && said !== issuer)
      throw fail(`returned metadata for issuer ${JSON.stringify(String(said))}, not ${JSON.stringify(issuer)}`);
    throw exchangeError(exchange, error, 'invalid metadata');
  }
  if (metadata.issuer !== issuer)
    throw fail(`returned metadata for issuer ${JSON.stringify(metadata.issuer)}, not ${JSON.stringify(issuer)}`);
  const { token_endpoint: tokenEndpoint, revocation_endpoint: revocation } = metadata;
  if (typeof tokenEndpoint !== 'string' || !URL.canParse(tokenEndpoint))
    throw fail('returned metadata without an http(s) `token_endpoint`');
  if (!isSecureEnough(tokenEndpoint, allowHttp)) throw fail(refusedEndpoint('token_endpoint'));
  const usable = typeof revocation === 'string' && URL.canParse(revocation);
  const refused = usable && !isSecureEnough(revocation, allowHttp);
  return {
    metadata,
    tokenEndpoint,
    revocationEndpoint: usable && !refused ? revocation : undefined,
    revocationRefused: refused ? refusedEndpoint('revocation_endpoint') : undefined,
  };
}

/** One client credentials grant, as the strategy asks for it. */
export interface GrantRequest {
  as: OAuth.AuthorizationServer;
  client: OAuth.Client;
  authenticate: OAuth.ClientAuth;
  /** The grant's parameters beside `grant_type` (audience, scope, resource). */
  parameters: URLSearchParams;
  /** How the body goes: the service's JSON, or the form RFC 6749 specifies. */
  shape: BodyShape;
  dpop: OAuth.DPoPHandle | undefined;
  /** Credentials known beforehand that the request may not carry itself (the key of `client_secret_jwt`). */
  secrets: readonly string[];
  fetch: typeof globalThis.fetch;
  signal: AbortSignal;
}

/**
 * Asks the token endpoint for a token (oauth4webapi's `clientCredentialsGrantRequest` and
 * `processClientCredentialsResponse`), sent again once only when DPoP asks (`isDPoPNonceError`: the provider wants a
 * nonce it gave), with a fresh assertion and proof. A refusal is an `AuthError` carrying the provider's `error` and
 * `error_description` with every credential of the request redacted.
 */
export async function requestGrant(request: GrantRequest): Promise<TokenGrant> {
  const oauth = await loadOAuth();
  const { as, client, authenticate, dpop } = request;
  const url = as.token_endpoint!;
  for (let retried = false; ; retried = true) {
    const exchange = newExchange('POST', url, request.secrets);
    const response = await oauth.clientCredentialsGrantRequest(as, client, authenticate, request.parameters, {
      [oauth.customFetch]: exchangeFetch(exchange, request.fetch, request.shape),
      signal: request.signal,
      DPoP: dpop,
      ...insecureOption(oauth, url),
    });
    try {
      const answer = await oauth.processClientCredentialsResponse(as, client, response);
      const grant = tokenGrant(answer, dpop !== undefined);
      if (typeof grant === 'string') throw new AuthError(grant);
      return grant;
    } catch (error) {
      if (!retried && dpop && oauth.isDPoPNonceError(error)) continue;
      throw exchangeError(exchange, error, 'an invalid token response', tokenProblem(exchange, dpop !== undefined));
    }
  }
}

/** pagewise's own rules on a token response (RFC 6749 5.1): the grant, or what is wrong (never quoting the token). */
function tokenGrant(json: Record<string, unknown> | undefined, bound: boolean): TokenGrant | string {
  const type = json?.token_type;
  const dpop = typeof type === 'string' && type.toLowerCase() === 'dpop';
  // A DPoP-bound token says so (RFC 9449 5); otherwise the checks are RFC 6749's, in their order.
  const grant = parseTokenResponse(bound && dpop ? { ...json, token_type: 'Bearer' } : json, {
    requireTokenType: true,
  });
  if (bound && !dpop && (typeof grant !== 'string' || grant.startsWith('`token_type`')))
    return '`token_type` is not "DPoP"';
  return grant;
}

/** What pagewise's rules say is wrong with a successful answer's body, when they find something. */
function tokenProblem(exchange: ReturnType<typeof newExchange>, bound: boolean): string | undefined {
  const grant = tokenGrant(answerJson(exchange), bound);
  return typeof grant === 'string' ? grant : undefined;
}
