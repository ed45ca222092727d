// Size budget over the BUILT package, measured the way an app's bundler sees it: esbuild bundles
// an import from the installed package (tree-shaken, minified, production, split at dynamic imports), then gzip.
// A row counts what the import loads up front; code behind a dynamic `import()` (pagewise/server's signing and
// DPoP, loaded at the first token request that uses them) is a chunk the app never fetches nor parses unless it
// is used, shown in rows of its own.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Peers an app provides; everything else the import pulls in counts. */
const external = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'msw', 'msw/*'];

/** min+gzip budgets in bytes (rows without `limit` are informational). `code` is what an app writes; `file` is a shipped asset measured as is. */
export const budgets = [
  // 3500 before issue 16's unknown total (hasNext: the window, Next/Last, "of more than", the count-free status; +127 B).
  // 3650 before issue 18's bug fixes: digit strings ('3' from a URL) read as numbers, warnings quoting strings, and a
  // controlled size the parent refuses keeping the page (+75 B); id/style/aria-*/data-* on the root (+67 B); showQuickJumper (+130 B); link mode, getPageHref + linkComponent (+145 B).
  // 4560 (was 4080): issue 18's container-responsive layout — the rungs each layout needs (paginationFit, ~250 B),
  // the compact "3 / 22" with short counts, the selector's optional label; clsx is gone. Pagination JS + styles.css
  // is 6,196 B: above react-paginate's 5,151 B (no selector, total, jumper, link mode nor responsive layout), below
  // every other peer (rc-pagination 8.63 KiB, Ark UI 7.87 KiB unstyled). 4640, not 4560: focus recovery that skips
  // controls the compact layout hides (+60 B), and the live region and focus in hooks of their own (+25 B).
  // Wide (CJK) characters weighed in the layout estimate (+42 B). Then 4480, not 4680: dev warnings written as React
  // writes them (`process.env.NODE_ENV !== 'production'` at the call site), so production builds drop them (-211 B).
  { name: 'Pagination only', code: `export { Pagination } from 'pagewise';`, limit: 4480 },
  // 1670 (was 1500): the compact and narrow layouts (16 container-query rungs, ~110 B), the theme's new states
  // (pressed, disabled text), the selector's own chevron, the indicator.
  { name: 'pagewise/styles.css', file: 'dist/styles.css', limit: 1670 },
  // 4300, not 4000: issue 16's pages without a total (Slice, has-more, next, bare arrays) and the RFC 8288 Link reader add ~300 B, one error constructor shape (detail, init) ~16 B; issue 15's
  // token rules (refusal back-off, the 401 rule per organization with its holds, copies of blocked errors) ~310 B; 4650 before
  // review1's fix: a 401 from an organization that had accepted the renewed token is a new revocation, not a hold (+16 B).
  // 4710, not 4670: an auth strategy may add a proof of possession beside the Authorization (DPoP), kept out of errors,
  // and sees the response it authorized (a DPoP nonce), +34 B.
  { name: 'pagewise/client', code: `export * from 'pagewise/client';`, limit: 4710 },
  {
    // What an app ships: every runtime entry. The mock service is a test and story tool, budgeted on its own.
    name: 'whole library (runtime)',
    code: [
      `export * from 'pagewise';`,
      `export * as client from 'pagewise/client';`,
      `export * as server from 'pagewise/server';`,
      `export * as table from 'pagewise/table';`,
    ].join('\n'),
    // 12000 before issue 16's readers (+20 B) and issue 15's identity-provider options, discovery and token rules (+1.2 kB,
    // mostly pagewise/server, which a browser app does not ship); issue 11's proxy limits, header checks, bounded body
    // reader, verbatim pass-through and rate-limited log (+0.93 kB, all pagewise/server); issue 18's Pagination additions.
    // 17150, not 17100: review1's server fixes (the JSON-escaped secret redacted, a store's garbage never quoted nor an
    // empty token taken, defineTokenStore checking its methods) +99 B, all pagewise/server.
    // 17900, not 17150: issue 18's responsive layout (+0.5 kB, all in the Pagination control); the proxy's Link
    // rewriting (+0.2 kB, pagewise/server).
    // 17750, not 17990: dev warnings dropped from production builds (-229 B).
    // 18450, not 17750: client authentication as values with private_key_jwt, client_secret_jwt, client assertions,
    // tls_client_auth and DPoP (+0.7 kB up front, all pagewise/server: option checks, the send/process pair, DPoP's
    // hooks, readTokenFile; the signing code itself, 3.3 kB, loads on first use and is not counted).
    limit: 18450,
  },
  { name: 'pagewise/testing (mock)', code: `export * from 'pagewise/testing';`, limit: 6500 },
  // Not budgeted on their own: shown so a budget overrun points at its cause.
  { name: '  pagewise (root entry)', code: `export * from 'pagewise';` },
  { name: '  pagewise/server', code: `export * from 'pagewise/server';` },
  // What an app on client secrets loads of pagewise/server, and what private_key_jwt, client_secret_jwt, client
  // assertions and DPoP load on first use.
  { name: '  clientCredentials', code: `export { clientCredentials } from 'pagewise/server';` },
  { name: '    + on first use', code: `export { clientCredentials } from 'pagewise/server';`, lazy: true },
  { name: '  pagewise/table', code: `export * from 'pagewise/table';` },
];

const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

/** The bundle of `code`: what loads up front (the entry and the chunks it imports), and what only a dynamic import loads. */
export async function bundle(code, consumerDir) {
  const result = await build({
    stdin: { contents: code, resolveDir: consumerDir, loader: 'js' },
    bundle: true,
    write: false,
    splitting: true,
    outdir: join(consumerDir, '.size-out'),
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const text = new Map(result.outputFiles.map((file) => [relative(process.cwd(), file.path), file.text]));
  const upfront = new Set();
  const visit = (path) => {
    if (upfront.has(path)) return;
    upfront.add(path);
    for (const { path: imported, kind, external: outside } of outputs[path].imports) if (kind === 'import-statement' && !outside) visit(imported);
  };
  visit(Object.keys(outputs).find((path) => outputs[path].entryPoint === '<stdin>'));
  const join_ = (paths) => paths.map((path) => text.get(path)).join('\n');
  return { initial: join_([...upfront]), lazy: join_(Object.keys(outputs).filter((path) => !upfront.has(path))) };
}

/**
 * @param {string} consumerDir a folder whose node_modules/pagewise holds the unpacked tarball
 * @returns {Promise<{ name: string, min: number, gzip: number, limit: number | null, ok: boolean }[]>}
 */
export async function measureSizes(consumerDir) {
  const rows = [];
  for (const budget of budgets) {
    const text = budget.file
      ? readFileSync(join(consumerDir, 'node_modules', 'pagewise', budget.file), 'utf8')
      : (await bundle(budget.code, consumerDir))[budget.lazy ? 'lazy' : 'initial'];
    const gzip = gzipSize(text);
    const limit = budget.limit ?? null;
    rows.push({ name: budget.name, min: Buffer.byteLength(text), gzip, limit, ok: limit === null || gzip <= limit });
  }
  return rows;
}

export function formatSizeTable(rows) {
  const lines = [
    'entry                          minified   min+gzip     budget',
    ...rows.map(
      (r) =>
        `${r.limit === null ? ' ' : r.ok ? '✔' : '✖'} ${r.name.padEnd(28)} ${String(r.min).padStart(8)} ${String(r.gzip).padStart(10)} ${String(r.limit ?? '–').padStart(10)}`,
    ),
  ];
  return lines.join('\n');
}
