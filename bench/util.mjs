// Shared by the bench modules: paths, the one set of esbuild flags, gzip sizes and table formatting.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const rootDir = join(benchDir, '..');
export const tmpDir = join(benchDir, '.tmp');

const requireFromRoot = createRequire(join(rootDir, 'package.json'));

/** The flags every size and page bundle uses, peers and pagewise alike. */
export const esbuildFlags = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
  legalComments: 'none',
};

/** React is external for size bundles (every app has it already). */
export const reactExternal = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/** One React for every page bundle, the repository's, so no library gets a different build of it. */
export const reactAlias = {
  react: dirname(requireFromRoot.resolve('react/package.json')),
  'react-dom': dirname(requireFromRoot.resolve('react-dom/package.json')),
};

export const gzipSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const kb = (bytes) => (bytes / 1024).toFixed(2);

/** A GitHub-flavoured markdown table; numbers right-aligned. */
export function mdTable(headers, rows) {
  // A pipe would end the cell, even inside a code span.
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c ?? '').replaceAll('|', '\\|')));
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => r[i].length)));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((r) => /^[-+]?[\d.,×%]+\s*[a-zµ]*$|^—$/i.test(String(r[i] ?? ''))),
  );
  const line = (r) => `| ${r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const sep = `| ${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(cells[0]), sep, ...cells.slice(1).map(line)].join('\n');
}

/**
 * The export `name` of `path` (a source file of the checkout at `root`), bundled for Node with esbuild and imported:
 * the hostile-input cases time a checkout's own sources, this one's or another's (`--before`), with no build.
 */
export async function loadSource(root, path, name) {
  const { build } = await import('esbuild');
  const { mkdirSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const outdir = join(tmpDir, 'hostile');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${Buffer.from(`${root}:${path}`).toString('base64url')}.mjs`);
  await build({
    entryPoints: [join(root, path)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const module = await import(pathToFileURL(outfile).href);
  if (typeof module[name] !== 'function') throw new Error(`${path} exports no function ${name}`);
  return module[name];
}
