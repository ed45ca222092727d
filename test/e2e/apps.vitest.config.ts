// The example apps driven end to end in headless Chromium, on the PACKED package. scripts/e2e.mjs runs it once per
// app, after it has unpacked the tarball into the app and built it, naming the app's test files on the command line.
// No browser provider: the tests launch Chromium themselves through playwright-core, beside the app servers they start.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  test: {
    name: 'apps',
    environment: 'node',
    include: ['test/e2e/*.e2e.test.mjs'],
    // One app, one browser and one mock service at a time: the tests of a file walk one session, in order.
    fileParallelism: false,
    // Limits that only stop a hang, never a measure: the hooks start an app server, a mock service and Chromium, and
    // one test pages through a whole app, on machines that may be busy.
    hookTimeout: 180_000,
    testTimeout: 180_000,
    reporters: ['verbose'],
  },
});
