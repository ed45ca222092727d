// Running the repository's tools from its scripts: a tool by its own bin under this node (`npx` would start npm and a
// shell first, each time), and steps run in order, timed, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The command and first arguments that run package `name`'s bin (`bin`, or its first one) under this node. */
export function tool(name, bin) {
  const manifest = require.resolve(`${name}/package.json`);
  const bins = JSON.parse(readFileSync(manifest, 'utf8')).bin;
  const script = typeof bins === 'string' ? bins : bins[bin ?? Object.keys(bins)[0]];
  return [process.execPath, join(dirname(manifest), script)];
}

/** Runs steps in order, each announced with `mark`; `summary()` lists their times. */
export function stepRunner(mark) {
  const timings = [];
  return {
    /** Runs `command` (a `tool()` or `[cmd, ...args]`); on failure it reports the step and exits with its status. */
    run(name, [cmd, ...args], options = {}) {
      console.log(`${mark} ${name}`);
      const started = Date.now();
      const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
      timings.push(`${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  ${name}`);
      if (result.status !== 0) {
        console.error(`\n✖ ${name} failed`);
        process.exit(result.status ?? 1);
      }
    },
    summary: () => timings.join('\n'),
  };
}
