import { describe, expect, it } from 'vitest';
import { assertFunction, requireString } from '../../src/shared/assert';

describe('assertFunction', () => {
  it('accepts functions of every kind', () => {
    for (const value of [() => 1, async () => 1, function named() {}, class {}, Math.max])
      expect(() => assertFunction('onError', value)).not.toThrow();
  });

  it('rejects anything else with a TypeError naming the option and never quoting the value', () => {
    for (const value of [undefined, null, 'sk_live_secret_value', 42, {}, []]) {
      expect(() => assertFunction('getToken', value)).toThrow(new TypeError('pagewise: `getToken` must be a function'));
    }
  });
});

describe('requireString', () => {
  it('returns the value trimmed', () => {
    expect(requireString('clientId', '  abc\n')).toBe('abc');
  });

  it('rejects empty, blank and non-string values naming the option, never quoting the value', () => {
    for (const value of ['', '  \n', undefined, 7]) {
      expect(() => requireString('clientSecret', value)).toThrow(
        new TypeError('pagewise: `clientSecret` must be a non-empty string'),
      );
    }
  });
});
