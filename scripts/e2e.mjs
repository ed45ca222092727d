// End to end: the example app (examples/shares-app) on the PACKED package, in headless Chromium.
// Needs `npm run build` first (npm test runs it). Steps: pack → unpack into the example's node_modules
// (what `npm install <tarball>` does for the package; its dependencies resolve from the repo's
// node_modules, so nothing is downloaded) → type-check the app against the shipped .d.ts → build it
// with Vite → run test/e2e against it over real HTTP on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { installTarball, packLibrary, root } from './pack.mjs';

const app = join(root, 'examples', 'shares-app');

function run(name, cmd, args) {
  console.log(`• ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

const packed = packLibrary();
const installed = installTarball(packed.tarball, app);
console.log(`• installed ${relative(root, packed.tarball)} as ${relative(root, installed)}`);

// The app must get the package from the tarball, not the repo's own package (self-reference) or src/.
const resolved = createRequire(join(app, 'package.json')).resolve('pagewise');
if (!resolved.startsWith(join(installed, 'dist'))) {
  console.error(`✖ examples/shares-app resolves pagewise to ${resolved}, not the unpacked tarball`);
  process.exit(1);
}

run('type-check the example against the package’s .d.ts', 'npx', ['tsc', '-p', join(app, 'tsconfig.json')]);
run('build the example with Vite', 'npx', ['vite', 'build', '--config', join(app, 'vite.config.ts')]);
run('drive it in Chromium', process.execPath, ['--test', '--test-reporter=spec', 'test/e2e/shares-app.e2e.test.mjs']);
// The same app over a service that answers Spring Slices (no total): paged to the end and back on `hasNext`.
run('drive it over a Slice service', process.execPath, ['--test', '--test-reporter=spec', 'test/e2e/shares-app-slice.e2e.test.mjs']);
// What the README claims for identity providers (oidc-provider with discovery, form bodies, Basic auth, resource
// indicators), token storms and shared token stores (Redis), checked on the package as installed.
run('identity providers, token storms and token stores on the packed package', 'npx', ['vitest', 'run', '--config', 'test/e2e/packed.vitest.config.ts']);
