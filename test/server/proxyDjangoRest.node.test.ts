import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, presets, type Page } from '../../src/client/index';
import { createProxyHandler } from '../../src/server/index';
import { DJANGO_ROWS, DJANGO_USER, startDjangoRest, type DjangoRest, type DjangoRow } from '../helpers/startDjangoRest';
import { serveFetchHandler, type ServedHandler } from '../helpers/serveFetchHandler';

// The browser pages the real Django REST Framework (Debian's packages, test/drf/server.py: 45 rows behind a router)
// through the proxy, which speaks the router's trailing slash, page_size and ordering; the browser keeps the seed's
// shape and reads DRF's `{ count, next, previous, results }` with the default parsePage.

type Row = DjangoRow;
const ROWS = DJANGO_ROWS;
const SIZE = 10;
const ORG = '0d7c6b5a-4e3f-4a2b-8c1d-0e9f8a7b6c5d';
const PATH = '/api/pagewise';

let service: DjangoRest;
const proxies: ServedHandler[] = [];

beforeAll(async () => void (service = await startDjangoRest()), 60_000);
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await service?.stop();
});

async function proxyFor(preset: (typeof presets.djangoRest)[keyof typeof presets.djangoRest]) {
  const proxy = await serveFetchHandler(
    createProxyHandler({
      ...preset,
      baseUrl: service.origin,
      auth: bearerToken(() => 'server-key', { scheme: 'Token' }),
      basePath: PATH,
      allowRequest: () => true,
      allow: {
        numbered: { sort: ['name'], filters: { group: ['odd', 'even'] } },
        cursor: { sort: ['name'], filters: { group: ['odd', 'even'] }, cursor: true },
      },
    }),
  );
  proxies.push(proxy);
  return createApiClient({ baseUrl: `${proxy.origin}${PATH}` });
}

/** Every page through the proxy (by number, or by each page's `nextCursor`), and the service's requests for each. */
async function walk(
  browser: ReturnType<typeof createApiClient>,
  resource: string,
  query: { sort?: Array<{ id: string; desc: boolean }>; filters?: Record<string, string> } = {},
) {
  const pages: Array<Page<Row>> = [];
  const served: string[][] = [];
  for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
    const before = (await service.received()).length;
    const cursor = pages.at(-1)?.nextCursor;
    const by = cursor === undefined ? { page } : { page, cursor };
    pages.push(await browser.list<Row>(resource, { organizationId: ORG, size: SIZE, ...query, ...by }));
    served.push((await service.received()).slice(before));
  }
  return { pages, served };
}

describe.each([
  ['PageNumberPagination', 'numbered', presets.djangoRest.pageNumber],
  ['CursorPagination', 'cursor', presets.djangoRest.cursor],
] as const)('Django REST Framework’s %s through the proxy', (_, resource, preset) => {
  const byCursor = resource === 'cursor';

  it('walks every page: the service’s list in order, one request a page at the router’s slash (no 301)', async () => {
    const { pages, served } = await walk(await proxyFor(preset), resource);
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(served.map((lines) => lines.length)).toEqual([1, 1, 1, 1, 1]);
    expect(served.flat().every((line) => line.startsWith(`GET /${resource}/?`))).toBe(true);
    expect(pages.map((page) => [page.page, page.hasNext])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
    expect(pages[2]!.total).toBe(byCursor ? undefined : 45);
    // A cursor goes back through the proxy's own path: the browser never sees the service's address.
    if (byCursor)
      expect(pages[2]!.nextCursor).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${PATH}/${ORG}/cursor\\?cursor=`));
    else expect(pages[2]!.nextCursor).toBeUndefined();
  });

  it('sorts by OrderingFilter’s `ordering` from the browser’s `sort`, across every page', async () => {
    const { pages, served } = await walk(await proxyFor(preset), resource, { sort: [{ id: 'name', desc: true }] });
    expect(pages.flatMap((page) => page.items)).toEqual([...ROWS].sort((a, b) => b.name.localeCompare(a.name)));
    expect(served.flat().every((line) => line.includes('ordering=-name'))).toBe(true);
  });

  it('filters as django-filter reads them, across every page', async () => {
    const { pages } = await walk(await proxyFor(preset), resource, { filters: { group: 'odd' } });
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS.filter((row) => row.group === 'odd'));
  });
});

describe('a back-end with no organizations behind the proxy', () => {
  it('pages a view behind TokenAuthentication for a browser client named as the guide says', async () => {
    const proxy = await serveFetchHandler(
      createProxyHandler({
        ...presets.djangoRest.pageNumber,
        baseUrl: service.origin,
        auth: bearerToken(() => DJANGO_USER.token, { scheme: 'Token' }),
        basePath: PATH,
        allowRequest: () => true,
        allow: { private: { sort: ['name'] } },
      }),
    );
    proxies.push(proxy);
    // The guide's browser client for a back-end that has no organization: the name that stands for it (any URL-safe
    // one, not a UUID) in its base path, where the proxy reads the organization.
    const browser = createApiClient({ baseUrl: `${proxy.origin}${PATH}/local`, route: '/{resource}' });
    const rows: Row[] = [];
    const sort = [{ id: 'name', desc: true }];
    for await (const page of browser.pages<Row>('private', { organizationId: 'local', size: SIZE, sort }))
      rows.push(...page.items);
    expect(rows).toEqual([...ROWS].sort((a, b) => b.name.localeCompare(a.name)));
  });
});

describe('a page past the last of Django’s page numbers through the proxy', () => {
  it('passes a page past the last on as Django refused it, which the browser’s client told of it reads as past the end', async () => {
    const preset = presets.djangoRest.pageNumber;
    const proxied = await proxyFor(preset);
    const told = createApiClient({ baseUrl: proxied.baseUrl, pastEndStatus: preset.pastEndStatus });
    const before = (await service.received()).length;
    const page = await told.list<Row>('numbered', { organizationId: ORG, page: 9, size: SIZE });
    expect(page).toMatchObject({ items: [], page: 9, total: 45, pageCount: 5, hasNext: false });
    expect((await service.received()).slice(before)).toEqual([
      'GET /numbered/?page=9&page_size=10',
      'GET /numbered/?page=1&page_size=10',
    ]);
    await expect(proxied.list('numbered', { organizationId: ORG, page: 9, size: SIZE })).rejects.toMatchObject({
      name: 'HttpError',
      status: 404,
    });
  });
});
