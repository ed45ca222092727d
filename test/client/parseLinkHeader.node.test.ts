import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../src/client/parseLinkHeader';
import { parsePage } from '../../src/client/index';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const RELATIONS = ['next', 'prev', 'first', 'last', 'self', 'alternate'];

/** A `quoted-string` (RFC 9110 5.6.4): `"` and `\` escaped; the text may hold `,` `;` `<` `>` `=` and spaces. */
const quoted = fc
  .string({ unit: fc.constantFrom('a', 'Z', '0', ' ', ',', ';', '<', '>', '=', '"', '\\', 'r', 'e', 'l') })
  .map((text) => `"${text.replace(/["\\]/g, '\\$&')}"`);
const token = fc.stringMatching(/^[a-z0-9*.-]{1,8}$/);
/** Optional whitespace around `;`, `,` and `=` (RFC 8288's OWS/BWS). */
const ows = fc.constantFrom('', ' ', '  ', '\t');
/** A URI reference: absolute or relative, with the `,` and `;` a URI may hold. */
const target = fc
  .tuple(
    fc.constantFrom('https://api.example.com/v1/o/shares', '/v1/o/shares', 'shares', '', '?'),
    fc.stringMatching(/^[a-z0-9=&,;%]{0,12}$/),
  )
  .map(([path, query]) => `${path}${path.endsWith('?') ? '' : '?'}${query}`);
const extraParam = fc
  .tuple(
    token.filter((name) => name !== 'rel'),
    fc.option(fc.oneof(token, quoted), { nil: undefined }),
    ows,
    ows,
  )
  .map(([name, value, a, b]) => `;${a}${name}${value === undefined ? '' : `${b}=${b}${value}`}`);
const link = fc.record({
  target,
  rels: fc.uniqueArray(fc.constantFrom(...RELATIONS), { minLength: 1, maxLength: 3 }),
  upper: fc.boolean(),
  quote: fc.boolean(),
  before: fc.array(extraParam, { maxLength: 2 }),
  after: fc.array(extraParam, { maxLength: 2 }),
  // A second `rel` parameter, which RFC 8288 3.3 says to ignore.
  secondRel: fc.option(fc.constantFrom(...RELATIONS), { nil: undefined }),
  space: ows,
});

type Link = typeof link extends fc.Arbitrary<infer L> ? L : never;

function serialize(l: Link): string {
  const rels = l.rels.map((rel) => (l.upper ? rel.toUpperCase() : rel)).join(' ');
  // A token may not hold a space: several relations must be quoted.
  const value = l.quote || l.rels.length > 1 ? `"${rels}"` : rels;
  const second = l.secondRel === undefined ? '' : `; rel="${l.secondRel}"`;
  return `<${l.target}>${l.before.join('')};${l.space}${l.upper ? 'REL' : 'rel'}=${value}${l.after.join('')}${second}`;
}

/** The model: each relation's target is the first link naming it in its first `rel`. */
function expected(links: Link[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of links) for (const rel of l.rels) out[rel] ??= l.target;
  return out;
}

describe('parseLinkHeader', () => {
  it('finds the first target of every relation, whatever the parameters, quoting, case and spacing (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 5 }), fc.constantFrom(',', ', ', ' ,\t'), (links, comma) => {
        expect(parseLinkHeader(links.map(serialize).join(comma))).toEqual(expected(links));
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text, and parsePage then answers a Page or a ResponseShapeError (fast-check)', () => {
    const context = (header: string) => ({
      response: new Response(null, { headers: { Link: header } }),
      page: 1,
      size: 2,
      url: 'http://127.0.0.1:1/o/shares?page=1&size=2',
    });
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            ';',
            ',',
            '"',
            '\\',
            '=',
            ' ',
            'r',
            'e',
            'l',
            'n',
            'x',
            't',
            '?',
            'p',
            'a',
            'g',
            '1',
            ':',
            '/',
          ),
        }),
        (header) => {
          const links = parseLinkHeader(header);
          expect(typeof links).toBe('object');
          try {
            const page = parsePage({ items: [{ id: 'r1' }] }, context(header));
            expect(typeof page.hasNext).toBe('boolean');
            expect(page.total).toBeUndefined();
          } catch (error) {
            expect(error).toMatchObject({ name: 'ResponseShapeError', keys: ['items'] });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the page count from any last link with a page parameter, and hasNext from a next link (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1e6 }),
        fc.boolean(),
        fc.constantFrom('https://api.example.com/v1/o/shares', '/v1/o/shares', 'shares', ''),
        (last, next, path) => {
          const header = [`<${path}?size=2&page=${last}>; rel="last"`, ...(next ? ['<?page=2>; rel="next"'] : [])].join(
            ', ',
          );
          const page = parsePage([], {
            response: new Response(null, { headers: { Link: header } }),
            page: 1,
            size: 2,
            url: 'http://127.0.0.1:1/v1/o/shares?page=1&size=2',
          });
          expect(page).toMatchObject({ pageCount: last + 1, hasNext: next, total: undefined });
        },
      ),
    );
  });

  it('is empty without a header', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
  });
});

/** The reading before linear time (quadratic on hostile input, so only run on short text). */
function regexReading(header: string): Record<string, string> {
  const pattern = /<([^>]*)>|;\s*([^\s;,=]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]*)))?/g;
  const links: Record<string, string> = {};
  let target: string | undefined;
  for (const [, link, name, quoted, token] of header.matchAll(pattern)) {
    if (link !== undefined) target = link;
    else if (target !== undefined && name!.toLowerCase() === 'rel') {
      for (const rel of (quoted?.replace(/\\(.)/g, '$1') ?? token ?? '').toLowerCase().split(/\s+/))
        links[rel] ??= target;
      target = undefined;
    }
  }
  return links;
}

/** The pieces hostile `Link` values are made of: openings without their ends, escapes, separators. */
const LINK_UNITS = ['<', '>', ';', ',', '=', '"', '\\', ' ', '\n', 'rel', 'a', ';a="', ';rel=', '<a>;rel=x'];

describe('parseLinkHeader on hostile input', () => {
  it('reads any mix of link syntax as before wherever no target holds a `<`, which no URI does (fast-check, up to 2 KB)', () => {
    fc.assert(
      fc.property(hostileText(LINK_UNITS, 2048), (header) => {
        // Every `<…>` the old pattern read as a target, used for a relation or not.
        const targets = [...header.matchAll(/<([^>]*)>/g)].map(([, target]) => target!);
        fc.pre(targets.every((target) => !target.includes('<')));
        expect(parseLinkHeader(header)).toEqual(regexReading(header));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the first link before up to 64 KB of hostile text, and returns only targets from the header (fast-check)', () => {
    fc.assert(
      fc.property(hostileText(LINK_UNITS), (junk) => {
        const header = `</v1/o/shares?page=1>; rel="next", ${junk}`;
        const links = parseLinkHeader(header);
        expect(links.next).toBe('/v1/o/shares?page=1');
        for (const target of Object.values(links)) expect(header.includes(`<${target}>`)).toBe(true);
      }),
      HOSTILE_RUNS,
    );
  });

  it('finds no link in 64 KB of openings without a close: `<` alone, or quotes left open', () => {
    expect(parseLinkHeader('<'.repeat(65_536))).toEqual({});
    expect(parseLinkHeader(`<a>${';rel="'.repeat(10_923)}`)).toEqual({ [';rel=']: 'a' });
    expect(parseLinkHeader(`<a>;rel="${'\\"'.repeat(32_768)}`)).toEqual({ [`"${'\\"'.repeat(32_768)}`]: 'a' });
  });
});
