// Packs the built package the way `npm publish` would and unpacks it where a consumer's
// node_modules would hold it, so checks and the example app use what users install, not src/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const artifacts = join(root, '.artifacts');

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result.stdout;
}

/**
 * Runs `npm pack` on the already built package.
 * @returns {{ tarball: string, files: string[], size: number, unpackedSize: number }}
 */
export function packLibrary() {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const destination = join(artifacts, 'pack');
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  return {
    tarball: join(destination, info.filename),
    files: info.files.map((f) => f.path),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
}

/**
 * Unpacks a tarball as `<consumerDir>/node_modules/pagewise`, like `npm install <tarball>` does
 * for the package itself. Its dependencies then resolve by walking up to the repo's node_modules.
 * @returns {string} the package directory
 */
export function installTarball(tarball, consumerDir) {
  const target = join(consumerDir, 'node_modules', 'pagewise');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  return target;
}
