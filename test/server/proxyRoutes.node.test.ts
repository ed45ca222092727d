import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, presets, type Page } from '../../src/client/index';
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/index';
import { startLocalServer, type LocalServer, type ReceivedRequest, type Reply } from '../helpers/localServer';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';
import { createServer } from 'node:http';
import { listenLocally } from '../helpers/localServer';
import { proxyEntryPoints } from './proxyEntryPoints';

// The proxy in front of a service with routes of its own: a Django-style router (trailing slash, a 301 without it),
// the organization in the query, page numbers from 1 under `page`, sizes under `page_size`, sort as `ordering`.

interface User {
  id: number;
  name: string;
}
const USERS: User[] = Array.from({ length: 23 }, (_, index) => ({ id: index + 1, name: `user ${(index * 7) % 23}` }));
const ORG = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const PATH = '/api/pagewise';
const ROUTE = '/v1/{resource}/?org={organizationId}';

/** A page of the fake service, `{ count, next, previous, results }`, its links at its own route. */
function listPage(origin: string, { path, query }: ReceivedRequest): Reply {
  const page = Number(query.get('page') ?? 1);
  const size = Number(query.get('page_size') ?? 10);
  const ordering = query.get('ordering');
  const rows = [...USERS];
  if (ordering) rows.sort((a, b) => a.name.localeCompare(b.name) * (ordering.startsWith('-') ? -1 : 1));
  const link = (to: number) => {
    const url = new URL(`${origin}${path}`);
    for (const [name, value] of query) url.searchParams.set(name, value);
    url.searchParams.set('page', String(to));
    return url.href;
  };
  const next = page * size < rows.length ? link(page + 1) : null;
  const previous = page > 1 ? link(page - 1) : null;
  return { body: { count: rows.length, next, previous, results: rows.slice((page - 1) * size, page * size) } };
}

let upstream: LocalServer;
let proxy: ServedHandler;

function service(request: ReceivedRequest): Reply {
  if (!request.path.endsWith('/')) return { status: 301, headers: { Location: `${request.path}/` } };
  if (request.method === 'GET') return listPage(upstream.origin, request);
  if (request.method === 'POST') return { status: 201, headers: { Location: '/v1/users/99/' }, body: { id: 99 } };
  return { body: { id: 7, name: 'changed' } };
}

const options = (more: Partial<ProxyHandlerOptions> = {}): ProxyHandlerOptions => ({
  ...presets.djangoRest.pageNumber,
  route: ROUTE,
  baseUrl: upstream.origin,
  auth: bearerToken(() => 'server-key', { scheme: 'Token' }),
  basePath: PATH,
  allowRequest: () => true,
  allow: { users: { sort: ['name'], filters: { org: { maxLength: 64 } }, methods: ['POST', 'PATCH'] } },
  ...more,
});

beforeAll(async () => {
  upstream = await startLocalServer(service);
  proxy = await serveFetchHandler(createProxyHandler(options()));
});
afterAll(async () => Promise.all([proxy?.close(), upstream?.close()]));
beforeEach(() => void (upstream.requests.length = 0));

/** Every page of the users by name, descending, through a browser client of `origin`'s proxy. */
async function walkUsers(origin: string) {
  const browser = createApiClient({ baseUrl: `${origin}${PATH}` });
  const sort = [{ id: 'name', desc: true }];
  const pages: Array<Page<User>> = [];
  for (let page = 1; pages.at(-1)?.hasNext ?? true; page++)
    pages.push(await browser.list<User>('users', { organizationId: ORG, page, size: 5, sort }));
  return pages;
}

describe.each(proxyEntryPoints)('$name at the upstream’s route', ({ listen }) => {
  it('walks every page: the service’s list in order, one upstream request a page at its route', async () => {
    const served = await listenLocally(createServer(listen(options())));
    try {
      const pages = await walkUsers(served.origin);
      const expected = [...USERS].sort((a, b) => b.name.localeCompare(a.name));
      expect(pages.flatMap((page) => page.items)).toEqual(expected);
      expect(pages.map((page) => [page.page, page.hasNext, page.total])).toEqual([
        [1, true, 23],
        [2, true, 23],
        [3, true, 23],
        [4, true, 23],
        [5, false, 23],
      ]);
      expect(upstream.requests.map(({ method, path, query }) => `${method} ${path}?${query}`)).toEqual(
        [1, 2, 3, 4, 5].map((page) => `GET /v1/users/?org=${ORG}&page=${page}&page_size=5&ordering=-name`),
      );
      expect(upstream.requests.every((request) => request.headers.authorization === 'Token server-key')).toBe(true);
    } finally {
      await served.close();
    }
  });
});

describe('createProxyHandler at the upstream’s route', () => {
  it('rewrites the body’s next and previous links to the proxy’s path and zero-based page, sort as the browser sent it', async () => {
    const response = await fetch(`${proxy.origin}${PATH}/${ORG}/users?page=1&size=5&sort=name,desc`);
    const body = (await response.json()) as { next: string; previous: string };
    const expected = (page: number) =>
      `${PATH}/${ORG}/users?${new URLSearchParams({ page: String(page), size: '5', sort: 'name,desc' })}`;
    expect([body.next, body.previous]).toEqual([expected(2), expected(0)]);
    expect(JSON.stringify(body)).not.toContain(upstream.origin);
  });

  it('drops a body link that is not a page of this list at the upstream’s route (another organization or path)', async () => {
    const answers = [
      `${upstream.origin}/v1/users/?org=another&page=2`,
      `${upstream.origin}/v1/users?org=${ORG}&page=2`,
      `http://127.0.0.1:1/v1/users/?org=${ORG}&page=2`,
    ];
    for (const next of answers) {
      upstream.handle(() => ({ body: { count: 23, next, previous: null, results: USERS.slice(0, 5) } }));
      const body = (await (await fetch(`${proxy.origin}${PATH}/${ORG}/users?page=0&size=5`)).json()) as object;
      expect(body).toMatchObject({ next: null });
    }
    upstream.handle(service);
  });

  it('drops links that nearly match the route: 64 KB ones in the body, 8 KB ones in the Link header', async () => {
    const near = [
      `${upstream.origin}/v1/${'users/'.repeat(10_923)}?org=${ORG}&page=2`,
      `${upstream.origin}/v1/users/?${`org=${ORG}&`.repeat(1_500)}page=2`.replace(/org=[^&]+&/, 'org=x&'),
    ];
    for (const next of near) {
      upstream.handle(() => ({
        headers: { Link: `<${next.slice(0, 8000)}>; rel="next"` },
        body: { count: 23, next, previous: null, results: USERS.slice(0, 5) },
      }));
      const response = await fetch(`${proxy.origin}${PATH}/${ORG}/users?page=0&size=5`);
      expect([response.status, response.headers.get('link')]).toEqual([200, null]);
      expect(await response.json()).toMatchObject({ next: null });
    }
    upstream.handle(service);
  });

  it('fills the organization of the upstream’s query from the browser’s path, never from the browser’s query', async () => {
    const response = await fetch(`${proxy.origin}${PATH}/${ORG}/users?page=0&size=5&org=someone-else`);
    expect(response.status).toBe(200);
    expect(upstream.requests.map(({ query }) => query.getAll('org'))).toEqual([[ORG]]);
  });

  it('sends writes to the row’s route (the list’s path, the id, the trailing slash kept) and maps Location back', async () => {
    const write = (method: string, path: string) =>
      fetch(`${proxy.origin}${PATH}/${ORG}/users${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: proxy.origin },
        body: JSON.stringify({ name: 'changed' }),
      });
    expect((await write('PATCH', '/7')).status).toBe(200);
    const created = await write('POST', '');
    expect([created.status, created.headers.get('location')]).toEqual([201, `${PATH}/${ORG}/users/99`]);
    expect(upstream.requests.map(({ method, path, query }) => `${method} ${path}?${query}`)).toEqual([
      `PATCH /v1/users/7/?org=${ORG}`,
      `POST /v1/users/?org=${ORG}`,
    ]);
  });

  it('takes any URL-safe organization name where the route names none, and only a UUID where it does', async () => {
    const open = await serveFetchHandler(createProxyHandler(options({ route: '/v1/{resource}/' })));
    try {
      expect((await fetch(`${open.origin}${PATH}/acme/users?page=0&size=5`)).status).toBe(200);
      expect(upstream.requests.map(({ path, query }) => `${path}?${query}`)).toEqual(['/v1/users/?page=1&page_size=5']);
      expect((await fetch(`${open.origin}${PATH}/a%20b/users?page=0&size=5`)).status).toBe(404);
      expect((await fetch(`${proxy.origin}${PATH}/acme/users?page=0&size=5`)).status).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('follows a route per resource over `route`', async () => {
    const routed = await serveFetchHandler(
      createProxyHandler(options({ routes: { users: '/people/?org={organizationId}' } })),
    );
    try {
      upstream.handle((request) => listPage(upstream.origin, request));
      await fetch(`${routed.origin}${PATH}/${ORG}/users?page=0&size=5`);
      expect(upstream.requests.map(({ path }) => path)).toEqual(['/people/']);
    } finally {
      upstream.handle(service);
      await routed.close();
    }
  });

  it('takes every client preset as spread, what it has no use for (parsePage) included', () => {
    for (const group of Object.values(presets))
      for (const preset of Object.values(group))
        expect(() =>
          createProxyHandler({
            ...preset,
            baseUrl: upstream.origin,
            auth: bearerToken(() => 'k'),
            allowRequest: () => true,
          }),
        ).not.toThrow();
  });

  it('refuses an unusable route, routes or serializeSort with the argument error naming it', () => {
    const make = (more: Partial<ProxyHandlerOptions>) => () => createProxyHandler(options(more));
    expect(make({ route: 'users/' })).toThrow(/`route` must be a path from '\/'/);
    expect(make({ routes: { users: '/{organizationId}{resource}' } })).toThrow(/`routes\.users`/);
    expect(make({ serializeSort: 'ordering' as never })).toThrow(/`serializeSort`/);
  });
});

/** A proxy with `preset` at `route` in front of `service`, and a browser client of it walking every page of users. */
async function throughProxy(
  service: LocalServer,
  preset: Partial<ProxyHandlerOptions>,
  browserOptions: { parsePage?: ProxyHandlerOptions['parsePage'] } = {},
) {
  const proxy = await serveFetchHandler(
    createProxyHandler({
      ...preset,
      baseUrl: service.origin,
      auth: bearerToken(() => 'server-key'),
      basePath: PATH,
      allowRequest: () => true,
      allow: { users: {} },
    }),
  );
  const browser = createApiClient({ baseUrl: `${proxy.origin}${PATH}`, ...browserOptions });
  const pages: Array<Page<User>> = [];
  try {
    for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++)
      pages.push(await browser.list<User>('users', { organizationId: ORG, page, size: 10 }));
    const answer = await fetch(`${proxy.origin}${PATH}/${ORG}/users?page=1&size=10`);
    return { pages, headers: answer.headers };
  } finally {
    await Promise.all([proxy.close(), service.close()]);
  }
}

describe('createProxyHandler in front of a back-end that writes its total in a header of its own', () => {
  it('walks Rails with Pagy’s headers: the total as X-Total-Count, the Link header’s page numbers the browser’s', async () => {
    const rails = await startLocalServer(({ path, query }) => {
      const page = Number(query.get('page'));
      const size = Number(query.get('limit'));
      const rows = USERS.slice((page - 1) * size, page * size);
      const link = (to: number, rel: string) => `<${rails.origin}${path}?page=${to}&limit=${size}>; rel="${rel}"`;
      const links = [link(1, 'first'), ...(page * size < USERS.length ? [link(page + 1, 'next')] : [])];
      return { body: rows, headers: { 'Total-Count': String(USERS.length), Link: links.join(', ') } };
    });
    const { pages, headers } = await throughProxy(
      rails,
      { ...presets.rails.pagy, route: '/{resource}' },
      { parsePage: presets.rails.pagy.parsePage },
    );
    expect(pages.flatMap((page) => page.items)).toEqual(USERS);
    expect(pages.map((page) => [page.total, page.pageCount, page.hasNext])).toEqual([
      [23, 3, true],
      [23, 3, true],
      [23, 3, false],
    ]);
    expect(headers.get('x-total-count')).toBe('23');
    expect(headers.get('link')).toBe(
      `<${PATH}/${ORG}/users?page=0&size=10>; rel="first", <${PATH}/${ORG}/users?page=2&size=10>; rel="next"`,
    );
    expect(rails.requests.map(({ path, query }) => `${path}?${query}`).slice(0, 3)).toEqual(
      [1, 2, 3].map((page) => `/users?page=${page}&limit=10`),
    );
  });

  it('walks GitHub’s Link paging: its 1-based links come back with the zero-based page the default parsePage reads', async () => {
    const github = await startLocalServer(({ path, query }) => {
      const page = Number(query.get('page'));
      const size = Number(query.get('per_page'));
      const last = Math.ceil(USERS.length / size);
      const link = (to: number, rel: string) => `<${github.origin}${path}?page=${to}&per_page=${size}>; rel="${rel}"`;
      const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [link(page - 1, 'prev')];
      return { body: USERS.slice((page - 1) * size, page * size), headers: { Link: links.join(', ') } };
    });
    const { pages } = await throughProxy(github, {
      ...presets.github.page,
      route: '/orgs/{organizationId}/{resource}',
    });
    expect(pages.flatMap((page) => page.items)).toEqual(USERS);
    // GitHub's last page has no `last` link: the default reading leaves its count to the pages before it.
    expect(pages.map((page) => [page.pageCount, page.hasNext])).toEqual([
      [3, true],
      [3, true],
      [undefined, false],
    ]);
    expect(github.requests.map(({ path, query }) => `${path}?${query}`).slice(0, 3)).toEqual(
      [1, 2, 3].map((page) => `/orgs/${ORG}/users?page=${page}&per_page=10`),
    );
  });
});
