// End to end: the example apps on the PACKED package, in headless Chromium.
// Needs `npm run build` first (npm test runs it). Packs once, then per app: unpack into the example's node_modules
// (what `npm install <tarball>` does for the package) → type-check the app against the shipped .d.ts → build it →
// run test/e2e against it over real HTTP on 127.0.0.1, with Vitest (test/e2e/apps.vitest.config.ts).
// examples/shares-app resolves its other dependencies from the repo's node_modules, so nothing is downloaded for it.
// examples/next-app, examples/react-router-app and examples/tanstack-start-app bring their frameworks in their own
// package.json and lockfile, installed here with `npm ci` when their node_modules is missing or older than the lockfile.
// React Router 8 and TanStack Start need Node 22.22 or later: run this script with such a node (it runs every step with
// its own `process.execPath`).
// The same builds say what each app's browser pays for pagewise (scripts/appBytes.mjs), checked against its budget.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { appBudgets, formatAppBytes, measureNextApp, measureViteApp, recordAppBytes } from './appBytes.mjs';
import { createCompiler } from './compiler.mjs';
import { readGuides, writeGuide } from './guides.mjs';
import { installTarball, packLibrary, root } from './pack.mjs';
import { stepRunner, tool } from './run.mjs';

// React Router 8 asks for Node 22.22 or later and TanStack Start for 22.12: said at once, not deep inside a build.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `✖ the example apps need Node 22.22 or later (React Router 8, TanStack Start); this is ${process.version}`,
  );
  process.exit(1);
}

const app = join(root, 'examples', 'shares-app');
/** Vitest's command to run the end-to-end `files`, which launch Chromium and the app servers themselves. */
const drive = (...files) => [...tool('vitest'), 'run', '--config', 'test/e2e/apps.vitest.config.ts', ...files];
const steps = stepRunner('•');
const run = (name, command, options = {}) => steps.run(name, command, { cwd: root, ...options });

/** Whether `dir`'s own node_modules is missing or older than its lockfile. */
function installStale(dir) {
  const installed = join(dir, 'node_modules', '.package-lock.json');
  return !existsSync(installed) || statSync(installed).mtimeMs < statSync(join(dir, 'package-lock.json')).mtimeMs;
}

/** Unpacks the tarball into `dir` and checks that `dir` resolves pagewise to it, not the repo's src/ or itself. */
function installPacked(dir) {
  const installed = installTarball(packed.tarball, dir);
  console.log(`• installed ${relative(root, packed.tarball)} as ${relative(root, installed)}`);
  const resolved = createRequire(join(dir, 'package.json')).resolve('pagewise');
  if (!resolved.startsWith(join(installed, 'dist'))) {
    console.error(`✖ ${relative(root, dir)} resolves pagewise to ${resolved}, not the unpacked tarball`);
    process.exit(1);
  }
}

/** The stylesheet an app imports: the unpacked package's. */
const stylesheetOf = (dir) => join(dir, 'node_modules', 'pagewise', 'dist', 'styles.css');

/** Prints what `app` pays for pagewise and keeps whether it is within its budget, reported once every app has run. */
const overBudget = [];
function checkAppBytes(app, measured) {
  const { ok, text } = formatAppBytes(app, measured);
  console.log(text);
  console.log(`• recorded in ${recordAppBytes(root, app, measured)}`);
  if (!ok) overBudget.push(app);
}

const packed = packLibrary();
installPacked(app);

console.log('• type-check the example against the package’s .d.ts');
if (createCompiler().check(join(app, 'tsconfig.json')) > 0) {
  console.error('✖ type-check the example against the package’s .d.ts failed');
  process.exit(1);
}
// Hidden source maps (no comment in the chunks) say which bytes are pagewise's.
const builtWith = ['build', '--config', join(app, 'vite.config.ts'), '--sourcemap', 'hidden'];
run('build the example with Vite', [...tool('vite'), ...builtWith]);
checkAppBytes('shares-app', measureViteApp(join(app, 'dist', 'assets'), stylesheetOf(app)));
// Over a service that answers Spring Pages, then over one that answers Slices (no total): paged to the end and back
// on `hasNext`.
run(
  'drive it in Chromium, over Pages and over Slices',
  drive('test/e2e/shares-app.e2e.test.mjs', 'test/e2e/shares-app-slice.e2e.test.mjs'),
);
// The Node example: an organization's shares exported to a file, run as a reader runs the script.
installPacked(join(root, 'examples', 'export-shares'));
run('export shares to a file with the Node example', drive('test/e2e/export-shares.e2e.test.mjs'));
// The step-by-step guides as a reader copies them, file by file as printed, around the same packed package.
for (const guide of readGuides()) {
  const dir = writeGuide(guide);
  installPacked(dir);
  console.log(`• type-check the guide "${guide.name}" as copied (${guide.files.map((f) => f.path).join(', ')})`);
  if (createCompiler().check(join(dir, 'tsconfig.json')) > 0) {
    console.error(`✖ the guide "${guide.name}", copied file by file, does not type-check`);
    process.exit(1);
  }
  run(`build the guide "${guide.name}" with Vite`, [...tool('vite'), 'build', '--config', join(dir, 'vite.config.ts')]);
}
run('run the guides in Chromium', drive('test/e2e/guides.e2e.test.mjs'));
// What the docs claim for identity providers (oidc-provider with discovery, form bodies, Basic auth, resource
// indicators), token storms and shared token stores (Redis), checked on the package as installed.
run('identity providers, token storms, token stores and OpenTelemetry on the packed package', [
  ...tool('vitest'),
  'run',
  '--config',
  'test/e2e/packed.vitest.config.ts',
]);

// The server-rendering frameworks, each with its own dependencies. `npm ci` replaces node_modules, so the tarball is
// unpacked after it.
const frameworks = [
  {
    name: 'Next.js',
    dir: join(root, 'examples', 'next-app'),
    // `next build` type-checks the app (against the package's .d.ts) before it bundles it with Turbopack.
    // `--analyze` also records which modules each browser chunk holds, what the app pays for pagewise is read from.
    steps: [
      ['build it with `next build` (type-check, Turbopack)', 'node_modules/next/dist/bin/next', ['build', '--analyze']],
    ],
    bytes: (dir) => measureNextApp(dir),
    test: 'test/e2e/next-app.e2e.test.mjs',
  },
  {
    name: 'React Router',
    dir: join(root, 'examples', 'react-router-app'),
    steps: [
      ['generate its route types', 'node_modules/.bin/react-router', ['typegen']],
      ['type-check it against the package’s .d.ts', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json']],
      [
        'build it with `react-router build` (Vite)',
        'node_modules/.bin/react-router',
        ['build', '--sourcemapClient', 'hidden'],
      ],
    ],
    bytes: (dir) => measureViteApp(join(dir, 'build', 'client', 'assets'), stylesheetOf(dir)),
    test: 'test/e2e/react-router-app.e2e.test.mjs',
  },
  {
    name: 'TanStack Start',
    dir: join(root, 'examples', 'tanstack-start-app'),
    steps: [
      // Start's Vite plugin writes the route tree (src/routeTree.gen.ts) the type-check reads, so the build comes first.
      [
        'build it with `vite build` (route tree, server functions compiled out of the browser’s bundle)',
        'node_modules/vite/bin/vite.js',
        ['build'],
      ],
      ['type-check it against the package’s .d.ts', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json']],
    ],
    test: 'test/e2e/tanstack-start-app.e2e.test.mjs',
  },
];
for (const framework of frameworks) {
  const { dir } = framework;
  const where = relative(root, dir);
  if (installStale(dir)) {
    run(`${where}: npm ci`, ['npm', 'ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  }
  installPacked(dir);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  for (const [name, bin, args] of framework.steps)
    run(`${where}: ${name}`, [process.execPath, bin, ...args], { cwd: dir, env });
  if (framework.bytes) checkAppBytes(basename(dir), framework.bytes(dir));
  run(`${where}: drive it in Chromium`, drive(framework.test));
}

console.log(`\n${steps.summary()}`);
if (overBudget.length > 0) {
  const budgets = overBudget.map((app) => `${app} ${appBudgets[app].js} B JS, ${appBudgets[app].css} B CSS`);
  console.error(
    `\n✖ what these apps pay for pagewise is over its budget (scripts/appBytes.mjs): ${budgets.join('; ')}`,
  );
  process.exit(1);
}
