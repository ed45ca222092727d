// ARCHITECTURE.md's layers as a test: each layer under src imports only the layers and packages it may.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');

/** What each layer may import: other layers under src, and packages. */
const allowed: Record<string, { layers: string[]; packages: string[] }> = {
  // Only its hooks (`use*.ts`, checked below) may use React.
  shared: { layers: [], packages: ['react'] },
  client: { layers: ['shared'], packages: [] },
  server: { layers: ['client', 'shared'], packages: ['oauth4webapi'] },
  pagination: { layers: ['shared'], packages: ['react'] },
  hooks: { layers: ['client', 'shared'], packages: ['react', '@tanstack/react-query'] },
  table: { layers: ['pagination', 'shared'], packages: ['react', '@tanstack/react-table'] },
  testing: { layers: ['client', 'shared'], packages: ['msw', 'node:http', 'node:net'] },
  // TanStack Virtual, an optional peer, is named here alone: apps without big pages never load it.
  virtual: { layers: ['shared'], packages: ['react', '@tanstack/react-virtual'] },
  // The optional peer lives here alone: no other layer names it, so apps without it never load it.
  opentelemetry: { layers: ['client', 'shared'], packages: ['@opentelemetry/api'] },
  // The root entry re-exports the control and the hooks.
  '.': { layers: ['pagination', 'hooks'], packages: [] },
};

/** The only client modules other layers may import: the package's public entry and the one for pagewise's own layers. */
const CLIENT_ENTRIES = ['client/index', 'client/internal'];

/** Page maths that must stay framework-free (ARCHITECTURE.md, "Framework-free cores"). */
const pureFiles = [
  'pagination/getPageItems.ts',
  'pagination/normalizePaginationProps.ts',
  'pagination/paginationFit.ts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every module specifier a file imports or re-exports, type-only ones included. */
function specifiers(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const statement =
    /^\s*(?:import|export)\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  return [...code.matchAll(statement)].map((m) => m[1] ?? m[2]!);
}

const layerOf = (file: string) => {
  const path = relative(src, file);
  return path.includes('/') ? path.split('/')[0]! : '.';
};

const files = sourceFiles(src);

describe('architecture: dependencies point one way', () => {
  it('finds every layer ARCHITECTURE.md names', () => {
    expect(new Set(files.map(layerOf))).toEqual(new Set(Object.keys(allowed)));
  });

  it("holds the rules ARCHITECTURE.md's layers table states: the same layers, each with the same imports", () => {
    const page = readFileSync(join(process.cwd(), 'ARCHITECTURE.md'), 'utf8');
    const section = page.slice(page.indexOf('## Layers'), page.indexOf('## Where each mechanism lives'));
    // A row: | `layer` | what it is | `layers` … | `packages` … | entry |; `src/index.ts` is the root entry ('.').
    const names = (cell: string) => [...cell.matchAll(/`([^`*]+)`/g)].map((m) => m[1]!).sort();
    const stated = Object.fromEntries(
      section
        .split('\n')
        .filter((line) => /^\| `/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map(([, layer, , layers, packages]) => [
          layer === '`src/index.ts`' ? '.' : layer!.replaceAll('`', ''),
          { layers: names(layers!), packages: names(packages!) },
        ]),
    );
    const rules = Object.fromEntries(
      Object.entries(allowed).map(([layer, rule]) => [
        layer,
        { layers: [...rule.layers].sort(), packages: [...rule.packages].sort() },
      ]),
    );
    expect(stated).toEqual(rules);
  });

  it.each(Object.keys(allowed))('src/%s imports only what its layer may', (layer) => {
    const rule = allowed[layer]!;
    const wrong: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === layer)) {
      for (const specifier of specifiers(file)) {
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier);
          const targetLayer = relative(src, target).startsWith('..') ? 'outside src' : layerOf(`${target}.ts`);
          if (targetLayer !== layer && !rule.layers.includes(targetLayer))
            wrong.push(`${relative(src, file)} → ${specifier}`);
        } else if (!rule.packages.includes(specifier.startsWith('react/') ? 'react' : specifier)) {
          wrong.push(`${relative(src, file)} → ${specifier}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(Object.keys(allowed).filter((layer) => layer !== 'client'))(
    'src/%s reaches the client only through its public entry (client/index) or its internal one (client/internal)',
    (layer) => {
      const wrong: string[] = [];
      for (const file of files.filter((f) => layerOf(f) === layer)) {
        for (const specifier of specifiers(file)) {
          if (!specifier.startsWith('.')) continue;
          const target = relative(src, resolve(dirname(file), specifier));
          if (target.startsWith('client/') && !CLIENT_ENTRIES.includes(target))
            wrong.push(`${relative(src, file)} → ${specifier}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('finds the seam used: the server imports the internal entry, the hooks the public one', () => {
    const targets = (layer: string) =>
      files
        .filter((f) => layerOf(f) === layer)
        .flatMap((f) => specifiers(f).map((s) => relative(src, resolve(dirname(f), s))));
    expect(targets('server')).toContain('client/internal');
    expect(targets('hooks')).toContain('client/index');
  });

  it.each(pureFiles)(
    'the page maths in src/%s import nothing but each other and framework-free shared files',
    (file) => {
      const imports = specifiers(join(src, file));
      expect(imports.every((s) => s.startsWith('./') || /^\.\.\/shared\/(?!use)/.test(s))).toBe(true);
    },
  );

  it('keeps React in the hooks of src/shared (use*.ts): its other files stay framework-free', () => {
    const withReact = files
      .filter((f) => layerOf(f) === 'shared' && specifiers(f).some((s) => s === 'react' || s.startsWith('react/')))
      .map((f) => relative(join(src, 'shared'), f));
    expect(withReact.sort()).toEqual(['useEffects.ts', 'useLatest.ts', 'usePageState.ts', 'useUncontrolled.ts']);
    expect(withReact.every((f) => /^use[A-Z]\w*\.tsx?$/.test(f))).toBe(true);
  });

  it('reads imports, re-exports and side-effect imports alike (the checks above would pass on nothing otherwise)', () => {
    const all = files.flatMap(specifiers);
    expect(all).toEqual(
      expect.arrayContaining([
        'react',
        '@tanstack/react-query',
        'msw',
        '../client/index',
        '../pagination/index',
        './pagination/index',
      ]),
    );
  });
});

/** Every module a file loads, as a path under src without its extension: static imports and re-exports (type-only ones included) and `import()`. */
function moduleImports(file: string): string[] {
  const dynamic = [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...specifiers(file), ...dynamic]
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = relative(src, resolve(dirname(file), specifier));
      return modules.has(target) ? target : `${target}/index`;
    });
}

const modules = new Set(files.map((file) => relative(src, file).replace(/\.tsx?$/, '')));

/** The first import circle found from each module not yet seen, as the chain of modules that closes it. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const visit = (module: string, path: string[]) => {
    const at = path.indexOf(module);
    if (at >= 0) return void circles.push([...path.slice(at), module]);
    if (done.has(module)) return;
    path.push(module);
    for (const next of graph.get(module) ?? []) visit(next, path);
    path.pop();
    done.add(module);
  };
  for (const module of graph.keys()) visit(module, []);
  return circles;
}

describe('architecture: no import circles', () => {
  const graph = new Map(files.map((file) => [relative(src, file).replace(/\.tsx?$/, ''), moduleImports(file)]));

  it('finds no circle among the modules of src, type-only and dynamic imports included', () => {
    const circles = importCircles(graph).map((circle) => circle.join(' → '));
    expect(circles).toEqual([]);
  });

  it('resolves every relative import to a module of src, and finds a circle where there is one', () => {
    const unresolved = [...graph.values()].flat().filter((module) => !modules.has(module));
    expect(unresolved).toEqual([]);
    expect(graph.get('server/clientCredentials')).toEqual(expect.arrayContaining(['server/clientAssertion']));
    const made = new Map([...graph, ['client/redact', [...graph.get('client/redact')!, 'client/errors/ApiError']]]);
    expect(importCircles(made).map((circle) => circle.join(' → '))).toContain(
      'client/redact → client/errors/ApiError → client/redact',
    );
  });
});
