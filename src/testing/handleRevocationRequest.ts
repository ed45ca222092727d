import { HttpResponse } from 'msw';
import { oauthErrorResponse } from './errorResponse';
import { clientScope, handleIdentityRequest, readClientPair, readTokenRequest } from './handleTokenRequest';
import type { MockServiceState } from './MockServiceState';

async function revoke(state: MockServiceState, request: Request): Promise<Response> {
  const fields = await readTokenRequest(request, 'revocation');
  if (fields instanceof Response) return fields;
  const pair = readClientPair(request, fields);
  if (pair instanceof Response) return pair;
  const { clientId, clientSecret } = pair;
  if (clientId === undefined || clientSecret === undefined) {
    return oauthErrorResponse(400, 'invalid_request', 'Missing client_id or client_secret');
  }
  if (clientScope(state, clientId, clientSecret) === null)
    return oauthErrorResponse(401, 'invalid_client', 'Client authentication failed');
  const { token } = fields;
  if (typeof token !== 'string' || !token) return oauthErrorResponse(400, 'invalid_request', 'Missing token');
  // RFC 7009 2.2: the same 200 whether the token was known or not, so a caller learns nothing from it.
  state.tokens.delete(token);
  state.revocations += 1;
  return new HttpResponse(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * `POST /oauth/revoke`, RFC 7009 token revocation: the client authenticates as for a token request; the token stops
 * being accepted at once (the API answers it 401).
 */
export function handleRevocationRequest(state: MockServiceState, request: Request): Promise<Response> {
  return handleIdentityRequest(state, request, 'revocation', revoke);
}
