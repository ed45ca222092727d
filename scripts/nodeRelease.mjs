// Node releases for the checks: the machine's own node when it is of the major asked for, else that major's binary
// from the npm registry's `node` package, installed once into .tools/node<major> (gitignored) and reused. Plain Node
// built-ins only, so .ci/run can call it before `npm ci`: `node scripts/nodeRelease.mjs 24` prints the binary's path.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The major version of the node at `binary`, or undefined when it does not run. */
function majorOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? Number(/^v(\d+)\./.exec(result.stdout)?.[1]) : undefined;
}

/** The version string (`v24.21.0`) of the node at `binary`. */
export function versionOf(binary) {
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/**
 * A node binary of `major`: this one if it is that major (or, with `orNewer`, a later one), else the cached or freshly
 * installed one. Exits with a message when it cannot be had.
 */
export function nodeOfMajor(major, { orNewer = false } = {}) {
  const own = Number(process.versions.node.split('.')[0]);
  if (own === major || (orNewer && own > major)) return process.execPath;
  const prefix = join(root, '.tools', `node${major}`);
  const binary = join(prefix, 'node_modules', '.bin', 'node');
  if (existsSync(binary) && majorOf(binary) === major) return binary;
  // The `node` package installs the platform's binary from its own postinstall (a second install, of
  // node-<platform>-<arch>), whose link step now and then fails on a busy registry: tried twice from a clean folder.
  for (let attempt = 1; attempt <= 2; attempt++) {
    rmSync(prefix, { recursive: true, force: true });
    console.error(`▶ installing Node ${major} from the npm registry into .tools/node${major} (once; reused after)`);
    const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
    // Its output to stderr: stdout is the binary's path, for .ci/run.
    const installed = spawnSync('npm', [...args, `node@${major}`], { stdio: ['ignore', 2, 2], cwd: root });
    if (installed.status === 0 && existsSync(binary) && majorOf(binary) === major) return binary;
  }
  console.error(`✖ could not install Node ${major} (npm install node@${major}); install it and put it first on PATH`);
  process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const major = Number(process.argv[2]);
  if (!Number.isInteger(major)) {
    console.error('usage: node scripts/nodeRelease.mjs <major>');
    process.exit(2);
  }
  console.log(nodeOfMajor(major, { orNewer: process.argv.includes('--or-newer') }));
}
