// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { findChromium, missingChromiumMessage } from './chromium.mjs';
import { findRedisServer, missingRedisMessage } from './redisServer.mjs';

if (!findChromium()) {
  console.error(missingChromiumMessage);
  process.exit(1);
}
if (!findRedisServer()) {
  console.error(missingRedisMessage);
  process.exit(1);
}

/** Whether `dir`'s own node_modules is missing or older than its lockfile. */
function compatStale(dir) {
  const installed = `${dir}/node_modules/.package-lock.json`;
  return !existsSync(installed) || statSync(installed).mtimeMs < statSync(`${dir}/package-lock.json`).mtimeMs;
}

/** @type {[name: string, cmd: string, args: string[], when?: () => boolean][]} */
const steps = [
  // Includes the type tests (test/types/*.test-d.ts, expectTypeOf): a wrong public type is a compile error.
  ['type-check and type tests', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ["type-check the docs' code examples (as an app imports pagewise)", 'npx', ['tsc', '-p', 'stories/docs/examples/tsconfig.json', '--noEmit']],
  ["type-check README's code blocks against pagewise's API", 'node', ['scripts/readme-check.mjs']],
  ['build', 'node', ['scripts/build.mjs']],
  ['type-check what apps spread from pagewise under exactOptionalPropertyTypes (built declarations)', 'npx', ['tsc', '-p', 'test/types/exact/tsconfig.json', '--noEmit']],
  ['package checks: pack, publint, attw, size budget', 'node', ['scripts/check-package.mjs']],
  ['unit, node, browser and story tests', 'npx', ['vitest', 'run']],
  ['docs site: static Storybook build from a sub-path, every docs page in Chromium (console, axe)', 'node', ['scripts/docs-check.mjs']],
  [
    'install React 18.3 for the compatibility run',
    'npm',
    ['ci', '--prefix', 'compat/react18', '--no-audit', '--no-fund', '--loglevel=error'],
    () => compatStale('compat/react18'),
  ],
  ['component and hook suites on React 18.3', 'npx', ['vitest', 'run', '--config', 'compat/react18/vitest.config.ts']],
  ['example app end to end in Chromium (from the packed tarball)', 'node', ['scripts/e2e.mjs']],
];

const started = Date.now();
const timings = [];
for (const [name, cmd, args, when] of steps) {
  if (when && !when()) continue;
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
console.log(`\n✔ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
