// Server rendering of a list paged by cursor, over real HTTP on 127.0.0.1: the server walks to (or opens by its
// cursor) page 3, renders it with the dehydrated pages, and the page hydrates in headless Chromium. The fake service
// ignores `page` as the public cursor services do; the browser asks it through the app's own origin.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { build } from 'esbuild';
import { chromium, type Browser, type Page as BrowserPage } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { readUrlCursor, sharesQueryOptions } from '../../src/index';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { CURSOR_STYLES, cursorService, makeRows, type CursorStyle } from '../helpers/cursorService';
import { listenLocally, type ReceivedRequest } from '../helpers/localServer';
import { ORG } from '../client/fixtures';
import { CursorRoot, SIZE } from './fixtures/CursorSharesPage';

const rows = makeRows(45);
const PARAM: Record<string, string> = { stripe: 'starting_after', drf: 'cursor', link: 'after', google: 'pageToken' };
let style: CursorStyle = 'stripe';
let app: Server;
let origin: string;
let browser: Browser;
let clientBundle: string;
/** Requests the service received, and whether the browser sent each. */
const received: Array<{ request: ReceivedRequest; fromBrowser: boolean }> = [];
const fromBrowser = () => received.filter((r) => r.fromBrowser).map((r) => r.request);
const fromServer = () => received.filter((r) => !r.fromBrowser).map((r) => r.request);

/** Renders `/?…`: the page of the URL prefetched (by its cursor when the URL has one), with the pages it took. */
async function renderPage(search: URLSearchParams): Promise<string> {
  const client = createApiClient({ baseUrl: `${origin}/api`, id: 'ssr-cursor' });
  const queryClient = new QueryClient();
  const page = Math.max(1, Number(search.get('page')) || 1);
  await queryClient.query(
    sharesQueryOptions({ client, organizationId: ORG, page, pageSize: SIZE, cursor: readUrlCursor(search, page) }),
  );
  const state = dehydrate(queryClient);
  const markup = renderToString(
    createElement(CursorRoot, { client, queryClient, state, organizationId: ORG, search: `?${search}` }),
  );
  const data = JSON.stringify({ state, organizationId: ORG }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>SSR</title></head><body><div id="root">${markup}</div><script id="ssr-data" type="application/json">${data}</script><script type="module" src="/client.js"></script></body></html>`;
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, 'fixtures', 'cursorClient.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  clientBundle = bundle.outputFiles[0]!.text;
  app = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname.startsWith('/api/')) {
        const request: ReceivedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: '',
        };
        received.push({ request, fromBrowser: /Chrome/.test(req.headers['user-agent'] ?? '') });
        const reply = await cursorService(style, () => rows)(request);
        res
          .writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers })
          .end(JSON.stringify(reply.body));
      } else if (url.pathname === '/client.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(clientBundle);
      } else if (url.pathname === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(await renderPage(url.searchParams));
      } else res.writeHead(404).end();
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  ({ origin } = await listenLocally(app));
  browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  app?.closeAllConnections();
  await new Promise((resolve) => app?.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

/** Opens `path`, waits for hydration and for anything it might fetch, and returns the page and its problems. */
async function open(path: string): Promise<{ page: BrowserPage; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForFunction(() => document.querySelector('ul[aria-busy="false"]'));
  await page.waitForLoadState('networkidle');
  return { page, problems };
}

const shownRows = (page: BrowserPage) => page.locator('ul[aria-label="Shares"] li').allTextContents();
const rowsOf = (n: number) => rows.slice((n - 1) * SIZE, n * SIZE).map((row) => row.name);

describe.each(CURSOR_STYLES)('a %s list rendered on the server at page 3', (name) => {
  it('is walked to on the server and reused after hydration: 0 browser requests, back free, next by cursor', async () => {
    style = name;
    const { page, problems } = await open('/?page=3');
    expect(await shownRows(page)).toEqual(rowsOf(3));
    // Asked by number once (a listing not seen yet), then pages 1, 2 and 3 by cursor, all on the server.
    expect(fromServer()).toHaveLength(4);
    expect(fromBrowser()).toEqual([]);
    // Pages 1 and 2 came with the walk and hydrated with page 3.
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Shares"] li')?.textContent?.endsWith('11'));
    expect(fromBrowser()).toEqual([]);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(() => document.querySelector('ul[aria-label="Shares"] li')?.textContent?.endsWith('31'));
    expect(await shownRows(page)).toEqual(rowsOf(4));
    expect(fromBrowser()).toHaveLength(1);
    expect(fromBrowser()[0]!.query.has(PARAM[name]!)).toBe(true);
    expect(fromBrowser()[0]!.query.has('page')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens from a shared link by its cursor: one server request, the same rows, 0 browser requests', async () => {
    style = name;
    const first = await open('/?page=3');
    const link = await first.page.getByRole('link', { name: 'Link to this page' }).getAttribute('href');
    await first.page.close();
    expect(link).toMatch(/^\/\?page=3&cursor=/);
    received.length = 0;

    const { page, problems } = await open(link!);
    expect(await shownRows(page)).toEqual(rowsOf(3));
    expect(fromServer()).toHaveLength(1);
    expect(fromServer()[0]!.query.has('page')).toBe(false);
    expect(fromBrowser()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
