import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  FIRST_BACKOFF_MS,
  isRefusal,
  MAX_OUTAGE_BACKOFF_MS,
  MAX_REFUSAL_BACKOFF_MS,
} from '../../src/shared/backoff';

describe('backoffMs', () => {
  it('waits the first delay after one failure, doubling with each further one', () => {
    expect([1, 2, 3, 4].map((failures) => backoffMs(failures, Infinity))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(FIRST_BACKOFF_MS).toBe(1_000);
  });

  it.each([
    ['outages', MAX_OUTAGE_BACKOFF_MS, [1_000, 2_000, 4_000, 8_000, 8_000, 8_000]],
    ['refusals', MAX_REFUSAL_BACKOFF_MS, [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]],
  ])('stops growing at the cap for %s', (_, cap, waits) => {
    expect(waits.map((__, i) => backoffMs(i + 1, cap))).toEqual(waits);
  });

  it('starts from another first delay when given one (polling a lock)', () => {
    expect([1, 2, 3, 4, 5, 6].map((polls) => backoffMs(polls, 250, 20))).toEqual([20, 40, 80, 160, 250, 250]);
  });

  it('never overflows into Infinity or NaN after very many failures', () => {
    expect(backoffMs(10_000, MAX_REFUSAL_BACKOFF_MS)).toBe(MAX_REFUSAL_BACKOFF_MS);
  });
});

describe('isRefusal', () => {
  it.each([400, 401, 403, 404, 409, 422, 499])('%i is a refusal: asking again gets the same answer', (status) => {
    expect(isRefusal(status)).toBe(true);
  });

  it.each([408, 429, 500, 502, 503, 200, 302, 399, 500.5])('%d is not a refusal', (status) => {
    expect(isRefusal(status)).toBe(false);
  });

  it.each([undefined, null, '401', Number.NaN])('%j, which is no status, is not a refusal', (status) => {
    expect(isRefusal(status)).toBe(false);
  });
});
