import { assertOneOf, invalidArgument, requireString } from '../shared/assert';
import type { PrivateKeyInput, SigningAlgorithm } from './jws';
import type { TokenRequest } from './tokenEndpoint';

/**
 * How a token request proves which client sends it: adds to the request's fields and headers, and names what it
 * added that must never come back in an error. Values, as oauth4webapi's `ClientSecretPost` / `PrivateKeyJwt`: the
 * token request is the same whichever is used.
 */
export type ClientAuthentication = (request: TokenRequest, endpoint: string) => void | Promise<void>;

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
  /** The `aud` of signed assertions: the issuer where a provider wants it (Auth0: `https://{tenant}/`). @default the token endpoint's URL */
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

/** `value` as `application/x-www-form-urlencoded` encodes it (RFC 6749 2.3.1 asks this of the Basic pair's parts). */
export const formUrlEncode = (value: string): string => new URLSearchParams([['', value]]).toString().slice(1);

/** Every form a secret takes on the wire: as is, form-encoded, JSON-escaped (a provider may echo a body it could not read). */
const secretForms = (secret: string) => [secret, formUrlEncode(secret), JSON.stringify(secret).slice(1, -1)];

/** `client_secret_post`: the id and the secret in the body. */
export const clientSecretPost =
  (clientId: string, clientSecret: string): ClientAuthentication =>
  ({ fields, secrets }) => {
    Object.assign(fields, { client_id: clientId, client_secret: clientSecret });
    secrets.push(...secretForms(clientSecret));
  };

/** `client_secret_basic`: base64 of the form-encoded id, a colon and the form-encoded secret (RFC 6749 2.3.1). */
export const clientSecretBasic = (clientId: string, clientSecret: string): ClientAuthentication => {
  const credentials = btoa(`${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`);
  return ({ headers, secrets }) => {
    headers.Authorization = `Basic ${credentials}`;
    secrets.push(...secretForms(clientSecret), credentials);
  };
};

/**
 * The methods that send no assertion: the secret as is (`client_secret_post`, `client_secret_basic`), checked now, or
 * only the id (`tls_client_auth`). The assertion methods are `clientAssertion`'s.
 */
export function secretAuthentication(options: ClientAuthenticationFields, clientId: string): ClientAuthentication {
  const { clientAuthentication: method } = options;
  // The TLS connection authenticates (RFC 8705): the body names the client, and no secret goes with it.
  if (method === 'tls_client_auth') return ({ fields }) => void (fields.client_id = clientId);
  if (method !== undefined) assertOneOf('clientAuthentication', method, METHODS);
  const secret = requireString('clientSecret', options.clientSecret);
  return (method === 'client_secret_basic' ? clientSecretBasic : clientSecretPost)(clientId, secret);
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
