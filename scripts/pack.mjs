// Packs the built package the way `npm publish` would and unpacks it where a consumer's
// node_modules would hold it, so checks and the example app use what users install, not src/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 * Runs `npm pack` on the already built package, once per build: a tarball packed after the last build is reused
 * (the package checks and the example apps then test the very same file).
 * @returns {{ tarball: string, files: string[], size: number, unpackedSize: number }}
 */
export function packLibrary() {
  const built = join(root, 'dist', 'index.js');
  if (!existsSync(built)) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const destination = join(artifacts, 'pack');
  const record = join(destination, 'pack.json');
  if (existsSync(record) && statSync(record).mtimeMs > statSync(built).mtimeMs) {
    const packed = JSON.parse(readFileSync(record, 'utf8'));
    if (existsSync(packed.tarball)) return packed;
  }
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  const packed = {
    tarball: join(destination, info.filename),
    files: info.files.map((f) => f.path),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
  writeFileSync(record, JSON.stringify(packed));
  return packed;
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
