/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';
import { TEST_TIMEOUT_MS, WAIT_TIMEOUT_MS } from './test/helpers/waits.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The suites that start a real redis-server (the shared token store). */
const NEEDS_REDIS = 'test/server/tokenStore*.node.test.ts';
/** The suite that emulates a touch screen (Chromium over CDP), for the whole tab it runs in. */
const EMULATES_TOUCH = 'test/a11y/responsive.browser.test.tsx';
const chromium = findChromium();

// Browser projects fail on a cold Vite cache unless these are pre-bundled up front.
const optimizeDeps = {
  include: [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    '@tanstack/react-query',
    '@tanstack/query-core',
    '@tanstack/react-table',
    '@tanstack/react-virtual',
    'msw',
    'msw/browser',
    'axe-core',
    '@testing-library/react',
    '@testing-library/user-event',
    // test/setup.storybook.ts sets its wait limit: found only at the first story file, it would reload that file's tab.
    '@testing-library/dom',
    // test/a11y composes the stories with the Storybook preview.
    '@storybook/react-vite',
    'msw-storybook-addon',
    'storybook/test',
  ],
};

// A fresh object per project: Vitest names each project's instances in place, and a shared one clashes. One tab per
// project, its files one after another: a project's files share what its globalSetup starts (the cursor proxy's
// request log), and the browser projects already run side by side, each in its own tab.
const browser = () => ({
  enabled: true,
  headless: true,
  fileParallelism: false,
  provider: playwright({
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

const external = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  '@tanstack/react-query',
  '@tanstack/react-table',
  '@tanstack/react-virtual',
  'msw',
  '@opentelemetry/api',
  // pagewise/server's OAuth engine: a dependency the app installs, imported by the server entry only when first needed.
  'oauth4webapi',
  /^node:/,
];

export default defineConfig({
  plugins: [react()],
  // MSW's worker lives in public/ for Storybook; keep it out of the library's dist.
  publicDir: false,
  optimizeDeps,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: `${root}src/index.ts`,
        client: `${root}src/client/index.ts`,
        server: `${root}src/server/index.ts`,
        table: `${root}src/table/index.ts`,
        testing: `${root}src/testing/index.ts`,
        'testing-node': `${root}src/testing/node.ts`,
        opentelemetry: `${root}src/opentelemetry/index.ts`,
        virtual: `${root}src/virtual/index.ts`,
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      // One file per module, so each keeps its own 'use client' directive: React Server Components get
      // client references for the components and hooks, while pagewise/client, the query options and
      // the page maths stay callable on the server.
      output: { preserveModules: true, preserveModulesRoot: `${root}src`, entryFileNames: '[name].js' },
    },
  },
  test: {
    // Bounds on a hang, not speed checks (test/helpers/waits.mjs): `expect.poll` waits for what a test states, as
    // `waitFor` does with `asyncUtilTimeout` in the setup files, not for its 1 s default.
    testTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: WAIT_TIMEOUT_MS } },
    // At least two files at once in the Node and jsdom pools, where Vitest's default on two cores is one: a file's own
    // set-up (a fresh worker, jsdom, React and MSW imported again) costs more than most files' tests, and much of the
    // rest waits on servers and timers. The browser projects keep a tab each (`browser.fileParallelism` above). One file
    // at a time is `--no-file-parallelism`: a `--maxWorkers` given on the command line does not reach the projects,
    // which take this value with `extends`.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.ts'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.node.test.ts'],
          exclude: [NEEDS_REDIS],
        },
      },
      {
        extends: true,
        // Apart, so the inner loop (`npm run check`) runs without a redis-server.
        test: {
          name: 'redis',
          environment: 'node',
          include: [NEEDS_REDIS],
        },
      },
      {
        extends: true,
        // MSW's worker, for the stories test/a11y runs with their mock service.
        publicDir: 'public',
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          exclude: [EMULATES_TOUCH],
          setupFiles: ['test/setup.browser.ts'],
          // A cursor service behind a proxy over real HTTP, for test/integration/cursorPagingProxy.browser.test.tsx.
          globalSetup: ['test/helpers/cursorProxyForBrowser.ts'],
          browser: browser(),
        },
      },
      {
        extends: true,
        publicDir: 'public',
        // A tab of its own: the touch emulation it switches on over CDP outlives its own tests in a shared tab (mouse
        // hover stops applying), which other files' hover and contrast checks would meet.
        test: {
          name: 'browser-touch',
          include: [EMULATES_TOUCH],
          setupFiles: ['test/setup.browser.ts'],
          browser: browser(),
        },
      },
      // The component and hook suites again on React 18.3, where its copies are installed (`npm test` installs them).
      ...(existsSync(`${root}compat/react18/node_modules/react`) ? [`${root}compat/react18/vitest.config.ts`] : []),
      {
        extends: true,
        plugins: [storybookTest({ configDir: `${root}.storybook` })],
        publicDir: 'public',
        test: {
          name: 'storybook',
          setupFiles: ['test/setup.storybook.ts'],
          browser: browser(),
        },
      },
    ],
  },
});
