import { describe, expect, it, vi } from 'vitest';
import { createRateLimitedLog, warnOncePerKey } from '../../src/shared/log';

describe('createRateLimitedLog', () => {
  it('writes a kind once per interval, then the next line with the count left out', () => {
    let time = 1_000_000;
    const lines: string[] = [];
    const log = createRateLimitedLog(
      (line) => lines.push(line),
      60_000,
      () => time,
    );
    for (let i = 0; i < 1000; i += 1) {
      log('502 AuthError', `failure ${i}`);
      time += 50; // 1000 failures over 50 s
    }
    expect(lines).toEqual(['failure 0']);
    time = 1_000_000 + 60_000;
    log('502 AuthError', 'failure after a minute');
    expect(lines).toEqual(['failure 0', 'failure after a minute (+999 more like it in the 60 s before, not logged)']);
    log('502 AuthError', 'quiet again');
    expect(lines).toHaveLength(2);
  });

  it('keeps kinds apart: a second kind is written at once', () => {
    const lines: string[] = [];
    const log = createRateLimitedLog(
      (line) => lines.push(line),
      60_000,
      () => 0,
    );
    log('502 AuthError', 'a');
    log('504 TimeoutError', 'b');
    log('502 AuthError', 'c');
    expect(lines).toEqual(['a', 'b']);
  });

  it('writes a kind again without a count when none was left out', () => {
    let time = 0;
    const lines: string[] = [];
    const log = createRateLimitedLog(
      (line) => lines.push(line),
      1000,
      () => time,
    );
    log('k', 'a');
    time = 5000;
    log('k', 'b');
    expect(lines).toEqual(['a', 'b']);
  });

  it('forgets kinds when more than 100 pile up, so an endless variety cannot grow it without bound', () => {
    const lines: string[] = [];
    const log = createRateLimitedLog(
      (line) => lines.push(line),
      60_000,
      () => 0,
    );
    for (let i = 0; i < 100; i += 1) log(`kind ${i}`, `line ${i}`);
    log('kind 0', 'kind 0 among 100 kinds');
    expect(lines).toHaveLength(100);
    log('kind 100', 'line 100');
    log('kind 0', 'kind 0 after 100 others');
    expect(lines.slice(100)).toEqual(['line 100', 'kind 0 after 100 others']);
  });
});

describe('warnOncePerKey', () => {
  it('warns once per key and set, asks for the message only while the key is unspent, and spends no key on no line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const seen = new Set<string>();
      const asked: string[] = [];
      const message = (key: string, line: string | undefined) => () => (asked.push(key), line);
      warnOncePerKey(seen, 'a', message('a', undefined));
      warnOncePerKey(seen, 'a', message('a', 'first a'));
      warnOncePerKey(seen, 'a', message('a', 'second a'));
      warnOncePerKey(seen, 'b', message('b', 'first b'));
      warnOncePerKey(new Set(), 'a', message('a', 'a in another set'));
      expect(asked).toEqual(['a', 'a', 'b', 'a']);
      expect(warn.mock.calls.map(([line]) => line)).toEqual(['first a', 'first b', 'a in another set']);
    } finally {
      warn.mockRestore();
    }
  });

  it('is silent in production and asks for no message there', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubEnv('NODE_ENV', 'production');
    try {
      let asked = 0;
      warnOncePerKey(new Set(), 'a', () => `line ${(asked += 1)}`);
      expect(asked).toBe(0);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
      warn.mockRestore();
    }
  });
});
