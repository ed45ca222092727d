// On a server: OAuth client credentials (the service's default), or an API Account token.
import { createApiClient } from 'pagewise/client';
import { apiAccountToken, clientCredentials } from 'pagewise/server';

export const client = createApiClient({
  baseUrl: process.env.API_BASE_URL!,
  auth: clientCredentials({
    authUrl: process.env.AUTH_URL!, // POST {authUrl}/oauth/token, JSON body
    clientId: process.env.CLIENT_ID!,
    clientSecret: process.env.CLIENT_SECRET!,
    scope: 'acme.read',
  }),
});

export const accountClient = createApiClient({
  baseUrl: process.env.API_BASE_URL!,
  auth: apiAccountToken({ accountId: process.env.ACCOUNT_ID!, apiToken: process.env.API_TOKEN! }),
});

// Another identity provider: the token endpoint by discovery, a form body, Basic client authentication.
export const oktaClient = createApiClient({
  baseUrl: process.env.API_BASE_URL!,
  auth: clientCredentials({
    issuer: 'https://example.okta.com/oauth2/default',
    clientId: process.env.CLIENT_ID!,
    clientSecret: process.env.CLIENT_SECRET!,
    bodyEncoding: 'form',
    clientAuthentication: 'client_secret_basic',
    audience: false,
    scope: 'shares.read',
  }),
});
