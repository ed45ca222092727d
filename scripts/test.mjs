// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { findChromium, missingChromiumMessage } from './chromium.mjs';

if (!findChromium()) {
  console.error(missingChromiumMessage);
  process.exit(1);
}

const steps = [
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['unit, node, browser and story tests', 'npx', ['vitest', 'run']],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
