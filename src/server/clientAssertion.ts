import { addAssertion, type ClientAuthentication } from './clientAuthentication';
import { certificateThumbprints, importSigningKey, signHs256, signJwt, type PrivateKeyInput, type SigningAlgorithm } from './jws';

// Client authentication by JWT assertion (RFC 7523 2.2, OpenID Connect Core 9): signed here with a private key or
// the client secret, or made elsewhere and handed over by a callback. Loaded only when `clientCredentials` uses one.

/** Seconds an assertion is valid: one token request needs seconds, and RFC 7523 wants it short (Okta: at most 1 h). */
const ASSERTION_LIFETIME = 60;

/** The claims of one assertion: `iss` = `sub` = the client, `aud` the provider, a fresh `jti`, `iat` and `exp`. */
function claims(clientId: string, audience: string, now: () => number): Record<string, unknown> {
  const iat = Math.floor(now() / 1000);
  return { iss: clientId, sub: clientId, aud: audience, jti: crypto.randomUUID(), iat, exp: iat + ASSERTION_LIFETIME };
}

/** What signing assertions needs to know. */
interface AssertionOptions {
  clientId: string;
  /** @default the token endpoint */
  assertionAudience: string | undefined;
  now: () => number;
}

/** `private_key_jwt`: an assertion signed with the client's private key, its certificate's thumbprints in the header when given. */
export async function privateKeyJwt(
  options: AssertionOptions & { privateKey: PrivateKeyInput; keyId?: string; algorithm?: SigningAlgorithm; certificate?: string },
): Promise<ClientAuthentication> {
  const { clientId, privateKey, keyId, algorithm, certificate, assertionAudience, now } = options;
  // Imported once: a key that cannot sign stays so, and every token request gets the same TypeError without a request.
  const signer = await importSigningKey(privateKey, algorithm, 'privateKey');
  const kid = keyId ?? (typeof privateKey === 'object' && 'kid' in privateKey ? (privateKey as { kid?: unknown }).kid : undefined);
  const header = { typ: 'JWT', ...(typeof kid === 'string' ? { kid } : {}), ...(certificate ? await certificateThumbprints(certificate, 'certificate') : {}) };
  return async (request, endpoint) => addAssertion(request, clientId, await signJwt(header, claims(clientId, assertionAudience ?? endpoint, now), signer));
}

/** `client_secret_jwt`: an assertion signed HS256 with the client secret, which itself is never sent. */
export function clientSecretJwt(options: AssertionOptions & { clientSecret: string }): ClientAuthentication {
  const { clientId, clientSecret, assertionAudience, now } = options;
  return async (request, endpoint) => {
    request.secrets.push(clientSecret);
    addAssertion(request, clientId, await signHs256(claims(clientId, assertionAudience ?? endpoint, now), clientSecret));
  };
}

/**
 * A client assertion from `get` (workload identity federation): asked for at every token request, since the platform
 * rotates it, and sent as is with the `client_id` (Entra ID needs it to find the federated credential, as the
 * assertion's `iss` and `sub` are the platform's).
 */
export function assertionCallback(clientId: string, get: () => string | Promise<string>): ClientAuthentication {
  return async (request) => {
    const assertion = await get();
    if (typeof assertion !== 'string' || !assertion.trim()) throw new TypeError('pagewise: `clientAssertion` must return a non-empty string (not shown)');
    addAssertion(request, clientId, assertion.trim());
  };
}
