import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthError,
  HttpError,
  NetworkError,
  ResponseShapeError,
  isHttpError,
  isInvalidArgumentError,
} from '../../src/client/index';
import { retryPolicy, sharesQueryOptions, useShares } from '../../src/hooks/index';
import { createTestQueryClient, createWrapper, demoOrganizationIds, setupMockService, wirePages } from './support';

const { service, client } = setupMockService();
const acme = demoOrganizationIds.acme;

function httpError(status: number, retryAfterMs?: number): HttpError {
  return new HttpError(`failed: ${status}`, {
    method: 'GET',
    url: `https://api.pagewise.test/${acme}/shares?page=0&size=20`,
    status,
    statusText: '',
    body: null,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

describe('retryPolicy.retry', () => {
  it('does not retry a 4xx other than 408 and 429', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(retryPolicy.retry(0, httpError(status))).toBe(false);
    expect(retryPolicy.retry(0, httpError(408))).toBe(true);
    expect(retryPolicy.retry(0, httpError(429))).toBe(true);
  });

  it('never retries an AuthError, a ResponseShapeError or a rejected argument', () => {
    expect(retryPolicy.retry(0, new AuthError('failed: 401', { status: 401, error: 'invalid_client' }))).toBe(false);
    expect(
      retryPolicy.retry(
        0,
        new ResponseShapeError('returned an unknown shape', {
          method: 'GET',
          url: 'https://api.pagewise.test/x',
          keys: ['weird'],
        }),
      ),
    ).toBe(false);
    expect(retryPolicy.retry(0, new TypeError('pagewise: `organizationId` must be a UUID'))).toBe(false);
  });

  it('never retries an argument error the client rejected with, nor a TypeError of a programming mistake', async () => {
    const rejected = await client
      .listShares({ organizationId: 'not-a-uuid', page: 1, size: 20 })
      .catch((error: unknown) => error);
    expect(isInvalidArgumentError(rejected)).toBe(true);
    expect(retryPolicy.retry(0, rejected)).toBe(false);
    expect(retryPolicy.retry(0, new TypeError('undefined is not a function'))).toBe(false);
  });

  it('retries server errors and network errors, at most 3 tries in all', () => {
    for (const error of [
      httpError(500),
      httpError(503),
      new NetworkError('failed: network error', { method: 'GET', url: 'https://api.pagewise.test/x', cause: null }),
    ]) {
      expect([0, 1, 2].map((failures) => retryPolicy.retry(failures, error))).toEqual([true, true, false]);
    }
  });
});

describe('retryPolicy.retryDelay', () => {
  it('honours Retry-After on 429 and 503, capped at 30 s', () => {
    expect(retryPolicy.retryDelay(0, httpError(429, 5_000))).toBe(5_000);
    expect(retryPolicy.retryDelay(1, httpError(503, 2_000))).toBe(2_000);
    expect(retryPolicy.retryDelay(0, httpError(429, 3_600_000))).toBe(30_000);
  });

  it('backs off as without Retry-After when its milliseconds are NaN, instead of retrying at once', () => {
    expect(retryPolicy.retryDelay(1, httpError(429, Number.NaN))).toBe(2_000);
    expect(retryPolicy.retryDelay(0, httpError(503, Number.NaN))).toBe(1_000);
  });

  it('backs off exponentially otherwise, capped at 30 s', () => {
    expect([0, 1, 2, 3, 10].map((failures) => retryPolicy.retryDelay(failures, httpError(500)))).toEqual([
      1_000, 2_000, 4_000, 8_000, 30_000,
    ]);
    expect(retryPolicy.retryDelay(0, httpError(429))).toBe(1_000);
  });
});

describe('retries of the data hooks (fake timers)', () => {
  // Only timers are faked: the mock's responses still stream through real I/O callbacks.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Lets pending requests and React updates run until `done` holds, moving the fake clock by at most a
   * few milliseconds (the request stack schedules 1 ms timers), far less than any retry delay.
   */
  const settle = async (done: () => boolean) => {
    for (let turn = 0; turn < 20 && !done(); turn++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
      if (!done()) await act(() => vi.advanceTimersByTimeAsync(1));
    }
  };
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('waits the Retry-After of a 429 before trying again', async () => {
    service.fail({ status: 429, retryAfter: 5 });
    const { result } = renderHook(() => useShares({ organizationId: acme, prefetchNext: false }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await settle(() => result.current.failureCount === 1);
    expect(wirePages(service)).toEqual([0]);
    expect(result.current.failureCount).toBe(1);
    await advance(4_950);
    expect(wirePages(service)).toEqual([0]);
    await advance(50);
    await settle(() => result.current.isSuccess);
    expect(wirePages(service)).toEqual([0, 0]);
    expect(result.current.isSuccess).toBe(true);
  });

  it('gives up on a 500 after 3 tries, with 1 s and 2 s between them', async () => {
    service.fail({ status: 500, times: 5 });
    const { result } = renderHook(() => useShares({ organizationId: acme, prefetchNext: false }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await settle(() => result.current.failureCount === 1);
    expect(wirePages(service)).toHaveLength(1);
    await advance(950);
    expect(wirePages(service)).toHaveLength(1);
    await advance(50);
    await settle(() => result.current.failureCount === 2);
    expect(wirePages(service)).toHaveLength(2);
    await advance(1_950);
    expect(wirePages(service)).toHaveLength(2);
    await advance(50);
    await settle(() => result.current.isError);
    expect(wirePages(service)).toHaveLength(3);
    expect(result.current.isError).toBe(true);
    expect(isHttpError(result.current.error) && result.current.error.status).toBe(500);
    await advance(60_000);
    expect(wirePages(service)).toHaveLength(3);
  });

  it('fails at once on a 403', async () => {
    service.fail({ status: 403 });
    const { result } = renderHook(() => useShares({ organizationId: acme, prefetchNext: false }), {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await settle(() => result.current.isError);
    expect(result.current.isError).toBe(true);
    await advance(60_000);
    expect(wirePages(service)).toHaveLength(1);
  });

  it('applies the same policy to sharesQueryOptions with queryClient.query', async () => {
    service.fail({ status: 503, times: 1, retryAfter: 2 });
    const queryClient = createTestQueryClient();
    const fetched = queryClient.query(sharesQueryOptions({ client, organizationId: acme }));
    await settle(() => service.requests[0]?.status === 503);
    await vi.advanceTimersByTimeAsync(1_950);
    expect(wirePages(service)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    await expect(fetched).resolves.toMatchObject({ page: 1, total: 437 });
    expect(wirePages(service)).toHaveLength(2);
  });
});
