// client.pages over real HTTP: against the mock service (paged by number, with its total), against fake services
// paged by cursor, link and token, and against a service that holds its answers behind gates the test releases.
import { describe, expect, it } from 'vitest';
import {
  createApiClient,
  isHttpError,
  isInvalidArgumentError,
  isResponseShapeError,
  type ApiClient,
  type ClientEvent,
} from '../../src/client/index';
import { clientCredentials } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import type { MockLatencyRequest } from '../../src/testing/types';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import { collectPages, idsOf } from '../helpers/collectPages';
import { createGate } from '../helpers/createGate';
import { CURSOR_STYLES, cursorService, makeRows, type Row } from '../helpers/cursorService';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

const { acme, globex, empty } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();
const fake = localServerForFile();

/** Every list request's signal, in the order sent, to see which the walk aborted. */
let signals: AbortSignal[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  if (!String(input).includes('/oauth/')) signals.push(init!.signal!);
  return fetch(input, init);
};

/** A client of the mock service with its demo client credentials (one token cache for the whole walk). */
function mockClient(onEvent?: (event: ClientEvent) => void): ApiClient {
  signals = [];
  const { clientId, clientSecret, scope } = mock.credentials;
  return createApiClient({
    baseUrl: http.baseUrl,
    auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
    fetch: recordingFetch,
    ...(onEvent && { onEvent }),
  });
}

const listRequests = () => mock.requests.filter((request) => request.resource !== 'token');

/** Mock latency that holds each list page (zero-based, as the mock is told) until the test releases it. */
function heldPages() {
  const gates = new Map<number, ReturnType<typeof createGate>>();
  const gate = (wirePage: number) => gates.get(wirePage) ?? gates.set(wirePage, createGate()).get(wirePage)!;
  let inFlight = 0;
  let most = 0;
  const arrived: number[] = [];
  const arrivals: Array<() => void> = [];
  mock.setLatency(async ({ method, page }: MockLatencyRequest) => {
    if (method !== 'GET' || page === undefined) return;
    inFlight += 1;
    most = Math.max(most, inFlight);
    arrived.push(page);
    arrivals.splice(0).forEach((tell) => tell());
    await gate(page).held;
    inFlight -= 1;
  });
  return {
    release: (wirePage: number) => gate(wirePage).release(),
    /** Resolves once `count` requests have reached the mock. */
    arrivedCount: (count: number) =>
      new Promise<void>(function check(resolve) {
        if (arrived.length >= count) resolve();
        else arrivals.push(() => check(resolve));
      }),
    arrived,
    most: () => most,
  };
}

describe('client.pages: a list paged by number, against the mock service over HTTP', () => {
  it('yields every page in order, ends after the page that says none follows and asks nothing past it', async () => {
    const pages = await collectPages(mockClient().pages<{ id: string }>('shares', { organizationId: acme, size: 50 }));
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pages.map((page) => page.hasNext)).toEqual([true, true, true, true, true, true, true, true, false]);
    expect(idsOf(pages)).toEqual(mock.rows(acme, 'shares')!.map((row) => row.id));
    expect(listRequests().map((request) => request.page)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mock.tokenRequests).toBe(1);
  });

  it('carries sort and filters on every page and starts at the page asked for', async () => {
    const params = {
      organizationId: acme,
      size: 20,
      page: 2,
      sort: [{ id: 'name', desc: true }],
      filters: { q: 'legal' },
    };
    const pages = await collectPages(mockClient().pages<{ name: string }>('shares', params));
    const legal = mock.rows(acme, 'shares')!.filter((row) => String(row.name).includes('legal'));
    expect(legal).toHaveLength(44);
    expect(pages.map((page) => page.page)).toEqual([2, 3]);
    expect(pages.flatMap((page) => page.items.map((row) => row.name))).toEqual(
      legal
        .map((row) => String(row.name))
        .sort()
        .reverse()
        .slice(20),
    );
    for (const request of listRequests()) expect(request.url).toMatch(/sort=name%2Cdesc&q=legal$/);
  });

  it('yields one empty page for an empty list', async () => {
    const pages = await collectPages(mockClient().pages('shares', { organizationId: empty, size: 20 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ items: [], hasNext: false, total: 0 });
    expect(listRequests()).toHaveLength(1);
  });

  it('stops at maxPages without asking for the next page', async () => {
    const pages = await collectPages(
      mockClient().pages('shares', { organizationId: acme, size: 10, page: 3 }, { maxPages: 2 }),
    );
    expect(pages.map((page) => page.page)).toEqual([3, 4]);
    expect(listRequests().map((request) => request.page)).toEqual([2, 3]);
  });

  it('renews the token once when the service answers 401 mid-walk, as a list call does', async () => {
    const client = mockClient();
    const seen: number[] = [];
    for await (const page of client.pages('shares', { organizationId: globex, size: 10 })) {
      seen.push(page.page);
      if (page.page === 1) mock.expireTokens();
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(mock.tokenRequests).toBe(2);
    expect(listRequests().map((request) => request.status)).toEqual([200, 401, 200, 200]);
  });
});

describe('client.pages: concurrency on a list paged by number', () => {
  it('keeps up to `concurrency` requests in flight and still yields the pages in order', async () => {
    const held = heldPages();
    const walking = collectPages(
      mockClient().pages<{ id: string }>('shares', { organizationId: globex, size: 5 }, { concurrency: 3 }),
    );
    held.release(0);
    await held.arrivedCount(4);
    expect(held.arrived).toEqual([0, 1, 2, 3]);
    // Pages 4 and 3 answer before page 2: the walk still yields 2, then 3, then 4.
    held.release(3);
    held.release(2);
    held.release(1);
    await held.arrivedCount(5);
    held.release(4);
    const pages = await walking;
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5]);
    expect(idsOf(pages)).toEqual(mock.rows(globex, 'shares')!.map((row) => row.id));
    expect(held.most()).toBe(3);
    expect(listRequests()).toHaveLength(5);
  });

  it('leaving the loop early aborts the requests in flight and starts no other', async () => {
    const held = heldPages();
    const client = mockClient();
    const seen: number[] = [];
    const walking = (async () => {
      for await (const page of client.pages('shares', { organizationId: acme, size: 20 }, { concurrency: 3 })) {
        seen.push(page.page);
        if (page.page === 2) break;
      }
    })();
    held.release(0);
    held.release(1);
    await walking;
    expect(seen).toEqual([1, 2]);
    // Pages 3 and 4 were asked for (3 in flight with page 2); page 5 was started when page 2 came, none after.
    expect(held.arrived.length).toBeLessThanOrEqual(5);
    const sent = signals.length;
    expect(signals.slice(2).every((signal) => signal.aborted)).toBe(true);
    for (let wire = 0; wire < 30; wire++) held.release(wire);
    expect(signals).toHaveLength(sent);
  });
});

describe('client.pages: Retry-After and failures', () => {
  it('waits out a 429 and asks the same page again, telling a client-retry event', async () => {
    const events: ClientEvent[] = [];
    mock.fail({ status: 429, retryAfter: 0, resource: 'shares', times: 2 });
    const pages = await collectPages(
      mockClient((event) => events.push(event)).pages('shares', { organizationId: globex, size: 10 }),
    );
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(listRequests().map((request) => [request.page, request.status])).toEqual([
      [0, 429],
      [0, 429],
      [0, 200],
      [1, 200],
      [2, 200],
    ]);
    expect(events.filter((event) => event.type === 'client-retry')).toEqual([
      { type: 'client-retry', resource: 'shares', reason: 'outage', delayMs: 0 },
      { type: 'client-retry', resource: 'shares', reason: 'outage', delayMs: 0 },
    ]);
  });

  it('asks one page at most 4 times, then rejects with the 429', async () => {
    mock.fail({ status: 503, retryAfter: 0, resource: 'shares', times: Infinity });
    const error = await collectPages(mockClient().pages('shares', { organizationId: globex, size: 10 })).catch(
      (e: unknown) => e,
    );
    expect(isHttpError(error) && error.status).toBe(503);
    expect(listRequests()).toHaveLength(4);
  });

  it('rejects at once on a Retry-After longer than a minute, and on a 429 without one', async () => {
    mock.fail({ status: 429, retryAfter: 3600, resource: 'shares' });
    const error = await collectPages(mockClient().pages('shares', { organizationId: globex, size: 10 })).catch(
      (e: unknown) => e,
    );
    expect(isHttpError(error) && error.retryAfterMs).toBe(3_600_000);
    expect(listRequests()).toHaveLength(1);
    mock.fail({ status: 503, resource: 'shares' });
    const bare = await collectPages(mockClient().pages('shares', { organizationId: globex, size: 10 })).catch(
      (e: unknown) => e,
    );
    expect(isHttpError(bare) && bare.status).toBe(503);
    expect(listRequests()).toHaveLength(2);
  });

  it('rejects with the typed error after the pages already yielded', async () => {
    const seen: number[] = [];
    const client = mockClient();
    const error = await (async () => {
      for await (const page of client.pages('shares', { organizationId: globex, size: 5 })) {
        seen.push(page.page);
        if (page.page === 2) mock.fail({ status: 500, resource: 'shares' });
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1, 2]);
    expect(isHttpError(error) && error.status).toBe(500);
    expect(listRequests()).toHaveLength(3);
  });
});

describe('client.pages: the signal', () => {
  it('aborting rejects with its reason, aborts the request in flight and starts none', async () => {
    const held = heldPages();
    const controller = new AbortController();
    const walking = collectPages(
      mockClient().pages('shares', { organizationId: globex, size: 5 }, { signal: controller.signal }),
    );
    held.release(0);
    await held.arrivedCount(2);
    const reason = new Error('the user went away');
    controller.abort(reason);
    await expect(walking).rejects.toBe(reason);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(true);
    held.release(1);
  });

  it.each([
    ['as the retry is told', (abort: () => void) => abort()],
    ['during the wait', (abort: () => void) => queueMicrotask(abort)],
  ])('aborting %s rejects at once and asks nothing more', async (_when, schedule) => {
    const controller = new AbortController();
    mock.fail({ status: 429, retryAfter: 50, resource: 'shares' });
    const onEvent = (event: ClientEvent) =>
      event.type === 'client-retry' && schedule(() => controller.abort(new Error('stop')));
    const walking = collectPages(
      mockClient(onEvent).pages('shares', { organizationId: globex, size: 5 }, { signal: controller.signal }),
    );
    await expect(walking).rejects.toThrow('stop');
    expect(listRequests()).toHaveLength(1);
  });

  it('an already aborted signal rejects before any request', async () => {
    const walking = collectPages(
      mockClient().pages('shares', { organizationId: globex, size: 5 }, { signal: AbortSignal.abort() }),
    );
    await expect(walking).rejects.toMatchObject({ name: 'AbortError' });
    expect(listRequests()).toHaveLength(0);
  });
});

describe('client.pages: bad arguments', () => {
  it.each([
    ['organizationId', { size: 10 }, {}],
    ['size', { organizationId: acme, size: 0 }, {}],
    ['page', { organizationId: acme, size: 10, page: 0 }, {}],
    ['concurrency', { organizationId: acme, size: 10 }, { concurrency: 0 }],
    ['concurrency', { organizationId: acme, size: 10 }, { concurrency: 1.5 }],
    ['maxPages', { organizationId: acme, size: 10 }, { maxPages: 0 }],
    ['maxPages', { organizationId: acme, size: 10 }, { maxPages: Infinity }],
    ['signal', { organizationId: acme, size: 10 }, { signal: 'abort' }],
    ['cursor', { organizationId: acme, size: 10, cursor: '' }, {}],
  ])('refuses a bad `%s` with the argument error at the call, before any request', (argument, params, options) => {
    const client = mockClient();
    let thrown: unknown;
    try {
      client.pages('shares', params as never, options as never);
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidArgumentError(thrown) && thrown.argument).toBe(argument);
    expect(listRequests()).toHaveLength(0);
  });
});

describe('client.pages: services paged by cursor, link and token', () => {
  const client = () => createApiClient({ baseUrl: fake.origin });

  it.each(CURSOR_STYLES)(
    '%s: follows nextCursor to the last page, one request per page and none past it',
    async (style) => {
      const rows = makeRows(23);
      fake.handle(cursorService(style, () => rows));
      const pages = await collectPages(client().pages<Row>('shares', { organizationId: ORG, size: 10 }));
      expect(idsOf(pages)).toEqual(rows.map((row) => row.id));
      expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
      expect(pages.at(-1)!.nextCursor).toBeUndefined();
      expect(fake.requests).toHaveLength(3);
    },
  );

  it.each(CURSOR_STYLES)('%s: an empty list is one empty page', async (style) => {
    fake.handle(cursorService(style, () => []));
    const pages = await collectPages(client().pages<Row>('shares', { organizationId: ORG, size: 10 }));
    expect(pages.map((page) => page.items)).toEqual([[]]);
    expect(fake.requests).toHaveLength(1);
  });

  it('starts at a cursor a page gave, and walks one page at a time whatever the concurrency', async () => {
    const rows = makeRows(45);
    let inFlight = 0;
    let most = 0;
    const service = cursorService('google', () => rows);
    fake.handle(async (request) => {
      most = Math.max(most, ++inFlight);
      await Promise.resolve();
      inFlight -= 1;
      return service(request);
    });
    const first = await client().list<Row>('shares', { organizationId: ORG, page: 1, size: 10 });
    const start = { organizationId: ORG, size: 10, cursor: first.nextCursor!, cursorParam: first.cursorParam! };
    const pages = await collectPages(client().pages<Row>('shares', start, { concurrency: 4 }));
    expect(idsOf(pages)).toEqual(rows.slice(10).map((row) => row.id));
    expect(most).toBe(1);
    expect(fake.requests.slice(1).map((request) => request.query.has('pageToken'))).toEqual([true, true, true, true]);
  });

  it('a service that ignores its page parameter: the walk ends when its first page comes again', async () => {
    fake.handle(() => ({ body: makeRows(10) }));
    const pages = await collectPages(client().pages<Row>('shares', { organizationId: ORG, size: 10 }));
    expect(idsOf(pages)).toEqual(makeRows(10).map((row) => row.id));
    expect(fake.requests).toHaveLength(2);
  });

  it('a service that ignores its cursor: the walk rejects when the cursor asked comes back as the next one', async () => {
    fake.handle(() => ({ body: { object: 'list', data: makeRows(10), has_more: true } }));
    const walk = collectPages(client().pages<Row>('shares', { organizationId: ORG, size: 10 }));
    await expect(walk).rejects.toSatisfy(isResponseShapeError);
    await expect(walk).rejects.toThrow(/cursorParam/);
    expect(fake.requests).toHaveLength(2);
  });

  it('a page asked by cursor that gives no nextCursor ends the walk, whatever hasNext guessed', async () => {
    // A link service's last page that is full: a bare array says nothing of a next page but the Link header.
    const rows = makeRows(20);
    fake.handle(cursorService('link', () => rows));
    const pages = await collectPages(client().pages<Row>('shares', { organizationId: ORG, size: 10 }));
    expect(pages).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
  });
});
