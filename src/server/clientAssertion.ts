import { NOT_SHOWN } from '../client/internal';
import { assertFunction, assertOneOf, invalidArgument, requireString } from '../shared/assert';
import type { ClientAuthentication, ClientAuthenticationFields } from './clientAuthentication';
import {
  certificateThumbprints,
  importSigningKey,
  signHs256,
  signJwt,
  type PrivateKeyInput,
  type SigningAlgorithm,
} from './jws';
import type { TokenRequest } from './tokenEndpoint';

// Client authentication by JWT assertion (RFC 7523 2.2, OpenID Connect Core 9): signed here with a private key or
// the client secret, or made elsewhere and handed over by a callback. Loaded only when `clientCredentials` uses one.

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
function addAssertion({ fields, secrets }: TokenRequest, clientId: string, assertion: string): void {
  Object.assign(fields, { client_id: clientId, client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
  secrets.push(assertion);
}

/** Seconds an assertion is valid: one token request needs seconds, and RFC 7523 wants it short (Okta: at most 1 h). */
const ASSERTION_LIFETIME = 60;

/** The claims of one assertion: `iss` = `sub` = the client, `aud` the provider, a fresh `jti`, `iat` and `exp`. */
function claims(clientId: string, audience: string): Record<string, unknown> {
  // The real clock, not the cache's (`now`, virtual in tests): the provider checks these against its own.
  const iat = Math.floor(Date.now() / 1000);
  return { iss: clientId, sub: clientId, aud: audience, jti: crypto.randomUUID(), iat, exp: iat + ASSERTION_LIFETIME };
}

/** What signing assertions needs to know. */
interface AssertionOptions {
  clientId: string;
  /** @default the token endpoint */
  assertionAudience: string | undefined;
}

/** `private_key_jwt`: an assertion signed with the client's private key, its certificate's thumbprints in the header when given. */
async function privateKeyJwt(
  options: AssertionOptions & {
    privateKey: PrivateKeyInput;
    keyId?: string;
    algorithm?: SigningAlgorithm;
    certificate?: string;
  },
): Promise<ClientAuthentication> {
  const { clientId, privateKey, keyId, algorithm, certificate, assertionAudience } = options;
  // Imported once: a key that cannot sign stays so, and every token request gets the same TypeError without a request.
  const signer = await importSigningKey(privateKey, algorithm, 'privateKey');
  const kid =
    keyId ??
    (typeof privateKey === 'object' && 'kid' in privateKey ? (privateKey as { kid?: unknown }).kid : undefined);
  const header = {
    typ: 'JWT',
    ...(typeof kid === 'string' ? { kid } : {}),
    ...(certificate ? await certificateThumbprints(certificate, 'certificate') : {}),
  };
  return async (request, endpoint) =>
    addAssertion(request, clientId, await signJwt(header, claims(clientId, assertionAudience ?? endpoint), signer));
}

/** `client_secret_jwt`: an assertion signed HS256 with the client secret, which itself is never sent. */
function clientSecretJwt(options: AssertionOptions & { clientSecret: string }): ClientAuthentication {
  const { clientId, clientSecret, assertionAudience } = options;
  return async (request, endpoint) => {
    request.secrets.push(clientSecret);
    addAssertion(request, clientId, await signHs256(claims(clientId, assertionAudience ?? endpoint), clientSecret));
  };
}

/**
 * A client assertion from `get` (workload identity federation): asked for at every token request, since the platform
 * rotates it, and sent as is with the `client_id` (Entra ID needs it to find the federated credential, as the
 * assertion's `iss` and `sub` are the platform's).
 */
function assertionCallback(clientId: string, get: () => string | Promise<string>): ClientAuthentication {
  return async (request) => {
    const assertion = await get();
    if (typeof assertion !== 'string' || !assertion.trim())
      throw invalidArgument('clientAssertion', `must return a non-empty string ${NOT_SHOWN}`);
    addAssertion(request, clientId, assertion.trim());
  };
}
