import type { AuthContext, AuthHeaders } from '../client/internal';
import { invalidArgument } from '../shared/assert';
import type { TokenRequest } from './tokenEndpoint';
import {
  digest,
  importSigningKey,
  jwkThumbprint,
  publicJwk,
  signJwt,
  type SigningKey,
  type WebCryptoKeyPair,
} from './jws';

// DPoP (RFC 9449): tokens bound to a key pair of this process, each request carrying a fresh proof of possession.
// Loaded only when `clientCredentials` is given `dpop`.

/** A DPoP key pair in use: its proofs and the nonces servers asked for. */
export interface Dpop {
  /** The RFC 7638 thumbprint of the public key (the token's `cnf.jkt`): tokens bound to another key are not ours. */
  readonly jkt: string;
  /** Adds a proof to a token request for `url`, and keeps the nonce its answer may carry. */
  add(request: TokenRequest, url: string): Promise<void>;
  /** Whether a refused token request is worth sending again: the provider asked for a nonce, and gave one (RFC 9449 8). */
  retry(error: unknown, url: string): boolean;
  /** The headers of a call to the API with `token`: `Authorization: DPoP <token>` and the call's proof. */
  headers(token: string, context: AuthContext): Promise<AuthHeaders>;
  /** Keeps the `DPoP-Nonce` of a response from `url`'s server for its next proofs; whether there was one. */
  remember(url: string | undefined, response: Response | undefined): boolean;
  /** Whether an API's 401 asks for a nonce it also gives (RFC 9449 9: `WWW-Authenticate: DPoP error="use_dpop_nonce"`), kept. */
  challenged(url: string | undefined, response: Response | undefined): boolean;
}

/** Servers whose nonce is kept: an authorization server and the APIs a strategy calls are a handful. */
const MAX_SERVERS = 64;

/**
 * DPoP for `keys`: a given key pair (every process of a fleet can hold the same one, so a shared token store can
 * share its tokens), or, for `true`, an ES256 pair made now whose private key cannot be exported.
 */
export async function createDpop(keys: unknown): Promise<Dpop> {
  let pair: WebCryptoKeyPair;
  if (keys === true) {
    pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
  } else {
    pair = keys as WebCryptoKeyPair;
    if (!(pair?.publicKey instanceof CryptoKey) || pair.publicKey.type !== 'public') {
      throw invalidArgument('dpop', 'must be a boolean or a CryptoKeyPair (`publicKey` and `privateKey`)');
    }
  }
  const signer: SigningKey = await importSigningKey(pair.privateKey, undefined, 'dpop.privateKey');
  const jwk = publicJwk(await crypto.subtle.exportKey('jwk', pair.publicKey as CryptoKey));
  const nonces = new Map<string, string>();
  const remember = (url: string | undefined, response: Response | undefined) => {
    const nonce = response?.headers.get('dpop-nonce');
    // RFC 9449 8: a nonce is an opaque string of NQCHAR; anything else is not put in a proof.
    if (!url || !nonce || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(nonce)) return false;
    const { origin } = new URL(url);
    nonces.delete(origin);
    nonces.set(origin, nonce);
    if (nonces.size > MAX_SERVERS) nonces.delete(nonces.keys().next().value!);
    return true;
  };
  const proof = async (method: string, url: string, accessToken?: string) => {
    const nonce = nonces.get(new URL(url).origin);
    const payload = {
      jti: crypto.randomUUID(),
      htm: method,
      htu: url.replace(/[?#].*$/s, ''),
      // The real clock, not the cache's (virtual in tests): servers check it against theirs.
      iat: Math.floor(Date.now() / 1000),
      ...(accessToken ? { ath: await digest(accessToken) } : {}),
      ...(nonce ? { nonce } : {}),
    };
    return signJwt({ typ: 'dpop+jwt', jwk }, payload, signer);
  };
  return {
    jkt: await jwkThumbprint(jwk),
    async add(request, url) {
      request.secrets.push((request.headers.DPoP = await proof('POST', url)));
      request.onResponse = (response) => remember(url, response);
    },
    retry: (error, url) =>
      (error as { error?: unknown })?.error === 'use_dpop_nonce' && nonces.has(new URL(url).origin),
    async headers(token, { method = 'GET', url }) {
      if (!url) throw invalidArgument('url', 'of the auth context must be given for DPoP');
      return { Authorization: `DPoP ${token}`, DPoP: await proof(method, url, token) };
    },
    remember,
    challenged: (url, response) =>
      /\bDPoP\b[^]*\berror="?use_dpop_nonce/i.test(response?.headers.get('www-authenticate') ?? '') &&
      remember(url, response),
  };
}
