import type * as OAuth from 'oauth4webapi';
import {
  asksForDpopNonce,
  dpopNonceOf,
  parseWwwAuthenticate,
  type AuthContext,
  type AuthHeaders,
} from '../client/internal';
import { invalidArgument } from '../shared/assert';
import { isSecureEnough } from '../shared/secureUrl';
import { insecureOption, loadOAuth } from './oauthEngine';
import { importSigningKey } from './signingKey';

// DPoP (RFC 9449) on oauth4webapi's `DPoP` handle: tokens bound to a key pair of this process, each request carrying
// a fresh proof of possession (`htu` the URL's origin and path, as RFC 9449 4.3 normalizes it). The library keeps the
// token endpoint's nonces; the APIs' nonces, read from their answers by pagewise's own linear parsers, are put in the
// proofs through the handle's `modifyAssertion`. Loaded only when `clientCredentials` is given `dpop`.

/** A DPoP key pair in use: its proofs and the nonces servers asked for. */
export interface Dpop {
  /** The RFC 7638 thumbprint of the public key (the token's `cnf.jkt`): tokens bound to another key are not ours. */
  readonly jkt: string;
  /** The library's handle, for token requests: it adds their proofs and keeps the token endpoint's nonces. */
  readonly handle: OAuth.DPoPHandle;
  /** The headers of a call to the API with `token`: `Authorization: DPoP <token>` and the call's proof. */
  headers(token: string, context: AuthContext): Promise<AuthHeaders>;
  /** A proof for a request to an authorization server's `url` about `token` (revocation): no `ath`, as no token authorizes it. */
  proof(url: string, token: string): Promise<string>;
  /** Keeps the `DPoP-Nonce` of a response from `url`'s server for its next proofs; whether there was one. */
  remember(url: string | undefined, response: Response | undefined): boolean;
  /**
   * Whether an API's 401 asks for a nonce it also gives, kept: the `DPoP` challenge itself carries
   * `error="use_dpop_nonce"` (RFC 9449 9), another challenge's error does not count.
   */
  challenged(url: string | undefined, response: Response | undefined): boolean;
}

/** Servers whose nonce is kept: an authorization server and the APIs a strategy calls are a handful. */
const MAX_SERVERS = 64;

/** The key pair `keys` asks for: a given one, or for `true` an ES256 pair whose private key cannot be exported. */
async function keyPairOf(keys: unknown): Promise<CryptoKeyPair> {
  if (keys === true)
    return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const pair = keys as CryptoKeyPair;
  if (!(pair?.publicKey instanceof CryptoKey) || pair.publicKey.type !== 'public')
    throw invalidArgument('dpop', 'must be a boolean or a CryptoKeyPair (`publicKey` and `privateKey`)');
  // Checked here for pagewise's TypeError naming the option (the library's would not).
  await importSigningKey(pair.privateKey, undefined, 'dpop.privateKey');
  return pair;
}

/**
 * DPoP for `keys`: a given key pair (every process of a fleet can hold the same one, so a shared token store can
 * share its tokens), or, for `true`, an ES256 pair made now. `allowHttp` is the app's opt-in to plain HTTP.
 */
export async function createDpop(keys: unknown, allowHttp: boolean): Promise<Dpop> {
  const oauth = await loadOAuth();
  const pair = await keyPairOf(keys);
  const nonces = new Map<string, string>();
  // The `htu`s of authorization server endpoints that get proofs outside a token request: theirs carry no `ath`.
  const withoutAth = new Set<string>();
  const handle = oauth.DPoP({}, pair, {
    [oauth.modifyAssertion]: (_header, payload) => {
      const htu = String(payload.htu);
      const nonce = nonces.get(new URL(htu).origin);
      if (nonce) payload.nonce = nonce;
      if (withoutAth.has(htu)) delete payload.ath;
    },
  });
  const remember = (url: string | undefined, response: Response | undefined) => {
    const nonce = dpopNonceOf(response?.headers.get('dpop-nonce'));
    const origin = url && URL.parse(url)?.origin;
    if (!nonce || !origin) return false;
    nonces.delete(origin);
    nonces.set(origin, nonce);
    if (nonces.size > MAX_SERVERS) nonces.delete(nonces.keys().next().value!);
    return true;
  };
  return {
    jkt: await handle.calculateThumbprint(),
    handle,
    async headers(token, { method = 'GET', url }) {
      if (!url) throw invalidArgument('url', 'of the auth context must be given for DPoP');
      if (!isSecureEnough(url, allowHttp))
        throw invalidArgument('baseUrl', 'must be an https: URL for DPoP-bound tokens (http: only to loopback)', url);
      return proofHeaders(oauth, handle, token, method, url);
    },
    async proof(url, token) {
      const { origin, pathname } = new URL(url);
      withoutAth.add(origin + pathname);
      return (await proofHeaders(oauth, handle, token, 'POST', url)).DPoP!;
    },
    remember,
    challenged: (url, response) =>
      asksForDpopNonce(parseWwwAuthenticate(response?.headers.get('www-authenticate'))) && remember(url, response),
  };
}

/**
 * The headers the library puts on a protected resource request (`protectedResourceRequest`): its fetch takes them
 * and sends nothing, as pagewise's client sends the call itself.
 */
async function proofHeaders(
  oauth: typeof OAuth,
  handle: OAuth.DPoPHandle,
  token: string,
  method: string,
  url: string,
): Promise<AuthHeaders> {
  let sent = new Headers();
  await oauth.protectedResourceRequest(token, method, new URL(url), undefined, undefined, {
    DPoP: handle,
    [oauth.customFetch]: async (_url, init) => {
      sent = new Headers(init.headers);
      return new Response(null, { status: 204 });
    },
    ...insecureOption(oauth, url),
  });
  return { Authorization: sent.get('authorization')!, DPoP: sent.get('dpop')! };
}
