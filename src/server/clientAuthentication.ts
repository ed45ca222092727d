import type * as OAuth from 'oauth4webapi';
import { assertOneOf, invalidArgument, requireString } from '../shared/assert';
import type { OAuthModule } from './oauthEngine';
import type { PrivateKeyInput, SigningAlgorithm } from './signingKey';

/**
 * How a token request proves which client sends it: one of oauth4webapi's client authentication values
 * (`ClientSecretPost`, `ClientSecretBasic`, `ClientSecretJwt`, `PrivateKeyJwt`, `TlsClientAuth`), made once the
 * library is loaded.
 */
export type ClientAuthentication = (oauth: OAuthModule) => OAuth.ClientAuth;

/** A client authentication method of RFC 6749 2.3, RFC 7523 and OpenID Connect Core 9. */
export type ClientAuthenticationMethod =
  'client_secret_post' | 'client_secret_basic' | 'private_key_jwt' | 'client_secret_jwt' | 'tls_client_auth';

const METHODS: readonly ClientAuthenticationMethod[] = [
  'client_secret_post',
  'client_secret_basic',
  'private_key_jwt',
  'client_secret_jwt',
  'tls_client_auth',
];

/** The options of `clientCredentials` that say how the client authenticates (`ClientAuthenticationOptions` says which go together). */
export interface ClientAuthenticationFields {
  /** OAuth client secret (or an API Account's secret), sent trimmed, for the `client_secret_*` methods. Keep it in an environment variable or a secrets manager. @default none */
  clientSecret?: string;
  /**
   * `client_secret_post`: id and secret in the body; `client_secret_basic`: an RFC 6749 2.3.1 Basic header;
   * `private_key_jwt`: an assertion signed with `privateKey` (RFC 7523); `client_secret_jwt`: one signed HS256 with
   * the secret, which is not sent (OpenID Connect Core 9); `tls_client_auth`: only the id, the client certificate
   * coming with a `fetch` that presents it (RFC 8705; an undici `Agent` with `connect: { cert, key }`).
   * @default 'private_key_jwt' when `privateKey` is given, else 'client_secret_post'
   */
  clientAuthentication?: ClientAuthenticationMethod;
  /** The key `private_key_jwt` signs with: a Web Crypto private `CryptoKey`, a private JWK, or a PKCS#8 PEM string. @default none */
  privateKey?: PrivateKeyInput;
  /** The `kid` of the assertion's header: the id under which the provider knows the public key. @default a JWK's own `kid`, else none */
  keyId?: string;
  /** The assertion's JWS algorithm. @default what the key implies: RS256 for RSA, ES256/384/512 by curve, EdDSA for Ed25519 */
  algorithm?: SigningAlgorithm;
  /** The PEM certificate of `privateKey`'s public key: its `x5t#S256` and `x5t` thumbprints go in the header (Entra ID certificate credentials). @default none */
  certificate?: string;
  /**
   * The `aud` of signed assertions: a URL, or `'token_endpoint'` for the token endpoint's URL, for providers that want it
   * rather than the issuer. @default the issuer with `issuer` (RFC 7523bis), else the token endpoint's URL
   */
  assertionAudience?: string;
  /**
   * A client assertion from elsewhere (workload identity federation: a Kubernetes service-account token, a GitHub
   * Actions OIDC token), called for every token request and never kept beyond it; `readTokenFile(path)` reads a
   * token file afresh each time. Sent as `client_assertion` of RFC 7523's jwt-bearer type. @default none
   */
  clientAssertion?: () => string | Promise<string>;
}

/** The credential `clientCredentials` needs: a secret, a private key, or an assertion callback (mixing them is a `TypeError`). */
export type ClientAuthenticationOptions =
  | { clientSecret: string }
  | { privateKey: PrivateKeyInput }
  | { clientAssertion: () => string | Promise<string> }
  | { clientAuthentication: 'tls_client_auth' };

/**
 * The methods that send no assertion: the secret as is (`client_secret_post`, `client_secret_basic`), checked now, or
 * only the id (`tls_client_auth`). The assertion methods are `clientAssertion`'s.
 */
export function secretAuthentication(options: ClientAuthenticationFields): ClientAuthentication {
  const { clientAuthentication: method } = options;
  // The TLS connection authenticates (RFC 8705): the body names the client, and no secret goes with it.
  if (method === 'tls_client_auth') return (oauth) => oauth.TlsClientAuth();
  if (method !== undefined) assertOneOf('clientAuthentication', method, METHODS);
  const secret = requireString('clientSecret', options.clientSecret);
  return (oauth) => (method === 'client_secret_basic' ? oauth.ClientSecretBasic : oauth.ClientSecretPost)(secret);
}

/**
 * A `clientAssertion` that reads the token in `path` afresh for every token request (trimmed): Kubernetes projected
 * service-account tokens and Entra ID's `AZURE_FEDERATED_TOKEN_FILE` are rotated in place. Node, Deno and Bun.
 *
 * @example
 * clientCredentials({ tokenUrl, clientId, bodyEncoding: 'form', clientAssertion: readTokenFile(process.env.AZURE_FEDERATED_TOKEN_FILE!) })
 */
export function readTokenFile(path: string): () => Promise<string> {
  requireString('path', path);
  return async () => {
    // Not imported at the top: pagewise/server also runs where there is no file system (Workers), and this is the only use.
    const { readFile } = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process!
      .getBuiltinModule!('node:fs/promises') as typeof import('node:fs/promises');
    const token = (await readFile(path, 'utf8')).trim();
    if (!token) throw invalidArgument('path', 'names an empty token file', path);
    return token;
  };
}
