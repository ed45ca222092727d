// `@opentelemetry/api` is an optional peer: an app that never imports pagewise/opentelemetry must never load it. Walks
// every module each package entry reaches (the sources the build bundles, type-only imports aside) and lists the
// packages it would load.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');
const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The sources of each JavaScript entry of the package, as vite.config.ts builds them. */
const entries: Record<string, string> = {
  pagewise: 'index.ts',
  'pagewise/client': 'client/index.ts',
  'pagewise/server': 'server/index.ts',
  'pagewise/table': 'table/index.ts',
  'pagewise/testing': 'testing/index.ts',
  'pagewise/testing/node': 'testing/node.ts',
  'pagewise/opentelemetry': 'opentelemetry/index.ts',
  'pagewise/virtual': 'virtual/index.ts',
};

/** Runtime imports and re-exports of a module (`import type` / `export type` load nothing). */
const RUNTIME_IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

const sourceOf = (base: string) =>
  ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((file) => existsSync(file));

/** Every package the entry loads, following its relative imports. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) packages.add(specifier);
      else if (!specifier.endsWith('.css')) visit(sourceOf(resolve(dirname(file), specifier))!);
    }
  };
  visit(join(src, entry));
  return packages;
}

describe('@opentelemetry/api, an optional peer', () => {
  it.each(Object.entries(entries).filter(([name]) => name !== 'pagewise/opentelemetry'))(
    '%s never loads it',
    (_name, file) => {
      expect([...packagesLoadedBy(file)].filter((name) => name.startsWith('@opentelemetry/'))).toEqual([]);
    },
  );

  it('pagewise/opentelemetry loads it, and nothing else from outside', () => {
    expect([...packagesLoadedBy(entries['pagewise/opentelemetry']!)]).toEqual(['@opentelemetry/api']);
  });

  it('is declared an optional peer, and every entry of the exports map is walked here', () => {
    expect(pkg.peerDependencies['@opentelemetry/api']).toBe('^1.9');
    expect(pkg.peerDependenciesMeta['@opentelemetry/api']).toEqual({ optional: true });
    const javascriptEntries = Object.keys(pkg.exports)
      .filter((key) => !/\.(css|json)$/.test(key))
      .map((key) => key.replace(/^\./, 'pagewise'));
    expect(javascriptEntries.sort()).toEqual(Object.keys(entries).sort());
  });
});

describe('@tanstack/react-virtual, an optional peer', () => {
  it.each(Object.entries(entries).filter(([name]) => name !== 'pagewise/virtual'))(
    '%s never loads it',
    (_name, file) => {
      expect(packagesLoadedBy(file).has('@tanstack/react-virtual')).toBe(false);
    },
  );

  it('pagewise/virtual loads it and React, nothing else from outside', () => {
    expect([...packagesLoadedBy(entries['pagewise/virtual']!)].sort()).toEqual(['@tanstack/react-virtual', 'react']);
  });

  it('is declared an optional peer', () => {
    expect(pkg.peerDependencies['@tanstack/react-virtual']).toBe('^3.14');
    expect(pkg.peerDependenciesMeta['@tanstack/react-virtual']).toEqual({ optional: true });
  });
});
