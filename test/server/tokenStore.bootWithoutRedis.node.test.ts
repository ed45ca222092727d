import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type StartedRedis } from '../helpers/startRedis';
import { startRecipeFleet, waitUntilReady, type RecipeFleet } from './fixtures/readmeRecipeFleet';

// A fleet rebooting during a Redis outage: the documented snippets, as written, started while redis-server is down.

let redis: StartedRedis;
let fleet: RecipeFleet;

beforeAll(async () => {
  redis = await startRedis({ started: false });
  fleet = await startRecipeFleet(redis.url, ['node-redis', 'ioredis', 'node-redis', 'ioredis']);
}, 60_000);
afterAll(async () => {
  await fleet?.stop();
  await redis?.stop();
});

describe('The documented Redis recipe started while redis-server is down', () => {
  it('serves every call at once with a token per process, and shares one token once Redis is up', async () => {
    for (let round = 0; round < 3; round++) {
      const reports = await fleet.calls(10);
      expect(reports.flatMap((r) => r.failures)).toEqual([]);
    }
    expect(fleet.exits).toEqual([]);
    expect(fleet.tokenRequests()).toBe(4);

    await redis.start();
    await waitUntilReady(fleet);
    // Each process left the store alone after its last failure for at most 10 s (its store back-off).
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    for (const token of fleet.issued) fleet.revoked.add(token);
    const before = fleet.tokenRequests();
    const reports = await fleet.calls(5);
    expect(reports.flatMap((r) => r.failures)).toEqual([]);
    expect(fleet.tokenRequests() - before).toBe(1);
    expect(fleet.exits).toEqual([]);
    expect(fleet.errorOutput()).not.toContain('Unhandled error event');
  }, 90_000);
});
