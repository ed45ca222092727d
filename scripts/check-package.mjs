// Package checks over the built package (`--build` builds it first, in this process; else run `npm run build` before):
// what apps spread from it under exactOptionalPropertyTypes, then pack it like `npm publish`, check its contents, lint
// it with publint and @arethetypeswrong/cli, import it in Node and an app's TypeScript, and hold it to the size budget.
// One compiler for every type-check here (scripts/compiler.mjs).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build } from './build.mjs';
import ts from 'typescript';
import { createCompiler, diagnosticsOf, report } from './compiler.mjs';
import { entryFiles, exportedNames, formatCounts } from './exports.mjs';
import { artifacts, installTarball, packLibrary, root } from './pack.mjs';
import { tool } from './run.mjs';
import { formatSizeTable, measureSizes } from './size.mjs';

const compiler = createCompiler();
if (process.argv.includes('--build')) await build(compiler);

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`✖ ${message}`);
};

// 0. Apps built on @tsconfig/strictest type-check with exactOptionalPropertyTypes: what they spread from pagewise into
// TanStack Query and Table options compiles there too, against the built declarations.
if (compiler.check(join(root, 'test/types/exact/tsconfig.json')) > 0)
  fail('what apps spread from pagewise does not type-check under exactOptionalPropertyTypes');
else console.log('✔ what apps spread from pagewise type-checks under exactOptionalPropertyTypes');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packed = packLibrary();
console.log(`packed ${packed.files.length} files, ${packed.size} bytes → ${packed.tarball.slice(root.length + 1)}`);

// 1. Contents: every path the exports map names is in the tarball, and nothing from src/ or test/.
const targets = [];
const collect = (value) => {
  if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''));
  else if (value && typeof value === 'object') Object.values(value).forEach(collect);
};
collect(pkg.exports);
for (const target of targets) {
  if (target !== 'package.json' && !packed.files.includes(target))
    fail(`exports names ${target}, missing from the tarball`);
}
const strays = packed.files.filter((f) => /^(src|test|stories|scripts|examples)\//.test(f));
if (strays.length > 0) fail(`tarball ships non-package files: ${strays.join(', ')}`);

// 2. publint on the tarball itself: every message (suggestions too) is a problem.
const lint = await publint({
  pack: { tarball: readFileSync(packed.tarball).buffer },
  level: 'suggestion',
  strict: true,
});
for (const message of lint.messages)
  fail(`publint ${message.type}: ${formatMessage(message, lint.pkg, { color: false })}`);
if (lint.messages.length === 0) console.log('✔ publint: no problems');

// 3. Are the types wrong? The package is ESM-only by design (no require() entry), so the esm-only
// profile: CommonJS consumers under node16 are out of scope, every ESM and bundler resolution must hold.
// The stylesheet is left out: CSS has no types to resolve (publint and the size budget check it).
const [node, attwBin] = tool('@arethetypeswrong/cli');
const attw = spawnSync(
  node,
  [
    attwBin,
    packed.tarball,
    '--profile',
    'esm-only',
    '--exclude-entrypoints',
    './styles.css',
    '--format',
    'table',
    '--no-emoji',
    '--no-color',
  ],
  { cwd: root, encoding: 'utf8' },
);
console.log(attw.stdout.trim());
if (attw.status !== 0) fail(`@arethetypeswrong/cli found problems:\n${attw.stderr}`);
else console.log('✔ @arethetypeswrong/cli: no problems (profile esm-only)');

// 4. Each entry imports in plain Node (ESM, no bundler) from the installed package and exports the
// public API ARCHITECTURE.md's layers table names.
const consumer = join(artifacts, 'consumer');
installTarball(packed.tarball, consumer);
const publicApi = {
  pagewise: [
    'Pagination',
    'usePagination',
    'getPageItems',
    'ApiClientProvider',
    'useShares',
    'useEnvironments',
    'sharesQueryOptions',
    'environmentsQueryOptions',
  ],
  'pagewise/client': ['createApiClient', 'bearerToken', 'ApiError', 'isApiError'],
  'pagewise/server': ['clientCredentials', 'apiAccountToken', 'createProxyHandler'],
  'pagewise/table': ['useTablePagination', 'TablePagination'],
  'pagewise/testing': ['createMockService'],
  'pagewise/testing/node': ['createMockHttpServer'],
  'pagewise/opentelemetry': ['openTelemetry'],
  'pagewise/virtual': ['useVirtualPageRows'],
};
const probe = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `const api = ${JSON.stringify(publicApi)};
     const missing = [];
     for (const [entry, names] of Object.entries(api)) {
       const m = await import(entry);
       for (const name of names) if (typeof m[name] !== 'function') missing.push(entry + ' ' + name);
     }
     if (missing.length) { console.error('missing: ' + missing.join(', ')); process.exit(1); }`,
  ],
  { cwd: consumer, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
);
if (probe.status !== 0) fail(`an entry does not import in Node or lacks its public API: ${probe.stderr.trim()}`);
else
  console.log(
    `✔ every entry imports in Node and exports its public API (${Object.values(publicApi).flat().length} names)`,
  );

// 4b. The installed package's declarations export, entry by entry, exactly the names of the sources (which
// test/exports.node.test.ts holds to its snapshot): the build neither drops nor adds a public name.
const builtSurface = exportedNames(entryFiles({ packageRoot: join(consumer, 'node_modules', 'pagewise') }));
const sourceSurface = exportedNames(entryFiles({ src: true }));
if (JSON.stringify(builtSurface) !== JSON.stringify(sourceSurface))
  fail(`the built declarations export other names than the sources:\n${formatCounts(builtSurface)}`);
else console.log(`✔ the built entries export the sources' names:\n${formatCounts(builtSurface)}`);

// 5. An app's TypeScript accepts every entry and the stylesheet import (TypeScript 6 checks side-effect
// imports), under the resolutions apps use: bundler and nodenext.
const consumerCode = [
  "import 'pagewise/styles.css';",
  "import { Pagination, useShares, type PaginationProps } from 'pagewise';",
  "import { createApiClient, isApiError, type Page } from 'pagewise/client';",
  "import { clientCredentials } from 'pagewise/server';",
  "import { TablePagination } from 'pagewise/table';",
  "import { createMockService } from 'pagewise/testing';",
  "import { createMockHttpServer } from 'pagewise/testing/node';",
  "import { openTelemetry } from 'pagewise/opentelemetry';",
  "import { useVirtualPageRows } from 'pagewise/virtual';",
  'export const used = [Pagination, useShares, createApiClient, isApiError, clientCredentials, TablePagination, createMockService, createMockHttpServer, openTelemetry, useVirtualPageRows];',
  'export type Used = [PaginationProps, Page<{ id: string }>];',
].join('\n');
writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
writeFileSync(join(consumer, 'app.ts'), `${consumerCode}\n`);
for (const [module, moduleResolution] of [
  [ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
  [ts.ModuleKind.NodeNext, ts.ModuleResolutionKind.NodeNext],
]) {
  const app = compiler.program(
    {
      noEmit: true,
      strict: true,
      skipLibCheck: false,
      types: ['node'],
      target: ts.ScriptTarget.ES2022,
      module,
      moduleResolution,
      jsx: ts.JsxEmit.ReactJSX,
    },
    [join(consumer, 'app.ts')],
  );
  const name = ts.ModuleResolutionKind[moduleResolution].toLowerCase();
  if (report(diagnosticsOf(app)) > 0) fail(`an app's TypeScript (moduleResolution ${name}) rejects the package`);
  else console.log(`✔ an app's TypeScript accepts every entry and styles.css (moduleResolution ${name})`);
}

// 5b. A server app's strictest common tsconfig: nodenext, no DOM lib (`lib: ["es2022"]` with @types/node) and
// skipLibCheck off, so every declaration the server-side entries reach is checked: they may name no DOM global.
// pagewise/testing/node is left out: it reaches MSW's declarations, which need the DOM lib themselves.
const serverCode = [
  "import { clientCredentials, createProxyHandler, memoryTokenStore, type ClientCredentialsOptions } from 'pagewise/server';",
  "import { createApiClient, isApiError, type Page } from 'pagewise/client';",
  "import { openTelemetry } from 'pagewise/opentelemetry';",
  "import { sharesQueryOptions } from 'pagewise';",
  'export const used = [clientCredentials, createProxyHandler, memoryTokenStore, createApiClient, isApiError, openTelemetry, sharesQueryOptions];',
  'export type Used = [ClientCredentialsOptions, Page<{ id: string }>];',
].join('\n');
writeFileSync(join(consumer, 'server.ts'), `${serverCode}\n`);
const serverApp = compiler.program(
  {
    noEmit: true,
    strict: true,
    skipLibCheck: false,
    lib: ['lib.es2022.d.ts'],
    types: ['node'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  },
  [join(consumer, 'server.ts')],
);
if (report(diagnosticsOf(serverApp)) > 0)
  fail('a server app without the DOM lib (nodenext, lib es2022, @types/node, skipLibCheck false) rejects the package');
else
  console.log(
    '✔ a server app without the DOM lib accepts the server-side entries (nodenext, lib es2022, skipLibCheck false)',
  );

// 6. React Server Components: a module that imports React is marked 'use client' (components and
// hooks become client references), and no other module is (pagewise/client, pagewise/server, the query
// options and the page maths stay callable from server code).
const installed = join(consumer, 'node_modules', 'pagewise', 'dist');
const directiveProblems = [];
for (const file of readdirSync(installed, { recursive: true }).filter((f) => String(f).endsWith('.js'))) {
  const code = readFileSync(join(installed, String(file)), 'utf8');
  // TanStack Virtual's hooks are React hooks (react-query's options builders are not: they run on a server too).
  const usesReact = /\bfrom\s*["'](?:react(?:\/jsx-runtime)?|@tanstack\/react-virtual)["']/.test(code);
  const marked = /^["']use client["'];/.test(code);
  if (usesReact !== marked)
    directiveProblems.push(`${file} ${usesReact ? 'imports React without' : 'has'} 'use client'`);
}
if (directiveProblems.length > 0) fail(`'use client' directives: ${directiveProblems.join('; ')}`);
else console.log("✔ 'use client' on exactly the modules that import React");

// 7. @opentelemetry/api is an optional peer: only pagewise/opentelemetry's own modules may name it, so an app
// without it loads every other entry.
const namingPeer = readdirSync(installed, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js') && !/^opentelemetry(\.js$|\/)/.test(file))
  .filter((file) => readFileSync(join(installed, file), 'utf8').includes('@opentelemetry/'));
if (namingPeer.length > 0) fail(`modules outside pagewise/opentelemetry name @opentelemetry: ${namingPeer.join(', ')}`);
else console.log('✔ only pagewise/opentelemetry names the optional peer @opentelemetry/api');

// 8. oauth4webapi, pagewise/server's OAuth engine, is named by one module, which imports it by `import()` when the
// first token is asked for: no other entry (nothing a browser bundles) names it, and the server entry loads without it.
const namingEngine = readdirSync(installed, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js'))
  .filter((file) => /["']oauth4webapi["']/.test(readFileSync(join(installed, file), 'utf8')));
const engineLoader = readFileSync(join(installed, 'server/oauthEngine.js'), 'utf8');
if (namingEngine.join() !== 'server/oauthEngine.js' || /^\s*import\b[^(]*["']oauth4webapi["']/m.test(engineLoader))
  fail(`oauth4webapi is named outside server/oauthEngine.js's import(): ${namingEngine.join(', ')}`);
else console.log('✔ only server/oauthEngine.js names oauth4webapi, by import() at the first token request');

// 9. So is @tanstack/react-virtual: only pagewise/virtual's own modules may name it.
const namingVirtual = readdirSync(installed, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js') && !/^virtual(\.js$|\/)/.test(file))
  .filter((file) => readFileSync(join(installed, file), 'utf8').includes('@tanstack/react-virtual'));
if (namingVirtual.length > 0)
  fail(`modules outside pagewise/virtual name @tanstack/react-virtual: ${namingVirtual.join(', ')}`);
else console.log('✔ only pagewise/virtual names the optional peer @tanstack/react-virtual');

// 10. Size budget over the installed package.
const sizes = await measureSizes(consumer);
console.log(formatSizeTable(sizes));
for (const row of sizes.filter((r) => !r.ok))
  fail(`${row.name} is ${row.gzip} bytes min+gzip, over its ${row.limit} budget`);

if (failures.length > 0) {
  console.error(`\n${failures.length} package problem(s)`);
  process.exit(1);
}
console.log('✔ package checks passed');
