// `npm run build`: Vite library build, declarations from tsc, and the stylesheet minified, in this process (the package
// checks call `build` in theirs, so the step that builds and packs starts the compiler once).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform as transformCss } from 'lightningcss';
import { build as viteBuild } from 'vite';
import { createCompiler } from './compiler.mjs';
import { root } from './pack.mjs';

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

/** Builds dist/ (exits on an error); `compiler` is shared with the caller's other type-checks. */
export async function build(compiler = createCompiler()) {
  const dist = join(root, 'dist');
  await viteBuild({ root, logLevel: 'warn' });
  if (compiler.emit(join(root, 'tsconfig.build.json')) > 0) process.exit(1);
  addDeclarationExtensions(dist);
  const css = readFileSync(join(root, 'src/pagination/styles.css'), 'utf8');
  // Lightning CSS, not esbuild: it also drops the spaces esbuild keeps in custom properties' values and around `*` in
  // calc(), and merges what it can (about 2 % of the stylesheet's gzip). No targets: nothing is lowered or prefixed.
  writeFileSync(
    join(dist, 'styles.css'),
    transformCss({ filename: 'styles.css', code: Buffer.from(css), minify: true }).code,
  );
  // TypeScript 6 checks side-effect imports: `import 'pagewise/styles.css'` needs declarations to resolve.
  writeFileSync(join(dist, 'styles.css.d.ts'), 'export {};\n');
  console.log('built dist/');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build();
