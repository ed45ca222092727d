import { afterAll, beforeAll } from 'vitest';

/**
 * Starts a resource before the calling file's first test and stops it after its last; returns the
 * resource's accessor, which throws when called outside the tests (e.g. at import time).
 */
export function startedForFile<T>(
  name: string,
  start: () => Promise<T>,
  stop: (resource: T) => Promise<void>,
): () => T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await start();
  });
  afterAll(() => (resource === undefined ? undefined : stop(resource)));
  return () => {
    if (resource === undefined) throw new Error(`${name} is only running inside tests`);
    return resource;
  };
}
