import { describe, expect, it, vi } from 'vitest';
import { createTokenCache } from '../../src/client/createTokenCache';
import { AuthError, NetworkError } from '../../src/client/index';
import { createGate } from '../helpers/createGate';

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
    const gate = createGate();
    const source = tokenSource(async (n) => {
      if (n === 1) await gate.held;
      return { token: `t${n}`, expiresIn: 100 };
    });
    const cache = createTokenCache({ request: source.request, leewaySeconds: 30, now: time.now });
    const first = cache.get();
    time.advance(5_000); // the token endpoint took 5 s to answer
    gate.release();
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

  it('lets one caller abort without aborting the shared request for the others', async () => {
    const gate = createGate();
    let sharedSignal!: AbortSignal;
    const cache = createTokenCache({
      request: async (signal) => {
        sharedSignal = signal;
        await gate.held;
        return { token: 't1', expiresIn: 3600 };
      },
    });
    const controller = new AbortController();
    const leaving = cache.get(controller.signal);
    const staying = cache.get();
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    expect(sharedSignal.aborted).toBe(false);
    gate.release();
    await expect(staying).resolves.toBe('t1');
  });

  it('drops a token on invalidate only while it is still the current one', async () => {
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request });
    expect(await cache.get()).toBe('t1');
    expect(cache.invalidate('t1', '/org')).toBe(true);
    expect(await cache.get()).toBe('t2');
    expect(cache.invalidate('t1', '/org')).toBe(true); // a late 401 for the old token must not drop the new one
    expect(await cache.get()).toBe('t2');
    expect(source.calls()).toBe(2);
  });

  it('renews a token revoked twice, 10 s apart: each first 401 renews, and requests sent with the old token retry with the new one', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    expect(await cache.get()).toBe('t1');
    expect(cache.invalidate('t1', '/org-a')).toBe(true); // revoked: the first 401 renews
    expect(cache.invalidate('t1', '/org-b')).toBe(true); // in flight with t1: retried with the new token
    expect(await cache.get()).toBe('t2');
    cache.accepted('t2', '/org-a'); // the retry succeeded: the renewal helped
    time.advance(10_000);
    expect(cache.invalidate('t2', '/org-b')).toBe(true); // revoked again
    expect(await cache.get()).toBe('t3');
    cache.accepted('t3', '/org-b');
    expect(source.calls()).toBe(3);
  });

  it('renews for a revocation seen by an organization that had accepted the renewed token, though the one that asked for the renewal went quiet', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    expect(cache.invalidate('t1', '/org-a')).toBe(true); // revoked: org-a's 401 renews
    expect(await cache.get()).toBe('t2');
    cache.accepted('t2', '/org-b'); // org-a's user left; org-b uses t2 for 10 s
    time.advance(10_000);
    cache.accepted('t2', '/org-b');
    expect(cache.invalidate('t2', '/org-b')).toBe(true); // revoked again: org-b had accepted t2, so renewing helps
    expect(await cache.get()).toBe('t3');
    expect(source.calls()).toBe(3);
  });

  it('holds renewals for an organization that refuses the token renewed for its own 401 for 30 s, then 60 s, while others keep using it', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    expect(cache.invalidate('t1', '/org-b')).toBe(true);
    expect(await cache.get()).toBe('t2');
    cache.accepted('t2', '/org-a');
    expect(cache.invalidate('t2', '/org-b')).toBe(false); // the retry with t2 is refused too: org-b's answer
    for (let ms = 0; ms < 29_900; ms += 100) {
      time.advance(100);
      cache.accepted('t2', '/org-a');
      expect(cache.invalidate('t2', '/org-b')).toBe(false);
    }
    expect(source.calls()).toBe(2);
    time.advance(100); // 30 s on: one more try
    expect(cache.invalidate('t2', '/org-b')).toBe(true);
    expect(await cache.get()).toBe('t3');
    cache.accepted('t3', '/org-a');
    expect(cache.invalidate('t3', '/org-b')).toBe(false);
    time.advance(59_999);
    expect(cache.invalidate('t3', '/org-b')).toBe(false);
    // Meanwhile a revocation elsewhere still renews at once.
    expect(cache.invalidate('t3', '/org-a')).toBe(true);
    expect(await cache.get()).toBe('t4');
    expect(source.calls()).toBe(4);
  });

  it('renews for an organization again once it accepted a token', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    cache.invalidate('t1', '/org-b');
    await cache.get();
    cache.accepted('t2', '/org-a');
    expect(cache.invalidate('t2', '/org-b')).toBe(false);
    time.advance(1_000);
    cache.accepted('t2', '/org-b'); // e.g. the client was granted the organization
    expect(cache.invalidate('t2', '/org-b')).toBe(true);
    expect(await cache.get()).toBe('t3');
  });

  it('holds every renewal when a second organization refuses a renewed token while the first one still does (organizations named at will)', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    cache.invalidate('t1', '/org-x1');
    await cache.get();
    cache.accepted('t2', '/org-a');
    expect(cache.invalidate('t2', '/org-x1')).toBe(false);
    expect(cache.invalidate('t2', '/org-x2')).toBe(true);
    await cache.get();
    cache.accepted('t3', '/org-a');
    expect(cache.invalidate('t3', '/org-x2')).toBe(false);
    for (let i = 3; i < 100; i++) expect(cache.invalidate('t3', `/org-x${i}`)).toBe(false);
    expect(cache.invalidate('t3', '/org-a')).toBe(false); // the hold is for everyone now, for 60 s
    expect(source.calls()).toBe(3);
  });

  it('holds renewals for 401s 30 s, then 60 s, when a renewed token is refused again (a service refusing every token)', async () => {
    const time = clock();
    const source = tokenSource(async (n) => ({ token: `t${n}`, expiresIn: 3600 }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    await cache.get();
    expect(cache.invalidate('t1', '/org-a')).toBe(true);
    await cache.get();
    expect(cache.invalidate('t2', '/org-b')).toBe(false); // refused before org-a accepted it: renewing did not help
    time.advance(29_999);
    expect(cache.invalidate('t2', '/org-c')).toBe(false);
    time.advance(1);
    expect(cache.invalidate('t2', '/org-c')).toBe(true);
    await cache.get();
    expect(cache.invalidate('t3', '/org-a')).toBe(false);
    time.advance(59_999);
    expect(cache.invalidate('t3', '/org-d')).toBe(false);
    time.advance(1);
    expect(cache.invalidate('t3', '/org-d')).toBe(true);
    expect(await cache.get()).toBe('t4');
    expect(source.calls()).toBe(4); // 2 in the first 30 s, then 1 per hold
  });

  it('applies the same rule to a token without a lifetime (a getToken string)', async () => {
    const time = clock();
    const source = tokenSource(async () => ({ token: 't' }));
    const cache = createTokenCache({ request: source.request, now: time.now });
    expect(await cache.get()).toBe('t');
    expect(cache.invalidate('t', '/org-a')).toBe(true);
    expect(await cache.get()).toBe('t');
    expect(cache.invalidate('t', '/org-a')).toBe(false);
    expect(cache.invalidate('t', '/org-a')).toBe(false);
    time.advance(30_000);
    expect(await cache.get()).toBe('t');
    expect(cache.invalidate('t', '/org-a')).toBe(true);
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

  it('backs off refusals 1 s, 2 s, 4 s … at most 60 s: callers meanwhile get a new AuthError with the same fields, without a request', async () => {
    const time = clock();
    const refusals: AuthError[] = [];
    const source = tokenSource(async () => {
      const refusal = new AuthError('failed: 401 Unauthorized', {
        method: 'POST',
        url: 'https://idp.example.test/token',
        status: 401,
        statusText: 'Unauthorized',
        error: 'invalid_client',
      });
      refusals.push(refusal);
      throw refusal;
    });
    const cache = createTokenCache({ request: source.request, now: time.now });
    await expect(cache.get()).rejects.toBe(refusals[0]);
    const copy = (await cache.get().catch((e: unknown) => e)) as AuthError;
    expect(copy).not.toBe(refusals[0]);
    expect(copy).toBeInstanceOf(AuthError);
    expect({ ...copy, message: copy.message, name: copy.name }).toEqual({
      ...refusals[0],
      message: refusals[0]!.message,
      name: 'AuthError',
    });
    for (const [i, delay] of [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000].entries()) {
      time.advance(delay - 1);
      await expect(cache.get()).rejects.toBeInstanceOf(AuthError);
      expect(source.calls()).toBe(i + 1);
      time.advance(1);
      await expect(cache.get()).rejects.toBe(refusals[i + 1]);
    }
  });

  it('backs off 1 s, 2 s, 4 s … at most 8 s after network failures and 5xx, so a token follows within 8 s of the recovery', async () => {
    const time = clock();
    let healthy = false;
    const errors: unknown[] = [];
    const source = tokenSource(async (n) => {
      if (healthy) return { token: `t${n}`, expiresIn: 1 };
      const error =
        n % 2
          ? new NetworkError('failed: network error', {
              method: 'POST',
              url: 'https://idp.example.test/oauth/token',
              cause: new TypeError('fetch failed'),
            })
          : new AuthError('failed: 503', { status: 503 });
      errors.push(error);
      throw error;
    });
    const cache = createTokenCache({ request: source.request, now: time.now });
    await expect(cache.get()).rejects.toBe(errors[0]);
    for (const [i, delay] of [1000, 2000, 4000, 8000, 8000, 8000].entries()) {
      time.advance(delay - 1);
      const blocked = await cache.get().catch((e: unknown) => e);
      expect(blocked).not.toBe(errors[i]);
      expect((blocked as Error).message).toBe((errors[i] as Error).message);
      expect(source.calls()).toBe(i + 1);
      time.advance(1);
      await expect(cache.get()).rejects.toBe(errors[i + 1]);
      expect(source.calls()).toBe(i + 2);
    }
    // The identity provider is back: the next token comes at the end of the current wait, at most 8 s on.
    healthy = true;
    time.advance(7_999);
    await expect(cache.get()).rejects.toBeInstanceOf(Error);
    time.advance(1);
    await expect(cache.get()).resolves.toBe('t8');
    // Success resets the back-off: the next failure blocks for 1 s again, not 8 s.
    healthy = false;
    time.advance(1_000);
    await expect(cache.get()).rejects.toBe(errors[7]);
    time.advance(999);
    await expect(cache.get()).rejects.toBeInstanceOf(Error);
    expect(source.calls()).toBe(9);
    time.advance(1);
    await expect(cache.get()).rejects.toBe(errors[8]);
    expect(source.calls()).toBe(10);
  });

  it.each([
    ['a TypeError from the app backend fetch', () => new TypeError('fetch failed')],
    ['an error with a 500 status', () => Object.assign(new Error('token backend failed'), { status: 500 })],
    ['an invalid token response', () => new AuthError('returned an invalid token response', { status: 200 })],
  ])('backs off 1 s after a failure that is not a refusal: %s', async (_, makeError) => {
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

  it('backs off a refusal with a 4xx status from an app backend at most maxRefusalBackoffMs (a signed-out user signs in again)', async () => {
    const time = clock();
    const source = tokenSource(async () => {
      throw Object.assign(new Error('not signed in'), { status: 401 });
    });
    const cache = createTokenCache({ request: source.request, now: time.now, maxRefusalBackoffMs: 2_000 });
    for (const delay of [1000, 2000, 2000, 2000]) {
      await expect(cache.get()).rejects.toThrow('not signed in');
      time.advance(delay - 1);
      await expect(cache.get()).rejects.toThrow('not signed in');
      time.advance(1);
    }
    expect(source.calls()).toBe(4);
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
