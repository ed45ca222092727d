// The checks every server-rendering example app (examples/next-app, examples/react-router-app,
// examples/tanstack-start-app) must pass, built from the packed package and browsed in headless Chromium over real HTTP
// on 127.0.0.1: browser → app server (server render with the server's client; a proxy, or a server function, with the
// credentials) → mock service.
// Run by scripts/e2e.mjs (npm test), which installs each app, unpacks the tarball into it and builds it first.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { createGate } from '../helpers/createGate';
import { WAIT_TIMEOUT_MS } from '../helpers/waits.mjs';

/**
 * @typedef {object} ServerRenderedApp
 * @property {string} name
 * @property {string} dir the example's folder (its mock.mjs and built output)
 * @property {(port: number) => { command: string, args: string[], env?: Record<string, string> }} start
 * @property {string} clientAssets the folder of what the browser downloads
 * @property {BrowserWay} [way] how the browser reaches the service through the app: its proxy route by default
 */

/**
 * The browser's way to the service through the app server: which of its requests go that way, and the page (1-based,
 * like the app's URL) and size each asks for, as `page/size`.
 * @typedef {object} BrowserWay
 * @property {(url: URL) => boolean} matches
 * @property {(url: URL) => string} call
 */

/** @type {BrowserWay} The proxy route at `/api/pagewise/`, whose query is the service's (a zero-based page). */
const proxyRoute = {
  matches: (url) => url.pathname.startsWith('/api/pagewise/'),
  call: (url) => `${Number(url.searchParams.get('page')) + 1}/${url.searchParams.get('size')}`,
};

/** Polls until `check` returns a truthy value. */
async function until(what, check, timeoutMs = WAIT_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (listening) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** 1-based positions of the share names in the server's table cells (`<td>acme-finance-00041</td>` is 41). */
const rowsInHtml = (html) => [...html.matchAll(/<td>[a-z]+-[a-z]+-(\d{5})<\/td>/g)].map((m) => Number(m[1]));
const range = (first, last) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** @param {ServerRenderedApp} app */
export function describeServerRenderedApp(app) {
  const way = app.way ?? proxyRoute;
  let mock;
  let server;
  let origin;
  let browser;
  let context;
  let page;
  const serverOutput = [];
  /** Every request a page of this browser made: { url, method, headers }. */
  const browserRequests = [];
  /** Requests of the browser not yet finished or failed. */
  const inFlight = new Set();
  const bodies = [];
  const problems = [];

  /** The list requests the service received since index `from`, as { page (1-based), size }. */
  const upstreamLists = (from) =>
    mock.service.requests
      .slice(from)
      .filter((r) => r.resource === 'shares' || r.resource === 'environments')
      .map((r) => ({ page: r.page + 1, size: r.size }));
  /**
   * Requests to the app's server that are neither the way to the service nor a static file: server renders, RSC
   * payloads, loader data. React Router's route discovery (`/__manifest`, route definitions only, no loader runs) is
   * left out.
   */
  const serverRoundTrips = (from) =>
    browserRequests
      .slice(from)
      .map((r) => new URL(r.url))
      .filter((u) => u.origin === origin && !way.matches(u))
      .filter((u) => !/^\/(_next\/static|assets)\//.test(u.pathname) && u.pathname !== '/__manifest')
      .map((u) => u.pathname + u.search);
  /** The browser's calls of the proxy (or server function) since `from`, as `page/size`, the page 1-based. */
  const proxyCalls = (from) =>
    browserRequests
      .slice(from)
      .map((r) => new URL(r.url))
      .filter((u) => u.origin === origin && way.matches(u))
      .map((u) => way.call(u));
  const shownRows = async (p = page) =>
    (await p.locator('main tbody tr td:first-child').allTextContents()).map((name) => Number(name.slice(-5)));

  /**
   * Waits until the page shows `rows`, the service has received `upstream` list requests since `from` (the page and the
   * next page's prefetch come after the render, from effects), the browser has had nothing in flight for a moment,
   * and the service has answered everything. A request beyond `upstream` shows in the caller's assertion.
   */
  async function settle(p, rows, from, upstream) {
    await until(
      `rows ${rows[0]}–${rows.at(-1)}`,
      async () => JSON.stringify(await shownRows(p)) === JSON.stringify(rows),
    );
    await until(`${upstream} upstream list requests`, () => upstreamLists(from).length >= upstream);
    let quietSince = Date.now();
    await until('the browser to go quiet', () => {
      if (inFlight.size > 0) quietSince = Date.now();
      return Date.now() - quietSince >= 300;
    });
    await until('the service to answer', () => mock.service.requests.every((r) => r.status !== null));
    await until('the table to settle', () => p.evaluate(() => !document.querySelector('[aria-busy="true"]')));
  }

  /** Opens `path` in a fresh document; returns its status, the rows in its HTML and what the load cost. */
  async function open(path, rows, upstream) {
    const from = mock.service.requests.length;
    const browserFrom = browserRequests.length;
    const response = await page.goto(`${origin}${path}`);
    const html = await response.text();
    await settle(page, rows, from, upstream);
    const loads = {
      status: response.status(),
      htmlRows: rowsInHtml(html),
      upstream: upstreamLists(from),
      proxy: proxyCalls(browserFrom),
    };
    // The document itself is the only request to the server besides the proxy (no prefetched render of other pages).
    expect(serverRoundTrips(browserFrom)).toStrictEqual([path]);
    return loads;
  }

  /** Runs a move inside the app; returns what it cost upstream and whether it went to the app's server. */
  async function move(action, url, rows, upstream) {
    const from = mock.service.requests.length;
    const browserFrom = browserRequests.length;
    await action();
    await until(`the URL ${url}`, () => page.url() === `${origin}${url}`);
    await settle(page, rows, from, upstream);
    return { upstream: upstreamLists(from), roundTrips: serverRoundTrips(browserFrom) };
  }

  const link = (name) =>
    page.getByRole('navigation', { name: 'Shares pages' }).getByRole('link', { name, exact: true });

  beforeAll(async () => {
    const { startMock } = await import(join(app.dir, 'mock.mjs'));
    mock = await startMock();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const { command, args, env } = app.start(port);
    server = spawn(command, args, {
      cwd: app.dir,
      env: { ...process.env, ...mock.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => serverOutput.push(String(chunk)));
    // Listening is enough: a request here would be one more render and, for an unknown path, an error line.
    await until(`${app.name} to listen`, () => accepts(port), 60_000);

    browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs, headless: true });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const watch = (p) => {
      p.on('request', (request) => {
        inFlight.add(request);
        browserRequests.push({ url: request.url(), method: request.method(), headers: request.headers() });
      });
      p.on('requestfinished', (request) => inFlight.delete(request));
      p.on('requestfailed', (request) => inFlight.delete(request));
      p.on('response', (response) => {
        if (/json|text|javascript|css|x-component/.test(response.headers()['content-type'] ?? '')) {
          // A response whose body the page stopped reading (a superseded page's request, aborted) still has its
          // headers: kept with no text, so the cache check counts it.
          const seen = { url: response.url(), headers: response.headers() };
          bodies.push(
            response.text().then(
              (text) => ({ ...seen, text }),
              () => ({ ...seen, text: null }),
            ),
          );
        }
      });
      p.on('pageerror', (error) => problems.push(`${p.url()}: ${error.message}`));
      p.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' || /hydrat|did not match|pagewise/i.test(text))
          problems.push(`${p.url()}: ${message.type()}: ${text}`);
      });
    };
    context.on('page', watch);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    await mock?.server.close();
  });

  describe(`${app.name} from the packed package`, () => {
    it('page 1: HTTP 200 with rows 1–20 in the server HTML, hydrated without a warning or an error, page 1 not fetched again', async () => {
      const load = await open('/', range(1, 20), 2);
      expect(load.status).toBe(200);
      expect(load.htmlRows).toStrictEqual(range(1, 20));
      // The server's render fetched page 1; the browser only prefetched page 2 through the proxy.
      expect(load.upstream).toStrictEqual([
        { page: 1, size: 20 },
        { page: 2, size: 20 },
      ]);
      expect(load.proxy).toStrictEqual(['2/20']);
      expect(problems).toStrictEqual([]);
    });

    it('a page move updates the URL and the rows with at most one upstream list request and no server round trip', async () => {
      const next = await move(() => link('Next page').click(), '/?page=2', range(21, 40), 1);
      // Page 2 was prefetched: the move costs only the prefetch of page 3.
      expect(next.upstream).toStrictEqual([{ page: 3, size: 20 }]);
      expect(next.roundTrips).toStrictEqual([]);
      const again = await move(() => link('Next page').click(), '/?page=3', range(41, 60), 1);
      expect(again.upstream).toStrictEqual([{ page: 4, size: 20 }]);
      expect(again.roundTrips).toStrictEqual([]);
      expect(await page.getByRole('link', { name: 'Page 3', exact: true }).getAttribute('aria-current')).toBe('page');
      expect(problems).toStrictEqual([]);
    });

    it('Back and Forward move between pages from the cache, without a request', async () => {
      const back = await move(() => page.goBack(), '/?page=2', range(21, 40), 0);
      expect(back.upstream).toStrictEqual([]);
      expect(back.roundTrips).toStrictEqual([]);
      const backAgain = await move(() => page.goBack(), '/', range(1, 20), 0);
      expect(backAgain.upstream).toStrictEqual([]);
      expect(backAgain.roundTrips).toStrictEqual([]);
      const forward = await move(() => page.goForward(), '/?page=2', range(21, 40), 0);
      expect(forward.upstream).toStrictEqual([]);
      expect(forward.roundTrips).toStrictEqual([]);
      expect(problems).toStrictEqual([]);
    });

    it('a middle click opens the page in a new tab, server-rendered, and leaves this one where it is', async () => {
      expect(await link('Page 4').getAttribute('href')).toBe('/?page=4');
      const from = mock.service.requests.length;
      const opened = context.waitForEvent('page');
      await link('Page 4').click({ button: 'middle' });
      const tab = await opened;
      await tab.waitForLoadState('domcontentloaded');
      expect(tab.url()).toBe(`${origin}/?page=4`);
      // Rendered on the server with page 4, which the tab then does not fetch again; it prefetches page 5.
      await settle(tab, range(61, 80), from, 2);
      expect(upstreamLists(from)).toStrictEqual([
        { page: 4, size: 20 },
        { page: 5, size: 20 },
      ]);
      await tab.close();
      expect(page.url()).toBe(`${origin}/?page=2`);
      expect(await shownRows()).toStrictEqual(range(21, 40));
      expect(problems).toStrictEqual([]);
    });

    it('page 3 opened directly: HTTP 200 with rows 41–60 in the server HTML, page 3 not fetched again', async () => {
      const load = await open('/?page=3', range(41, 60), 2);
      expect(load.status).toBe(200);
      expect(load.htmlRows).toStrictEqual(range(41, 60));
      expect(load.upstream).toStrictEqual([
        { page: 3, size: 20 },
        { page: 4, size: 20 },
      ]);
      expect(load.proxy).toStrictEqual(['4/20']);
      const next = await move(() => link('Next page').click(), '/?page=4', range(61, 80), 1);
      expect(next.upstream).toStrictEqual([{ page: 5, size: 20 }]);
      expect(next.roundTrips).toStrictEqual([]);
      expect(problems).toStrictEqual([]);
    });

    it('the last page opened directly: HTTP 200 with rows 421–437, unavailable arrows without href, nothing fetched again', async () => {
      const load = await open('/?page=22', range(421, 437), 1);
      expect(load.status).toBe(200);
      expect(load.htmlRows).toStrictEqual(range(421, 437));
      expect(load.upstream).toStrictEqual([{ page: 22, size: 20 }]);
      expect(load.proxy).toStrictEqual([]);
      for (const name of ['Next page', 'Last page']) {
        const arrow = page.getByRole('link', { name, exact: true });
        expect(await arrow.getAttribute('aria-disabled')).toBe('true');
        expect(await arrow.getAttribute('href')).toBe(null);
      }
      expect(problems).toStrictEqual([]);
    });

    it('a page-size change keeps the first row in view, in the URL, with one upstream request', async () => {
      const resized = await move(
        () => page.getByRole('combobox', { name: 'Items per page' }).selectOption('50'),
        '/?page=9&size=50',
        range(401, 437),
        1,
      );
      expect(resized.upstream).toStrictEqual([{ page: 9, size: 50 }]);
      expect(resized.roundTrips).toStrictEqual([]);
      expect(problems).toStrictEqual([]);
    });

    it('a URL the parsers refuse (page=2.5, size=7) reads as page 1 of 20 on the server and in the browser alike', async () => {
      const load = await open('/?page=2.5&size=7', range(1, 20), 2);
      expect(load.status).toBe(200);
      expect(load.htmlRows).toStrictEqual(range(1, 20));
      // The browser read the same page and size: it reused the server's page and prefetched page 2 only.
      expect(load.proxy).toStrictEqual(['2/20']);
      expect(problems).toStrictEqual([]);
    });

    it('paging on before a page arrives aborts its request, and the server does not log that as an error', async () => {
      const aborted = [];
      const onFailed = (request) => {
        const url = new URL(request.url());
        if (way.matches(url)) aborted.push(`${way.call(url)} ${request.failure()?.errorText}`);
      };
      page.on('requestfailed', onFailed);
      const gate = createGate();
      mock.service.setLatency((request) => (request.page === 21 ? gate.held : 0));
      try {
        await link('Last page').click();
        await until('the last page to be asked for', () =>
          mock.service.requests.some((r) => r.page === 21 && r.status === null),
        );
        await link('First page').click();
        await until('the browser to abort the last page', () => aborted.length > 0);
        expect(aborted).toStrictEqual(['22/20 net::ERR_ABORTED']);
      } finally {
        gate.release();
        mock.service.setLatency(0);
        page.off('requestfailed', onFailed);
      }
      await until('the URL /', () => page.url() === `${origin}/`);
      await settle(page, range(1, 20), mock.service.requests.length, 0);
      expect(problems).toStrictEqual([]);
    });

    it('one token request for the whole run: the server render and the proxy share one auth', () => {
      expect(mock.service.requests.filter((r) => r.resource === 'token').length).toBe(1);
    });

    it('no secret, token or Authorization in any response or request of the browser, nor in the built client assets', async () => {
      const c = mock.service.credentials;
      const secrets = [c.clientSecret, c.apiToken, c.apiSecret, c.apiKey].filter(Boolean);
      const seen = (await Promise.all(bodies)).filter(({ text }) => text !== null);
      expect(seen.length, 'responses were read').toBeGreaterThan(10);
      for (const { url, text, headers } of seen) {
        for (const secret of secrets) expect(text.includes(secret), `${url} carried a secret`).toBe(false);
        expect(/bearer\s/i.test(JSON.stringify(headers)), `${url} carried a token`).toBe(false);
      }
      // A boolean, so that a failure names the request and never prints the header's value.
      for (const request of browserRequests)
        expect(request.headers.authorization === undefined, `${request.url} carried an Authorization header`).toBe(
          true,
        );
      const shipped = filesUnder(app.clientAssets)
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
      expect(shipped.length, 'client assets were read').toBeGreaterThan(100_000);
      // The secret, the variable holding it and the grant only server code sends.
      for (const text of [...secrets, 'PAGEWISE_CLIENT_SECRET', 'client_credentials']) {
        expect(shipped.includes(text), `the client assets contain ${text}`).toBe(false);
      }
    });

    it('every answer to the browser’s way to the service is kept out of shared caches (private, no-store)', async () => {
      const answers = (await Promise.all(bodies)).filter(({ url }) => way.matches(new URL(url)));
      // Enough to mean the walk above went through the proxy: the list, its next page and the moves' pages.
      expect(answers.length, 'answers were read').toBeGreaterThanOrEqual(3);
      for (const { url, headers } of answers)
        expect(headers['cache-control'], `${way.call(new URL(url))}: Cache-Control`).toBe('private, no-store');
    });

    it('the server logged no error', () => {
      const log = serverOutput.join('');
      expect(log).not.toMatch(/error|warn|\[pagewise\]|⨯/i);
    });
  });
}
