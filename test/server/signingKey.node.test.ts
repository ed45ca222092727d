import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importSigningKey, pemBody, pkcs8KeyType } from '../../src/server/signingKey';

// A PEM key's algorithm read from its PKCS#8 AlgorithmIdentifier (DER), never from a substring of its bytes.

/** A private key of `type` as a PKCS#8 PEM. */
const pem = (type: 'rsa' | 'rsa-pss' | 'ec' | 'ed25519', options: Record<string, unknown>): string => {
  const generate = generateKeyPairSync as unknown as (type: string, options: object) => { privateKey: string };
  return generate(type, {
    ...options,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
};

describe('a PKCS#8 key’s type', () => {
  it.each([
    ['RSA', pem('rsa', { modulusLength: 2048 }), { kind: 'RSA', curve: undefined }, 'RS256'],
    ['P-256', pem('ec', { namedCurve: 'P-256' }), { kind: 'EC', curve: 'P-256' }, 'ES256'],
    ['P-384', pem('ec', { namedCurve: 'P-384' }), { kind: 'EC', curve: 'P-384' }, 'ES384'],
    ['P-521', pem('ec', { namedCurve: 'P-521' }), { kind: 'EC', curve: 'P-521' }, 'ES512'],
    ['Ed25519', pem('ed25519', {}), { kind: 'OKP', curve: undefined }, 'EdDSA'],
  ])('of %s is read from its AlgorithmIdentifier, and implies its algorithm', async (_, key, type, alg) => {
    expect(pkcs8KeyType(pemBody(key, 'PRIVATE KEY')!)).toEqual(type);
    expect((await importSigningKey(key, undefined, 'privateKey')).alg).toBe(alg);
  });

  it('of an RSA-PSS key (id-RSASSA-PSS) is RSA-PSS, not RSA, though one OID starts as the other', () => {
    expect(pkcs8KeyType(pemBody(pem('rsa-pss', { modulusLength: 2048 }), 'PRIVATE KEY')!)).toEqual({
      kind: 'RSA-PSS',
      curve: undefined,
    });
  });

  it('is none for bytes that are not a PrivateKeyInfo, whatever OIDs they hold', () => {
    const oids = ['2a864886f70d010101', '2a8648ce3d0201', '2b6570', '2a8648ce3d030107'];
    const bytes = fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 255 }).map((b) => [b]),
        fc.constantFrom(...oids).map((hex) => [...Buffer.from(hex, 'hex')]),
      ),
      { maxLength: 64 },
    );
    fc.assert(
      fc.property(bytes, (chunks) => {
        // An outer SEQUENCE whose first element is no INTEGER is no PrivateKeyInfo.
        const der = Uint8Array.from([0x30, 0x80 - 1, 0x04, ...chunks.flat()]);
        expect(pkcs8KeyType(der)).toBeUndefined();
      }),
    );
  });

  it('refuses a PKCS#1 RSA PEM, naming privateKey and quoting none of it', async () => {
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const error = await importSigningKey(pkcs1, undefined, 'privateKey').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TypeError', argument: 'privateKey' });
    expect(String((error as Error).message)).not.toContain(pkcs1.split('\n')[1]!);
  });
});
