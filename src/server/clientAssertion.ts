import type * as OAuth from 'oauth4webapi';
import { NOT_SHOWN } from '../client/internal';
import { assertFunction, assertOneOf, invalidArgument, requireString } from '../shared/assert';
import type { ClientAuthentication, ClientAuthenticationFields } from './clientAuthentication';
import type { OAuthModule } from './oauthEngine';
import { certificateThumbprints, importSigningKey, type PrivateKeyInput, type SigningAlgorithm } from './signingKey';

// Client authentication by JWT assertion (RFC 7523 2.2, OpenID Connect Core 9): signed by oauth4webapi with a private
// key (`PrivateKeyJwt`) or the client secret (`ClientSecretJwt`), or made elsewhere and handed over by a callback.
// Loaded only when `clientCredentials` uses one.

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

const ALGORITHMS: readonly SigningAlgorithm[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/**
 * The assertion method `options` ask for, its options checked (a `TypeError` naming the option, never quoting a
 * credential): one way to authenticate, and only the options that way uses.
 */
export function assertionAuthentication(
  options: ClientAuthenticationFields,
  clientId: string,
): ClientAuthentication | Promise<ClientAuthentication> {
  const { clientSecret, privateKey, keyId, algorithm, certificate, assertionAudience, clientAssertion } = options;
  const method = options.clientAuthentication ?? (clientAssertion ? undefined : 'private_key_jwt');
  const usable = (names: (keyof ClientAuthenticationFields)[], by: string) => {
    const stray = (
      ['clientSecret', 'privateKey', 'keyId', 'algorithm', 'certificate', 'assertionAudience'] as const
    ).find((name) => options[name] !== undefined && !names.includes(name));
    if (stray) throw invalidArgument(stray, `is not used by ${by}: leave it out`);
  };
  if (clientAssertion !== undefined) {
    assertFunction('clientAssertion', clientAssertion);
    if (method !== undefined)
      throw invalidArgument('clientAssertion', 'is its own client authentication: leave out `clientAuthentication`');
    usable([], '`clientAssertion`');
    return assertionCallback(clientId, clientAssertion);
  }
  if (assertionAudience !== undefined) requireString('assertionAudience', assertionAudience);
  if (method === 'client_secret_jwt') {
    usable(['clientSecret', 'assertionAudience'], method);
    return clientSecretJwt({ clientId, clientSecret: requireString('clientSecret', clientSecret), assertionAudience });
  }
  if (method !== 'private_key_jwt')
    throw invalidArgument('clientAuthentication', 'must be private_key_jwt when `privateKey` is given', method);
  usable(['privateKey', 'keyId', 'algorithm', 'certificate', 'assertionAudience'], method);
  if (privateKey === null || (typeof privateKey !== 'object' && typeof privateKey !== 'string')) {
    throw invalidArgument(
      'privateKey',
      'must be a CryptoKey, a private JWK or a PKCS#8 PEM string for private_key_jwt',
    );
  }
  if (keyId !== undefined) requireString('keyId', keyId);
  if (algorithm !== undefined) assertOneOf('algorithm', algorithm, ALGORITHMS);
  if (certificate !== undefined) requireString('certificate', certificate);
  return privateKeyJwt({ clientId, privateKey, keyId, algorithm, certificate, assertionAudience });
}

/** Adds `assertion` as RFC 7523's client assertion, with the client id (Entra ID needs it; none refuses it). */
function addAssertion(body: URLSearchParams, clientId: string, assertion: string): void {
  body.set('client_id', clientId);
  body.set('client_assertion_type', ASSERTION_TYPE);
  body.set('client_assertion', assertion);
}

/** What signing assertions needs to know. */
interface AssertionOptions {
  clientId: string;
  /** A URL, or `'token_endpoint'`. @default the authorization server's issuer (the token endpoint without `issuer`) */
  assertionAudience: string | undefined;
}

/** The `aud` of an assertion for `as`: RFC 7523bis's issuer, unless the app names another. */
function audienceOf(as: OAuth.AuthorizationServer, assertionAudience: string | undefined): string {
  if (assertionAudience === 'token_endpoint') return as.token_endpoint!;
  return assertionAudience ?? as.issuer;
}

/** The header and claims oauth4webapi's assertion gets from pagewise: `typ`, the `aud` asked for, and `extra`. */
const shapeAssertion =
  (
    as: OAuth.AuthorizationServer,
    options: AssertionOptions,
    extra: Record<string, unknown> = {},
  ): OAuth.ModifyAssertionFunction =>
  (header, payload) => {
    Object.assign(header, { typ: 'JWT' }, extra);
    payload.aud = audienceOf(as, options.assertionAudience);
  };

/** `private_key_jwt`: oauth4webapi's `PrivateKeyJwt`, its certificate's thumbprints in the header when given. */
async function privateKeyJwt(
  options: AssertionOptions & {
    privateKey: PrivateKeyInput;
    keyId?: string;
    algorithm?: SigningAlgorithm;
    certificate?: string;
  },
): Promise<ClientAuthentication> {
  const { privateKey, keyId, algorithm, certificate } = options;
  // Imported once: a key that cannot sign stays so, and every token request gets the same TypeError without a request.
  const { key, alg } = await importSigningKey(privateKey, algorithm, 'privateKey');
  const kid =
    keyId ??
    (typeof privateKey === 'object' && 'kid' in privateKey ? (privateKey as { kid?: unknown }).kid : undefined);
  // The algorithm as named (EdDSA or Ed25519 for the same key), and the thumbprints providers look the key up by.
  const extra = { alg, ...(certificate ? await certificateThumbprints(certificate, 'certificate') : {}) };
  const signing = { key: key as CryptoKey, kid: typeof kid === 'string' ? kid : undefined };
  return (oauth: OAuthModule) => (as, client, body, headers) =>
    oauth.PrivateKeyJwt(signing, { [oauth.modifyAssertion]: shapeAssertion(as, options, extra) })(
      as,
      client,
      body,
      headers,
    );
}

/** `client_secret_jwt`: oauth4webapi's `ClientSecretJwt`, signed HS256 with the client secret, which is never sent. */
function clientSecretJwt(options: AssertionOptions & { clientSecret: string }): ClientAuthentication {
  const { clientSecret } = options;
  return (oauth) => (as, client, body, headers) =>
    oauth.ClientSecretJwt(clientSecret, { [oauth.modifyAssertion]: shapeAssertion(as, options) })(
      as,
      client,
      body,
      headers,
    );
}

/**
 * A client assertion from `get` (workload identity federation): asked for at every token request, since the platform
 * rotates it, and sent as is with the `client_id` (Entra ID needs it to find the federated credential, as the
 * assertion's `iss` and `sub` are the platform's).
 */
function assertionCallback(clientId: string, get: () => string | Promise<string>): ClientAuthentication {
  return () => async (_as, _client, body) => {
    const assertion = await get();
    if (typeof assertion !== 'string' || !assertion.trim())
      throw invalidArgument('clientAssertion', `must return a non-empty string ${NOT_SHOWN}`);
    addAssertion(body, clientId, assertion.trim());
  };
}
