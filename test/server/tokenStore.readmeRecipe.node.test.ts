import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type StartedRedis } from '../helpers/startRedis';
import { startRecipeFleet, waitUntilReady, type RecipeFleet } from './fixtures/readmeRecipeFleet';

// The documented Redis snippets (the client reference page), as written, each run in two processes sharing a real
// redis-server that is killed and restarted under them.

let redis: StartedRedis;
let fleet: RecipeFleet;

beforeAll(async () => {
  redis = await startRedis();
  fleet = await startRecipeFleet(redis.url, ['node-redis', 'ioredis', 'node-redis', 'ioredis']);
  await waitUntilReady(fleet);
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  await redis?.stop();
});

describe('The documented Redis recipe (node-redis and ioredis, as written) while redis-server is killed and restarted', () => {
  it('shares one token between the 4 processes', async () => {
    const reports = await fleet.calls(10);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    expect(fleet.tokenRequests()).toBe(1);
  });

  it('keeps every process up and every call answered while Redis is down, and shares again once it is back', async () => {
    await redis.stop();
    // Every process needs a new token while the store is gone.
    for (const token of fleet.issued) fleet.revoked.add(token);
    for (let round = 0; round < 5; round++) {
      const reports = await fleet.calls(10);
      expect(reports.flatMap((r) => r.failures)).toEqual([]);
    }
    expect(fleet.exits).toEqual([]);

    await redis.start();
    await waitUntilReady(fleet);
    // Each process left the store alone after its last failure for at most 10 s (its store back-off); waited out once,
    // not polled: a revocation on every poll would pile up 401 holds and hide what is being checked.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    for (const token of fleet.issued) fleet.revoked.add(token);
    const before = fleet.tokenRequests();
    const reports = await fleet.calls(5);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    // One renewal serves the whole fleet again.
    expect(fleet.tokenRequests() - before).toBe(1);
    expect(fleet.exits).toEqual([]);
    // ioredis writes every reconnection error to stderr unless someone listens.
    expect(fleet.errorOutput()).not.toContain('Unhandled error event');
  }, 90_000);
});
