import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { listenLocally } from './localServer';

/** An OAuth client registered with the provider, authenticating by any method it supports. */
export interface OidcClient {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method:
    'client_secret_basic' | 'client_secret_post' | 'client_secret_jwt' | 'private_key_jwt' | 'tls_client_auth';
  /** Public keys of `private_key_jwt` clients (with `x5c` for certificate credentials). */
  jwks?: { keys: JWK[] };
  /** Where the provider fetches the client's public keys (a federated issuer's, for client assertions made elsewhere). */
  jwks_uri?: string;
  /** The subject DN of a `tls_client_auth` client's certificate. */
  tls_client_auth_subject_dn?: string;
}

/** How the provider is set up beyond its clients. */
export interface OidcProviderOptions {
  clients: OidcClient[];
  /** RFC 8707 resource indicators it issues JWT access tokens for. */
  resources: string[];
  scope?: string;
  /** DPoP nonces required at the token endpoint (RFC 9449 8). @default false */
  requireDpopNonce?: boolean;
  /** Checks a client assertion's header as Entra ID does (`x5t#S256` of a registered certificate); false refuses it. */
  checkAssertionHeader?: (header: Record<string, unknown>, client: { clientId: string }) => boolean;
  /** Serve over HTTPS with this certificate, asking clients for theirs (mTLS, RFC 8705). @default plain HTTP */
  tls?: { cert: string; key: string; ca: string[] };
  /** Access tokens as JWTs, or opaque ones the provider keeps (only those can be revoked, RFC 7009). @default 'jwt' */
  tokenFormat?: 'jwt' | 'opaque';
}

/** A running OpenID provider and what tests need of it. */
export interface StartedOidcProvider {
  /** The issuer, e.g. `http://127.0.0.1:41234` (discovery lives below it). */
  issuer: string;
  /** Its token endpoint. */
  tokenUrl: string;
  /** Its JWKS, to verify access tokens. */
  jwksUri: string;
  /** Token requests it answered, by status, in order (counted at the HTTP layer: refusals of client authentication too). */
  tokenRequests: { status: number; error?: string }[];
  /** Revocation requests (RFC 7009) it answered, by status, in order, with the DPoP proof's presence. */
  revocationRequests: { status: number; error?: string; dpop: boolean }[];
  /** Whether the provider still takes `token` as active (RFC 7662 introspection, asked as `client`). */
  isActive(token: string, client: { client_id: string; client_secret: string }): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * panva's oidc-provider (OpenID Certified) on 127.0.0.1 with the client credentials grant and RFC 8707 resource
 * indicators: `resource` must be one of `resources`, and a token for it is a JWT with that audience (RS256), bound
 * to the DPoP key (`cnf.jkt`) when the request carried a proof. Client authentication: every method it has.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<StartedOidcProvider> {
  const scope = options.scope ?? 'shares.read';
  const { tls } = options;
  const server: Server = tls
    ? createHttpsServer({ cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: false })
    : createServer();
  const { origin: issuer, close } = await listenLocally(server);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      scope,
    })),
    clientAuthMethods: [
      'client_secret_basic',
      'client_secret_post',
      'client_secret_jwt',
      'private_key_jwt',
      ...(tls ? (['tls_client_auth'] as const) : []),
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test', use: 'sig', alg: 'RS256' }] },
    scopes: scope.split(' '),
    ttl: { ClientCredentials: 3600 },
    // Without its SSRF guard's dispatcher, which refuses 127.0.0.1: a client's `jwks_uri` is a test server there.
    fetch: (url, init) => globalThis.fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    assertJwtClientAuthClaimsAndHeader(
      _ctx: unknown,
      _claims: unknown,
      header: Record<string, unknown>,
      client: { clientId: string },
    ) {
      if (options.checkAssertionHeader?.(header, client) === false)
        throw new errors.InvalidClientAuth('the assertion header names no registered key');
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // Any client of the test may revoke and introspect: the policies are the deployment's, not under test.
      revocation: { enabled: true, allowedPolicy: async () => true },
      introspection: { enabled: true, allowedPolicy: async () => true },
      dPoP: { enabled: true, nonceSecret: Buffer.alloc(32, 7), requireNonce: () => options.requireDpopNonce ?? false },
      mTLS: {
        enabled: !!tls,
        tlsClientAuth: !!tls,
        // The socket's verified peer certificate, as a TLS-terminating proxy would forward it.
        getCertificate: (ctx) => {
          const peer = (ctx.req.socket as TLSSocket).getPeerCertificate?.();
          return peer?.raw ? new X509Certificate(peer.raw).toString() : undefined;
        },
        certificateAuthorized: (ctx) => (ctx.req.socket as TLSSocket).authorized,
        certificateSubjectMatches: (ctx, property, expected) =>
          property === 'tls_client_auth_subject_dn' &&
          new X509Certificate((ctx.req.socket as TLSSocket).getPeerCertificate().raw).subject.replace(/\n/g, ',') ===
            expected,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => false,
        getResourceServerInfo(_ctx: unknown, resourceIndicator: string) {
          if (!options.resources.includes(resourceIndicator)) throw new errors.InvalidTarget();
          return {
            scope,
            audience: resourceIndicator,
            accessTokenTTL: 3600,
            accessTokenFormat: options.tokenFormat ?? 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  });
  const tokenRequests: { status: number; error?: string }[] = [];
  const revocationRequests: { status: number; error?: string; dpop: boolean }[] = [];
  // Errors are answered to the client; the provider's own console report would only be noise in test output.
  provider.on('server_error', () => undefined);
  const callback = provider.callback();
  server.on('request', (request, response) => {
    const revocation = request.url === '/token/revocation';
    if (request.method === 'POST' && (request.url === '/token' || revocation)) {
      const entry: { status: number; error?: string } = { status: 0 };
      if (revocation) revocationRequests.push(Object.assign(entry, { dpop: request.headers.dpop !== undefined }));
      else tokenRequests.push(entry);
      const end = response.end.bind(response) as (chunk?: unknown, ...rest: unknown[]) => typeof response;
      // Recorded as the answer is written, before the client can read it.
      response.end = ((chunk?: unknown, ...rest: unknown[]) => {
        entry.status = response.statusCode;
        if (response.statusCode >= 400 && chunk) entry.error = (JSON.parse(String(chunk)) as { error?: string }).error;
        return end(chunk, ...rest);
      }) as typeof response.end;
    }
    void callback(request, response);
  });
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    jwksUri: `${issuer}/jwks`,
    tokenRequests,
    revocationRequests,
    async isActive(token, client) {
      const response = await fetch(`${issuer}/token/introspection`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
        },
        body: new URLSearchParams({ token }),
      });
      if (!response.ok) throw new Error(`introspection answered ${response.status}`);
      return ((await response.json()) as { active: boolean }).active;
    },
    close,
  };
}
