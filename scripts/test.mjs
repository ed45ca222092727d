// `npm test`: every check the project has, in order, stopping at the first failure. `npm run check` is the inner
// loop: the same first steps and the unit and node suites, with no browser, Redis, build or pack.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { findChromium, missingChromiumMessage } from './chromium.mjs';
import { findRedisServer, missingRedisMessage } from './redisServer.mjs';
import { stepRunner, tool } from './run.mjs';

const quick = process.argv.includes('--quick');

/** Asked for just before the first step that needs them, so a lint or type error is reported without them. */
const needs = {
  chromium: () => findChromium() || missingChromiumMessage,
  redis: () => findRedisServer() || missingRedisMessage,
};

/**
 * Installs compat/react18's own React 18.3 copies when its node_modules is missing or older than its lockfile; the Vitest
 * run then includes the `react18` project (vite.config.ts).
 */
function installReact18() {
  const dir = 'compat/react18';
  const installed = `${dir}/node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${dir}/package-lock.json`).mtimeMs) return;
  const args = ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'];
  if (spawnSync('npm', args, { stdio: 'inherit' }).status !== 0) {
    console.error(`✖ npm ${args.join(' ')} failed`);
    process.exit(1);
  }
}

/** @type {{ name: string, command: string[], before?: () => void, uses?: (keyof typeof needs)[], quick?: boolean, full?: boolean }[]} */
const steps = [
  { name: 'lint: ESLint and Prettier', command: ['node', 'scripts/lint.mjs'], quick: true },
  {
    name: "type-check: the project and its type tests, the docs' examples, the code blocks of README and the reference pages",
    command: ['node', 'scripts/typecheck.mjs'],
    quick: true,
  },
  {
    name: 'unit and node suites (no browser, no Redis)',
    command: [...tool('vitest'), 'run', '--project', 'unit', '--project', 'node'],
    quick: true,
    full: false,
  },
  {
    name: 'build and package: build, exactOptionalPropertyTypes on the declarations, pack, publint, attw, an app’s TypeScript, size budget',
    command: ['node', 'scripts/check-package.mjs', '--build'],
  },
  {
    name: 'unit, node, Redis, browser and story tests, and the component and hook suites on React 18.3',
    command: [...tool('vitest'), 'run'],
    before: installReact18,
    uses: ['chromium', 'redis'],
  },
  {
    name: 'docs site: static Storybook builds from a sub-path, every docs page and story in Chromium (plays, console, axe), production and development',
    command: ['node', 'scripts/docs-check.mjs'],
    uses: ['chromium'],
  },
  {
    name: 'example apps end to end in Chromium, from the packed tarball: Vite SPA, Next.js, React Router, TanStack Start',
    command: ['node', 'scripts/e2e.mjs'],
    uses: ['chromium', 'redis'],
  },
];

const started = Date.now();
const runner = stepRunner('\n▶');
for (const { name, command, before, uses = [], quick: inQuick = false, full = true } of steps) {
  if (quick ? !inQuick : !full) continue;
  for (const need of uses) {
    const found = needs[need]();
    if (found.startsWith('/')) continue;
    console.error(found);
    process.exit(1);
  }
  before?.();
  runner.run(name, command, { env: { ...process.env, CI: process.env.CI ?? 'true' } });
}
console.log(`\n${runner.summary()}`);
console.log(`\n✔ all ${quick ? 'quick ' : ''}checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
