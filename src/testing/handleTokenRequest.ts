import { HttpResponse } from 'msw';
import { decodeBasicCredentials, trimBase, MOCK_DEFAULT_SCOPE } from './http';
import { oauthErrorResponse } from './errorResponse';
import { failureResponse } from './failureResponse';
import { finish, recordRequest, takeFailure, waitLatency, type MockServiceState } from './MockServiceState';

function randomToken(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The fields of a request to the token or revocation endpoint, or the 405 (not a POST) or 400 to answer with. */
export async function readTokenRequest(
  request: Request,
  endpoint: 'token' | 'revocation',
): Promise<Record<string, unknown> | Response> {
  if (request.method !== 'POST') {
    return HttpResponse.json(
      { error: 'invalid_request', error_description: `The ${endpoint} endpoint accepts POST only` },
      { status: 405, headers: { Allow: 'POST' } },
    );
  }
  // As real identity providers do: the seed's JSON body (Auth0) or RFC 6749's form body.
  const contentType = request.headers.get('Content-Type') ?? '';
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
    // Repeats gathered in arrays made once, not copied per value: a form of one name many times stays linear.
    const repeated = new Map<string, string[]>();
    for (const [name, value] of new URLSearchParams(await request.text())) {
      const values = repeated.get(name);
      if (values) values.push(value);
      else repeated.set(name, [value]);
    }
    return Object.fromEntries([...repeated].map(([name, values]) => [name, values.length > 1 ? values : values[0]]));
  }
  if (/^application\/json\s*(;|$)/i.test(contentType)) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return oauthErrorResponse(400, 'invalid_request', 'The request body is not valid JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return oauthErrorResponse(400, 'invalid_request', 'The request body must be a JSON object');
    }
    return body as Record<string, unknown>;
  }
  return oauthErrorResponse(
    400,
    'invalid_request',
    'Content-Type must be application/json or application/x-www-form-urlencoded',
  );
}

/** A string field of the request, or undefined. */
const textField = (fields: Record<string, unknown>, name: string) =>
  typeof fields[name] === 'string' ? (fields[name] as string) : undefined;

/**
 * The client id and secret a token or revocation request carries (RFC 6749 2.3.1: `client_secret_basic` or
 * `client_secret_post`, never both), or the error to answer with.
 */
export function readClientPair(
  request: Request,
  fields: Record<string, unknown>,
): { clientId: string | undefined; clientSecret: string | undefined } | Response {
  let clientId = textField(fields, 'client_id');
  let clientSecret = textField(fields, 'client_secret');
  const header = request.headers.get('Authorization');
  if (header !== null) {
    const pair = /^Basic\s+(\S+)$/i.exec(header.trim())?.[1];
    const basic = pair === undefined ? null : decodeBasicCredentials(pair);
    if (basic === null)
      return oauthErrorResponse(401, 'invalid_client', 'The Authorization header is not Basic client credentials');
    if (fields.client_secret !== undefined) {
      return oauthErrorResponse(
        400,
        'invalid_request',
        'Use one client authentication method: Basic or client_secret in the body, not both',
      );
    }
    // RFC 6749 2.3.1: each part is form-urlencoded before the pair is base64-encoded.
    const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    try {
      [clientId, clientSecret] = [formDecode(basic.user), formDecode(basic.password)];
    } catch {
      return oauthErrorResponse(401, 'invalid_client', 'The Basic credentials are not form-urlencoded');
    }
    if (fields.client_id !== undefined && fields.client_id !== clientId) {
      return oauthErrorResponse(400, 'invalid_request', 'client_id in the body differs from the Basic credentials');
    }
  }
  return { clientId, clientSecret };
}

/** The scope the client (or API Account key) may be granted, or null when its secret is wrong or it is unknown. */
export function clientScope(state: MockServiceState, clientId: string, clientSecret: string): string | null {
  const client = state.clients.find((c) => c.clientId === clientId);
  const account = state.accounts.find((a) => a.apiKey !== undefined && a.apiKey === clientId);
  return client
    ? client.clientSecret === clientSecret
      ? (client.scope ?? MOCK_DEFAULT_SCOPE)
      : null
    : account && account.apiSecret === clientSecret
      ? MOCK_DEFAULT_SCOPE
      : null;
}

/**
 * The scope the request's client may be granted, once its grant, its credentials and the form of its `scope` are
 * accepted; else the error to answer with.
 */
function grantableScope(state: MockServiceState, request: Request, fields: Record<string, unknown>): string | Response {
  const grantType = textField(fields, 'grant_type');
  // The client's id and secret come in the body (client_secret_post) or in a Basic header (client_secret_basic), never both.
  const pair = readClientPair(request, fields);
  if (pair instanceof Response) return pair;
  const { clientId, clientSecret } = pair;
  if (grantType === undefined) return oauthErrorResponse(400, 'invalid_request', 'Missing grant_type');
  if (grantType !== 'client_credentials') {
    return oauthErrorResponse(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  }
  if (clientId === undefined || clientSecret === undefined) {
    return oauthErrorResponse(400, 'invalid_request', 'Missing client_id or client_secret');
  }
  if (fields.scope !== undefined && textField(fields, 'scope') === undefined) {
    return oauthErrorResponse(400, 'invalid_request', 'scope must be a space-separated string');
  }
  const allowedScope = clientScope(state, clientId, clientSecret);
  return allowedScope ?? oauthErrorResponse(401, 'invalid_client', 'Client authentication failed');
}

/** The error to answer with when the request names no API, or another one than this: by `audience` or `resource`. */
function targetRefusal(state: MockServiceState, fields: Record<string, unknown>): Response | undefined {
  // The API is named by `audience` (Auth0) or RFC 8707 `resource` indicators (one or more).
  const targets = [fields.audience ?? [], fields.resource ?? []].flat();
  if (!targets.length) return oauthErrorResponse(400, 'invalid_request', 'Missing audience or resource');
  if (textField(fields, 'audience') === undefined && fields.audience !== undefined)
    return oauthErrorResponse(400, 'invalid_request', 'audience must be a string');
  const audiences = state.audience !== undefined ? [trimBase(state.audience)] : state.apiBases;
  const isThisApi = (target: unknown) => {
    try {
      return typeof target === 'string' && audiences.includes(trimBase(target));
    } catch {
      // Not a URL: it cannot match.
      return false;
    }
  };
  if (!targets.every(isThisApi))
    return oauthErrorResponse(400, 'invalid_target', 'The audience or resource is not this API');
  return undefined;
}

/** A new access token, valid for the service's lifetime; expired ones are forgotten, so a long-running mock stays small. */
function storeNewToken(state: MockServiceState): string {
  const accessToken = randomToken();
  const issuedAt = state.now();
  for (const [token, expiresAt] of state.tokens) if (expiresAt <= issuedAt) state.tokens.delete(token);
  state.tokens.set(accessToken, issuedAt + state.lifetimeSeconds * 1000);
  return accessToken;
}

async function issueToken(state: MockServiceState, request: Request): Promise<Response> {
  const fields = await readTokenRequest(request, 'token');
  if (fields instanceof Response) return fields;
  const allowedScope = grantableScope(state, request, fields);
  if (allowedScope instanceof Response) return allowedScope;
  const refusal = targetRefusal(state, fields);
  if (refusal) return refusal;
  const allowed = allowedScope.split(/\s+/).filter(Boolean);
  const requested = textField(fields, 'scope')?.split(/\s+/).filter(Boolean) ?? [];
  if (requested.some((s) => !allowed.includes(s))) {
    return oauthErrorResponse(400, 'invalid_scope', 'The requested scope exceeds what the client may be granted');
  }
  return HttpResponse.json(
    {
      access_token: storeNewToken(state),
      token_type: 'Bearer',
      expires_in: state.lifetimeSeconds,
      scope: (requested.length > 0 ? requested : allowed).join(' '),
    },
    { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } },
  );
}

/**
 * A request to one of the identity provider's endpoints, recorded with its scheme only, failed or delayed as the test
 * asked, then answered by `answer`.
 */
export async function handleIdentityRequest(
  state: MockServiceState,
  request: Request,
  resource: 'token' | 'revocation',
  answer: (state: MockServiceState, request: Request) => Promise<Response>,
): Promise<Response> {
  const record = recordRequest(state, request, { resource });
  const failure = takeFailure(state, resource);
  await waitLatency(state, { resource });
  if (failure) return finish(record, failureResponse(failure, new URL(request.url).pathname, state.now()));
  return finish(record, await answer(state, request));
}

/** `POST /oauth/token` with the client credentials grant, as Auth0 and RFC 6749 identity providers answer it. */
export async function handleTokenRequest(state: MockServiceState, request: Request): Promise<Response> {
  state.tokenRequests += 1;
  return handleIdentityRequest(state, request, 'token', issueToken);
}
