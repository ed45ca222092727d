// `npm run build`: Vite library build, declarations from tsc, and the stylesheet minified.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { transformSync } from 'esbuild';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The sources import without extensions (moduleResolution Bundler), and tsc copies those specifiers
// into the .d.ts files; TypeScript under node16/nodenext resolves ESM declarations like Node does and
// needs full paths, so each relative specifier is pointed at the declaration file tsc emitted.
function addDeclarationExtensions(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      addDeclarationExtensions(path);
      continue;
    }
    if (!entry.name.endsWith('.d.ts')) continue;
    const source = readFileSync(path, 'utf8');
    const fixed = source.replace(
      /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?(?:\/[^'"]*)?)\2/g,
      (match, lead, quote, specifier) => {
        if (/\.(?:js|mjs|cjs|json|css)$/.test(specifier)) return match;
        const base = join(dirname(path), specifier);
        if (existsSync(`${base}.d.ts`)) return `${lead}${quote}${specifier}.js${quote}`;
        if (existsSync(join(base, 'index.d.ts')))
          return `${lead}${quote}${specifier.replace(/\/$/, '')}/index.js${quote}`;
        return match;
      },
    );
    if (fixed !== source) writeFileSync(path, fixed);
  }
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
addDeclarationExtensions('dist');
mkdirSync('dist', { recursive: true });
const css = readFileSync('src/pagination/styles.css', 'utf8');
writeFileSync('dist/styles.css', transformSync(css, { loader: 'css', minify: true }).code);
// TypeScript 6 checks side-effect imports: `import 'pagewise/styles.css'` needs declarations to resolve.
writeFileSync('dist/styles.css.d.ts', 'export {};\n');
console.log('built dist/');
