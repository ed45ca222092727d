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
const external = ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*', 'msw', 'msw/*', '@opentelemetry/api'];

/** min+gzip budgets in bytes (rows without `limit` are informational). `code` is what an app writes; `file` is a shipped asset measured as is. */
export const budgets = [
  // The control: page window, page-size selector, range and total, quick jumper, link mode through a router's link,
  // a layout that follows its container (what each layout is made of, from its props, for the stylesheet to reckon its
  // room in the theme's sizes), focus kept while paging (handed to the arrow back the other way, not to First, when
  // Next stops acting and no page is shown) and a polite live region, built on usePagination's prop getters, which headless markup shares. Dev warnings are written
  // as React writes them (`process.env.NODE_ENV` at the call site), so production builds drop them. Alone it is below
  // react-paginate's 5,151 B, which has no selector, total, jumper or link mode. Its live region also says an app's
  // `message` (what a row action did). One set of number formatters per locale, keeping the numbers last formatted,
  // costs ~60 B and takes Intl out of most of a page change's work.
  // Prefetch on intent (`onPageIntent`: a pointer resting on a page's control for a delay, or focus on it; one timer
  // for the control) costs 144 B; an estimated total said as such ("of about 4,400", `totalEstimate`) and the
  // selector's capped "All" choice (`showAll`), with their two labels, 258 B.
  { name: 'Pagination only', code: `export { Pagination } from 'pagewise';`, limit: 5092 },
  // Its stylesheet: two container rules that read the room each layout needs from the control's own font-size and
  // line-height (41 rules, one per rung, before: 380 B), that room added up in the theme's own target size, gap and
  // font size (~80 B: a themed --pw-size-* or --pw-gap switches where it fits instead of wrapping), touch sizes, light and dark colours at AA contrast declared
  // on the control alone, and a reset against a page's own list, button and link styles. With the control (~6.5 kB)
  // it is below every other peer (rc-pagination 8.63 KiB, Ark UI 7.87 KiB unstyled). A quick jumper and a selector
  // on a 320 px row (a narrower input, closer parts when narrow with a fine pointer) cost 66 B of it. Minified by
  // Lightning CSS (scripts/build.mjs), which keeps no spaces in custom properties' values: 38 B less than esbuild.
  { name: 'pagewise/styles.css', file: 'dist/styles.css', limit: 1860 },
  // The browser's client: pages with and without a total (Spring Page and Slice, has-more, RFC 8288 Link), one list
  // operation for any resource with sort and filters written in a stable order and checked before any request, a path
  // as `baseUrl` resolved per request (so server rendering can construct it), typed errors and argument errors with
  // their stable `code` and the guard that reads it (`isInvalidArgumentError`), redaction, events, the token rules
  // (the cache with its back-off, reset() and its hand-over of tokens to revoke, the 401 rule as a named-state machine,
  // DPoP headers), cursor paging (the four public styles' next-page ways read, URL cursors kept under the base
  // address, `serializePage`), writes (create, update and delete with ids and bodies checked before any request,
  // retries only where repeating is safe, problem bodies kept), and a client whose calls go through a function
  // instead of fetch (a server function, with cursors and writes; an app that does not import it never loads it).
  // The budget is what that measures, with room for a small change, so growth past it is a decision, not a drift.
  // One page vocabulary (pages counted from 1, converted to the wire's number where a request is built) took 17 B.
  // Sending a write loads at the first write (its arguments are still checked up front): 150 B more here, where the
  // entry and the write's chunk share code, and ~730 B less for an app that only lists (the next rows).
  // Reading what a service sends in linear time (a next URL's parameters grouped in one pass, the Link pattern
  // bounded, Retry-After dates capped) took 42 B, here and in the next row.
  // Refusing a credential to a plain-http service off this machine (the loopback rule and its message) and reading a
  // response body only up to maxBodyBytes (a bounded reader shared with the proxy) took 476 B, 457 B of it up front.
  // Reading an estimated total (`totalEstimate`, `estimatedTotal`) apart from the count took 38 B (28 B up front).
  // Every page of a list (`client.pages`): its argument checks up front, the walk itself (next page by number or cursor,
  // Retry-After, pages asked ahead) loaded at the first `next()`, as a write is: 282 B here.
  // Bulk writes (`bulkWrite`) and the export (CSV and NDJSON rows, their byte stream): 1.33 kB more, all in functions
  // an app that does not import them drops.
  // Back-ends people run: presets as data (Django REST Framework, json-server, Spring, Laravel, Rails, Strapi, Stripe,
  // GitHub, AIP-158), route templates, the Token, Basic and API-key strategies and the served page size: 2.2 kB.
  // Route templates checked in shared code the proxy and the mock read too, placeholders side by side refused, and an
  // organization name of URL-safe characters for routes without one: 57 B.
  // Other back-ends' wire: fixed request headers and the organization in a header (checked as RFC 9110 names pagewise
  // does not set), an API key in a query parameter (kept out of errors and taken out of echoed next-page URLs), writes
  // that follow the routes and the PostgREST preset: 1,023 B, 762 B of it up front (the next row).
  // A service's size cap followed, and the size each list served remembered for its short last page: 90 B. The
  // served-size warning's text, behind a production check at its call, is dropped from production builds: -211 B.
  // A key redacted in every form a URL writes it, connection headers refused and pasted header lines never quoted, an
  // empty page by number ending a walk, a cursor that leads to itself refused, each client's routes kept for the
  // server function's cursor check and no filter under a route's own parameter: 310 B.
  // createRpcClient rebuilding a server function's `size` refusal beside its cursor and organization ones: 73 B.
  // A page asked for by number sent at the size its list served (an offset list's cap), asked again once when a page
  // past the first shows it first, a next link's word kept over a count at another size, a short first page leading
  // on by a next link taken as the service's size, and createRpcClient's walk taking an organization name: 143 B.
  // A page past the last that a back-end refuses (`pastEndStatus`: Django's 404, PostgREST's 416) read as the empty
  // page past the end with page 1's count: 211 B (16,392 B then 16,603 B).
  // A capped list opened at its last page by the size asked (page 1 asked for the size it serves where that page
  // holds other rows than its count leaves, or was refused as past the end), the page past the end built from page
  // 1's own: 64 B (16,668 B).
  { name: 'pagewise/client', code: `export * from 'pagewise/client';`, limit: 16675 },
  // What an app that lists through the fetch client loads of pagewise/client up front (the example apps' use).
  // A page that says its real size (more rows than asked, rows of no page of their number) and route templates are
  // every app's: 1,030 B up front; the client's paging options checked in a function of their own, 40 B. Routes
  // checked where the proxy and the mock check theirs, side-by-side placeholders refused: 16 B.
  // The `headers` and `organizationHeader` options with their checks, a strategy's query parameters (set on the
  // request sent, taken out of a next-page URL a service echoes them into) and the write's route: 762 B up front,
  // 102 B more in the write's chunk.
  // A service's size cap followed, and the size each list served remembered for its short last page: 90 B. The
  // served-size warning's text, behind a production check at its call, is dropped from production builds: -226 B.
  // A key redacted in every form a URL writes it, connection headers refused, an empty page by number ending a walk,
  // a cursor that leads to itself refused, the client's routes kept for a server function's cursor check and no
  // filter under a route's own parameter, all up front: 337 B.
  // A page asked for by number sent at the size its list served (an offset list's cap), asked again once when a page
  // past the first shows it first, a next link's word kept over a count at another size and a short first page leading
  // on by a next link taken as the service's size: 135 B.
  // A page past the last that a back-end refuses read as the empty page past the end with page 1's count, the option
  // checked: 231 B (9,712 B then 9,943 B).
  // A capped list opened at its last page by the size asked: page 1 asked for the size it serves where that page holds
  // other rows than its count leaves, or was refused as past the end, and the page asked once more at it: 57 B
  // (9,999 B).
  { name: 'createApiClient', code: `export { createApiClient } from 'pagewise/client';`, limit: 10005 },
  { name: '  + on first write or walk', code: `export { createApiClient } from 'pagewise/client';`, lazy: true },
  {
    // What an app ships: every runtime entry. The mock service is a test and story tool, budgeted on its own.
    name: 'whole library (runtime)',
    code: [
      `export * from 'pagewise';`,
      `export * as client from 'pagewise/client';`,
      `export * as server from 'pagewise/server';`,
      `export * as table from 'pagewise/table';`,
    ].join('\n'),
    // The control and its prop getters, the hooks with their sort and filter state (search settles before it is
    // asked for), the page-to-cursor walk over the query cache, the URL's cursor, the mutation hook's cache surgery
    // over every cached form of a list, the table's sorting and filter binding, the client, and pagewise/server: the
    // token code with scopes per need and revocation's wiring, the proxy's steps behind a Fetch handler and a Node
    // listener with its per-resource allowlist, JSON check, cursor links rewritten to its own path and write
    // forwarding with its CSRF and body checks, and the server-function pairing (serveListCall, serveWriteCall).
    // Budgeted as a whole so a change that moves bytes between entries still shows. The listener's own HTTP client
    // (Node's http with keep-alive agents, about 1 kB, server-only) bought the proxy its pass-through speed; its
    // Response reading as fetch's (clone, bytes, a second read refused) and linear parsing took 232 B more.
    // Prefetch on intent, the control's handlers and the hooks' reachable-page check, took 308 B; estimated totals
    // (read, handed to the control, said as such) and the "All" page size 305 B.
    // Work across pages took 964 B: `client.pages` up front (its walk is lazy), rows changed elsewhere applied to the
    // cached pages (`applyListChange`, `useListChanges`; an app that imports neither drops them) and the next page
    // asked again from the cache's event rather than a render.
    // The reader's place (`useListPlace`: scroll on a move, a full page's height kept, page shortcuts) and a page size
    // remembered across visits (`useRememberedPageSize`) took 1,203 B; the parts merged compress ~80 B worse together.
    // Selection across pages, bulk actions and export (`useListSelection`, `useBulkAction`, `useExport`, `bulkWrite`,
    // `exportList`, `useTableRowSelection`) took 3.55 kB more.
    // The back-ends' presets, routes and auth strategies: 2.5 kB more.
    // The proxy at the upstream's own route (route templates matched in linear time, the sort written the upstream's
    // way, writes to its row route, its next-page links and page numbers mapped back to the proxy's, the total read
    // where Pagy and Kaminari write it): 1,323 B.
    // Fixed and organization headers, a key in the query, writes following routes, the PostgREST preset: 990 B more.
    // A size cap followed; the proxy's fixed and organization headers and PostgREST's Content-Range passed on: 160 B.
    // The served-size warning's text dropped from production builds: -157 B.
    // Encoded keys redacted, connection headers refused, walks that end where a service claims more pages, and a
    // server function's URL cursors held to the list allowed, and its size bounded: 453 B.
    // An echoed key taken out of a next-page URL in one pass (linear where a delete per parameter was not): 26 B.
    // Pages by number sent at the size their list served, a next link's word kept over a count, a short first page
    // leading on by a next link taken as the service's size, rows changed elsewhere reaching a list cached under an
    // organization name: 188 B (measured 46,693 B).
    // A page past the last that a back-end refuses read as the empty page past the end: 206 B (46,899 B).
    // A capped list opened at its last page by the size asked: 74 B (46,966 B).
    limit: 46975,
  },
  // The mock service: Spring-shaped pages, sorting and filtering as Spring does, any list endpoint, its token and
  // revocation endpoints and failure modes, writes kept in its state with problem documents, five services that page
  // by cursor or offset (keyset positions, each one's own wire), and argument errors in the library's one shape. Tests
  // and stories load it, never an app: its handlers as named steps of at most 60 lines each cost ~310 B of it.
  // Queries and forms read in linear time (grouped in one pass) took 57 B.
  // An `estimate` shape (a rounded count until the last page's exact one) and a `maxPageSize` option (pages of 5,000
  // rows for a virtualized table) cost 67 B.
  // Other people's changes (`editRow`, `subscribe`) took 297 B; their event stream is the Node server's.
  // Writes failing per row (`fail({ rows })`) took 66 B.
  // Its HTTP server's answer to one request and the changes by others as functions of their own: 28 B.
  // Lists and rows served where a client's route templates put them (the templates checked as the client checks them,
  // matched in linear time; the organization in the path, the query or absent; a resource's own template serving it
  // alone): 934 B.
  { name: 'pagewise/testing (mock)', code: `export * from 'pagewise/testing';`, limit: 12370 },
  // Not budgeted on their own: shown so a budget overrun points at its cause.
  { name: '  pagewise (root entry)', code: `export * from 'pagewise';` },
  { name: '  pagewise/server', code: `export * from 'pagewise/server';` },
  // What an app on client secrets loads of pagewise/server, and what private_key_jwt, client_secret_jwt, client
  // assertions and DPoP load on first use.
  { name: '  clientCredentials', code: `export { clientCredentials } from 'pagewise/server';` },
  { name: '    + on first use', code: `export { clientCredentials } from 'pagewise/server';`, lazy: true },
  { name: '  pagewise/table', code: `export * from 'pagewise/table';` },
  // Opt-in, outside the runtime total: an app without big pages never imports it (TanStack Virtual is the app's peer).
  { name: '  pagewise/virtual', code: `export * from 'pagewise/virtual';` },
  // Opt-in, outside the runtime total: an app without OpenTelemetry never imports it.
  { name: '  pagewise/opentelemetry', code: `export * from 'pagewise/opentelemetry';` },
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
    for (const { path: imported, kind, external: outside } of outputs[path].imports)
      if (kind === 'import-statement' && !outside) visit(imported);
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
