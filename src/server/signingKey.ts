import { NOT_SHOWN } from '../client/internal';
// Private keys for client assertions and DPoP, as Web Crypto keys: given as a CryptoKey, a JWK or a PKCS#8 PEM, their
// algorithm given or read from the key's own description (a CryptoKey's `algorithm`, a JWK's `alg`, `kty` and `crv`,
// a PKCS#8 key's AlgorithmIdentifier), and the certificate thumbprints a header may carry. oauth4webapi signs.

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

/** A key ready to sign with, and the JWS algorithm it signs. */
export interface SigningKey {
  key: WebCryptoKey;
  alg: SigningAlgorithm;
}

const CURVES: Record<string, string> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' };

/** Web Crypto's parameters for importing a key of `alg`. */
function params(alg: SigningAlgorithm): { name: string; hash?: string; namedCurve?: string } {
  const bits = alg.slice(2);
  switch (alg.slice(0, 2)) {
    case 'RS':
      return { name: 'RSASSA-PKCS1-v1_5', hash: `SHA-${bits}` };
    case 'PS':
      return { name: 'RSA-PSS', hash: `SHA-${bits}` };
    case 'ES':
      return { name: 'ECDSA', hash: `SHA-${bits}`, namedCurve: CURVES[alg] };
    default:
      return { name: 'Ed25519' };
  }
}

/** The algorithm a key's own description implies: RSA keys default to RS256, as RFC 7523's examples and every provider take it. */
function inferAlgorithm(name: string | undefined, detail: string | undefined): SigningAlgorithm | undefined {
  const bits = detail?.match(/^SHA-(256|384|512)$/)?.[1];
  if (name === 'RSASSA-PKCS1-v1_5' || name === 'RSA') return `RS${bits ?? 256}` as SigningAlgorithm;
  if (name === 'RSA-PSS') return `PS${bits ?? 256}` as SigningAlgorithm;
  if (name === 'ECDSA' || name === 'EC')
    return ({ 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' } as const)[detail ?? ''];
  if (name === 'Ed25519' || (name === 'OKP' && detail === 'Ed25519')) return 'EdDSA';
  return undefined;
}

// The AlgorithmIdentifier of a PKCS#8 key (RFC 5208 5): its OID, and for EC the named curve's, as DER content in hex.
const KEY_OIDS: Record<string, string> = {
  '2a864886f70d010101': 'RSA',
  '2a864886f70d01010a': 'RSA-PSS',
  '2a8648ce3d0201': 'EC',
  '2b6570': 'OKP',
};
const CURVE_OIDS: Record<string, string> = {
  '2a8648ce3d030107': 'P-256',
  '2b81040022': 'P-384',
  '2b81040023': 'P-521',
};

/** The DER element (tag, content span) at `at` inside `end`, or undefined when the bytes do not hold one. */
function derAt(der: Uint8Array, at: number, end: number): { tag: number; body: number; end: number } | undefined {
  const tag = der[at];
  let length = der[at + 1];
  let body = at + 2;
  if (tag === undefined || length === undefined) return undefined;
  if (length > 0x80) {
    const size = length - 0x80;
    if (size > 3) return undefined;
    length = 0;
    for (let i = 0; i < size; i++) length = length * 256 + (der[body++] ?? 0);
  } else if (length === 0x80) return undefined;
  return body + length <= end ? { tag, body, end: body + length } : undefined;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The key type a PKCS#8 `PrivateKeyInfo` names: SEQUENCE { version INTEGER, AlgorithmIdentifier SEQUENCE { OID,
 * parameters } , … }, with EC's named curve from the parameters. Undefined when the DER is not that shape.
 */
export function pkcs8KeyType(der: Uint8Array): { kind: string; curve: string | undefined } | undefined {
  const info = derAt(der, 0, der.length);
  const version = info?.tag === 0x30 ? derAt(der, info.body, info.end) : undefined;
  const identifier = version?.tag === 0x02 ? derAt(der, version.end, info!.end) : undefined;
  const oid = identifier?.tag === 0x30 ? derAt(der, identifier.body, identifier.end) : undefined;
  if (oid?.tag !== 0x06) return undefined;
  const kind = KEY_OIDS[hex(der.subarray(oid.body, oid.end))];
  const parameters = derAt(der, oid.end, identifier!.end);
  const curve = parameters?.tag === 0x06 ? CURVE_OIDS[hex(der.subarray(parameters.body, parameters.end))] : undefined;
  return kind ? { kind, curve } : undefined;
}

/** The DER bytes of the first PEM block labelled `label`, or undefined. */
export function pemBody(pem: string, label: string): Uint8Array<ArrayBuffer> | undefined {
  const begin = `-----BEGIN ${label}-----`;
  const start = pem.indexOf(begin);
  const end = start < 0 ? -1 : pem.indexOf(`-----END ${label}-----`, start);
  if (end < 0) return undefined;
  const base64 = pem.slice(start + begin.length, end).replace(/\s+/g, '');
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The argument error about the key named `name`, never quoting it. */
const keyError = (name: string, detail: string) => invalidArgument(name, `${detail} ${NOT_SHOWN}`);

/**
 * `input` as a signing key for `algorithm` (or the one its own description implies). Throws a `TypeError` naming
 * `name` that never quotes the key: a public key, a PKCS#1 or SEC1 PEM (convert it: `openssl pkcs8 -topk8 -nocrypt`),
 * an encrypted PEM, or an algorithm the key cannot sign with.
 */
export async function importSigningKey(
  input: PrivateKeyInput,
  algorithm: SigningAlgorithm | undefined,
  name: string,
): Promise<SigningKey> {
  if (typeof input === 'string') {
    const der = pemBody(input, 'PRIVATE KEY');
    const type = der && pkcs8KeyType(der);
    if (!der || !type)
      throw keyError(
        name,
        'must be a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"); convert others with `openssl pkcs8 -topk8 -nocrypt`',
      );
    const alg = algorithm ?? inferAlgorithm(type.kind, type.kind === 'OKP' ? 'Ed25519' : type.curve);
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
    } = input.algorithm as {
      name: string;
      hash?: { name: string };
      namedCurve?: string;
    };
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

/** base64url without padding (RFC 7515 2) of bytes. */
function base64url(input: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(input)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** JWS certificate thumbprints of the first certificate in `pem`: `x5t#S256` (Entra ID's) and the older SHA-1 `x5t`. */
export async function certificateThumbprints(pem: string, name: string): Promise<{ 'x5t#S256': string; x5t: string }> {
  const der = pemBody(pem, 'CERTIFICATE');
  if (!der) throw keyError(name, 'must be a PEM certificate ("-----BEGIN CERTIFICATE-----")');
  const [sha256, sha1] = await Promise.all([crypto.subtle.digest('SHA-256', der), crypto.subtle.digest('SHA-1', der)]);
  return { 'x5t#S256': base64url(sha256), x5t: base64url(sha1) };
}
