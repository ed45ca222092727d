// Turns the measurements into BENCHMARKS.md: targets first, then one table per measurement.
import { hostileSection } from './hostile.mjs';
import { formatLists } from './lists.mjs';
import { bigPageSection } from './bigpage.mjs';
import { formatAcrossPages } from './acrossPages.mjs';
import { esbuildFlags, kb, mdTable, median } from './util.mjs';

const ms = (x) => (x === undefined ? '—' : x.toFixed(1));
const yes = (ok) => (ok === undefined ? 'n/a' : ok ? 'yes' : '**no**');

function sizeSection(size) {
  const base = size.find((r) => r.name === 'pagewise Pagination' && !r.missing);
  const rows = size.map((r) =>
    r.missing
      ? [r.name, r.version, r.selector, '—', '—', '—', '—', '—', `not measured: ${r.missing.join(', ')}`]
      : [
          r.name,
          r.version,
          r.selector,
          kb(r.jsMin),
          kb(r.jsGz),
          r.cssGz ? kb(r.cssGz) : '—',
          kb(r.totalGz),
          base && r.peer ? `${(r.totalGz / base.totalGz).toFixed(1)}×` : '—',
          r.css,
        ],
  );
  const flags = `--bundle --minify --format=${esbuildFlags.format} --platform=${esbuildFlags.platform} --define:process.env.NODE_ENV='"production"'`;
  return [
    '## Bundle size',
    '',
    `min+gzip (gzip -9) in KiB of an esbuild bundle of one import per row, \`esbuild ${flags}\`, React and react-dom external.`,
    'CSS is counted where the library needs a stylesheet; CSS-in-JS is already in the JS. pagewise is bundled from `src/` with the',
    'same flags (its optional peers TanStack Query/Table and msw external, as React is). "× pagewise" compares totals.',
    '',
    mdTable(
      [
        'Bundle',
        'Version',
        'Page-size selector',
        'JS min',
        'JS gzip',
        'CSS gzip',
        'Total gzip',
        '× pagewise',
        'Styling counted',
      ],
      rows,
    ),
  ].join('\n');
}

/** What the example apps' browser bundles pay for pagewise, as the example-apps step of `npm test` last measured it. */
function appBytesSection(appBytes) {
  const head = ['## What the example apps pay', ''];
  if (!appBytes?.length)
    return [...head, 'Not measured yet: the example-apps step of `npm test` (scripts/e2e.mjs) records it.'].join('\n');
  const rows = appBytes.map((m) => [
    m.app,
    m.jsGzip,
    m.controlGzip,
    m.jsGzip - m.controlGzip,
    m.budget?.js ?? '—',
    m.budget?.goal ?? '—',
    m.cssGzip,
    m.modules
      .slice(0, 4)
      .map((x) => `${x.module} ${(x.share * 100).toFixed(0)} %`)
      .join(', '),
    m.method,
  ]);
  return [
    ...head,
    'min+gzip in bytes of pagewise in each example app’s browser bundle, built from the packed package by the example-apps',
    'step of `npm test` (scripts/appBytes.mjs says how), last on ' + appBytes.map((m) => m.measuredAt).sort()[0] + '.',
    '"Control" is the part of the JS the Pagination control holds (src/pagination and the hooks under it).',
    '',
    mdTable(
      ['App', 'JS gzip', 'Control', 'The rest', 'JS budget', 'JS goal', 'CSS gzip', 'Largest modules', 'Method'],
      rows,
    ),
  ].join('\n');
}

function renderSection(render) {
  const rows = render.rows.map((r) =>
    r.runs
      ? [
          r.name,
          r.items.toExponential(0).replace('e+', 'e'),
          ms(r.mount),
          ms(r.steps),
          ms(r.jumps),
          (((r.steps + r.jumps) / render.pageChanges) * 1000).toFixed(0),
          ms(r.sizes),
          ms(r.total),
          r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`,
          r.check,
        ]
      : [r.name, '—', '—', '—', '—', '—', '—', '—', '—', `${r.check}; failed: ${r.errors.join('; ').slice(0, 200)}`],
  );
  return [
    '## Render cost',
    '',
    `Headless Chromium ${render.chromiumVersion} (playwright-core), one tab per library in one browser session, production React 19 bundles`,
    `(esbuild, same flags). Each run mounts the control with 1e12 items (20 per page) under React state, then makes ${render.pageChanges} controlled page`,
    `changes (a step to the next page alternating with a jump to a random page of all 5·10^10) and ${render.sizeChanges} page-size changes (50/10/100/20), each committed`,
    'with `flushSync` and followed by a forced layout, timed one by one with `performance.now()` inside the page (cross-origin isolated,',
    `so 5 µs resolution: ${render.isolated ? 'yes' : 'no'}), yielding to the browser between changes. Median of ${render.runs} runs after ${render.warmup} warm-up runs,`,
    'libraries interleaved in a rotating order. "× pagewise" is the library\'s median total over pagewise\'s: above 1 means pagewise is faster.',
    '',
    mdTable(
      [
        'Library',
        'Items',
        'Mount ms',
        `${render.pageChanges / 2} steps ms`,
        `${render.pageChanges / 2} jumps ms`,
        'µs / page change',
        `${render.sizeChanges} size changes ms`,
        'Total ms',
        '× pagewise',
        'Mounted on page 5·10^10 of 1e12 items',
      ],
      rows,
    ),
    '',
    'How each control is driven (bench/pages/*.jsx): Ark UI is headless, so it renders the markup its documentation shows (previous,',
    'pages and ellipses, next), unstyled; "Ark UI + pagewise features" adds what pagewise renders besides (first/last triggers, a native',
    'page-size `<select>`, a visually hidden polite live region), still unstyled; MUI TablePagination shows a range and previous/next buttons, no page list; rc-pagination 5 takes',
    'its page-size changer as a render prop, given a native `<select>`; MantineProvider sits above the state, as at an app root.',
    '',
    render.commitsPerChange === undefined
      ? 'React commits per page change (pagewise): not measured (pagewise Pagination not built yet).'
      : `React commits per page change for pagewise \`<Pagination>\` (\`<Profiler onRender>\` in React's profiling build, effects flushed): **${render.commitsPerChange}**.`,
    ...(render.skipped.length ? ['', `Not measured yet: ${render.skipped.join(', ')}.`] : []),
  ].join('\n');
}

function dataSection(data) {
  const out = ['## Data layer', ''];
  const t = data.tokens;
  out.push(
    '### Token requests for 100 concurrent list calls',
    '',
    t.missing
      ? `Not measured: ${t.missing}.`
      : mdTable(
          ['Auth', 'Concurrent listShares calls', 'Succeeded', 'Token requests', 'List requests'],
          [
            [
              'clientCredentials (mock identity provider, 50 ms latency)',
              t.calls,
              t.succeeded,
              t.tokenRequests,
              t.listRequests,
            ],
          ],
        ),
    '',
  );
  if (data.missing) {
    out.push(`Rendering scenarios not measured: missing ${data.missing.join(', ')}.`);
    return out.join('\n');
  }
  out.push(
    '### Moving forward 5 pages',
    '',
    `\`useShares\` really rendered (React DOM in jsdom, @testing-library/react) with \`<Pagination {...shares.pagination}>\`, against the mock`,
    `service over real HTTP on 127.0.0.1 with ${data.latencyMs} ms latency. Each move clicks "Next page" once the current page has settled (nothing in`,
    'flight, as when a user reads it). "On the critical path" = requests for the new page sent after the click. Times are jsdom + development',
    'React on a shared machine: indicative only.',
    '',
    data.prefetch.error
      ? `Failed: ${data.prefetch.error}`
      : mdTable(
          ['Setup', 'Requests on the critical path (5 moves)', 'All list requests', 'Median ms click → rows'],
          data.prefetch.map((p) => [p.label, p.critical, p.total, ms(median(p.waits))]),
        ),
    '',
    '### Page storm: 20 clicks on "Next page"',
    '',
    `20 clicks ${data.gapMs} ms apart, much faster than the service's ${data.stormLatencyMs} ms latency, then waiting for page 21 and for everything to settle. Requests`,
    'and response body bytes as the client saw them (an aborted request receives no body). The hand-rolled setup is a plain',
    '`useQuery({ queryKey, queryFn: () => fetch(url).then(r => r.json()), placeholderData: keepPreviousData })`: no abort signal, no prefetch.',
    '',
    data.storm.error
      ? `Failed: ${data.storm.error}`
      : mdTable(
          ['Setup', 'Requests sent', 'Aborted', 'Responses received', 'Bytes received', 'ms to last page'],
          data.storm.map((s) => [s.label, s.requests, s.aborted, s.responses, s.bytes, ms(s.lastPageAfter)]),
        ),
  );
  return out.join('\n');
}

export function tableSection(table) {
  if (!table) return '';
  const out = ['## Server-paged table: click → rows painted', ''];
  if (table.error) return [...out, `Failed: ${table.error}`].join('\n');
  out.push(
    `A TanStack Table v9 table of ${table.shape.rows} rows × ${table.shape.cells} columns a page in headless Chromium (production React), over the mock`,
    `service's handlers answering in the page with ${table.latencyMs} ms latency. Each click on "Next page" comes once everything has settled; the`,
    'time runs from the click to the end of the first frame showing the new rows (requestAnimationFrame, then a posted message), and "to',
    'the DOM" stops when the rows are committed. Clicks are spread evenly over the 16.7 ms between two frames, as a user\'s are; "in the first',
    'frame" counts the clicks whose rows were in the DOM when the next frame began (nothing left for a later frame). The hand-rolled setup is `useQuery` + `useTable` with the table state in `useState` and, when',
    'prefetched, `queryClient.query` of the next page in an effect; both use the same client and `<TablePagination>`. Ratio: median vs the',
    'hand-rolled setup with the same prefetching.',
    '',
    mdTable(
      [
        'Setup',
        'Clicks',
        'Median ms to painted',
        'p95 ms',
        'Median ms to the DOM',
        'p95 ms to the DOM',
        'In the first frame',
        'Ratio',
      ],
      table.rows.map((r) => [
        r.label,
        r.clicks,
        ms(r.median),
        ms(r.p95),
        ms(r.commit),
        ms(r.p95Commit),
        `${Math.round(r.firstFrame * 100)} %`,
        `${r.ratio.toFixed(2)}×`,
      ]),
    ),
  );
  if (table.errors.length) out.push('', `Page errors: ${table.errors.join('; ')}`);
  return out.join('\n');
}

export function proxySection(proxy) {
  const out = ['## Proxy overhead', ''];
  if (!proxy || proxy.error) return [...out, `Not measured: ${proxy?.error ?? 'skipped'}.`].join('\n');
  const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
  const loads = (load) => load.map((l) => l.toFixed(2)).join(' / ');
  out.push(
    'autocannon 9 against 127.0.0.1 only, each server in a child process of its own, in front of two upstreams: "static" answers one',
    `${proxy.pageBytes.static}-byte page from memory (the least an upstream costs, so the proxy's own cost shows most), "mock" is pagewise's`,
    `mock service (\`createMockHttpServer\`, a ${proxy.pageBytes.mock}-byte page made per call). Servers: the upstream direct, two minimal streaming`,
    'pass-throughs on node:http (a token asked for once, the call made with it, status and body piped back; upstream with `fetch`, or with',
    "`http.request` and a keep-alive agent, the least Node's own HTTP costs), `createProxyListener` on node:http (upstream over `http.request`),",
    "and `createProxyHandler` through @hono/node-server's `getRequestListener` (as on a Fetch-standard server); both pagewise servers with",
    `\`clientCredentials\` and \`allowRequest: () => true\`. Each row is the median of ${proxy.rounds} interleaved ${proxy.roundSeconds}-second runs (upstream direct:`,
    "one run), with the 1-minute load average when they ran; CPU per request is the server process's own (user + system). The",
    'machine is shared (2 cores, the load generator and the upstream on it too): compare within an upstream and a connection count.',
    '',
    mdTable(
      [
        'Upstream',
        'Server',
        'Connections',
        'Requests/s',
        'p50 ms',
        'p99 ms',
        'CPU µs/request',
        'Failed',
        'Load (1 min)',
      ],
      proxy.rows.map((r) => [
        r.upstream,
        r.name,
        r.connections,
        Math.round(r.rps),
        r.p50,
        r.p99,
        r.cpuPerRequest === undefined ? '—' : Math.round(r.cpuPerRequest),
        r.failures,
        r.load.toFixed(2),
      ]),
    ),
    '',
    mdTable(
      ['Figure', 'Value'],
      [
        ...proxy.ratios.map((r) => [
          `${r.name} ÷ ${r.baseline} throughput, ${r.upstream} upstream, ${r.connections} connections`,
          `${r.ratio.toFixed(2)}×`,
        ]),
        ...proxy.tokens.map((t) => [
          `Token requests, ${t.upstream} upstream (warm-up included)`,
          `${t.tokens} for more than ${t.proxied} proxied requests`,
        ]),
        [
          `createProxyListener RSS before → after ${proxy.rss.requests} requests (static, 100 connections)`,
          `${mib(proxy.rss.before)} → ${mib(proxy.rss.after)} MiB (${proxy.rss.failures} failed)`,
        ],
        ['Load average during this section (1/5/15 min)', `${loads(proxy.load.before)} → ${loads(proxy.load.after)}`],
      ],
    ),
  );
  if (proxy.profile) {
    out.push(
      '',
      `What stands between: CPU per call in one process with an in-memory upstream (no sockets), ${proxy.profile.calls} calls each, the ${proxy.profile.bytes}-byte page.`,
      '',
      mdTable(
        ['Step', 'CPU µs/call'],
        proxy.profile.rows.map((r) => [r.name, r.cpuUs.toFixed(1)]),
      ),
    );
  }
  return out.join('\n');
}

function targetsSection({ size, render, data, table, bigPage }) {
  const pw = size.find((r) => r.name === 'pagewise Pagination' && !r.missing);
  const peers = size.filter((r) => r.peer);
  const withSelector = peers.filter((r) => r.selector.startsWith('yes'));
  const smallestSel = withSelector.reduce((a, b) => (b.totalGz < a.totalGz ? b : a));
  const smallest = peers.reduce((a, b) => (b.totalGz < a.totalGz ? b : a));
  const pwRender = render.rows.find((r) => r.id === 'pagewise' && r.runs);
  const fair = render.rows.filter((r) => r.id !== 'pagewise' && r.runs && r.items === 1e12);
  const fastest = fair.length ? fair.reduce((a, b) => (b.total < a.total ? b : a)) : undefined;
  const like = render.rows.find((r) => r.likeForLike && r.runs);
  const t = data.tokens;
  const on = Array.isArray(data.prefetch) ? data.prefetch[0] : undefined;
  const prefetched = table?.rows?.find((r) => r.id === 'pagewise-prefetch');
  const handPrefetched = table?.rows?.find((r) => r.id === 'hand-prefetch');
  const rows = [
    [
      'Pagination-only ≤ ½ of the smallest peer with a page-size selector',
      pw
        ? `${kb(pw.totalGz)} KiB vs ½ × ${kb(smallestSel.totalGz)} KiB (${smallestSel.name}) = ${kb(smallestSel.totalGz / 2)} KiB`
        : 'not built',
      yes(pw && pw.totalGz <= smallestSel.totalGz / 2),
    ],
    [
      'Pagination-only smaller than every peer',
      pw ? `${kb(pw.totalGz)} KiB vs ${kb(smallest.totalGz)} KiB (${smallest.name})` : 'not built',
      yes(pw && pw.totalGz < smallest.totalGz),
    ],
    [
      'Render cost ≤ fastest peer (peers mounted with 1e12 items)',
      pwRender && fastest
        ? `${ms(pwRender.total)} ms vs ${ms(fastest.total)} ms (${fastest.name}): ${(pwRender.total / fastest.total).toFixed(2)}× the fastest`
        : 'not measured',
      yes(pwRender && fastest ? pwRender.total <= fastest.total : undefined),
    ],
    [
      'Render cost ≤ the fastest peer given the same features (first/last, page-size `<select>`, live region)',
      pwRender && like
        ? `${ms(pwRender.total)} ms vs ${ms(like.total)} ms (${like.name}): ${(pwRender.total / like.total).toFixed(2)}×`
        : 'not measured',
      yes(pwRender && like ? pwRender.total <= like.total : undefined),
    ],
    [
      'Exactly 1 token request for 100 concurrent calls',
      t.missing ? 'not measured' : `${t.tokenRequests} token request(s)`,
      yes(t.missing ? undefined : t.tokenRequests === 1),
    ],
    [
      '0 requests on the critical path with prefetch (5 moves forward)',
      on ? `${on.critical} request(s)` : 'not measured',
      yes(on ? on.critical === 0 : undefined),
    ],
    [
      'Server-paged table, prefetched page: click → rows painted p95 within one frame (16.7 ms)',
      prefetched ? `p95 ${ms(prefetched.p95)} ms (hand-rolled: ${ms(handPrefetched.p95)} ms)` : 'not measured',
      yes(prefetched ? prefetched.p95 <= 1000 / 60 : undefined),
    ],
    [
      'Server-paged table, prefetched page: rows in the first frame after the click, for 95 % of clicks',
      prefetched
        ? `${Math.round(prefetched.firstFrame * 100)} % (hand-rolled: ${Math.round(handPrefetched.firstFrame * 100)} %); click → DOM p95 ${ms(prefetched.p95Commit)} ms`
        : 'not measured',
      yes(prefetched ? prefetched.firstFrame >= 0.95 : undefined),
    ],
    [
      'A 5,000-row page painted and scrolled to its end: pagewise + TanStack Virtual ÷ AG Grid Community ≤ 1.0',
      bigPage?.ratio !== undefined
        ? `${bigPage.ratio.toFixed(2)} (${ms(bigPage.rows[0].total)} ms vs ${ms(bigPage.rows[1].total)} ms)`
        : 'not measured',
      yes(bigPage?.ratio !== undefined ? bigPage.ratio <= 1 : undefined),
    ],
  ];
  return ['## Targets', '', mdTable(['Target', 'Measured', 'Met'], rows)].join('\n');
}

function peersSection(peers) {
  return [
    '## Peer libraries',
    '',
    'Installed from `bench/package.json` (latest releases, pinned by `bench/package-lock.json`) with a plain `npm ci`: every peer accepts React 19,',
    "so no `--legacy-peer-deps`. All pages and bundles use the repository's React and react-dom.",
    '',
    mdTable(
      ['Package', 'Version', 'React peer range'],
      peers.map((p) => [p.name, p.version, `\`${p.react}\``]),
    ),
  ].join('\n');
}

export function fleetSection(fleet) {
  if (!fleet) return '';
  const out = ['## Token requests for a fleet', ''];
  if (fleet.error) return [...out, `Not measured: ${fleet.error}`].join('\n');
  out.push(
    `${fleet.processes} Node processes of the built package, ${fleet.callsPerProcess} concurrent list calls each, an empty cache, against a local`,
    'identity provider that counts token requests (bench/fleet.mjs). With the shared store one process asks and the others wait for its token.',
    '',
    mdTable(
      ['Setup', 'Calls', 'Succeeded', 'Token requests', 'ms until every call answered'],
      fleet.rows.map((r) => [r.label, r.calls, r.ok, r.tokenRequests, r.ms === undefined ? '—' : Math.round(r.ms)]),
    ),
  );
  return out.join('\n');
}

export function clientAuthenticationSection(auth) {
  if (!auth) return '';
  const out = ['## Client authentication', ''];
  if (auth.error) return [...out, `Not measured: ${auth.error}`].join('\n');
  const us = (micros) => `${Math.round(micros)} µs`;
  out.push(
    'What each method adds to a token request, on the built package, the token endpoint a fetch that answers at once',
    `(bench/clientAuthentication.mjs: ${auth.requests} token requests a round, ${auth.rounds} rounds interleaved across methods, medians).`,
    '',
    mdTable(
      ['Method', 'Per token request', 'Added to client_secret_post'],
      auth.rows.map((r) => [r.label, us(r.micros), r.added > 0 ? us(r.added) : '—']),
    ),
    '',
    `A DPoP proof per API call (token cached): ${us(auth.dpopProofMicros)}. Token requests for 100 concurrent calls with private_key_jwt: ${auth.concurrentTokenRequests}.`,
    `\`clientCredentials\` loads ${auth.size.upfront} B (min+gzip) up front; private_key_jwt, client_secret_jwt, client assertions and DPoP load ${auth.size.lazy} B more on first use.`,
  );
  return out.join('\n');
}

export function formatReport({
  size,
  appBytes,
  render,
  data,
  table,
  bigPage,
  lists,
  acrossPages,
  fleet,
  clientAuthentication,
  proxy,
  hostile,
  machine,
  peers,
}) {
  const head = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.mjs); do not edit by hand. Not part of `npm test`, never gates on time.',
    '',
    mdTable(
      ['Run', ''],
      [
        ['Command', '`npm run bench`'],
        ['Date', machine.date],
        ['CPU', machine.cpu],
        ['Memory', machine.memory],
        ['OS', machine.os],
        ['Node', machine.node],
        ['Chromium', machine.chromium],
        ['Load average', machine.load],
        ['Run time', `${machine.seconds} s`],
      ],
    ),
    '',
    'The machine is shared (2 cores): absolute times move with its load, ratios from interleaved runs much less.',
  ].join('\n');
  const targets = targetsSection({ size, render, data, table, bigPage });
  const sections = [
    head,
    targets,
    sizeSection(size),
    appBytesSection(appBytes),
    renderSection(render),
    dataSection(data),
    tableSection(table),
    bigPageSection(bigPage),
    ...(lists ? [formatLists(lists)] : []),
    ...(acrossPages ? [formatAcrossPages(acrossPages)] : []),
    fleetSection(fleet),
    clientAuthenticationSection(clientAuthentication),
    proxySection(proxy),
    hostileSection(hostile),
    peersSection(peers),
  ];
  const markdown = `${sections.join('\n\n')}\n`;
  return {
    markdown,
    summary: [
      targets,
      sizeSection(size),
      appBytesSection(appBytes),
      renderSection(render),
      dataSection(data),
      tableSection(table),
      bigPageSection(bigPage),
      ...(lists ? [formatLists(lists)] : []),
      ...(acrossPages ? [formatAcrossPages(acrossPages)] : []),
      fleetSection(fleet),
      clientAuthenticationSection(clientAuthentication),
      proxySection(proxy),
      hostileSection(hostile),
    ].join('\n\n'),
  };
}
