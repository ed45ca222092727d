import fc from 'fast-check';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import {
  asksForDpopNonce,
  dpopNonceOf,
  MAX_DPOP_NONCE_LENGTH,
  MAX_WWW_AUTHENTICATE_LENGTH,
  parseWwwAuthenticate,
  type AuthChallenge,
} from '../../src/client/wwwAuthenticate';
import {
  boundedChallenges,
  exchangeFetch,
  MAX_FORWARDED_CHALLENGES_LENGTH,
  newExchange,
} from '../../src/server/oauthEngine';

// The one reader of `WWW-Authenticate` (RFC 9110 11.6.1) and `DPoP-Nonce` (RFC 9449 8): what it reads from well-formed
// challenges, and that any input up to 64 KB, built to hurt a backtracking reader, gives an answer that holds to the
// grammar. What oauth4webapi's own (quadratic) reader is handed is pagewise's reading, bounded to 1 KB.

const TCHARS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const token = fc.string({ unit: fc.constantFrom(...TCHARS), minLength: 1, maxLength: 12 });
const quotable = fc.string({ unit: fc.constantFrom(...'ab "\\,=/ \t'), maxLength: 16 });
const challengeArb = fc.record({
  scheme: token,
  parameters: fc.uniqueArray(fc.tuple(token, fc.oneof(token, quotable)), {
    selector: ([name]) => name.toLowerCase(),
    maxLength: 5,
  }),
});
const write = ({ scheme, parameters }: { scheme: string; parameters: [string, string][] }) =>
  [scheme, parameters.map(([name, value]) => `${name}="${value.replace(/["\\]/g, '\\$&')}"`).join(', ')]
    .filter(Boolean)
    .join(' ');
const expected = ({ scheme, parameters }: { scheme: string; parameters: [string, string][] }) => ({
  scheme: scheme.toLowerCase(),
  parameters: Object.fromEntries(parameters.map(([name, value]) => [name.toLowerCase(), value])),
});
const plain = (challenges: AuthChallenge[]) =>
  challenges.map(({ scheme, token68, parameters }) => ({
    scheme,
    ...(token68 ? { token68 } : {}),
    parameters: { ...parameters },
  }));

/** `unit` repeated to `bytes` characters. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
/** Inputs up to 64 KB made of the grammar's own characters, or of one hostile unit repeated. */
const hostile = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'aZ=," \\\t/+'), maxLength: 65_536 }),
  fc
    .tuple(
      fc.constantFrom('a="', 'a=b, ', '\\"', 'DPoP ', ', ', 'a==', 'x ', '"', 'DPoP error="use_dpop_nonce'),
      fc.integer({ min: 1, max: 65_536 }),
    )
    .map(([unit, bytes]) => fill(unit, bytes)),
);

describe('parseWwwAuthenticate', () => {
  it('reads back any list of well-formed challenges, schemes and names lower-cased, quoted values unescaped', () => {
    fc.assert(
      fc.property(fc.array(challengeArb, { minLength: 1, maxLength: 6 }), (challenges) => {
        expect(plain(parseWwwAuthenticate(challenges.map(write).join(', ')))).toEqual(challenges.map(expected));
      }),
    );
  });

  it.each([
    ['Basic dXNlcjpwYXNz==', [{ scheme: 'basic', token68: 'dXNlcjpwYXNz==', parameters: {} }]],
    [
      'Negotiate a/b+c, Bearer',
      [
        { scheme: 'negotiate', token68: 'a/b+c', parameters: {} },
        { scheme: 'bearer', parameters: {} },
      ],
    ],
    [',, Bearer  realm = x ,, ', [{ scheme: 'bearer', parameters: { realm: 'x' } }]],
    ['Bearer realm="a", realm="b"', [{ scheme: 'bearer', parameters: { realm: 'a' } }]],
    ['Bearer realm="never closed', [{ scheme: 'bearer', parameters: {} }]],
    ['Bearer realm=a b=c', [{ scheme: 'bearer', parameters: { realm: 'a' } }]],
  ])('reads %s', (header, challenges) => {
    expect(plain(parseWwwAuthenticate(header))).toEqual(challenges);
  });

  it('answers any hostile input up to 64 KB with challenges that hold to the grammar', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const challenges = parseWwwAuthenticate(input);
        expect(challenges.length).toBeLessThanOrEqual(input.length);
        for (const { scheme, parameters } of challenges) {
          expect(scheme).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
          for (const name of Object.keys(parameters)) expect(name).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reads nothing of a value over its limit', () => {
    expect(parseWwwAuthenticate(`DPoP error="use_dpop_nonce"${' '.repeat(MAX_WWW_AUTHENTICATE_LENGTH)}`)).toEqual([]);
  });

  it('finds the nonce request in the DPoP challenge only', () => {
    expect(asksForDpopNonce(parseWwwAuthenticate('DPoP error="use_dpop_nonce", Bearer'))).toBe(true);
    expect(asksForDpopNonce(parseWwwAuthenticate('DPoP algs="ES256", Bearer error="use_dpop_nonce"'))).toBe(false);
  });
});

describe('dpopNonceOf', () => {
  it('keeps a nonce of NQCHAR up to its limit, as it is, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 65_536 }), (value) => {
        const nonce = dpopNonceOf(value);
        const valid =
          value.length > 0 && value.length <= MAX_DPOP_NONCE_LENGTH && /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(value);
        expect(nonce).toBe(valid ? value : undefined);
      }),
      { numRuns: 60 },
    );
  });
});

describe('what oauth4webapi is handed', () => {
  it('is at most 1 KB of well-formed challenges, whatever the service sent, and reads as pagewise read it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostile,
          fc.array(challengeArb, { maxLength: 40 }).map((c) => c.map(write).join(', ')),
        ),
        async (header) => {
          const post: typeof fetch = async () =>
            new Response('{}', {
              status: 401,
              headers: { 'WWW-Authenticate': header, 'Content-Type': 'application/json' },
            });
          const response = await exchangeFetch(newExchange('POST', 'https://idp.example.test/revoke'), post)(
            'https://idp.example.test/revoke',
            { method: 'POST' },
          );
          const handed = response.headers.get('www-authenticate') ?? '';
          expect(handed.length).toBeLessThanOrEqual(MAX_FORWARDED_CHALLENGES_LENGTH);
          expect(handed).toBe(boundedChallenges(parseWwwAuthenticate(header)));
          const error = await oauth.processRevocationResponse(response).catch((caught: unknown) => caught);
          if (handed) {
            expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
            const read = (error as oauth.WWWAuthenticateChallengeError).cause;
            expect(read.map(({ scheme, parameters }) => ({ scheme, parameters: { ...parameters } }))).toEqual(
              plain(parseWwwAuthenticate(handed)).map(({ scheme, parameters, token68 }) => ({
                scheme,
                parameters: token68 ? {} : parameters,
              })),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
