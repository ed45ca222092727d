// The docs' step-by-step guides as a reader copies them: every step whose heading names a file (`## 3. … : \`App.tsx\``)
// is written to that path, with the code block the step prints under it (a `<Source code={…}>` of a `?raw` import, or
// a fenced block), into a fresh project that installs pagewise from the packed tarball. What the guide does not print
// (an HTML page, the entry that mounts the guide's component, a tsconfig) is the harness's, never the guide's code.
// scripts/e2e.mjs type-checks and builds what this writes; test/e2e/guides.e2e.test.mjs runs it in Chromium.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { artifacts, root } from './pack.mjs';

const docs = join(root, 'stories', 'docs');
const fileHeading = /^#{2,3} .*`([\w./[\]-]+\.(?:tsx?|jsx?|mjs))`\s*$/;
const rawImport = /^import (\w+) from '([^']+)\?raw';$/;
const sourceBlock = /^<Source code=\{(\w+)\}/;

/**
 * The guides of the docs site that print their code file by file, each with the files in the order printed.
 * @returns {{ name: string, slug: string, mdx: string, files: { path: string, code: string }[] }[]}
 */
export function readGuides() {
  const guides = [];
  for (const entry of readdirSync(docs).filter((f) => f.endsWith('.mdx'))) {
    const mdx = join(docs, entry);
    const lines = readFileSync(mdx, 'utf8').split('\n');
    const raw = new Map();
    for (const line of lines) {
      const found = rawImport.exec(line);
      if (found) raw.set(found[1], resolve(dirname(mdx), found[2]));
    }
    // A guide printed from an example app's own files is built and run as that app (scripts/e2e.mjs).
    if ([...raw.values()].some((file) => file.startsWith(join(root, 'examples')))) continue;
    const files = [];
    let target;
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      if (line.startsWith('#')) {
        target = fileHeading.exec(line)?.[1];
        continue;
      }
      if (!target) continue;
      const source = sourceBlock.exec(line);
      if (source) {
        const file = raw.get(source[1]);
        if (!file) throw new Error(`${entry}: <Source code={${source[1]}}> names no ?raw import`);
        files.push({ path: target, code: readFileSync(file, 'utf8') });
        target = undefined;
      } else if (line.startsWith('```') && /^```(tsx?|jsx?|js)\b/.test(line)) {
        const end = lines.indexOf('```', i + 1);
        files.push({ path: target, code: `${lines.slice(i + 1, end).join('\n')}\n` });
        target = undefined;
        i = end;
      }
    }
    if (files.length > 0) {
      const name = /^# (.+)$/m.exec(lines.join('\n'))?.[1] ?? entry;
      guides.push({ name, slug: basename(entry, '.mdx'), mdx, files });
    }
  }
  return guides;
}

/** The project a guide's files are written into: under the repository, so its other packages resolve from there. */
export const guideDir = (slug) => join(artifacts, 'guides', slug);

/**
 * Writes a guide's files, as printed, into a fresh project with the harness around them: `main.tsx` mounts the
 * component exported by the guide's first `.tsx` file that exports `App` (or the first `.tsx` file's first export).
 * @returns {string} the project's directory
 */
export function writeGuide(guide) {
  const dir = guideDir(guide.slug);
  rmSync(dir, { recursive: true, force: true });
  for (const { path, code } of guide.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  const app = guide.files.find((f) => /\.tsx$/.test(f.path) && /export function App\b/.test(f.code));
  if (!app) throw new Error(`${guide.slug}: no step exports an \`App\` component to mount`);
  const appModule = `./${app.path.replace(/\.tsx$/, '')}`;
  const harness = {
    'package.json': JSON.stringify({ name: `guide-${guide.slug.toLowerCase()}`, private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: true,
          isolatedModules: true,
          skipLibCheck: false,
          noEmit: true,
          types: ['node', 'vite/client'],
        },
        include: ['**/*.ts', '**/*.tsx'],
        exclude: ['node_modules', 'dist'],
      },
      null,
      2,
    ),
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>guide</title></head>' +
      '<body><div id="root"></div><script type="module" src="/harness-main.tsx"></script></body></html>',
    // The organization comes from the page's query string, as the guide leaves it to the app.
    'harness-main.tsx': [
      "import { createRoot } from 'react-dom/client';",
      `import { App } from '${appModule}';`,
      "const organizationId = new URLSearchParams(location.search).get('organization') ?? '';",
      "createRoot(document.getElementById('root')!).render(<App organizationId={organizationId} />);",
      '',
    ].join('\n'),
    'vite.config.ts': [
      "import react from '@vitejs/plugin-react';",
      "import { defineConfig } from 'vite';",
      "export default defineConfig({ root: import.meta.dirname, plugins: [react()], build: { outDir: 'dist', emptyOutDir: true }, logLevel: 'warn' });",
      '',
    ].join('\n'),
  };
  for (const [path, text] of Object.entries(harness)) writeFileSync(join(dir, path), text);
  return dir;
}
