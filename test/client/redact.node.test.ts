import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/client/index';
import { describeForLog } from '../../src/client/internal';
import { errorName, nameForMessage, parseRedacted, redact, redactError, urlForMessage } from '../../src/client/redact';
import { invalidArgument } from '../../src/shared/assert';

const TOKEN = 'tok_5e2a9c7b1d3f';

afterEach(() => vi.restoreAllMocks());

describe('parseRedacted', () => {
  it('parses a body exactly as JSON.parse does, never with a reviver (a reviver recurses)', () => {
    const text = JSON.stringify({
      content: [{ id: 'a', name: 'Share A', size: 12.5, tags: ['x'], owner: null }],
      totalElements: 1,
    });
    const parse = vi.spyOn(JSON, 'parse');
    expect(parseRedacted(text, [TOKEN, `Bearer ${TOKEN}`], 8)).toEqual(JSON.parse(text));
    expect(parse.mock.calls[0]).toEqual([text]);
  });

  it('parses and redacts valid JSON nested 200,000 deep without overflowing the call stack', () => {
    const n = 200_000;
    const written = TOKEN.replace('t', '\\u0074');
    let value = parseRedacted(
      `${'['.repeat(n)}"${written}",{"${written}":"caf\\u00e9"}${']'.repeat(n)}`,
      [TOKEN],
      8,
    ) as unknown[];
    for (let depth = 1; depth < n; depth++) value = value[0] as unknown[];
    expect(value).toEqual(['[redacted]', { '[redacted]': 'café' }]);
  });

  it('redacts a secret written with \\u escapes in strings and keys', () => {
    const written = TOKEN.replace('t', '\\u0074');
    const text = `{"note":"seen ${written}","seen":{"${written}":true},"id":"a"}`;
    expect(parseRedacted(text, [TOKEN], 8)).toEqual({ note: 'seen [redacted]', seen: { '[redacted]': true }, id: 'a' });
  });

  it('redacts a secret written with a \\/ escape', () => {
    const secret = 'tok/5e2a9c7b1d3f';
    expect(parseRedacted(`{"note":"${secret.replace('/', '\\/')}"}`, [secret], 8)).toEqual({ note: '[redacted]' });
  });

  it('redacts an unescaped secret in a body that has escapes elsewhere', () => {
    expect(parseRedacted(`{"quote":"\\"hi\\"","note":"${TOKEN}"}`, [TOKEN], 8)).toEqual({
      quote: '"hi"',
      note: '[redacted]',
    });
  });

  it('leaves secrets under 8 characters alone in data, where ordinary words match them', () => {
    const text = '{"content":[{"id":"a","city":"Tokyo"}],"totalElements":1}';
    expect(parseRedacted(text, ['id', 'Tokyo', 'content'], 8)).toEqual(JSON.parse(text));
  });

  it('redacts secrets of any length with a minimum length of 1, as for error bodies', () => {
    expect(parseRedacted('{"error":"bad k9","k9":1}', ['k9'], 1)).toEqual({ error: 'bad [redacted]', '[redacted]': 1 });
  });
});

describe('redact', () => {
  it('redacts every secret from error text however short it is', () => {
    expect(redact('denied for Basic acct:k9 (k9)', ['acct:k9', 'k9'])).toBe('denied for Basic [redacted] ([redacted])');
  });

  it('redacts short secrets from a thrown error copy, causes included', () => {
    const copy = redactError(new TypeError('failed for k9', { cause: new Error('socket k9') }), ['k9']) as Error;
    expect(copy).toBeInstanceOf(TypeError);
    expect(copy.message).toBe('failed for [redacted]');
    expect((copy.cause as Error).message).toBe('socket [redacted]');
  });
});

describe('what messages and log lines may quote', () => {
  it('quotes a URL cut at its query or fragment, and none with an "@" (its password may hold "/", "?" or "#")', () => {
    expect(urlForMessage('https://api.example.test/v1?api_key=k3y#frag')).toBe('https://api.example.test/v1');
    expect(urlForMessage('api.example.test/v1#k3y')).toBe('api.example.test/v1');
    expect(urlForMessage('https://user:p@ss/word@api.example.test')).toBeUndefined();
  });

  it('quotes a parameter name only when it looks like one', () => {
    expect(nameForMessage('protocol')).toBe('`protocol`');
    expect(nameForMessage('eyJhbGciOiJIUzI1NiJ9.e30.sig-that-is-long-enough')).toBeUndefined();
    expect(nameForMessage('a b')).toBeUndefined();
  });

  it('names an error by its name, and any other thrown value by its type', () => {
    expect(errorName(new RangeError('x'))).toBe('RangeError');
    expect(errorName(Object.assign(new Error('x'), { name: 'ConnectionError' }))).toBe('ConnectionError');
    expect(errorName('redis://:pw@host')).toBe('string');
    expect(errorName(null)).toBe('object');
    expect(errorName(undefined)).toBe('undefined');
  });

  it("describes pagewise's errors with their messages and kept causes, any other error by its name only", () => {
    const cause = new TypeError('fetch failed');
    const network = new NetworkError('failed: network error', {
      method: 'GET',
      url: 'https://api.example.test/x',
      cause,
    });
    expect(describeForLog(network)).toBe(
      'NetworkError: GET https://api.example.test/x failed: network error (cause: TypeError: fetch failed)',
    );
    expect(describeForLog(invalidArgument('size', 'must be an integer >= 1', 0))).toBe(
      'TypeError: pagewise: `size` must be an integer >= 1, got 0',
    );
    const foreign = new Error('connect ECONNREFUSED redis://default:pw_9f3e@cache:6379');
    expect(describeForLog(foreign)).toBe('Error');
    expect(describeForLog('redis://default:pw_9f3e@cache:6379')).toBe('string');
  });
});
