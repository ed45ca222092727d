import { AuthError } from '../client/index';
import { networkError, parseTokenResponse, redact, statusLine, type TokenGrant } from '../client/internal';

// The token endpoint: where it is (discovery), what a client credentials request sends, what its answer means.

/** The endpoints pagewise uses from an issuer's metadata. */
export interface DiscoveredEndpoints {
  tokenEndpoint: string;
  /** RFC 7009's `revocation_endpoint`, when the provider has one. */
  revocationEndpoint: string | undefined;
}

/** An endpoint URL from metadata pagewise may send a credential to: http(s), no userinfo. */
const isEndpoint = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/[^@]+$/i.test(value);

/**
 * The `token_endpoint` (and `revocation_endpoint`) of `issuer`'s metadata: OpenID Connect Discovery's `{issuer}/.well-known/openid-configuration`,
 * or RFC 8414's `/.well-known/oauth-authorization-server{path}` when the first is refused (4xx). The document's
 * `issuer` must equal the one given, character for character (both specifications require it: metadata served
 * for another issuer could send the secret elsewhere).
 */
export async function discoverEndpoints(
  issuer: string,
  fetch: typeof globalThis.fetch,
  signal: AbortSignal,
): Promise<DiscoveredEndpoints> {
  const base = issuer.replace(/\/+$/, '');
  const { origin, pathname } = new URL(base);
  const get = async (url: string) => {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' }, signal, redirect: 'manual' });
      return {
        url,
        response,
        document: response.ok ? ((await response.json().catch(() => undefined)) as unknown) : undefined,
      };
    } catch (error) {
      throw networkError('GET', url, error);
    }
  };
  let got = await get(`${base}/.well-known/openid-configuration`);
  const { status } = got.response;
  if (status >= 400 && status < 500)
    got = await get(`${origin}/.well-known/oauth-authorization-server${pathname.replace(/\/+$/, '')}`);
  const { url, response, document } = got;
  const fail = (detail: string) => new AuthError(detail, { method: 'GET', url, status: response.status });
  if (!response.ok) throw fail(statusLine(response.status));
  const metadata = (typeof document === 'object' && document !== null ? document : {}) as {
    issuer?: unknown;
    token_endpoint?: unknown;
    revocation_endpoint?: unknown;
  };
  if (metadata.issuer !== issuer) {
    throw fail(
      `returned metadata for issuer ${JSON.stringify(String(metadata.issuer))}, not ${JSON.stringify(issuer)}`,
    );
  }
  const endpoint = metadata.token_endpoint;
  if (!isEndpoint(endpoint)) throw fail('returned metadata without an http(s) `token_endpoint`');
  const revocation = metadata.revocation_endpoint;
  return { tokenEndpoint: endpoint, revocationEndpoint: isEndpoint(revocation) ? revocation : undefined };
}

/** One token request's parts: what the grant asks for, plus what client authentication and DPoP add to it. */
export interface TokenRequest {
  /** Body fields in order; undefined ones are left out, arrays repeat the field. */
  fields: Record<string, string | string[] | undefined>;
  /** Request headers beside `Content-Type` and `Accept`. */
  headers: Record<string, string>;
  /** Every form of a credential this request carries (secret, assertion, proof): redacted from what comes back. */
  secrets: string[];
  /** Told of the response (DPoP keeps the nonce it may carry). @default none */
  onResponse?: (response: Response) => void;
}

/**
 * Sends a client credentials token request (RFC 6749 4.4.2) to `url`: the fields as JSON (the service's documented
 * body; `JSON.stringify` leaves out undefined fields) or `application/x-www-form-urlencoded`. Resolves to the
 * response with its text read; a `NetworkError` without any of the request's secrets when there is none.
 */
export async function clientCredentialsGrantRequest(
  url: string,
  request: TokenRequest,
  bodyEncoding: 'json' | 'form',
  fetch: typeof globalThis.fetch,
  signal: AbortSignal,
): Promise<{ response: Response; text: string }> {
  const { fields, headers, secrets } = request;
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value ?? []].flat()) form.append(name, item);
  const json = bodyEncoding === 'json';
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        ...headers,
      },
      body: json ? JSON.stringify(fields) : form.toString(),
      signal,
      redirect: 'manual',
    });
    request.onResponse?.(response);
    return { response, text: await response.text() };
  } catch (error) {
    throw networkError('POST', url, error, secrets);
  }
}

/**
 * Reads a token response (RFC 6749 5.1): the grant, or an `AuthError` carrying the provider's `error` and
 * `error_description` (RFC 6749 5.2) with every secret of `request` redacted, however short. `tokenType` is the
 * `token_type` the token must have: `DPoP` when the request carried a proof (RFC 9449 5: a bound token says so).
 */
export function processClientCredentialsResponse(
  url: string,
  { response, text }: { response: Response; text: string },
  request: TokenRequest,
  tokenType: 'Bearer' | 'DPoP',
): TokenGrant {
  let json: Record<string, unknown> | undefined;
  try {
    // Not kept: only its error fields are, redacted below, and the token is never quoted.
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  const errorText = (value: unknown) => (typeof value === 'string' ? redact(value, request.secrets) : undefined);
  // The status line and the error fields can echo a credential; as error text, they lose it however short it is.
  const statusText = errorText(response.statusText);
  const init = {
    method: 'POST',
    url,
    status: response.status,
    statusText,
    error: errorText(json?.error),
    error_description: errorText(json?.error_description),
  };
  if (!response.ok) throw new AuthError(statusLine(response.status, statusText), init);
  // A DPoP-bound token says so (RFC 9449 5); otherwise the checks are RFC 6749's, in their order.
  const bound =
    tokenType === 'DPoP' && typeof json?.token_type === 'string' && json.token_type.toLowerCase() === 'dpop';
  let grant = parseTokenResponse(bound ? { ...json, token_type: 'Bearer' } : json, { requireTokenType: true });
  if (tokenType === 'DPoP' && !bound && (typeof grant !== 'string' || grant.startsWith('`token_type`')))
    grant = '`token_type` is not "DPoP"';
  if (typeof grant === 'string') throw new AuthError(`returned an invalid token response: ${grant}`, init);
  return grant;
}
