import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteLinkHeader } from '../../src/server/rewriteLinkHeader';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const UPSTREAM = 'https://api.internal.example/v1/0b8e4d1c-6a3f-4f1e-9c2d-5e7a8b9c0d1e/shares?page=2&size=20';
const PATH = '/api/pagewise/0b8e4d1c-6a3f-4f1e-9c2d-5e7a8b9c0d1e/shares';
const rewrite = (value: string | null, size = 20) =>
  rewriteLinkHeader(value, { upstreamUrl: UPSTREAM, path: PATH, size, maxSize: 1000, allow: {}, resource: 'shares' });

describe('rewriteLinkHeader: the paging links a proxy passes on', () => {
  it('rewrites GitHub-style paging links to the proxy path with only page and size, in first/prev/next/last order', () => {
    const upstream =
      '<https://api.internal.example/v1/x/shares?page=3&size=20&access_token=tok_secret_123456>; rel="next", ' +
      '<https://api.internal.example/v1/x/shares?page=21&size=20>; rel="last", <https://api.internal.example/v1/x/shares?page=0&size=20>; rel="first"';
    expect(rewrite(upstream)).toBe(
      `<${PATH}?page=0&size=20>; rel="first", <${PATH}?page=3&size=20>; rel="next", <${PATH}?page=21&size=20>; rel="last"`,
    );
  });

  it('resolves relative targets against the upstream URL and takes the request size when a link has none', () => {
    expect(rewrite('</v1/x/shares?page=4>; rel=next; title="Next, please"', 50)).toBe(
      `<${PATH}?page=4&size=50>; rel="next"`,
    );
  });

  it('drops relations other than paging ones, and links without a valid page or with a size outside 1…maxSize', () => {
    expect(rewrite('<https://h/a?page=1>; rel="alternate", <https://h/a?page=1>; rel="stylesheet"')).toBeUndefined();
    expect(rewrite('<https://h/a?page=-1>; rel="next", <https://h/a?page=1e3>; rel="last"')).toBeUndefined();
    expect(
      rewrite('<https://h/a?page=1&size=0>; rel="next", <https://h/a?page=2&size=5000>; rel="last"'),
    ).toBeUndefined();
    expect(rewrite('<https://h/a?page=1234567890123456>; rel="next"')).toBeUndefined();
    expect(rewrite('<https://h/a>; rel="next"')).toBeUndefined();
  });

  it('never passes on a host, a scheme, credentials, a fragment or a header break from a hostile value', () => {
    const hostile = [
      '<javascript:alert(1)?page=1>; rel="next"',
      '<https://user:tok_secret_123456@evil.example/a?page=1&size=20#frag>; rel="next"',
      '<https://evil.example/a?page=1&size=20\r\nSet-Cookie: a=b>; rel="next"',
      '<https://evil.example/a?page=1&size=20>; rel="next\r\nX-Injected: 1"',
      `<https://evil.example/a?page=1&size=20>; rel="next", ${'<x>; rel="next", '.repeat(2000)}`,
    ];
    for (const value of hostile) {
      const out = rewrite(value) ?? '';
      expect(out).not.toMatch(/evil|javascript|tok_secret|user|#|\r|\n|Set-Cookie|X-Injected/);
      if (out)
        expect(out).toMatch(
          new RegExp(
            `^<${PATH}\\?page=\\d+&size=\\d+>; rel="(first|prev|next|last)"(, <${PATH}\\?page=\\d+&size=\\d+>; rel="(first|prev|next|last)")*$`,
          ),
        );
    }
  });

  it('answers anything at all with undefined or links of the one allowed form (fast-check, seeded)', () => {
    const allowed = new RegExp(
      `^<${PATH}\\?page=\\d{1,15}&size=\\d{1,4}>; rel="(first|prev|next|last)"(, <${PATH}\\?page=\\d{1,15}&size=\\d{1,4}>; rel="(first|prev|next|last)"){0,3}$`,
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), (junk, target) => {
        for (const value of [junk, `<${target}>; rel="next", ${junk}`, `<https://h/a?page=${target}>; rel=last`]) {
          const out = rewrite(value);
          if (out !== undefined) expect(out).toMatch(allowed);
        }
      }),
      { seed: 18_16, numRuns: 500 },
    );
  });
});

describe('rewriteLinkHeader on hostile input', () => {
  it('passes on nothing from a value over 8 KB, and only proxy-path paging links from any shorter one (fast-check)', () => {
    const units = ['<', '>', ';', ',', '"', '\\', ' ', 'rel=next', '?page=1', '<https://h/a?page=2>; rel="next"'];
    fc.assert(
      fc.property(hostileText(units), (value) => {
        const out = rewriteLinkHeader(value, {
          upstreamUrl: UPSTREAM,
          path: PATH,
          size: 20,
          maxSize: 1000,
          allow: {},
          resource: 'shares',
        });
        if (value.length > 8192) expect(out).toBeUndefined();
        for (const link of out?.split(', ') ?? [])
          expect(link).toMatch(/^<\/api\/pagewise\/[\w-]+\/shares\?page=\d+&size=\d+>; rel="(first|prev|next|last)"$/);
      }),
      HOSTILE_RUNS,
    );
  });
});
