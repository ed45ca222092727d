import type { MockService } from '../../src/testing/index';

/** The body of a valid client-credentials token request for the service's demo client. */
export function tokenBody(service: MockService, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    grant_type: 'client_credentials',
    client_id: service.credentials.clientId,
    client_secret: service.credentials.clientSecret,
    audience: service.credentials.audience,
    scope: service.credentials.scope,
    ...overrides,
  };
}

/** POSTs a JSON token request to `{authUrl}/oauth/token` as seed 4.1 shows. */
export function requestToken(authUrl: string, body: unknown, contentType = 'application/json'): Promise<Response> {
  return fetch(`${authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A fresh access token for the demo client. */
export async function accessToken(service: MockService, authUrl = service.authUrl): Promise<string> {
  const response = await requestToken(authUrl, tokenBody(service));
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** GETs a list endpoint with an optional Authorization header. */
export function list(
  baseUrl: string,
  organizationId: string,
  resource: 'shares' | 'environments',
  query: string,
  authorization?: string,
): Promise<Response> {
  return fetch(`${baseUrl}/${organizationId}/${resource}${query}`, {
    headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
  });
}

/** The Basic header the seed's usage shows: the raw `<account_id>:<API_TOKEN>` pair. */
export function basicRaw(service: MockService): string {
  return `Basic ${service.credentials.accountId}:${service.credentials.apiToken}`;
}

/** The Basic header as RFC 7617 encodes it: base64 of the UTF-8 pair. */
export function basicBase64(service: MockService): string {
  const pair = `${service.credentials.accountId}:${service.credentials.apiToken}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}
