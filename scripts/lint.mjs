// Lint: ESLint (correctness, React hooks) and Prettier (formatting, checked, never written here: run
// `npx prettier --write .` to apply it). Both over the whole repository, one process each.
import { spawnSync } from 'node:child_process';
import { tool } from './run.mjs';

let failed = false;
for (const [cmd, ...args] of [
  [...tool('eslint'), '--max-warnings', '0', '.'],
  [...tool('prettier'), '--check', '--log-level', 'warn', '.'],
]) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
if (failed) process.exit(1);
console.log('✔ ESLint and Prettier: clean');
