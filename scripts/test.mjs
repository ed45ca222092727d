// `npm test`: every check the project has, in order, stopping at the first failure, on Node 24 (the current LTS), with
// the Node-side suites again on Node 22 (the oldest maintained line the package supports): on an older machine node,
// the whole run starts again under a Node 24 fetched from the npm registry (scripts/nodeRelease.mjs), first on PATH so
// that npm and the example apps' builds run on it too. `npm run check` is the inner loop: the same first steps and the
// unit and node suites, with no browser, Redis, build or pack, on whatever node runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { findChromium, missingChromiumMessage } from './chromium.mjs';
import { nodeOfMajor, versionOf } from './nodeRelease.mjs';
import { findRedisServer, missingRedisMessage } from './redisServer.mjs';
import { stepRunner, tool } from './run.mjs';

const quick = process.argv.includes('--quick');
/** The Node the full run is on, and the one its Node-side suites run on again. */
const CURRENT = 24;
const OLDEST = 22;

if (!quick && Number(process.versions.node.split('.')[0]) < CURRENT) {
  const node = nodeOfMajor(CURRENT);
  console.log(`▶ Node ${process.version} is older than ${CURRENT}: the run starts again on Node ${versionOf(node)}`);
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
  const rerun = spawnSync(node, process.argv.slice(1), { stdio: 'inherit', env });
  process.exit(rerun.status ?? 1);
}

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

/** Installs compat/msw3's MSW 3 when its node_modules is missing or older than its lockfile (as installReact18). */
function installMsw3() {
  const dir = 'compat/msw3';
  const installed = `${dir}/node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(`${dir}/package-lock.json`).mtimeMs) return;
  const args = ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'];
  if (spawnSync('npm', args, { stdio: 'inherit' }).status !== 0) {
    console.error(`✖ npm ${args.join(' ')} failed`);
    process.exit(1);
  }
}

/** Node 22 for the second run of the Node-side suites: asked for only in the full run. */
let oldest;
const vitestOn = (major) => {
  oldest ??= nodeOfMajor(major);
  return [oldest, tool('vitest')[1]];
};

/**
 * A step `alongside` starts and lets the next step begin at once: it runs beside it (the lint, one process's work,
 * beside the type-check, another's; neither times anything), and is waited for once that next step is done. The Node
 * 22 suites stay on their own: beside the docs site's checks on a loaded machine, suites that race a late request
 * against the next test failed.
 * @type {{ name: string, command: string[] | (() => string[]), before?: () => void, uses?: (keyof typeof needs)[], quick?: boolean, full?: boolean, alongside?: boolean }[]}
 */
const steps = [
  { name: 'lint: ESLint and Prettier', command: ['node', 'scripts/lint.mjs'], quick: true, alongside: true },
  {
    name: "type-check: the project and its type tests, the docs' examples, the code blocks of README, the reference pages and the guides",
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
    name: `node suites again on Node ${OLDEST}`,
    command: () => [...vitestOn(OLDEST), 'run', '--project', 'node'],
  },
  {
    name: 'component and hook suites (unit, browser) with the library compiled by React Compiler (compat/compiler)',
    command: [...tool('vitest'), 'run', '--config', 'compat/compiler/vitest.config.ts'],
    uses: ['chromium'],
  },
  {
    name: 'testing suites on MSW 3 (compat/msw3)',
    command: [...tool('vitest'), 'run', '--config', 'compat/msw3/vitest.config.ts'],
    before: installMsw3,
  },
  {
    name: 'docs site: static Storybook builds from a sub-path, every docs page and story in Chromium (plays, console, axe), production and development',
    command: ['node', 'scripts/docs-check.mjs'],
    uses: ['chromium'],
  },
  {
    name: 'example apps and the step-by-step guide end to end in Chromium, from the packed tarball: Vite SPA, the guide as copied, Next.js, React Router, TanStack Start',
    command: ['node', 'scripts/e2e.mjs'],
    uses: ['chromium', 'redis'],
  },
];

const started = Date.now();
const runner = stepRunner('\n▶');
let beside;
for (const { name, command, before, uses = [], quick: inQuick = false, full = true, alongside = false } of steps) {
  if (quick ? !inQuick : !full) continue;
  for (const need of uses) {
    const found = needs[need]();
    if (found.startsWith('/')) continue;
    console.error(found);
    process.exit(1);
  }
  before?.();
  const argv = typeof command === 'function' ? command() : command;
  const options = { env: { ...process.env, CI: process.env.CI ?? 'true' } };
  if (alongside) {
    beside = runner.start(name, argv, options);
    continue;
  }
  runner.run(name, argv, options);
  if (beside) await runner.finish(beside);
  beside = undefined;
}
if (beside) await runner.finish(beside);
console.log(`\n${runner.summary()}`);
const nodes = quick
  ? `Node ${process.version}`
  : `Node ${process.version}, the node suites also on ${versionOf(oldest)}`;
console.log(
  `\n✔ all ${quick ? 'quick ' : ''}checks passed in ${Math.round((Date.now() - started) / 1000)} s on ${nodes}`,
);
