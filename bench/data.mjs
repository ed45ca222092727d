// Data layer, against the mock service served over real HTTP on 127.0.0.1:
// token requests for 100 concurrent calls, requests on the critical path moving forward 5 pages
// (prefetch on / off / hand-rolled), and a 20-click page storm (aborts) vs a hand-rolled useQuery.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { benchDir, reactAlias, rootDir, tmpDir } from './util.mjs';

export const LATENCY_MS = 100;
// The storm's clicks come much faster than answers, so a slow render on a busy machine cannot let one through.
export const STORM_LATENCY_MS = 300;
export const STORM_GAP_MS = 30;

const needs = [
  'src/client/index.ts',
  'src/hooks/index.ts',
  'src/testing/index.ts',
  'src/testing/node.ts',
  'src/pagination/index.ts',
];

/** Bundles bench TS/JSX with pagewise's sources for Node; jsdom and msw stay external (resolved from the root). */
async function bundle(entry, out) {
  const outfile = join(tmpDir, 'data', out);
  mkdirSync(join(tmpDir, 'data'), { recursive: true });
  await build({
    entryPoints: [join(benchDir, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    alias: reactAlias,
    external: ['jsdom', 'msw', 'msw/*'],
    outfile,
    logLevel: 'silent',
    // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * Makes this Node process look like a browser tab for React DOM and Testing Library; keeps Node's fetch. The returned
 * function puts every global back: the later sections run server code, which refuses to run in a browser.
 */
async function installJsdom() {
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://127.0.0.1/',
    pretendToBeVisual: true,
  });
  // Taken before anything is set: `window` and `document` are the jsdom window's own properties too.
  const set = ['window', 'document', 'navigator', 'IS_REACT_ACT_ENVIRONMENT'];
  const replaced = set.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)]);
  const added = [];
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globalThis || key.startsWith('_') || set.includes(key)) continue;
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: dom.window[key] });
    added.push(key);
  }
  globalThis.window = dom.window;
  globalThis.document = dom.window.document;
  Object.defineProperty(globalThis, 'navigator', { configurable: true, writable: true, value: dom.window.navigator });
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  return () => {
    dom.window.close();
    for (const key of added) delete globalThis[key];
    for (const [key, descriptor] of replaced) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete globalThis[key];
    }
  };
}

async function tokenScenario() {
  if (!existsSync(join(rootDir, 'src/server/index.ts'))) return { missing: 'src/server/index.ts (clientCredentials)' };
  const { createApiClient, clientCredentials, createMockService, createMockHttpServer, demoOrganizationIds } =
    await bundle('data-tokens.js', 'tokens.mjs');
  const service = createMockService({ latencyMs: 50 });
  const server = await createMockHttpServer(service);
  try {
    const { clientId, clientSecret, scope } = service.credentials;
    const auth = clientCredentials({ authUrl: server.authUrl, clientId, clientSecret, scope });
    const client = createApiClient({ baseUrl: server.baseUrl, auth });
    const organizationId = demoOrganizationIds.big;
    const pages = await Promise.all(
      Array.from({ length: 100 }, (_, i) => client.listShares({ organizationId, page: (i % 10) + 1, size: 20 })),
    );
    return {
      calls: 100,
      succeeded: pages.filter((p) => p.items.length === 20).length,
      tokenRequests: service.tokenRequests,
      listRequests: service.requests.filter((r) => r.resource === 'shares').length,
    };
  } finally {
    await server.close();
  }
}

export async function runData({ log = () => {} } = {}) {
  const missing = needs.filter((f) => !existsSync(join(rootDir, f)));
  const tokens = await tokenScenario().catch((e) => ({ missing: `failed: ${String(e.message).split('\n')[0]}` }));
  log('  data: tokens done');
  if (missing.length) return { tokens, missing };
  // Scenarios that render need the DOM globals before React DOM loads.
  const closeDom = await installJsdom();
  try {
    const app = await bundle('data-app.jsx', 'app.mjs');
    // A scenario that fails is reported in its table rather than losing the other figures.
    const attempt = (run) => run().catch((e) => ({ error: String(e.message).split('\n')[0] }));
    const prefetch = await attempt(() => app.prefetchScenario({ latencyMs: LATENCY_MS }));
    log('  data: prefetch done');
    const storm = await attempt(() => app.stormScenario({ latencyMs: STORM_LATENCY_MS, gapMs: STORM_GAP_MS }));
    log('  data: storm done');
    return { tokens, prefetch, storm, latencyMs: LATENCY_MS, stormLatencyMs: STORM_LATENCY_MS, gapMs: STORM_GAP_MS };
  } finally {
    closeDom();
  }
}
