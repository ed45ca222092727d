// Cursor paging through createProxyHandler over real HTTP on 127.0.0.1: a browser-side client (baseUrl = the proxy's
// path) pages an upstream in each cursor style and offset/limit to the end; whatever the browser sends as a cursor, a
// canary server beside the upstream gets no request and the upstream gets none outside its list paths; next-page links
// come back on the proxy's path with no upstream host; no secret reaches a response or a log.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, createApiClient, type ApiClient, type Page, type SortEntry } from '../../src/client/index';
import { clientCredentials, createProxyHandler, type ProxyHandlerOptions } from '../../src/server/index';
import { createMockService, demoOrganizationIds, type MockService, type MockShare } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { startLocalServer, type LocalServer } from '../helpers/localServer';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import type { MockCursorShape } from '../../src/testing/types';

const { acme, globex } = demoOrganizationIds;
const STYLES: MockCursorShape[] = ['stripe', 'cursor', 'link-cursor', 'page-token', 'offset'];
const organizations = { [acme]: { name: 'Acme', shares: 437 }, [globex]: { name: 'Globex', shares: 23 } };
const allow: ProxyHandlerOptions['allow'] = {
  shares: { cursor: true, sort: ['name', 'sizeBytes'], filters: { protocol: ['SMB', 'NFS'], q: { maxLength: 32 } } },
};
const PATH = '/api/pagewise';

interface Stack {
  mock: MockService;
  upstream: MockHttpServer;
  proxy: ServedHandler;
  browser: ApiClient;
}
const stacks = new Map<MockCursorShape, Stack>();
let reference: { mock: MockService; upstream: MockHttpServer };
let canary: LocalServer;
const errors: unknown[] = [];
const logged: string[] = [];
/** Every credential the proxies sent upstream (access tokens) and hold (client secrets): none may come back. */
const secrets = new Set<string>();
const recordingFetch: typeof fetch = (input, init) => {
  const authorization = new Headers(init?.headers).get('authorization');
  if (authorization) secrets.add(authorization.replace(/^\S+\s+/, ''));
  return fetch(input, init);
};

beforeAll(async () => {
  canary = await startLocalServer(() => ({ body: { stolen: true } }));
  for (const shape of STYLES) {
    const mock = createMockService({ shape, organizations });
    const upstream = await createMockHttpServer(mock);
    const { clientId, clientSecret } = mock.credentials;
    secrets.add(clientSecret);
    const auth = clientCredentials({ authUrl: upstream.authUrl, clientId, clientSecret, audience: upstream.baseUrl });
    const proxy = await serveFetchHandler(
      createProxyHandler({
        baseUrl: upstream.baseUrl,
        auth,
        fetch: recordingFetch,
        basePath: PATH,
        allowRequest: () => true,
        allow,
        onError: (error) => errors.push(error),
        // The one style the browser cannot tell from the response: the proxy asks its upstream by offset and limit.
        ...(shape === 'offset'
          ? { serializePage: ({ page, size }) => ({ offset: (page - 1) * size, limit: size }) }
          : {}),
      }),
    );
    stacks.set(shape, { mock, upstream, proxy, browser: createApiClient({ baseUrl: `${proxy.origin}${PATH}` }) });
  }
  const mock = createMockService({ organizations, auth: 'none' });
  reference = { mock, upstream: await createMockHttpServer(mock) };
});
afterAll(async () => {
  for (const { proxy, upstream } of stacks.values()) await Promise.all([proxy.close(), upstream.close()]);
  await Promise.all([reference.upstream.close(), canary.close()]);
});
beforeEach(() => {
  for (const { mock } of stacks.values()) mock.reset();
  errors.length = 0;
  logged.length = 0;
  for (const method of ['error', 'warn', 'log', 'info'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  const told = [
    ...logged,
    ...errors.map((error) => `${String(error)} ${(error as Error)?.stack} ${JSON.stringify(error)}`),
  ];
  for (const secret of secrets) for (const line of told) expect(line).not.toContain(secret);
  // Whatever a test sent, nothing went beside the upstream, and nothing on it left the list paths.
  expect(canary.requests).toEqual([]);
  for (const { mock, upstream } of stacks.values()) {
    for (const request of mock.requests.filter((r) => r.resource !== 'token')) {
      const url = new URL(request.url);
      expect(url.origin).toBe(new URL(upstream.baseUrl).origin);
      expect(url.pathname).toMatch(new RegExp(`^/api/(${acme}|${globex})/shares$`));
    }
  }
});

const names = (page: Page<MockShare>) => page.items.map((row) => row.name);

/** Every page from the first to the last as the browser pages forward: by `nextCursor`, or by number (offset). */
async function walk(
  shape: MockCursorShape,
  size: number,
  sort?: SortEntry[],
  filters?: Record<string, string>,
  between?: (pagesRead: number) => void,
) {
  const { browser } = stacks.get(shape)!;
  const query = { organizationId: acme, size, sort, filters };
  const pages = [await browser.listShares<MockShare>({ ...query, page: 1 })];
  for (let last = pages[0]!; last.hasNext; last = pages.at(-1)!) {
    between?.(pages.length);
    pages.push(
      await (last.nextCursor === undefined
        ? browser.listShares<MockShare>({ ...query, page: pages.length + 1 })
        : browser.listShares<MockShare>({ ...query, cursor: last.nextCursor, page: pages.length + 1 })),
    );
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

async function everyRow(sort?: SortEntry[], filters?: Record<string, string>): Promise<string[]> {
  const client = createApiClient({ baseUrl: reference.upstream.baseUrl });
  return names(await client.listShares<MockShare>({ organizationId: acme, page: 1, size: 1000, sort, filters }));
}

describe('cursor paging through createProxyHandler', () => {
  it.each(STYLES)('%s: the browser pages all 437 rows through the proxy, each once, in order', async (shape) => {
    const pages = await walk(shape, 20);
    expect(pages.flatMap(names)).toEqual(await everyRow());
    expect(pages).toHaveLength(22);
    expect(pages.at(-1)!.hasNext).toBe(false);
    if (shape !== 'offset') {
      // Each page after the first went upstream by its cursor, never by a page number the upstream would ignore.
      const lists = stacks.get(shape)!.mock.requests.filter((r) => r.resource === 'shares');
      expect(lists).toHaveLength(22);
      expect(lists.slice(1).every((r) => !new URL(r.url).searchParams.has('page'))).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it.each(STYLES)('%s: sort and filters hold on every page through the proxy', async (shape) => {
    const sort: SortEntry[] = [{ id: 'sizeBytes', desc: true }];
    const pages = await walk(shape, 30, sort, { protocol: 'NFS' });
    expect(pages.flatMap(names)).toEqual(await everyRow(sort, { protocol: 'NFS' }));
  });

  it.each(STYLES.filter((shape) => shape !== 'offset'))(
    '%s: rows created at the front while the browser pages never repeat or shift a row',
    async (shape) => {
      const { mock } = stacks.get(shape)!;
      const before = await everyRow();
      const pages = await walk(shape, 40, undefined, undefined, (read) =>
        mock.insertRows(acme, 'shares', [{ id: `front-${read}`, name: `front-${read}` }], 0),
      );
      expect(pages.flatMap(names)).toEqual(before);
    },
  );

  it.each(STYLES)('%s: answers carry no upstream host, port or path, no token and no secret', async (shape) => {
    const { upstream, proxy } = stacks.get(shape)!;
    // The upstream's host:port and its path (a page's numbers may hold the port's digits, never after its host).
    const leaks = [new URL(upstream.baseUrl).host, '/api/' + acme];
    let url = `${proxy.origin}${PATH}/${acme}/shares?page=0&size=50&sort=name,asc&q=acme`;
    for (let i = 0; i < 20 && url; i += 1) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const text = await response.text();
      for (const leak of [...leaks, ...secrets])
        expect(`${[...response.headers].join('\n')}\n${text}`).not.toContain(leak);
      const body = JSON.parse(text);
      const link = response.headers.get('link');
      const next =
        (link && /<([^>]+)>; rel="next"/.exec(link)?.[1]) ??
        (typeof body?.next === 'string' ? body.next : undefined) ??
        (body?.nextPageToken
          ? `${PATH}/${acme}/shares?pageToken=${body.nextPageToken}&size=50&sort=name,asc&q=acme`
          : undefined) ??
        (body?.has_more
          ? `${PATH}/${acme}/shares?starting_after=${body.data.at(-1).id}&size=50&sort=name,asc&q=acme`
          : undefined);
      if (next) expect(next.startsWith(`${PATH}/${acme}/shares?`)).toBe(true);
      url = next ? `${proxy.origin}${next}` : '';
    }
    expect(url).toBe('');
    // The demo client secret and at least the token this walk was sent upstream with were looked for.
    expect(secrets.size).toBeGreaterThanOrEqual(2);
  });
});

describe('a cursor never takes the proxy off its upstream', () => {
  const hostile = () => {
    const c = `127.0.0.1:${canary.port}`;
    return [
      `http://${c}/steal`,
      `//${c}/steal`,
      `http://user:pass@${c}/`,
      `http://127.0.0.1:${canary.port}@127.0.0.1/`,
      `@${c}`,
      '../../../../etc/passwd',
      '..%2f..%2f..%2fsteal',
      '%2e%2e%2f%2e%2e%2fsteal',
      '%252e%252e%252f',
      '..\\..\\steal',
      '/%5c%5csteal',
      `\\\\${c}\\steal`,
      '?x=1#frag',
      'javascript:alert(1)',
      `http:${c}`,
    ];
  };

  it('answers every hostile cursor, page, size, sort and filter with the upstream or a 400, never the canary', async () => {
    const { proxy } = stacks.get('cursor')!;
    const statuses = new Set<number>();
    for (const value of hostile()) {
      for (const name of [
        'cursor',
        'pageToken',
        'starting_after',
        'after',
        'before',
        'page',
        'size',
        'sort',
        'q',
        'url',
        'next',
      ]) {
        const query = new URLSearchParams({ size: '20', [name]: value });
        const response = await fetch(`${proxy.origin}${PATH}/${acme}/shares?${query}`);
        statuses.add(response.status);
        expect(await response.text()).not.toContain(String(canary.port));
      }
      // In the path, raw: the proxy's route match refuses it before any upstream call.
      const response = await fetch(`${proxy.origin}${PATH}/${acme}/shares/${encodeURIComponent(value)}?size=20&page=0`);
      expect(response.status).toBe(404);
    }
    expect([...statuses].every((status) => status === 200 || status === 400)).toBe(true);
  });

  it('follows an upstream whose next links point at another host only back through the proxy, to the upstream', async () => {
    const fake = await startLocalServer();
    const c = `http://127.0.0.1:${canary.port}`;
    fake.handle((request) => {
      const after = request.query.get('cursor');
      if (after === 'two')
        return { body: { next: null, previous: `${c}/steal?cursor=one&size=2`, results: [{ id: 'c' }] } };
      return {
        headers: { Link: `<${c}/steal?after=two&size=2&token=upstream-secret>; rel="next"` },
        body: {
          next: `${c}/../../steal?cursor=two&size=2&access_token=upstream-secret`,
          previous: null,
          results: [{ id: 'a' }, { id: 'b' }],
          _links: { next: { href: `${c}/steal?cursor=two` }, profile: { href: 'https://docs.example/profile' } },
          links: { next: `${c}/steal?cursor=two`, self: `//evil.example/x?page=0&size=2` },
        },
      };
    });
    const proxy = await serveFetchHandler(
      createProxyHandler({
        baseUrl: `${fake.origin}/api`,
        auth: bearerToken(() => 'upstream-token-1f2e3d'),
        basePath: PATH,
        allowRequest: () => true,
        allow,
        onError: () => {},
      }),
    );
    try {
      const raw = await fetch(`${proxy.origin}${PATH}/${acme}/shares?page=0&size=2`);
      const body = await raw.json();
      expect(body.next).toBe(`${PATH}/${acme}/shares?cursor=two&size=2`);
      expect(body._links).toEqual({
        next: { href: `${PATH}/${acme}/shares?cursor=two&size=2` },
        profile: { href: 'https://docs.example/profile' },
      });
      expect(body.links).toEqual({
        next: `${PATH}/${acme}/shares?cursor=two&size=2`,
        self: `${PATH}/${acme}/shares?page=0&size=2`,
      });
      expect(raw.headers.get('link')).toBe(`<${PATH}/${acme}/shares?after=two&size=2>; rel="next"`);
      const browser = createApiClient({ baseUrl: `${proxy.origin}${PATH}` });
      const first = await browser.listShares({ organizationId: acme, page: 1, size: 2 });
      const second = await browser.listShares({ organizationId: acme, size: 2, cursor: first.nextCursor! });
      expect(second.items).toEqual([{ id: 'c' }]);
      expect(second.hasNext).toBe(false);
      expect(fake.requests.map((r) => `${r.path}?${r.query}`)).toEqual([
        `/api/${acme}/shares?page=0&size=2`,
        `/api/${acme}/shares?page=0&size=2`,
        `/api/${acme}/shares?cursor=two&size=2`,
      ]);
    } finally {
      await Promise.all([proxy.close(), fake.close()]);
    }
  });

  it('sends any cursor value under any parameter name only to the upstream list path (fuzz)', async () => {
    const { proxy } = stacks.get('link-cursor')!;
    const c = `127.0.0.1:${canary.port}`;
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...hostile()),
      fc.webUrl().map((url) => url.replace(/^(https?:\/\/)[^/?#]+/, `$1${c}`)),
      fc
        .tuple(fc.constantFrom('../', '%2e%2e/', '..%2f', '\\', '%5c', '//', '@'), fc.string({ maxLength: 10 }))
        .map(([a, b]) => a.repeat(3) + c + b),
    );
    const name = fc.oneof(
      fc.constantFrom(
        'cursor',
        'pageToken',
        'starting_after',
        'ending_before',
        'after',
        'before',
        'page',
        'size',
        'sort',
        'q',
      ),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (pairs, withPage) => {
          const query = new URLSearchParams([['size', '5'], ...(withPage ? [['page', '0']] : []), ...pairs]);
          const response = await fetch(`${proxy.origin}${PATH}/${globex}/shares?${query}`);
          expect([200, 400]).toContain(response.status);
          expect(await response.text()).not.toContain(c);
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);
});

describe('the allow list governs cursors', () => {
  const proxyWith = async (rule: NonNullable<ProxyHandlerOptions['allow']>[string] | undefined) => {
    const { upstream, mock } = stacks.get('cursor')!;
    const { clientId, clientSecret } = mock.credentials;
    const auth = clientCredentials({ authUrl: upstream.authUrl, clientId, clientSecret, audience: upstream.baseUrl });
    return serveFetchHandler(
      createProxyHandler({
        baseUrl: upstream.baseUrl,
        auth,
        basePath: PATH,
        allowRequest: () => true,
        ...(rule ? { allow: { shares: rule } } : {}),
      }),
    );
  };
  const answer = async (proxy: ServedHandler, query: string) => {
    const response = await fetch(`${proxy.origin}${PATH}/${acme}/shares?${query}`);
    return { status: response.status, body: await response.json() };
  };

  it('without cursor paging on, a cursor is no page: 400 (or dropped where shares forward page and size only)', async () => {
    const numberOnly = await proxyWith({ sort: ['name'] });
    const none = await proxyWith(undefined);
    try {
      expect(await answer(numberOnly, 'cursor=abc&size=20')).toMatchObject({ status: 400 });
      expect((await answer(numberOnly, 'page=0&cursor=abc&size=20')).body.message).toBe(
        'pagewise: `cursor` is not allowed here',
      );
      expect(await answer(none, 'cursor=abc&size=20')).toMatchObject({ status: 400 });
      const dropped = await answer(none, 'page=0&cursor=abc&size=20');
      expect(dropped.status).toBe(200);
      expect(stacks.get('cursor')!.mock.requests.at(-1)!.url).toMatch(/\?page=0&size=20$/);
    } finally {
      await Promise.all([numberOnly.close(), none.close()]);
    }
  });

  it('says once, naming the setting, when a service pages by cursor links the proxy drops', async () => {
    const { upstream, mock } = stacks.get('link-cursor')!;
    const { clientId, clientSecret } = mock.credentials;
    const auth = clientCredentials({ authUrl: upstream.authUrl, clientId, clientSecret, audience: upstream.baseUrl });
    const proxy = await serveFetchHandler(
      createProxyHandler({ baseUrl: upstream.baseUrl, auth, basePath: PATH, allowRequest: () => true }),
    );
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${proxy.origin}${PATH}/${acme}/shares?page=0&size=20`);
        expect(response.headers.get('link')).toBeNull();
      }
      expect(logged.filter((line) => line.includes('by cursor'))).toEqual([
        '[pagewise] createProxyHandler: the service pages `shares` by cursor (its next link carries `after`), which ' +
          'the proxy drops: set `allow: { shares: { cursor: true } }` to page it through the proxy.',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('bounds a cursor: one parameter, 1 to maxLength visible ASCII characters, and only the names given', async () => {
    const proxy = await proxyWith({ cursor: { params: ['cursor'], maxLength: 64 } });
    try {
      const refused = [
        `cursor=${'a'.repeat(65)}`,
        'cursor=',
        'cursor=a%20b',
        'cursor=%C3%A9',
        'cursor=a&cursor=b',
        'pageToken=abc',
        'after=abc',
      ];
      for (const query of refused) {
        const { status, body } = await answer(proxy, `${query}&size=20`);
        expect(status).toBe(400);
        expect(JSON.stringify(body)).not.toMatch(/aaaa|abc/);
      }
      expect((await answer(proxy, `cursor=${'a'.repeat(65)}&size=20`)).body.message).toBe(
        'pagewise: `cursor` must be a cursor of 1 to 64 visible ASCII characters',
      );
      // A cursor the upstream did not make is its own 400, passed on.
      expect(await answer(proxy, 'cursor=abc&size=20')).toMatchObject({
        status: 400,
        body: { message: 'Invalid cursor' },
      });
    } finally {
      await proxy.close();
    }
  });

  it('refuses unusable cursor options when the proxy is created, naming them', () => {
    const base = {
      baseUrl: 'http://127.0.0.1:1/api',
      auth: bearerToken(() => 'upstream-token-1f2e3d'),
      allowRequest: () => true,
    };
    expect(() => createProxyHandler({ ...base, allow: { shares: { cursor: 'yes' as never } } })).toThrow(
      /`allow\.shares\.cursor` must be true, false or/,
    );
    expect(() => createProxyHandler({ ...base, allow: { shares: { cursor: { params: ['page'] } } } })).toThrow(
      /`allow\.shares\.cursor\.params` must be names other than page, size and sort/,
    );
    expect(() => createProxyHandler({ ...base, allow: { shares: { cursor: { maxLength: 0 } } } })).toThrow(
      /`allow\.shares\.cursor\.maxLength` must be an integer from 1 to 4096/,
    );
    expect(() => createProxyHandler({ ...base, cursorParam: 'a b' })).toThrow(
      /`cursorParam` must be a query parameter name/,
    );
    expect(() => createProxyHandler({ ...base, serializePage: 'offset' as never })).toThrow(/`serializePage`/);
  });
});

describe('body rewriting through the proxy', () => {
  it('passes a body that is no paged shape, or has no links, byte for byte (big numbers whole)', async () => {
    const fake = await startLocalServer();
    const texts = [
      '{"content":[{"id":12345678901234567890,"n":1.10}],"totalElements":1,"number":0,"size":20,"last":true}',
      '{ "results" : [ {"next":"http://x/?cursor=1"} ], "next" : null, "count": 98765432109876543210 }',
      '[{"next":"http://x/?cursor=1"}]',
    ];
    let i = 0;
    fake.handle(() => ({ headers: { 'content-type': 'application/json' }, body: texts[i++]! }));
    const proxy = await serveFetchHandler(
      createProxyHandler({
        baseUrl: `${fake.origin}/api`,
        auth: bearerToken(() => 'upstream-token-1f2e3d'),
        basePath: PATH,
        allowRequest: () => true,
        allow,
      }),
    );
    try {
      for (const text of texts)
        expect(await (await fetch(`${proxy.origin}${PATH}/${acme}/shares?page=0&size=20`)).text()).toBe(text);
    } finally {
      await Promise.all([proxy.close(), fake.close()]);
    }
  });
});
