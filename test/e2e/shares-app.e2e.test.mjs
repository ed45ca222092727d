// The example app, built from the packed package, in headless Chromium over real HTTP on 127.0.0.1:
// browser → app server (createProxyHandler at /api, credentials server-side) → mock service.
// Run by scripts/e2e.mjs (npm test), which installs the tarball and builds the app first.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../examples/shares-app/mock.mjs';
import { startApp } from '../../examples/shares-app/server.mjs';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { WAIT_TIMEOUT_MS } from '../helpers/waits.mjs';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, '.artifacts', 'e2e');
mkdirSync(out, { recursive: true });

let mock;
let app;
let browser;
let page;
const browserRequests = [];
const pending = [];
const pageErrors = [];
const stepLog = [];

/** Polls until `check` returns a truthy value (the app renders asynchronously). */
async function until(what, check, timeoutMs = WAIT_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const section = (name) => page.getByRole('region', { name, exact: true });
const names = (name) => section(name).locator('tbody tr td:first-child').allTextContents();
const position = (rowName) => Number(rowName.slice(rowName.lastIndexOf('-') + 1));

/** The (resource, zero-based page, size) requests the mock received since `from`. */
const received = (from) =>
  mock.service.requests
    .slice(from)
    .filter((r) => r.resource !== 'token')
    .map((r) => ({
      resource: r.resource,
      organization: r.organizationId,
      page: r.page,
      size: r.size,
      auth: r.authorization,
    }));

/** Waits until the section shows rows `first`..`last` (1-based positions in the organization). */
async function expectRows(name, first, last) {
  const shown = await until(`${name} rows ${first}–${last}`, async () => {
    const rows = await names(name);
    const positions = rows.map(position);
    return positions[0] === first && positions.at(-1) === last && positions.length === last - first + 1
      ? positions
      : null;
  });
  expect(shown).toStrictEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
}

/** Runs a user action, waits for its outcome, and returns what the mock received meanwhile. */
async function step(label, action, settle) {
  const from = mock.service.requests.length;
  const browserFrom = browserRequests.length;
  await action();
  await settle();
  // Let the background prefetch of the next page (if any) reach the mock before reading the log.
  await until('requests to settle', async () => mock.service.requests.slice(from).every((r) => r.status !== null));
  await until('tables to finish loading', () => page.evaluate(() => !document.querySelector('[aria-busy="true"]')));
  const entry = {
    step: label,
    browser: browserRequests
      .slice(browserFrom)
      .filter((r) => r.url.includes('/api/'))
      .map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`),
    mock: received(from),
  };
  stepLog.push(entry);
  return entry.mock;
}

const has = (log, resource, wirePage, size) =>
  log.some((r) => r.resource === resource && r.page === wirePage && r.size === size);

beforeAll(async () => {
  mock = await startMock();
  const c = mock.service.credentials;
  app = await startApp({
    apiBaseUrl: mock.server.baseUrl,
    authUrl: mock.server.authUrl,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    scope: c.scope,
    organizations: mock.service.organizations.map(({ id, name }) => ({ id, name })),
  });
  browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });
  page = await context.newPage();
  page.on('request', (request) => {
    pending.push(
      request.allHeaders().then((headers) => {
        browserRequests.push({
          method: request.method(),
          url: request.url(),
          headers,
          postData: request.postData() ?? '',
        });
      }),
    );
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
});

afterAll(async () => {
  writeFileSync(join(out, 'request-log.json'), `${JSON.stringify(stepLog, null, 2)}\n`);
  await browser?.close();
  await app?.close();
  await mock?.server.close();
});

describe('shares-app from the packed package', () => {
  const acme = () => mock.service.organizations[0];

  it('shows the first page of the first organization and asks the service for page=0&size=20', async () => {
    const log = await step(
      'open the app',
      () => page.goto(app.url),
      () => expectRows('Shares', 1, 20),
    );
    await expectRows('Environments', 1, 20);
    expect(acme().name).toBe('Acme');
    expect(has(log, 'shares', 0, 20), 'shares page=0 size=20 requested').toBe(true);
    expect(has(log, 'environments', 0, 20), 'environments page=0 size=20 requested').toBe(true);
    expect(
      log.every((r) => r.organization === acme().id && r.auth === 'Bearer'),
      'proxy added a Bearer token for Acme',
    ).toBe(true);
    expect(await section('Shares').getByRole('navigation').textContent()).toMatch(/1–20 of 437/);
  });

  it('Next page shows rows 21–40: page=1 was prefetched, and page=2 is prefetched next', async () => {
    const before = mock.service.requests.filter((r) => r.resource === 'shares');
    expect(
      before.some((r) => r.page === 1 && r.size === 20),
      'page=1 prefetched before the click',
    ).toBe(true);
    const log = await step(
      'shares: Next page',
      () => section('Shares').getByRole('button', { name: 'Next page' }).click(),
      () => expectRows('Shares', 21, 40),
    );
    expect(has(log, 'shares', 1, 20), 'no second request for the prefetched page').toBe(false);
    await until('prefetch of page=2', () => has(received(0), 'shares', 2, 20));
    expect(
      await section('Shares').getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('a page number (5) shows rows 81–100 from page=4&size=20', async () => {
    const log = await step(
      'shares: Page 5',
      () => section('Shares').getByRole('button', { name: 'Page 5', exact: true }).click(),
      () => expectRows('Shares', 81, 100),
    );
    expect(has(log, 'shares', 4, 20)).toBe(true);
    expect(await section('Shares').getByRole('status').textContent()).toMatch(/Page 5 of 22/);
  });

  it('Last page shows rows 421–437 from page=21&size=20', async () => {
    const log = await step(
      'shares: Last page',
      () => section('Shares').getByRole('button', { name: 'Last page' }).click(),
      () => expectRows('Shares', 421, 437),
    );
    expect(has(log, 'shares', 21, 20)).toBe(true);
    expect(await section('Shares').getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });

  it('50 per page keeps row 421 in view: page 9 of 9, rows 401–437 from page=8&size=50', async () => {
    const log = await step(
      'shares: 50 / page',
      () => section('Shares').getByRole('combobox', { name: 'Items per page' }).selectOption('50'),
      () => expectRows('Shares', 401, 437),
    );
    expect(has(log, 'shares', 8, 50)).toBe(true);
    expect(
      log.every((r) => r.resource !== 'shares' || r.size === 50),
      'no shares request with the old size',
    ).toBe(true);
    expect(await section('Shares').getByRole('navigation').textContent()).toMatch(/401–437 of 437/);
  });

  it('the environments table pages on its own: Next page → rows 21–40 from page=1&size=20', async () => {
    await step(
      'environments: Next page',
      () => section('Environments').getByRole('button', { name: 'Next page' }).click(),
      () => expectRows('Environments', 21, 40),
    );
    expect(has(received(0), 'environments', 1, 20)).toBe(true);
    await expectRows('Shares', 401, 437);
  });

  it('switching organization shows only the new organization’s rows, from its page=0', async () => {
    const globex = mock.service.organizations[1];
    const log = await step(
      'organization: Globex',
      () => page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: globex.name }),
      () => until('Globex rows', async () => (await names('Shares'))[0]?.startsWith('globex')),
    );
    const rows = await names('Shares');
    expect(rows, 'all 23 Globex shares on one page of 50').toHaveLength(23);
    expect(
      rows.every((name) => name.startsWith('globex')),
      'no Acme row left on screen',
    ).toBe(true);
    expect(
      has(log, 'shares', 0, 50) &&
        log.filter((r) => r.resource === 'shares').every((r) => r.organization === globex.id),
    ).toBe(true);
  });

  it('the theme toggle switches to dark, and a screenshot of it is not blank', async () => {
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await until('dark theme', () => page.evaluate(() => document.documentElement.dataset.theme === 'dark'));
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background, 'background changed with the theme').not.toBe('rgb(246, 247, 249)');
    const file = join(out, 'shares-app-dark.png');
    const png = await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size, 'screenshot bytes').toBeGreaterThan(20_000);
    // Decode it in the browser and measure how much the pixels vary: a blank page has one colour.
    const spread = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4 * 7) {
        const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return { colours: counts.size, dominant: Math.max(...counts.values()) / total };
    }, png.toString('base64'));
    expect(spread.colours, 'colours in the screenshot').toBeGreaterThan(50);
    expect(spread.dominant, 'share of the page in its commonest colour').toBeLessThan(0.95);
  });

  it('no browser request carried a secret, a token or an Authorization header, and nothing went around the proxy', async () => {
    await Promise.all(pending);
    const c = mock.service.credentials;
    const secrets = [c.clientSecret, c.apiToken, c.apiSecret, c.apiKey].filter(Boolean);
    expect(browserRequests.length).toBeGreaterThan(10);
    for (const request of browserRequests) {
      expect(new URL(request.url).origin, `${request.url} went around the app server`).toBe(app.url);
      const headerNames = Object.keys(request.headers).map((h) => h.toLowerCase());
      expect(headerNames, `${request.url} carried an Authorization header`).not.toContain('authorization');
      const text = `${request.url}\n${JSON.stringify(request.headers)}\n${request.postData}`;
      // Booleans, so that a failure names the request and never prints what it carried.
      for (const secret of secrets) expect(text.includes(secret), `${request.url} carried a secret`).toBe(false);
      expect(/bearer|basic /i.test(text), `${request.url} carried a credential`).toBe(false);
    }
    // Nor is one in what the server sent the browser: the built app and the config.
    const dist = join(root, 'examples', 'shares-app', 'dist');
    const shipped = readdirSync(dist, { recursive: true })
      .filter((f) => statSync(join(dist, f)).isFile())
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('\n');
    for (const secret of secrets) expect(shipped.includes(secret), 'a secret is in the built app').toBe(false);
    const config = await (await fetch(`${app.url}/app-config.json`)).text();
    for (const secret of secrets) expect(config.includes(secret), 'a secret is in the app config').toBe(false);
  });

  it('the proxy refuses an organization the app does not offer (403), without asking the service', async () => {
    const from = mock.service.requests.length;
    const response = await fetch(`${app.url}/api/00000000-0000-4000-8000-000000000000/shares?page=0&size=20`);
    expect(response.status).toBe(403);
    expect(await response.json()).toStrictEqual({ error: 'forbidden' });
    expect(mock.service.requests.length).toBe(from);
  });

  it('logged no error in the page', () => {
    expect(pageErrors).toStrictEqual([]);
    console.log(`request log (${stepLog.length} steps), also in .artifacts/e2e/request-log.json:`);
    for (const entry of stepLog) {
      console.log(`  ${entry.step}`);
      console.log(`    browser → app: ${entry.browser.join(', ') || '(none)'}`);
      console.log(
        `    app → mock:    ${entry.mock.map((r) => `${r.resource} page=${r.page} size=${r.size} (${r.auth})`).join(', ') || '(none)'}`,
      );
    }
  });
});
