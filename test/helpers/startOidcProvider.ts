import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors } from 'oidc-provider';

/** An OAuth client registered with the provider. */
export interface OidcClient {
  client_id: string;
  client_secret: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post';
}

/** A running OpenID provider and what tests need of it. */
export interface StartedOidcProvider {
  /** The issuer, e.g. `http://127.0.0.1:41234` (discovery lives below it). */
  issuer: string;
  /** Its token endpoint. */
  tokenUrl: string;
  /** Its JWKS, to verify access tokens. */
  jwksUri: string;
  /** Token requests it answered, by outcome. */
  tokenRequests: { status: number }[];
  close(): Promise<void>;
}

/**
 * panva's oidc-provider (OpenID Certified) on 127.0.0.1 with the client credentials grant and RFC 8707 resource
 * indicators: `resource` must be one of `resources`, and a token for it is a JWT with that audience (RS256).
 */
export async function startOidcProvider(options: { clients: OidcClient[]; resources: string[]; scope?: string }): Promise<StartedOidcProvider> {
  const scope = options.scope ?? 'shares.read';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({ ...client, grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test', use: 'sig', alg: 'RS256' }] },
    scopes: scope.split(' '),
    ttl: { ClientCredentials: 3600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo(_ctx: unknown, resourceIndicator: string) {
          if (!options.resources.includes(resourceIndicator)) throw new errors.InvalidTarget();
          return { scope, audience: resourceIndicator, accessTokenTTL: 3600, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  const tokenRequests: { status: number }[] = [];
  provider.on('grant.success', () => tokenRequests.push({ status: 200 }));
  provider.on('grant.error', (_ctx: unknown, error: { statusCode?: number }) => tokenRequests.push({ status: error.statusCode ?? 400 }));
  // Errors are answered to the client; the provider's own console report would only be noise in test output.
  provider.on('server_error', () => undefined);
  const callback = provider.callback();
  server.on('request', callback);
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    jwksUri: `${issuer}/jwks`,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
