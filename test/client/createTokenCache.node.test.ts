import { describe, expect, it, vi } from 'vitest';
import { createTokenCache } from '../../src/client/createTokenCache';
import { AuthError, NetworkError } from '../../src/client/index';

/** A manually advanced clock. */
function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A token request whose calls are counted and whose outcome each test decides. */
function tokenSource(outcome: (call: number) => Promise<{ token: string; expiresIn?: number }>) {
  let calls = 0;
  const request = vi.fn(() => outcome(++calls));
  return { request, calls: () => calls };
}

describe('createTokenCache', () => {
  it('reuses a token until expires_in minus the leeway, counted from when the request was sent', async () => {
    const time = clock();
    let release!: () => void;
    const source = tokenSource(async (n) => {
      if (n === 1) await new Promise<void>((r) => (release = r));
      return { token: `t${n}`, expiresIn: 100 };
    });
    const cache = createTokenCache({ request: source.request, leewaySeconds: 30, now: time.now });
    const first = cache.get();
    time.advance(5_000); // the token endpoint took 5 s to answer
    release();
    expect(await first).toBe('t1');
    time.advance(64_999); // sent + 70 s - 1 ms
    expect(await cache.get()).toBe('t1');
    time.advance(1);
    expect(await cache.get()).toBe('t2');
    expect(source.calls()).toBe(2);
  });

  it('caps the leeway at half the lifetime so short-lived tokens are still reused', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 10 }));
    const cache = createTokenCache({ request: source.request, leewaySeconds: 30, now: time.now });
    expect(await cache.get()).toBe('t1');
    time.advance(4_999);
    expect(await cache.get()).toBe('t1');
    time.advance(1);
    expect(await cache.get()).toBe('t2');
  });

  it('shares one in-flight request between concurrent callers', async () => {
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request });
    const tokens = await Promise.all(Array.from({ length: 100 }, () => cache.get()));
    expect(new Set(tokens)).toEqual(new Set(['t1']));
    expect(source.calls()).toBe(1);
  });

  it("lets one caller abort without aborting the shared request for the others", async () => {
    let release!: () => void;
    let sharedSignal!: AbortSignal;
    const cache = createTokenCache({
      request: async (signal) => {
        sharedSignal = signal;
        await new Promise<void>((r) => (release = r));
        return { token: 't1', expiresIn: 3600 };
      },
    });
    const controller = new AbortController();
    const leaving = cache.get(controller.signal);
    const staying = cache.get();
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    expect(sharedSignal.aborted).toBe(false);
    release();
    await expect(staying).resolves.toBe('t1');
  });

  it('drops a token on invalidate only while it is still the current one', async () => {
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request });
    expect(await cache.get()).toBe('t1');
    expect(cache.invalidate('t1')).toBe(true);
    expect(await cache.get()).toBe('t2');
    expect(cache.invalidate('t1')).toBe(true); // a late 401 for the old token must not drop the new one
    expect(await cache.get()).toBe('t2');
    expect(source.calls()).toBe(2);
  });

  it('keeps a token a 401 renewed less than 30 s ago when it is refused too, and drops it again from 30 s on', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    expect(cache.invalidate('t1')).toBe(true);
    expect(await cache.get()).toBe('t2');
    time.advance(29_999);
    expect(cache.invalidate('t2')).toBe(false);
    expect(await cache.get()).toBe('t2');
    time.advance(1);
    expect(cache.invalidate('t2')).toBe(true);
    expect(await cache.get()).toBe('t3');
    expect(source.calls()).toBe(3);
  });

  it('keeps a token without a lifetime (a getToken string) that a 401 renewed less than 30 s ago when it is refused again', async () => {
    const time = clock();
    const source = tokenSource(async () => ({ token: 't' }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    expect(await cache.get()).toBe('t');
    expect(cache.invalidate('t')).toBe(true);
    expect(await cache.get()).toBe('t');
    time.advance(29_999);
    expect(cache.invalidate('t')).toBe(false);
    time.advance(1);
    expect(await cache.get()).toBe('t');
    expect(cache.invalidate('t')).toBe(true);
  });

  it('hands out and compares the token trimmed, as fetch trims the header it is sent in', async () => {
    const source = tokenSource(async () => ({ token: ' t1\n', expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request });
    expect(await cache.get()).toBe('t1');
    expect(cache.invalidate('t1')).toBe(true);
    expect(await cache.get()).toBe('t1');
    expect(source.calls()).toBe(2);
  });

  it('does not cache a token without a lifetime', async () => {
    const source = tokenSource(async (n) => ({ token: `t${n}` }));
    const cache = createTokenCache({ request: source.request });
    expect(await cache.get()).toBe('t1');
    expect(await cache.get()).toBe('t2');
  });

  it('surfaces a 4xx AuthError at once, and the next call asks again', async () => {
    const refusal = new AuthError('failed: 401', { status: 401, error: 'invalid_client' });
    const source = tokenSource(async () => {
      throw refusal;
    });
    const cache = createTokenCache({ request: source.request });
    await expect(cache.get()).rejects.toBe(refusal);
    expect(source.calls()).toBe(1);
    await expect(cache.get()).rejects.toBe(refusal);
    expect(source.calls()).toBe(2);
  });

  it('backs off 1 s, 2 s, 4 s … (at most 30 s) after network failures and 5xx, answering the last error meanwhile', async () => {
    const time = clock();
    let healthy = false;
    const errors: unknown[] = [];
    const source = tokenSource(async (n) => {
      if (healthy) return { token: `t${n}`, expiresIn: 1 };
      const error =
        n % 2
          ? new NetworkError('failed: network error', { method: 'POST', url: 'https://idp.example.test/oauth/token', cause: new TypeError('fetch failed') })
          : new AuthError('failed: 503', { status: 503 });
      errors.push(error);
      throw error;
    });
    const cache = createTokenCache({ request: source.request, now: time.now });
    await expect(cache.get()).rejects.toBe(errors[0]);
    for (const [i, delay] of [1000, 2000, 4000, 8000, 16000, 30000, 30000].entries()) {
      time.advance(delay - 1);
      await expect(cache.get()).rejects.toBe(errors[i]);
      expect(source.calls()).toBe(i + 1);
      time.advance(1);
      await expect(cache.get()).rejects.toBe(errors[i + 1]);
      expect(source.calls()).toBe(i + 2);
    }
    healthy = true;
    time.advance(30_000);
    await expect(cache.get()).resolves.toBe('t9');
    // Success resets the back-off: the next failure blocks for 1 s again, not 30 s.
    healthy = false;
    time.advance(1_000);
    await expect(cache.get()).rejects.toBe(errors[8]);
    expect(source.calls()).toBe(10);
    time.advance(999);
    await expect(cache.get()).rejects.toBe(errors[8]);
    expect(source.calls()).toBe(10);
    time.advance(1);
    await expect(cache.get()).rejects.toBe(errors[9]);
    expect(source.calls()).toBe(11);
  });

  it.each([
    ['a TypeError from the app backend fetch', () => new TypeError('fetch failed')],
    ['an error with a 500 status', () => Object.assign(new Error('token backend failed'), { status: 500 })],
    ['an invalid token response', () => new AuthError('returned an invalid token response', { status: 200 })],
  ])('backs off after any failure but a 4xx refusal: %s', async (_, makeError) => {
    const time = clock();
    const source = tokenSource(async () => {
      throw makeError();
    });
    const cache = createTokenCache({ request: source.request, now: time.now });
    await expect(cache.get()).rejects.toBeInstanceOf(Error);
    time.advance(999);
    await expect(cache.get()).rejects.toBeInstanceOf(Error);
    expect(source.calls()).toBe(1);
    time.advance(1);
    await expect(cache.get()).rejects.toBeInstanceOf(Error);
    expect(source.calls()).toBe(2);
  });

  it('does not back off after a refusal with a 4xx status from an app backend (e.g. a signed-out user)', async () => {
    const source = tokenSource(async () => {
      throw Object.assign(new Error('not signed in'), { status: 401 });
    });
    const cache = createTokenCache({ request: source.request });
    await expect(cache.get()).rejects.toThrow('not signed in');
    await expect(cache.get()).rejects.toThrow('not signed in');
    expect(source.calls()).toBe(2);
  });

  it('times out a token request that never settles, freeing the next caller', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const cache = createTokenCache({
        timeoutMs: 1_000,
        method: 'POST',
        url: 'https://idp.example.test/oauth/token',
        request: (signal) =>
          ++calls === 1
            ? new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
            : Promise.resolve({ token: 't2', expiresIn: 60 }),
      });
      const first = cache.get();
      const settled = expect(first).rejects.toMatchObject({
        name: 'TimeoutError',
        message: 'POST https://idp.example.test/oauth/token timed out after 1000 ms',
      });
      await vi.advanceTimersByTimeAsync(1_000);
      await settled;
      // A timeout backs off like a network failure.
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(cache.get()).resolves.toBe('t2');
    } finally {
      vi.useRealTimers();
    }
  });
});
