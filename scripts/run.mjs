// Running the repository's tools from its scripts: a tool by its own bin under this node (`npx` would start npm and a
// shell first, each time), and steps run in order, timed, stopping at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * Runs steps in order, each announced with `mark`; `summary()` lists their times. A step started with `start` runs
 * alongside the steps that follow until `finish` waits for it: its output goes to a file, printed whole when it is
 * finished, so that it does not interleave with theirs.
 */
export function stepRunner(mark) {
  const timings = [];
  const running = new Set();
  // A run that stops at a failure leaves nothing behind.
  process.on('exit', () => running.forEach((child) => child.kill()));
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
    /** Starts `command` in the background; `finish(handle)` waits for it and reports it as `run` does. */
    start(name, [cmd, ...args], options = {}) {
      console.log(`${mark} ${name} (started; runs alongside the next steps, its output once it is finished)`);
      const dir = mkdtempSync(join(tmpdir(), 'pagewise-step-'));
      const log = join(dir, 'output.log');
      const fd = openSync(log, 'w');
      const started = Date.now();
      const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], ...options });
      closeSync(fd);
      running.add(child);
      const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
      const ended = exited.then((status) => ({ status, seconds: Math.round((Date.now() - started) / 1000) }));
      return { name, log, dir, child, ended };
    },
    async finish({ name, log, dir, child, ended }) {
      const { status, seconds } = await ended;
      running.delete(child);
      console.log(`${mark} ${name} (finished)`);
      process.stdout.write(readFileSync(log));
      rmSync(dir, { recursive: true, force: true });
      timings.push(`${String(seconds).padStart(5)} s  ${name} (alongside the steps after it)`);
      if (status !== 0) {
        console.error(`\n✖ ${name} failed`);
        process.exit(status || 1);
      }
    },
    summary: () => timings.join('\n'),
  };
}
