// The step-by-step guides, copied file by file as printed (scripts/guides.mjs), with pagewise from the packed tarball,
// run in headless Chromium over real HTTP on 127.0.0.1: browser → the guide's own server route → the mock service.
// scripts/e2e.mjs writes, type-checks and builds each guide first. What the guide says the reader will see ("Check it")
// is what is asserted.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { guideDir, readGuides } from '../../scripts/guides.mjs';

const guide = readGuides().find((g) => g.slug === 'FromZero');
const dir = guideDir('FromZero');
const route = guide.files.find((f) => f.path.endsWith('route.ts'));
// The route's prefix, as the file's place under app/ gives it in Next.js.
const routePrefix = `/${route.path.replace(/^app\//, '').replace(/\/\[\.\.\.\w+\]\/route\.ts$/, '')}`;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let mock;
let server;
let origin;
let browser;
let page;
const browserRequests = [];
const pageErrors = [];

/** Starts the app: the guide's route module at its prefix, the built harness page everywhere else. */
async function startApp() {
  const { GET } = await import(pathToFileURL(join(dir, route.path)).href);
  const api = getRequestListener(GET, { overrideGlobalObjects: false });
  server = createServer((req, res) => {
    if (req.url.startsWith(`${routePrefix}/`)) return void api(req, res);
    const path = new URL(req.url, origin).pathname;
    // The harness page has no icon; the browser asks for one anyway.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = join(dir, 'dist', path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
}

beforeAll(async () => {
  // The packed package the guide's project installed, not the repository's source.
  const require = createRequire(join(dir, 'package.json'));
  const { createMockService } = await import(pathToFileURL(require.resolve('pagewise/testing')).href);
  const { createMockHttpServer } = await import(pathToFileURL(require.resolve('pagewise/testing/node')).href);
  const service = createMockService();
  mock = { service, server: await createMockHttpServer(service, { port: 0 }) };
  // The settings the guide tells the reader to give the route, and the session lookup it tells them to write.
  Object.assign(process.env, {
    API_BASE_URL: mock.server.baseUrl,
    AUTH_URL: mock.server.authUrl,
    CLIENT_ID: service.credentials.clientId,
    CLIENT_SECRET: service.credentials.clientSecret,
  });
  globalThis.sessionOf = async () => ({ organizations: service.organizations.map((o) => o.id) });
  await startApp();
  browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
  page = await browser.newPage();
  page.on('request', (request) =>
    request.allHeaders().then((headers) => browserRequests.push({ url: request.url(), headers })),
  );
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  await mock?.server.close();
  delete globalThis.sessionOf;
});

describe(`the guide "${guide?.name}", copied file by file`, () => {
  it('prints a server route, the app and the table as files', () => {
    expect(guide.files.map((f) => f.path)).toStrictEqual([
      'app/api/pagewise/[...path]/route.ts',
      'App.tsx',
      'ServerTable.tsx',
    ]);
  });

  it('shows the first 20 shares, asked for as page=0&size=20 on the route, with no credential in the browser', async () => {
    const organization = mock.service.organizations[0];
    await page.goto(`${origin}/?organization=${organization.id}`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(20);
    expect(await rows.first().locator('td').first().textContent()).toBe(
      mock.service.rows(organization.id, 'shares')[0].name,
    );
    const first = browserRequests.find((r) => r.url.includes(`${routePrefix}/`));
    expect(new URL(first.url).pathname + new URL(first.url).search).toBe(
      `${routePrefix}/${organization.id}/shares?page=0&size=20`,
    );
    for (const { headers } of browserRequests) expect(headers).not.toHaveProperty('authorization');
    expect(pageErrors).toStrictEqual([]);
  });

  it('moves to page 2 with the control and shows rows 21–40', async () => {
    const organization = mock.service.organizations[0];
    await page.getByRole('button', { name: /next/i }).click();
    await expect
      .poll(() => page.locator('tbody tr').first().locator('td').first().textContent(), { timeout: 20_000 })
      .toBe(mock.service.rows(organization.id, 'shares')[20].name);
    expect(browserRequests.some((r) => r.url.endsWith(`/shares?page=1&size=20`))).toBe(true);
    expect(pageErrors).toStrictEqual([]);
  });

  it('answers 502 from the route, never the secret, when the client secret is wrong', async () => {
    const organization = mock.service.organizations[0];
    // A fresh copy of the route module reads the settings again, as a redeploy with a wrong secret would.
    process.env.CLIENT_SECRET = 'wrong-secret-value';
    const { GET } = await import(`${pathToFileURL(join(dir, route.path)).href}?wrong-secret`);
    const response = await GET(new Request(`${origin}${routePrefix}/${organization.id}/shares?page=0&size=20`));
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('wrong-secret-value');
  });
});
