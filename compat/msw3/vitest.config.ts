// The testing suites against MSW 3: pagewise/testing (createMockService, createMockHttpServer) and what runs on it,
// with `msw` and `msw/node` resolved to the MSW 3 copy installed here (`npm ci --prefix compat/msw3`). Run by `npm
// test` under Node 24 as `vitest run --config compat/msw3/vitest.config.ts`, apart from the root's projects: MSW 3
// needs Node 22.12 or later, and intercepts nothing on older Node.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS } from '../../test/helpers/waits.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const msw = `${here}node_modules/msw`;

// The entries the library and its tests import, each to MSW 3's file (its exports map, resolved by hand).
const alias = [
  { find: /^msw$/, replacement: `${msw}/lib/core/index.js` },
  { find: /^msw\/node$/, replacement: `${msw}/lib/node/index.js` },
];
const suites = ['test/testing/**', 'test/integration/**', 'test/client/createApiClient*'];
const shared = { root, plugins: [react()], resolve: { alias } };
// The root config's bounds on a hang, which a project inherits from no config but its own.
const bounds = { testTimeout: TEST_TIMEOUT_MS, expect: { poll: { timeout: WAIT_TIMEOUT_MS } } };

export default defineConfig({
  ...shared,
  test: {
    // At least two files at once, as the root config runs its Node and jsdom pools.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ...shared,
        test: {
          ...bounds,
          name: 'msw3-unit',
          dir: root,
          environment: 'jsdom',
          include: suites.map((glob) => `${glob}.test.{ts,tsx}`),
          exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.ts'],
          setupFiles: [`${here}setup.ts`, `${root}test/setup.ts`],
        },
      },
      {
        ...shared,
        test: {
          ...bounds,
          name: 'msw3-node',
          dir: root,
          environment: 'node',
          include: suites.map((glob) => `${glob}.node.test.ts`),
          setupFiles: [`${here}setup.ts`],
        },
      },
    ],
  },
});
