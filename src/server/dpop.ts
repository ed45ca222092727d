import { digest, importSigningKey, jwkThumbprint, publicJwk, signJwt, type SigningKey } from './jws';

// DPoP (RFC 9449): tokens bound to a key pair of this process, each request carrying a fresh proof of possession.
// Loaded only when `clientCredentials` is given `dpop`.

/** A DPoP key pair in use: its proofs and the nonces servers asked for. */
export interface Dpop {
  /** The RFC 7638 thumbprint of the public key (the token's `cnf.jkt`): tokens bound to another key are not ours. */
  readonly jkt: string;
  /** A fresh proof for `method` and `url` (`htu` without query and fragment), bound to `accessToken` when given (`ath`). */
  proof(method: string, url: string, accessToken?: string): Promise<string>;
  /** Keeps the `DPoP-Nonce` of a response from `url`'s server for its next proofs; whether there was one. */
  remember(url: string, response: Response): boolean;
  /** Whether an API's 401 asks for a nonce it also gives (RFC 9449 9: `WWW-Authenticate: DPoP error="use_dpop_nonce"`), kept. */
  challenged(url: string, response: Response): boolean;
}

/** Servers whose nonce is kept: an authorization server and the APIs a strategy calls are a handful. */
const MAX_SERVERS = 64;

/**
 * DPoP for `keys`: a given key pair (every process of a fleet can hold the same one, so a shared token store can
 * share its tokens), or, for `true`, an ES256 pair made now whose private key cannot be exported.
 */
export async function createDpop(keys: true | CryptoKeyPair, now: () => number): Promise<Dpop> {
  let pair: CryptoKeyPair;
  if (keys === true) {
    pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  } else {
    pair = keys;
    if (typeof CryptoKey === 'undefined' || !(pair?.publicKey instanceof CryptoKey) || pair.publicKey.type !== 'public') {
      throw new TypeError('pagewise: `dpop` must be true or a CryptoKeyPair (`publicKey` and `privateKey`)');
    }
  }
  const signer: SigningKey = await importSigningKey(pair.privateKey, undefined, 'dpop.privateKey');
  const jwk = publicJwk(await crypto.subtle.exportKey('jwk', pair.publicKey));
  const nonces = new Map<string, string>();
  const remember = (url: string, response: Response) => {
    const nonce = response.headers.get('dpop-nonce');
    // RFC 9449 8: a nonce is an opaque string of NQCHAR; anything else is not put in a proof.
    if (!nonce || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(nonce)) return false;
    const { origin } = new URL(url);
    nonces.delete(origin);
    nonces.set(origin, nonce);
    if (nonces.size > MAX_SERVERS) nonces.delete(nonces.keys().next().value!);
    return true;
  };
  return {
    jkt: await jwkThumbprint(jwk),
    async proof(method, url, accessToken) {
      const { origin } = new URL(url);
      const payload = {
        jti: crypto.randomUUID(),
        htm: method,
        htu: url.replace(/[?#].*$/s, ''),
        iat: Math.floor(now() / 1000),
        ...(accessToken ? { ath: await digest(accessToken) } : {}),
        ...(nonces.has(origin) ? { nonce: nonces.get(origin) } : {}),
      };
      return signJwt({ typ: 'dpop+jwt', jwk }, payload, signer);
    },
    remember,
    challenged: (url, response) =>
      /\bDPoP\b[^]*\berror="?use_dpop_nonce/i.test(response.headers.get('www-authenticate') ?? '') && remember(url, response),
  };
}
