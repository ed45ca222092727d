// The component and hook suites against React 18.3: the same tests as the `unit` project, with every
// React-facing package resolved to the React 18 copies installed here (`npm ci --prefix compat/react18`). A project of
// the root vite.config.ts once installed; `dir` and absolute setup files, as a project's root is this folder.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS } from '../../test/helpers/waits.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

// Installed here, so their own imports of react resolve to React 18 too.
const compatPackages = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  '@tanstack/react-table',
  '@testing-library/react',
  '@testing-library/dom',
  '@testing-library/user-event',
  'react-router',
];
const escape = (name: string) => name.replace(/[/.]/g, '\\$&');

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: compatPackages.map((name) => ({
      find: new RegExp(`^${escape(name)}(/.*)?$`),
      replacement: `${here}node_modules/${name}$1`,
    })),
  },
  test: {
    name: 'react18',
    dir: root,
    environment: 'jsdom',
    include: ['test/{pagination,hooks,table}/**/*.test.{ts,tsx}'],
    exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.ts'],
    setupFiles: [`${here}setup.ts`, `${root}test/setup.ts`],
    // A project from a file inherits none of the root's test options: its bounds on a hang, the same as the others'.
    testTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: WAIT_TIMEOUT_MS } },
  },
});
