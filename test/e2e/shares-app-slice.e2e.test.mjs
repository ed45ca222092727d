// The example app, built from the packed package, against a service that answers Spring Slices (no total, only
// `last`): it must page to the end and back as smoothly as over Spring Pages (shares-app.e2e.test.mjs) — each page
// prefetched before it is asked for, nothing asked past the end, no count made up. Run by scripts/e2e.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../examples/shares-app/mock.mjs';
import { startApp } from '../../examples/shares-app/server.mjs';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { WAIT_TIMEOUT_MS } from '../helpers/waits.mjs';

const out = join(import.meta.dirname, '..', '..', '.artifacts', 'e2e');
mkdirSync(out, { recursive: true });

let mock;
let app;
let browser;
let page;
const pageErrors = [];
const stepLog = [];

/** Polls until `check` returns a truthy value (the app renders asynchronously). */
async function until(what, check, timeoutMs = WAIT_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shares = () => page.getByRole('region', { name: 'Shares', exact: true });
const button = (name) => shares().getByRole('button', { name, exact: true });
const position = (rowName) => Number(rowName.slice(rowName.lastIndexOf('-') + 1));

/** Waits until the shares table shows rows `first`..`last` (1-based positions in the organization). */
async function expectRows(first, last) {
  await until(`shares rows ${first}–${last}`, async () => {
    const positions = (await shares().locator('tbody tr td:first-child').allTextContents()).map(position);
    return positions[0] === first && positions.at(-1) === last && positions.length === last - first + 1;
  });
}

/** The zero-based shares pages the mock was asked for since `from`. */
const sharesPages = (from) =>
  mock.service.requests
    .slice(from)
    .filter((r) => r.resource === 'shares')
    .map((r) => r.page);

/**
 * Clicks `name`, waits for rows `first`..`last`, for the prefetch of zero-based page `prefetch` when one is due (it
 * starts once the page has settled, so after the rows show), and for the requests to settle; returns the shares pages
 * asked meanwhile.
 */
async function step(name, first, last, prefetch) {
  const from = mock.service.requests.length;
  await button(name).click();
  await expectRows(first, last);
  if (prefetch !== undefined) await until(`page=${prefetch} prefetched`, () => sharesPages(from).includes(prefetch));
  await until('requests to settle', async () => mock.service.requests.slice(from).every((r) => r.status !== null));
  await until('tables to finish loading', () => page.evaluate(() => !document.querySelector('[aria-busy="true"]')));
  const asked = sharesPages(from);
  stepLog.push({ step: `shares: ${name} → rows ${first}–${last}`, mock: asked.map((p) => `shares page=${p} size=20`) });
  return asked;
}

beforeAll(async () => {
  mock = await startMock({ shape: 'slice' });
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
  page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
});

afterAll(async () => {
  writeFileSync(join(out, 'request-log-slice.json'), `${JSON.stringify(stepLog, null, 2)}\n`);
  await browser?.close();
  await app?.close();
  await mock?.server.close();
});

describe('shares-app over a Spring Slice service (no total), from the packed package', () => {
  it('shows Acme’s first 20 shares with Next enabled, no count and no Last page to go to', async () => {
    await page.goto(app.url);
    await expectRows(1, 20);
    await until('page 1 and its prefetched successor', () => sharesPages(0).includes(1));
    stepLog.push({ step: 'open the app', mock: sharesPages(0).map((p) => `shares page=${p} size=20`) });
    expect(sharesPages(0), 'page=0, then page=1 prefetched on hasNext').toStrictEqual([0, 1]);
    expect(await button('Next page').isEnabled()).toBe(true);
    const nav = await shares().getByRole('navigation').textContent();
    expect(nav, `no made-up count: ${nav}`).not.toMatch(/NaN|of 0\b|of 437/);
    const last = shares().getByRole('button', { name: 'Last page', exact: true });
    if ((await last.count()) > 0) expect(await last.isDisabled(), 'Last page needs a count').toBe(true);
  });

  it('Next page 21 times reaches rows 421–437, each page prefetched before its click and nothing asked past the end', async () => {
    for (let index = 1; index <= 21; index += 1) {
      const asked = await step(
        'Next page',
        index * 20 + 1,
        Math.min(437, index * 20 + 20),
        index < 21 ? index + 1 : undefined,
      );
      // The clicked page came from the prefetch; only the page after it is asked for, and none after the last.
      expect(asked, `step to page ${index + 1} asked for ${JSON.stringify(asked)}`).toStrictEqual(
        index < 21 ? [index + 1] : [],
      );
      if (index === 1) {
        const status = await shares().getByRole('status').textContent();
        expect(status).toMatch(/Page 2/);
        expect(status, `the live region gives no count while pages follow: ${status}`).not.toMatch(/\bof\b/);
      }
    }
    expect(await button('Next page').isDisabled(), 'the Slice said last: nothing follows').toBe(true);
    expect(await button('Page 22').getAttribute('aria-current')).toBe('page');
    expect(sharesPages(0), 'no request past the end').not.toContain(22);
    // On the last page its rows tell the count.
    expect(await shares().getByRole('navigation').textContent()).toMatch(/421–437 of 437/);
  });

  it('Previous page back to the first page shows each page again, with Next enabled, asking for no page past the end', async () => {
    const asked = [];
    asked.push(...(await step('Previous page', 401, 420)));
    expect(await button('Next page').isEnabled(), 'Next again once a page follows').toBe(true);
    for (let index = 19; index >= 0; index -= 1) {
      asked.push(...(await step('Previous page', index * 20 + 1, index * 20 + 20)));
      expect(await button('Next page').isEnabled()).toBe(true);
    }
    // Cached pages come back without a request while fresh (30 s); a refresh of a stale one asks for that page only.
    expect(
      asked.every((p) => p >= 0 && p <= 21),
      `asked ${JSON.stringify(asked)}`,
    ).toBe(true);
    expect(await button('Previous page').isDisabled()).toBe(true);
  });

  it('logged no error in the page', () => {
    expect(pageErrors).toStrictEqual([]);
    console.log(`request log (${stepLog.length} steps), also in .artifacts/e2e/request-log-slice.json:`);
    for (const entry of stepLog) console.log(`  ${entry.step}: ${entry.mock.join(', ') || '(none)'}`);
  });
});
