// Server rendering with data, end to end over real HTTP on 127.0.0.1: a Node server prefetches a page of
// shares with sharesQueryOptions, renders it with renderToString and dehydrated queries, and the page
// hydrates in headless Chromium. The server renderer lists with pagewise/server credentials (clientCredentials)
// against the mock service; the browser lists through createProxyHandler, which holds the same credentials.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { sharesQueryOptions } from '../../src/index';
import { clientCredentials, createProxyHandler } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import type { MockService } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { listenLocally } from '../helpers/localServer';
import { Root } from './fixtures/SharesPage';

let service: MockService;
let mock: MockHttpServer;
let app: Server;
let origin: string;
let browser: Browser;
let clientBundle: string;
let serverAuth: ReturnType<typeof clientCredentials>;
const SHARED_CLIENT_ID = 'ssr-demo';
const served: string[] = [];

/** Server-side rendering of `/`: prefetch page 1 (wire page 0), render, and embed the dehydrated cache. */
async function renderPage(organizationId: string): Promise<string> {
  // The server lists with its own credentials straight from the service; the browser goes through the
  // proxy. The shared `id` makes both clients' query keys equal, so the browser reuses the server's page.
  const client = createApiClient({ baseUrl: mock.baseUrl, auth: serverAuth, id: SHARED_CLIENT_ID });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(sharesQueryOptions({ client, organizationId, page: 1, pageSize: 20 }));
  const state = dehydrate(queryClient);
  const markup = renderToString(createElement(Root, { client, queryClient, state, organizationId }));
  const data = JSON.stringify({ state, organizationId }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>SSR</title></head><body><div id="root">${markup}</div><script id="ssr-data" type="application/json">${data}</script><script type="module" src="/client.js"></script></body></html>`;
}

beforeAll(async () => {
  service = createMockService();
  mock = await createMockHttpServer(service, { port: 0 });
  const { clientId, clientSecret, scope } = service.credentials;
  serverAuth = clientCredentials({ authUrl: mock.authUrl, clientId, clientSecret, scope });
  const proxy = createProxyHandler({
    baseUrl: mock.baseUrl,
    auth: serverAuth,
    basePath: '/api',
    allowRequest: () => true,
  });
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'fixtures', 'client.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    // The development build reports every hydration mismatch.
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  clientBundle = bundle.outputFiles[0]!.text;

  app = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname.startsWith('/api/')) {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string') headers.set(name, value);
        const response = await proxy(new Request(url, { method: req.method, headers }));
        res
          .writeHead(response.status, Object.fromEntries(response.headers))
          .end(Buffer.from(await response.arrayBuffer()));
      } else if (url.pathname === '/client.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientBundle);
      } else if (url.pathname !== '/') {
        res.writeHead(404).end();
      } else {
        const html = await renderPage(url.searchParams.get('organization') ?? demoOrganizationIds.acme);
        served.push(html);
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
      }
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  ({ origin } = await listenLocally(app));
  browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => app?.close(resolve));
  app?.closeAllConnections();
  await mock?.close();
});

describe('server rendering with prefetched shares, hydrated in Chromium', () => {
  it('hydrates without warnings, without refetching the prefetched page, and leaks no secret', async () => {
    const page = await browser.newPage();
    const consoleProblems: string[] = [];
    const apiRequests: string[] = [];
    const browserTraffic: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text());
    });
    page.on('pageerror', (error) => consoleProblems.push(error.message));
    page.on('request', (request) => {
      browserTraffic.push(`${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`);
      if (request.url().includes('/api/')) apiRequests.push(new URL(request.url()).search);
    });

    await page.goto(origin);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Let anything hydration might trigger (a refetch, the next-page prefetch) go out.
    await page.waitForFunction(() => document.querySelector('ul[aria-busy="false"]'));
    await page.waitForLoadState('networkidle');

    // The server rendered the rows: the HTML holds page 1 before any script ran.
    const html = served.at(-1)!;
    expect(html).toContain('acme-finance-00001');
    expect(html).toContain('acme-home-00020');
    expect(html).toMatch(/aria-label="Page 1"[^>]*aria-current="page"/);

    // No hydration warning or error of any kind.
    expect(consoleProblems).toEqual([]);
    // The browser did not ask for the prefetched page (wire page 0) again; at most it prefetched page 2.
    expect(apiRequests).not.toContain('?page=0&size=20');
    expect(apiRequests.every((search) => search === '?page=1&size=20')).toBe(true);
    const sharesPageZero = service.requests.filter(
      (r) => r.resource === 'shares' && r.organizationId === demoOrganizationIds.acme && r.page === 0,
    );
    expect(sharesPageZero).toHaveLength(1);

    // No secret, token or credential in the HTML, the dehydrated state, or anything the browser sent.
    const { clientSecret, apiToken, apiSecret } = service.credentials;
    for (const text of [html, ...browserTraffic]) {
      for (const secret of [clientSecret, apiToken, apiSecret]) if (secret) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/bearer |basic |access_token/i);
    }

    // And the hydrated page is live: Next page shows rows 21–40 (from the prefetched next page).
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(
      () => document.querySelector('ul[aria-label="Shares"] li')?.textContent === 'acme-finance-00021',
    );
    expect(await page.getByRole('status').textContent()).toBe('Page 2 of 22');
    expect(consoleProblems).toEqual([]);
    await page.close();
  });

  it('hydrates in a German browser without a mismatch: numbers are formatted the same on both sides', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(message.text());
    });
    page.on('pageerror', (error) => consoleProblems.push(error.message));
    expect(await page.evaluate(() => new Intl.NumberFormat().format(10000))).toBe('10.000');

    // Big Org: 10,000 shares, so the total and the last page number need grouping separators.
    await page.goto(`${origin}/?organization=${demoOrganizationIds.big}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForFunction(() => document.querySelector('ul[aria-busy="false"]'));
    expect(served.at(-1)).toContain('1–20 of 10,000');
    expect(await page.getByRole('navigation').textContent()).toContain('1–20 of 10,000');
    expect(consoleProblems).toEqual([]);
    await context.close();
  });
});
