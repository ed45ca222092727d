// `npm test`: every check the project has, in order, stopping at the first failure. `npm run check` is the inner
// loop: the same first steps and the unit and node suites, with no browser, Redis, build or pack.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { findChromium, missingChromiumMessage } from './chromium.mjs';
import { findRedisServer, missingRedisMessage } from './redisServer.mjs';

const quick = process.argv.includes('--quick');

/** Whether `dir`'s own node_modules is missing or older than its lockfile. */
function compatStale(dir) {
  const installed = `${dir}/node_modules/.package-lock.json`;
  return !existsSync(installed) || statSync(installed).mtimeMs < statSync(`${dir}/package-lock.json`).mtimeMs;
}

/** Asked for just before the first step that needs them, so a lint or type error is reported without them. */
const needs = {
  chromium: () => findChromium() || missingChromiumMessage,
  redis: () => findRedisServer() || missingRedisMessage,
};

/** @type {{ name: string, cmd: string, args: string[], when?: () => boolean, uses?: (keyof typeof needs)[], quick?: boolean }[]} */
const steps = [
  { name: 'lint: ESLint and Prettier', cmd: 'node', args: ['scripts/lint.mjs'], quick: true },
  // Includes the type tests (test/types/*.test-d.ts, expectTypeOf): a wrong public type is a compile error.
  { name: 'type-check and type tests', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'], quick: true },
  {
    name: "type-check the docs' code examples (as an app imports pagewise)",
    cmd: 'npx',
    args: ['tsc', '-p', 'stories/docs/examples/tsconfig.json', '--noEmit'],
    quick: true,
  },
  {
    name: "type-check README's code blocks against pagewise's API",
    cmd: 'node',
    args: ['scripts/readme-check.mjs'],
    quick: true,
  },
  {
    name: 'unit and node suites (no browser, no Redis)',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'unit', '--project', 'node'],
    quick: true,
    full: false,
  },
  { name: 'build', cmd: 'node', args: ['scripts/build.mjs'] },
  {
    name: 'type-check what apps spread from pagewise under exactOptionalPropertyTypes (built declarations)',
    cmd: 'npx',
    args: ['tsc', '-p', 'test/types/exact/tsconfig.json', '--noEmit'],
  },
  { name: 'package checks: pack, publint, attw, size budget', cmd: 'node', args: ['scripts/check-package.mjs'] },
  {
    name: 'unit, node, Redis, browser and story tests',
    cmd: 'npx',
    args: ['vitest', 'run'],
    uses: ['chromium', 'redis'],
  },
  {
    name: 'docs site: static Storybook build from a sub-path, every docs page in Chromium (console, axe)',
    cmd: 'node',
    args: ['scripts/docs-check.mjs'],
    uses: ['chromium'],
  },
  {
    name: 'install React 18.3 for the compatibility run',
    cmd: 'npm',
    args: ['ci', '--prefix', 'compat/react18', '--no-audit', '--no-fund', '--loglevel=error'],
    when: () => compatStale('compat/react18'),
  },
  {
    name: 'component and hook suites on React 18.3',
    cmd: 'npx',
    args: ['vitest', 'run', '--config', 'compat/react18/vitest.config.ts'],
    uses: ['chromium'],
  },
  {
    name: 'example apps end to end in Chromium, from the packed tarball: Vite SPA, Next.js, React Router',
    cmd: 'node',
    args: ['scripts/e2e.mjs'],
    uses: ['chromium', 'redis'],
  },
];

const started = Date.now();
const timings = [];
for (const { name, cmd, args, when, uses = [], quick: inQuick = false, full = true } of steps) {
  if (quick ? !inQuick : !full) continue;
  if (when && !when()) continue;
  for (const need of uses) {
    const found = needs[need]();
    if (found.startsWith('/')) continue;
    console.error(found);
    process.exit(1);
  }
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } });
  timings.push(`${String(Math.round((Date.now() - stepStarted) / 1000)).padStart(5)} s  ${name}`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${timings.join('\n')}`);
console.log(`\n✔ all ${quick ? 'quick ' : ''}checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
