// The docs site, checked like the stories: `storybook build` into a static site, served from a SUB-PATH on
// 127.0.0.1 (as when hosted under https://example.com/docs/pagewise/), then in headless Chromium: the site opens on
// the Introduction with no onboarding checklist; every MDX page renders with no console error, no page error, no
// axe-core violation and no Markdown left raw (a table's `|---|`, a JSDoc `@default` in a props table); and every story
// finishes as passed (its play function and its a11y check, as the built site marks it). Prints its time; exits 1 on
// the first problem list.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium, missingChromiumMessage } from './chromium.mjs';
import { tool } from './run.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.artifacts', 'storybook-static');
const SUB = '/docs/pagewise/';
// Docs pages whose live example injects failures into the mock API on purpose.
const injectedFailures = new Set(['guides-testing-your-app--docs']);
const started = Date.now();

const [node, storybook] = tool('storybook');
const build = spawnSync(node, [storybook, 'build', '--output-dir', out, '--quiet'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0 || !existsSync(join(out, 'index.json'))) {
  console.error('✖ storybook build failed');
  process.exit(1);
}
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
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
  // Only below the sub-path: a site that reached for the origin's root would fail here, as it would when hosted.
  if (!path.startsWith(SUB)) return res.writeHead(404).end();
  const file = normalize(join(out, path.slice(SUB.length) || 'index.html'));
  if (!file.startsWith(out) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}${SUB}`;

const executablePath = findChromium();
if (!executablePath) {
  console.error(missingChromiumMessage);
  process.exit(1);
}
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
const problems = [];
try {
  const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8'));
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

  for (const entry of docs) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const url = m.location()?.url ?? '';
      // Browsers ask the origin's root for a favicon by themselves; a hosted sub-path does not serve it.
      if (url.endsWith('/favicon.ico') && new URL(url).pathname === '/favicon.ico') return;
      // A page that shows failure injection live: the mock API's injected failures are the example, not a fault.
      if (
        injectedFailures.has(entry.id) &&
        /Failed to load resource/.test(m.text()) &&
        new URL(url, base).pathname.startsWith('/pagewise-api/')
      )
        return;
      errors.push(`console error: ${m.text()}${url ? ` (${url})` : ''}`);
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
  }
  // Every story as the built site runs it: Storybook reports each as finished, "success" or "error" (a failing play
  // function or a11y check is what the sidebar marks FAIL).
  const stories = Object.values(index.entries).filter((e) => e.type === 'story');
  for (const entry of stories) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      let channel;
      Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
        configurable: true,
        get: () => channel,
        set(value) {
          channel = value;
          value.on('storyFinished', (event) => (globalThis.__pwFinished = event));
        },
      });
    });
    await page.goto(`${base}iframe.html?viewMode=story&id=${entry.id}`);
    const finished = await page
      .waitForFunction(() => globalThis.__pwFinished, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())
      .catch(() => ({ status: 'not finished after 60 s', reporters: [] }));
    const failed = (finished.reporters ?? []).filter((r) => r.status === 'failed').map((r) => r.type);
    const ok = finished.status === 'success';
    console.log(
      `${ok ? '✔' : '✖'} story ${entry.title} / ${entry.name}${ok ? '' : `: ${finished.status}${failed.length ? ` (${failed.join(', ')})` : ''}`}`,
    );
    if (!ok) problems.push(`story ${entry.id}: ${finished.status}`);
    await page.close();
  }
  console.log(
    `docs: ${docs.length} docs pages and ${stories.length} stories checked from ${SUB}; build ${Math.round((built - started) / 1000)} s, checks ${Math.round((Date.now() - built) / 1000)} s`,
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
  '✔ docs site: every page renders from a sub-path with no console error, no axe violation and no raw Markdown; every story passes',
);
