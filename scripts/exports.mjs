// The public surface: every name each entry of the package exports, values and types, read by the TypeScript
// checker as an app's import sees it (`export *` and `export type *` followed). `node scripts/exports.mjs` reads the
// built declarations (dist/, after `npm run build`); `--src` reads the sources the entries are built from.
// test/exportsSnapshot.node.test.ts holds the source surface to a snapshot, so it only changes on purpose.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');

/**
 * Each entry of the exports map that has types, as `pagewise/…` → its declaration file (or source with `src`), in
 * this repository or in an installed copy of the package (`packageRoot`).
 */
export function entryFiles({ src = false, packageRoot = root } = {}) {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  const entries = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'object' ? target.types : undefined;
    if (!types || types.endsWith('.css.d.ts')) continue;
    const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    const file = src ? types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts') : types.slice(2);
    entries[name] = join(packageRoot, file);
  }
  return entries;
}

/**
 * The names each entry exports, sorted, split into values (callable or constructible at runtime) and types; with
 * `details`, also the names marked `@deprecated` and the type aliases that only restate another exported type.
 */
export function exportedNames(entries, { details = false } = {}) {
  const files = Object.values(entries);
  for (const file of files) if (!existsSync(file)) throw new Error(`${file} is missing (build the package first?)`);
  const program = ts.createProgram(files, {
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const surface = {};
  const deprecated = new Set();
  const restating = new Set();
  const targets = new Map();
  for (const [entry, file] of Object.entries(entries)) {
    const values = [];
    const types = [];
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)))) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const isValue = (target.flags & ts.SymbolFlags.Value) !== 0 && !checker.getTypeOnlyAliasDeclaration(symbol);
      (isValue ? values : types).push(symbol.name);
      targets.set(symbol.name, target);
      for (const declaration of target.declarations ?? [])
        if (ts.getJSDocDeprecatedTag(declaration)) deprecated.add(symbol.name);
    }
    surface[entry] = { values: values.sort(), types: types.sort() };
  }
  for (const [name, target] of targets) {
    const declaration = target.declarations?.find(ts.isTypeAliasDeclaration);
    if (declaration && ts.isTypeReferenceNode(declaration.type)) {
      let referenced = checker.getSymbolAtLocation(declaration.type.typeName);
      if (referenced && referenced.flags & ts.SymbolFlags.Alias) referenced = checker.getAliasedSymbol(referenced);
      if ([...targets.values()].includes(referenced)) restating.add(name);
    }
  }
  if (!details) return surface;
  return { surface, deprecated: [...deprecated].sort(), restating: [...restating].sort() };
}

/** One line an entry: its counts, then a total. */
export function formatCounts(surface) {
  const rows = Object.entries(surface).map(
    ([entry, { values, types }]) =>
      `${entry.padEnd(24)} ${String(values.length + types.length).padStart(4)}  (${values.length} values, ${types.length} types)`,
  );
  const total = Object.values(surface).reduce((n, { values, types }) => n + values.length + types.length, 0);
  return [...rows, `${'total'.padEnd(24)} ${String(total).padStart(4)}`].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const surface = exportedNames(entryFiles({ src: process.argv.includes('--src') }));
  console.log(formatCounts(surface));
  if (process.argv.includes('--list')) console.log(JSON.stringify(surface, null, 2));
}
