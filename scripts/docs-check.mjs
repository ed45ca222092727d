// The docs site, checked the way a reader opens it: `storybook build` into a static site, served from a SUB-PATH on
// 127.0.0.1 (as when hosted under https://example.com/docs/pagewise/), then in headless Chromium: the site opens on
// the Introduction with no onboarding checklist; every MDX page renders with no console error or warning, no page
// error, no axe-core violation and no Markdown left raw (a table's `|---|`, a JSDoc `@default` in a props table); and
// every story passes: its play function ran to its end (Storybook's `storyFinished` alone says "success" for a play
// that threw: the built site logs the failure and carries on), its a11y check passed, and it logged no error or
// warning. Then the same site as a development build (React's and TanStack's warnings are development-only), its
// stories checked again; that build is made while the production site is checked. Each page and story opens in a page
// of its own, a few at once. `--site <dir>` checks a site already built (production) instead of building. Prints its
// time; exits 1 on the first problem list.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from './chromium.mjs';
import { tool } from './run.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.artifacts', 'storybook-static');
const SUB = '/docs/pagewise/';
// Docs pages and stories whose live example injects failures into the mock API on purpose: the browser logs each
// refused request itself.
const injectedFailures = new Set([
  'guides-testing-your-app--docs',
  'data-loadmore--load-more-failure',
  'data-sharestable--unauthorized-401',
  'data-sharestable--server-error-500',
  'data-sharestable--write-fails-and-rolls-back',
  'data-acrosspages--select-and-delete',
]);
const started = Date.now();

/** `text` without terminal colours, on one line, cut to 300 characters. */
const plain = (text) =>
  String(text)
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, 300);

/** Storybook's events that mean a story failed, whatever `storyFinished` then says. */
const FAILURE_EVENTS = [
  'playFunctionThrewException',
  'unhandledErrorsWhilePlaying',
  'storyThrewException',
  'storyErrored',
  'storyMissing',
];

const siteArgument = process.argv.indexOf('--site');
const prebuilt = siteArgument > 0 ? process.argv[siteArgument + 1] : undefined;

/**
 * `storybook build` of the site into `dir`, as a production build or (NODE_ENV) a development one, in the background:
 * the development build is made while the production site's pages are checked (the build works the processor while
 * the checks mostly wait on the browser). Resolves once it is built; its errors are printed when it ends, not in the
 * middle of the pages' lines.
 */
function buildSite(dir, nodeEnv) {
  const [node, storybook] = tool('storybook');
  const child = spawn(node, [storybook, 'build', '--output-dir', dir, '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', resolve)).then((status) => {
    process.stderr.write(stderr);
    if (status !== 0 || !existsSync(join(dir, 'index.json'))) {
      console.error(`✖ storybook build (${nodeEnv}) failed`);
      process.exit(1);
    }
  });
}

/**
 * Runs `check` over `items` with at most `limit` at once, each in its own page (its own browser context, so its own
 * MSW service worker): the checks spend most of their time waiting on the mock service's latency and the plays' waits.
 */
async function inParallel(items, limit, check) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await check(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
/**
 * Pages checked at once (`DOCS_CHECK_PAGES` sets it): one by default. Three at once saved about a minute, but a story
 * whose play waits on an IntersectionObserver (infinite scroll) once saw none fire in 10 s beside two other pages.
 */
const PAGES_AT_ONCE = Number(process.env.DOCS_CHECK_PAGES) || 1;

if (!prebuilt) await buildSite(out, 'production');
const built = Date.now();

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};
/** The site in `dir`, served under the sub-path on 127.0.0.1: its base URL and its server. */
async function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    // Only below the sub-path: a site that reached for the origin's root would fail here, as it would when hosted.
    if (!path.startsWith(SUB)) return res.writeHead(404).end();
    const file = normalize(join(dir, path.slice(SUB.length) || 'index.html'));
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}${SUB}`, server };
}
const site = prebuilt ? resolve(prebuilt) : out;
const { base, server } = await serve(site);

const executablePath = findChromium();
if (!executablePath) {
  console.error(missingChromiumMessage);
  process.exit(1);
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
const problems = [];
try {
  const index = JSON.parse(readFileSync(join(site, 'index.json'), 'utf8'));
  // The MDX guides and the components' generated Docs pages alike.
  const docs = Object.values(index.entries).filter((e) => e.type === 'docs');

  // The site's front door, from the sub-path.
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e.message)));
  await page.goto(base);
  const first = page.locator('#storybook-explorer-menu a, #storybook-explorer-menu button').first();
  await first.waitFor({ timeout: 30_000 });
  if (!/Introduction/.test((await first.textContent()) ?? ''))
    problems.push(`the sidebar starts with "${await first.textContent()}", not Introduction`);
  await page
    .frameLocator('#storybook-preview-iframe')
    .locator('#storybook-docs h1')
    .first()
    .waitFor({ timeout: 30_000 });
  const h1 = await page.frameLocator('#storybook-preview-iframe').locator('#storybook-docs h1').first().textContent();
  if (h1?.trim() !== 'pagewise') problems.push(`the site opens on "${h1}", not the Introduction`);
  if (await page.getByText(/Get started|onboarding/i).count())
    problems.push("Storybook's onboarding checklist is shown");
  if (errors.length) problems.push(`the site: ${errors.join('; ')}`);
  await page.close();

  // The development build: what `npm run storybook` shows a contributor, with React's and TanStack's warnings.
  const devOut = join(root, '.artifacts', 'storybook-static-development');
  const devBuilt = prebuilt ? undefined : buildSite(devOut, 'development');

  await inParallel(docs, PAGES_AT_ONCE, async (entry) => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      const problem = consoleProblem(m, base, injectedFailures.has(entry.id));
      if (problem) errors.push(problem);
    });
    await page.goto(`${base}iframe.html?viewMode=docs&id=${entry.id}`);
    await page.locator('#storybook-docs h1').first().waitFor({ timeout: 30_000 });
    // Live examples render on the mock service: wait until none is still loading.
    await page.waitForLoadState('networkidle');
    await page
      .waitForFunction(() => !document.querySelector('#storybook-docs [aria-busy="true"]'), undefined, {
        timeout: 30_000,
      })
      .catch(() => {
        errors.push('a live example was still loading after 30 s');
      });
    // The control's props table (from its JSDoc) is on the Pagination guide.
    if (
      entry.id === 'guides-pagination--docs' &&
      !(await page.locator('#storybook-docs table', { hasText: 'pageSizeOptions' }).count())
    ) {
      errors.push('the props table with pageSizeOptions is missing');
    }
    // Markdown the site failed to render: a GFM table's delimiter row, a JSDoc tag in a props table.
    const text = await page.locator('#storybook-docs').innerText();
    if (/\|\s*:?-{3,}:?\s*\|/.test(text)) errors.push('a Markdown table is shown as raw text (|---|)');
    if (/@default\b/.test(text)) errors.push('a props description shows a raw @default tag');
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await globalThis.axe.run('#storybook-docs', {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        rules: {
          region: { enabled: false },
          'landmark-one-main': { enabled: false },
          'page-has-heading-one': { enabled: false },
        },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    const found = [...errors, ...violations.map((v) => `axe ${v}`)];
    console.log(
      `${found.length ? '✖' : '✔'} ${entry.title} (${entry.id})${found.length ? `\n    ${found.join('\n    ')}` : ''}`,
    );
    if (found.length) problems.push(`${entry.title}: ${found.length} problem(s)`);
    await page.close();
  });
  const stories = Object.values(index.entries).filter((e) => e.type === 'story');
  await checkStories(browser, base, stories, prebuilt ? `built in ${prebuilt}` : 'production', problems);
  if (devBuilt) {
    await devBuilt;
    const dev = await serve(devOut);
    try {
      await checkStories(browser, dev.base, stories, 'development', problems);
    } finally {
      dev.server.close();
    }
  }
  console.log(
    `docs: ${docs.length} docs pages and ${stories.length} stories (twice: production and development) checked from ${SUB}; production build ${Math.round((built - started) / 1000)} s, the rest ${Math.round((Date.now() - built) / 1000)} s`,
  );
} finally {
  await browser.close();
  server.close();
}
if (problems.length) {
  console.error(`✖ docs site:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  '✔ docs site: every page renders from a sub-path with no console error or warning, no axe violation and no raw Markdown; every story passes its play and a11y check and logs nothing, in production and development builds',
);

/**
 * What a console message says is wrong, or undefined for none: every error and warning counts, except a browser's own
 * favicon request to the origin's root and, on a page that injects failures on purpose, those failures.
 */
function consoleProblem(message, base, injectsFailures) {
  if (message.type() !== 'error' && message.type() !== 'warning') return undefined;
  const url = message.location()?.url ?? '';
  // Browsers ask the origin's root for a favicon by themselves; a hosted sub-path does not serve it.
  if (url.endsWith('/favicon.ico') && new URL(url).pathname === '/favicon.ico') return undefined;
  // A page that shows failure injection live: the mock API's injected failures are the example, not a fault.
  if (
    injectsFailures &&
    /Failed to load resource/.test(message.text()) &&
    new URL(url, base).pathname.startsWith('/pagewise-api/')
  )
    return undefined;
  return `console ${message.type()}: ${plain(message.text())}${url ? ` (${url})` : ''}`;
}

/**
 * Every story as a reader opens it in the built site: it passes when Storybook reports it finished with "success",
 * no failure event came before (the built site reports a play that threw as "success": it logs the error and goes
 * on), and the page logged no error or warning.
 */
async function checkStories(browser, base, stories, build, problems) {
  await inParallel(stories, PAGES_AT_ONCE, async (entry) => {
    const page = await browser.newPage();
    const failures = [];
    page.on('pageerror', (e) => failures.push(`page error: ${plain(e.message)}`));
    page.on('console', (m) => {
      const problem = consoleProblem(m, base, injectedFailures.has(entry.id));
      if (problem) failures.push(problem);
    });
    await page.addInitScript((events) => {
      const seen = { finished: undefined, failures: [] };
      globalThis.__pwStory = seen;
      const describe = (event) =>
        [event]
          .flat()
          .map((e) => e?.message ?? e?.description ?? e?.title ?? JSON.stringify(e))
          .join('; ');
      let channel;
      Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
        configurable: true,
        get: () => channel,
        set(value) {
          channel = value;
          value.on('storyFinished', (event) => (seen.finished = event));
          for (const name of events) value.on(name, (event) => seen.failures.push(`${name}: ${describe(event)}`));
        },
      });
    }, FAILURE_EVENTS);
    await page.goto(`${base}iframe.html?viewMode=story&id=${entry.id}`);
    const seen = await page
      .waitForFunction(() => globalThis.__pwStory?.finished && globalThis.__pwStory, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())
      .catch(() => ({ finished: { status: 'not finished after 60 s', reporters: [] }, failures: [] }));
    const failedReports = (seen.finished.reporters ?? []).filter((r) => r.status === 'failed').map((r) => r.type);
    const found = [
      ...(seen.finished.status === 'success' ? [] : [`finished: ${seen.finished.status}`]),
      ...failedReports.map((type) => `${type} check failed`),
      ...seen.failures.map(plain),
      ...failures,
    ];
    console.log(
      `${found.length ? '✖' : '✔'} story ${entry.title} / ${entry.name} (${build})${found.length ? `\n    ${found.join('\n    ')}` : ''}`,
    );
    if (found.length) problems.push(`story ${entry.id} (${build}): ${found.length} problem(s)`);
    await page.close();
  });
}
