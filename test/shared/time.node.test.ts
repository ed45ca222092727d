import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { parseRetryAfter, sleep, withTimeout } from '../../src/shared/time';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';

// Virtual time: nothing here waits on the wall clock.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('settles like the work when it ends in time, and leaves no timer behind', async () => {
    await expect(
      withTimeout(
        async () => 'done',
        1_000,
        () => new Error('late'),
      ),
    ).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with what onTimeout makes when time runs out, and aborts the signal the work was given', async () => {
    let given!: AbortSignal;
    const result = withTimeout(
      (signal) => ((given = signal), new Promise(() => undefined)),
      1_000,
      () => new Error('late'),
    );
    const settled = expect(result).rejects.toThrow('late');
    await vi.advanceTimersByTimeAsync(999);
    expect(given.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(given.reason).toMatchObject({ message: 'late' });
  });

  it("rejects with the caller's abort reason at once when the caller's signal aborts first", async () => {
    const caller = new AbortController();
    const result = withTimeout(
      () => new Promise(() => undefined),
      1_000,
      () => new Error('late'),
      caller.signal,
    );
    caller.abort(new Error('gone'));
    await expect(result).rejects.toThrow('gone');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns work that throws at once into a rejection', async () => {
    const result = withTimeout(
      () => {
        throw new Error('sync');
      },
      1_000,
      () => new Error('late'),
    );
    await expect(result).rejects.toThrow('sync');
  });

  it('sets no timer for a limit timers cannot hold (no limit)', async () => {
    const result = withTimeout(
      async () => 'done',
      Infinity,
      () => new Error('late'),
    );
    expect(vi.getTimerCount()).toBe(0);
    await expect(result).resolves.toBe('done');
  });
});

describe('sleep', () => {
  it('resolves after the given milliseconds', async () => {
    let woke = false;
    const slept = sleep(250).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slept;
    expect(woke).toBe(true);
  });

  it('stops listening to the signal once it has slept', async () => {
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const slept = sleep(10, controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    await slept;
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it("rejects with the signal's reason as soon as it aborts, clearing its timer", async () => {
    const controller = new AbortController();
    const slept = sleep(250, controller.signal);
    controller.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('parseRetryAfter on hostile input', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const DATE = 'Thu, 01 Jan 2026 00:00:30 GMT';

  it('reads up to 64 KB of letters, digits and colons as no delay, unless all digits (fast-check)', () => {
    fc.assert(
      fc.property(hostileText(['a', 'Z', '0', '1', ':', ' ', '00:00:0', ',', '\n']), (value) => {
        const text = value.trim();
        const expected = /^\d+$/.test(text) ? Number(text) * 1000 : text.length > 64 ? undefined : 'either';
        const ms = parseRetryAfter(value, now);
        if (expected === 'either') expect(ms === undefined || (Number.isFinite(ms) && ms >= 0)).toBe(true);
        else expect(ms).toBe(expected);
      }),
      HOSTILE_RUNS,
    );
  });

  it('reads an HTTP date padded with up to 64 KB of spaces, and no date among 64 KB of text (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 * 1024 }), fc.integer({ min: 0, max: 32 * 1024 }), (before, after) => {
        expect(parseRetryAfter(`${' '.repeat(before)}${DATE}${' '.repeat(after)}`, now)).toBe(30_000);
        expect(parseRetryAfter(`${DATE}${'x'.repeat(before + 36)}`, now)).toBeUndefined();
      }),
      HOSTILE_RUNS,
    );
  });
});
