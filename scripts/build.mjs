// `npm run build`: Vite library build, declarations from tsc, and the stylesheet minified.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
mkdirSync('dist', { recursive: true });
const css = readFileSync('src/pagination/styles.css', 'utf8');
writeFileSync('dist/styles.css', transformSync(css, { loader: 'css', minify: true }).code);
console.log('built dist/');
