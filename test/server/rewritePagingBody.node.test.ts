import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewritePagingBody } from '../../src/server/rewritePagingBody';
import { VerbatimJson } from '../../src/server/upstreamBody';
import type { PagingLinkContext } from '../../src/server/rewriteLinkHeader';
import { HOSTILE_BYTES, HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const ORG = '0b8e4d1c-6a3f-4f1e-9c2d-5e7a8b9c0d1e';
const PATH = `/api/pagewise/${ORG}/shares`;
const context: PagingLinkContext = {
  upstreamUrl: `https://api.internal.example/v1/${ORG}/shares?page=0&size=20`,
  path: PATH,
  size: 20,
  maxSize: 1000,
  allow: { shares: { cursor: true, sort: ['name'] } },
  resource: 'shares',
};
const rewrite = (text: string) => rewritePagingBody(new VerbatimJson(text), context).text;

describe('rewritePagingBody', () => {
  it('rewrites only the link values, leaving every other byte as it came', () => {
    const text =
      '{"count": 12345678901234567890, "next": "https://api.internal.example/v1/x/shares?cursor=cD0y&size=20&sort=name,asc&secret=1",' +
      ' "previous" : null, "results": [{"next": "keep {me} \\"quoted\\" ]"}, 1.10]}';
    expect(rewrite(text)).toBe(
      `{"count": 12345678901234567890, "next": "${PATH}?cursor=cD0y&size=20&sort=name%2Casc",` +
        ' "previous" : null, "results": [{"next": "keep {me} \\"quoted\\" ]"}, 1.10]}',
    );
  });

  it('rewrites HAL and JSON:API page relations, keeps other relations and passes a token next on', () => {
    const hal = JSON.parse(
      rewrite(
        JSON.stringify({
          _links: {
            self: { href: '/v1/x?page=2&size=20' },
            next: { href: 'https://h/?after=abc' },
            help: { href: 'https://docs' },
          },
          links: { next: 'https://h/?unknown=1', first: 'https://h/?page=0' },
          next: 'opaque-token',
        }),
      ),
    );
    expect(hal).toEqual({
      _links: {
        self: { href: `${PATH}?page=2&size=20` },
        next: { href: `${PATH}?after=abc&size=20` },
        help: { href: 'https://docs' },
      },
      links: { first: `${PATH}?page=0&size=20` },
      next: 'opaque-token',
    });
  });

  it('makes a next link it cannot page through null, and a Stripe list’s url the proxy’s path', () => {
    expect(JSON.parse(rewrite('{"next":"https://h/?per_page=2&offset=9","results":[]}'))).toEqual({
      next: null,
      results: [],
    });
    expect(JSON.parse(rewrite('{"object":"list","url":"/v1/internal/shares","data":[],"has_more":false}'))).toEqual({
      object: 'list',
      url: PATH,
      data: [],
      has_more: false,
    });
    expect(rewrite('{"url":"/v1/internal/shares","items":[]}')).toBe('{"url":"/v1/internal/shares","items":[]}');
  });

  it('gives the same JSON as rewriting the parsed body would, for any body around a next link (fuzz)', () => {
    const LINKS = ['previous', '_links', 'links', 'url', 'object'];
    const rest = fc.dictionary(
      fc.string().filter((key) => ![...LINKS, 'next'].includes(key)),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(
        rest,
        fc.constantFrom('cD0y', 'a%2Fb', 'x'),
        fc.constantFrom(0, 1, 2, '\t'),
        (fields, cursor, space) => {
          const next = `https://h/x?cursor=${cursor}&size=20`;
          const text = JSON.stringify({ ...fields, next }, null, space);
          const query = new URLSearchParams({ cursor: new URL(next).searchParams.get('cursor')!, size: '20' });
          expect(JSON.parse(rewrite(text))).toEqual({ ...JSON.parse(text), next: `${PATH}?${query}` });
        },
      ),
    );
  });

  it('passes arrays, bodies without link members and non-objects on as the same object', () => {
    for (const text of ['[{"next":"https://h/?cursor=1"}]', '{"items":[],"nextPageToken":"t"}', '"next"', 'null']) {
      const body = new VerbatimJson(text);
      expect(rewritePagingBody(body, context)).toBe(body);
    }
  });
});

describe('rewritePagingBody on hostile input', () => {
  it('passes on a body as it came when up to 64 KB of brackets, escapes and member names sit in a string (fast-check)', () => {
    const units = ['[', ']', '{"a":', '}', '"\\""', '"\\\\"', ',', ' ', '"next"', '1'];
    fc.assert(
      fc.property(hostileText(units), (junk) => {
        const text = `{"rows": ${JSON.stringify(junk)}, "count": 1}`;
        expect(rewrite(text)).toBe(text);
      }),
      HOSTILE_RUNS,
    );
  });

  it('rewrites the next link after up to 64 KB of nested arrays, keeping every other byte (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: HOSTILE_BYTES / 2 }), (depth) => {
        const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
        const text = `{"results": ${nested}, "next": "https://api.internal.example/v1/x/shares?cursor=c1&size=20"}`;
        expect(rewrite(text)).toBe(`{"results": ${nested}, "next": "${PATH}?cursor=c1&size=20"}`);
      }),
      HOSTILE_RUNS,
    );
  });

  it('keeps only the allowed parameters of a next link of up to 64 KB of them (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Math.floor(HOSTILE_BYTES / 10) }), (count) => {
        const query = Array.from({ length: count }, (_, i) => `p${i}=${i}`).join('&');
        const text = `{"next": "https://api.internal.example/v1/x/shares?cursor=c1&size=20&${query}&sort=name,asc"}`;
        expect(rewrite(text)).toBe(`{"next": "${PATH}?cursor=c1&size=20&sort=name%2Casc"}`);
      }),
      { numRuns: 10 },
    );
  });
});
