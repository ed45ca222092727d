import { NOT_SHOWN } from '../client/internal';
// Compact JSON Web Signatures (RFC 7515) with Web Crypto alone: the few algorithms client assertions and DPoP
// proofs use, keys given as a CryptoKey, a JWK or a PKCS#8 PEM, and the thumbprints their headers carry. Web Crypto
// rather than a JOSE library: it is all signing (no verification, no encryption), it runs unchanged in Node, Workers,
// Deno and Bun, and this module is only loaded by `clientCredentials` when a signing method is chosen.

import { invalidArgument } from '../shared/assert';

/** A JWS algorithm for client assertions and DPoP proofs (RFC 7518, RFC 8037; `Ed25519` as RFC 9864 names it). */
export type SigningAlgorithm =
  'RS256' | 'RS384' | 'RS512' | 'PS256' | 'PS384' | 'PS512' | 'ES256' | 'ES384' | 'ES512' | 'EdDSA' | 'Ed25519';

// The Web Crypto types the declarations name, by their shape rather than the DOM lib's globals: a server app's
// tsconfig often has no DOM lib (`lib: ["es2022"]` with @types/node), where `CryptoKey` and `JsonWebKey` are not
// global names, while the DOM's, Node's (`webcrypto.CryptoKey`) and Workers' keys all fit these.

/** A Web Crypto key (`CryptoKey`), by its shape. */
export interface WebCryptoKey {
  readonly type: string;
  readonly algorithm: { readonly name: string };
  readonly extractable: boolean;
  readonly usages: readonly string[];
}

/** A Web Crypto key pair (`CryptoKeyPair`), by its shape. */
export interface WebCryptoKeyPair {
  readonly publicKey: WebCryptoKey;
  readonly privateKey: WebCryptoKey;
}

/** A JSON Web Key (RFC 7517; Web Crypto's `JsonWebKey`), by its shape. */
export interface Jwk {
  alg?: string;
  crv?: string;
  d?: string;
  dp?: string;
  dq?: string;
  e?: string;
  ext?: boolean;
  k?: string;
  key_ops?: string[];
  kty?: string;
  n?: string;
  oth?: { d?: string; r?: string; t?: string }[];
  p?: string;
  q?: string;
  qi?: string;
  use?: string;
  x?: string;
  y?: string;
}

/** A private key as `clientCredentials` takes it: a Web Crypto `CryptoKey`, a private JWK, or a PKCS#8 PEM string. */
export type PrivateKeyInput = WebCryptoKey | Jwk | string;

/** A key ready to sign with, and what a JWS header says about it. */
export interface SigningKey {
  key: WebCryptoKey;
  alg: SigningAlgorithm;
}

const CURVES: Record<string, string> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' };

/** Web Crypto's parameters for importing a key of `alg` and for signing with it. */
function params(alg: SigningAlgorithm): { name: string; hash?: string; namedCurve?: string; saltLength?: number } {
  const bits = alg.slice(2);
  switch (alg.slice(0, 2)) {
    case 'RS':
      return { name: 'RSASSA-PKCS1-v1_5', hash: `SHA-${bits}` };
    case 'PS':
      return { name: 'RSA-PSS', hash: `SHA-${bits}`, saltLength: Number(bits) / 8 };
    case 'ES':
      return { name: 'ECDSA', hash: `SHA-${bits}`, namedCurve: CURVES[alg] };
    default:
      return { name: 'Ed25519' };
  }
}

/** The algorithm a key's own description implies: RSA keys default to RS256, as RFC 7523's examples and every provider take it. */
function inferAlgorithm(name: string | undefined, detail: string | undefined): SigningAlgorithm | undefined {
  const bits = detail?.match(/\d+$/)?.[0];
  if (name === 'RSASSA-PKCS1-v1_5' || name === 'RSA') return `RS${bits ?? 256}` as SigningAlgorithm;
  if (name === 'RSA-PSS') return `PS${bits ?? 256}` as SigningAlgorithm;
  if (name === 'ECDSA' || name === 'EC')
    return ({ 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' } as const)[detail ?? ''];
  if (name === 'Ed25519' || (name === 'OKP' && detail === 'Ed25519')) return 'EdDSA';
  return undefined;
}

// The AlgorithmIdentifier OIDs a PKCS#8 key starts with (DER, hex), most specific first: a PEM names no algorithm.
const PKCS8_OIDS: [string, string, string | undefined][] = [
  ['2a864886f70d01010a', 'RSA-PSS', undefined],
  ['2a864886f70d010101', 'RSA', undefined],
  ['2a8648ce3d030107', 'EC', 'P-256'],
  ['2b81040022', 'EC', 'P-384'],
  ['2b81040023', 'EC', 'P-521'],
  ['2b6570', 'OKP', 'Ed25519'],
];

/** The DER bytes of the first PEM block labelled `label`, or undefined. */
export function pemBody(pem: string, label: string): Uint8Array<ArrayBuffer> | undefined {
  const match = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`).exec(pem);
  return match ? Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0)) : undefined;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The argument error about the key named `name`, never quoting it. */
const keyError = (name: string, detail: string) => invalidArgument(name, `${detail} ${NOT_SHOWN}`);

/**
 * `input` as a signing key for `algorithm` (or the one it implies). Throws a `TypeError` naming `name` that never
 * quotes the key: a public key, a PKCS#1 or SEC1 PEM (convert it: `openssl pkcs8 -topk8 -nocrypt`), an encrypted PEM,
 * or an algorithm the key cannot sign with.
 */
export async function importSigningKey(
  input: PrivateKeyInput,
  algorithm: SigningAlgorithm | undefined,
  name: string,
): Promise<SigningKey> {
  if (typeof input === 'string') {
    const der = pemBody(input, 'PRIVATE KEY');
    if (!der)
      throw keyError(
        name,
        'must be a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"); convert others with `openssl pkcs8 -topk8 -nocrypt`',
      );
    const head = hex(der.subarray(0, 32));
    const [, kind, detail] = PKCS8_OIDS.find(([oid]) => head.includes(oid)) ?? [];
    const alg = algorithm ?? inferAlgorithm(kind, detail);
    if (!alg) throw keyError(name, 'is a PEM of a key type that cannot sign JWTs');
    return {
      key: await importAs(name, alg, () => crypto.subtle.importKey('pkcs8', der, params(alg), false, ['sign'])),
      alg,
    };
  }
  if (typeof CryptoKey !== 'undefined' && input instanceof CryptoKey) {
    const {
      name: keyName,
      hash,
      namedCurve,
    } = input.algorithm as { name: string; hash?: { name: string }; namedCurve?: string };
    if (input.type !== 'private' || !input.usages.includes('sign'))
      throw keyError(name, 'must be a private CryptoKey with the "sign" usage');
    const implied = inferAlgorithm(keyName, hash?.name ?? namedCurve);
    const alg = algorithm ?? implied;
    // A CryptoKey is bound to one algorithm (and hash): another cannot be used with it.
    if (!alg || (implied !== alg && !(implied === 'EdDSA' && alg === 'Ed25519'))) {
      throw keyError(name, `is a ${keyName} key, which cannot sign ${algorithm ?? 'JWTs'}`);
    }
    return { key: input, alg };
  }
  const jwk = (input ?? {}) as Jwk;
  if (typeof jwk !== 'object' || typeof jwk.d !== 'string')
    throw keyError(name, 'must be a CryptoKey, a private JWK (with `d`) or a PKCS#8 PEM string');
  const alg = algorithm ?? (jwk.alg as SigningAlgorithm | undefined) ?? inferAlgorithm(jwk.kty, jwk.crv);
  if (!alg) throw keyError(name, 'is a JWK of a type that cannot sign JWTs');
  // Web Crypto checks a JWK's `alg`, `key_ops` and `use` against the import's; the JWS header is what matters.
  const bare = { ...jwk, alg: undefined, key_ops: undefined, use: undefined };
  return {
    key: await importAs(name, alg, () => crypto.subtle.importKey('jwk', bare, params(alg), false, ['sign'])),
    alg,
  };
}

async function importAs(name: string, alg: SigningAlgorithm, load: () => Promise<CryptoKey>): Promise<CryptoKey> {
  try {
    return await load();
  } catch {
    // The platform's message may quote key material; only the algorithm is said.
    throw keyError(name, `could not be imported as a ${alg} signing key`);
  }
}

const encoder = new TextEncoder();

/** base64url without padding (RFC 7515 2) of bytes or of a string's UTF-8. */
export function base64url(input: Uint8Array | ArrayBuffer | string): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : new Uint8Array(input);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url of the SHA-256 (or SHA-1, for `x5t`) digest of `input`. */
export const digest = async (
  input: Uint8Array<ArrayBuffer> | string,
  hash: 'SHA-256' | 'SHA-1' = 'SHA-256',
): Promise<string> =>
  base64url(await crypto.subtle.digest(hash, typeof input === 'string' ? encoder.encode(input) : input));

/** A compact JWS of `payload` signed with `signer` (`alg` is added to `header`). */
export async function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signer: SigningKey,
): Promise<string> {
  const input = `${base64url(JSON.stringify({ ...header, alg: signer.alg }))}.${base64url(JSON.stringify(payload))}`;
  // ECDSA signatures from Web Crypto are already the r || s form JWS wants (RFC 7518 3.4).
  const key = signer.key as CryptoKey;
  return `${input}.${base64url(await crypto.subtle.sign(params(signer.alg), key, encoder.encode(input)))}`;
}

/** An HS256 compact JWS of `payload` keyed with `secret` (client_secret_jwt, OpenID Connect Core 9). */
export async function signHs256(payload: Record<string, unknown>, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const input = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(input)))}`;
}

/** The RFC 7638 thumbprint of a public JWK: SHA-256 over its required members in lexical order. */
export function jwkThumbprint(jwk: Jwk): Promise<string> {
  const members =
    jwk.kty === 'RSA'
      ? { e: jwk.e, kty: jwk.kty, n: jwk.n }
      : jwk.kty === 'EC'
        ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }
        : { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
  return digest(JSON.stringify(members));
}

/** The public members of a JWK (what a DPoP proof's header may carry). */
export function publicJwk(jwk: Jwk): Jwk {
  const { kty, crv, x, y, n, e } = jwk;
  return JSON.parse(JSON.stringify({ kty, crv, x, y, n, e })) as Jwk;
}

/** JWS certificate thumbprints of the first certificate in `pem`: `x5t#S256` (Entra ID's) and the older SHA-1 `x5t`. */
export async function certificateThumbprints(pem: string, name: string): Promise<{ 'x5t#S256': string; x5t: string }> {
  const der = pemBody(pem, 'CERTIFICATE');
  if (!der) throw keyError(name, 'must be a PEM certificate ("-----BEGIN CERTIFICATE-----")');
  return { 'x5t#S256': await digest(der), x5t: await digest(der, 'SHA-1') };
}
