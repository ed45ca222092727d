import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basicAuth, bearerToken, createApiClient, presets, type Page } from '../../src/client/index';
import { DJANGO_ROWS, DJANGO_USER, startDjangoRest, type DjangoRest, type DjangoRow } from '../helpers/startDjangoRest';
import { expectNoSecrets } from './expectNoSecrets';

// The real Django REST Framework (Debian's packages), test/drf/server.py: 45 rows behind a router, paged three ways.
type Row = DjangoRow;
const ROWS = DJANGO_ROWS;
const SIZE = 10;
const organizationId = 'local';
const byNameDesc = [...ROWS].sort((a, b) => b.name.localeCompare(a.name));

/** `[page, hasNext, pageCount, pageSize]` of each page of the 45 rows served 10 a page with their count. */
const FIVE_COUNTED_PAGES_OF_TEN = [
  [1, true, 5, 10],
  [2, true, 5, 10],
  [3, true, 5, 10],
  [4, true, 5, 10],
  [5, false, 5, 10],
];

let service: DjangoRest;
beforeAll(async () => void (service = await startDjangoRest()), 60_000);
afterAll(() => service?.stop());

/** Pages 1, 2, … by number, or by each page's `nextCursor` where it gives one, with the requests each cost. */
async function walk(
  resource: string,
  preset: (typeof presets.djangoRest)[keyof typeof presets.djangoRest],
  query: { sort?: Array<{ id: string; desc: boolean }>; filters?: Record<string, string> } = {},
) {
  const client = createApiClient({ baseUrl: service.origin, ...preset });
  const pages: Array<Page<Row>> = [];
  const costs: number[] = [];
  for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
    const before = (await service.received()).length;
    const cursor = pages.at(-1)?.nextCursor;
    const by = cursor === undefined ? { page } : { page, cursor };
    pages.push(await client.list<Row>(resource, { organizationId, size: SIZE, ...query, ...by }));
    costs.push((await service.received()).length - before);
  }
  return { pages, costs };
}

describe.each([
  ['PageNumberPagination', 'numbered', presets.djangoRest.pageNumber, /^GET \/numbered\/\?page=5&page_size=10$/],
  ['LimitOffsetPagination', 'offset', presets.djangoRest.limitOffset, /^GET \/offset\/\?limit=10&offset=40$/],
  ['CursorPagination', 'cursor', presets.djangoRest.cursor, /^GET \/cursor\/\?cursor=[^&]+&page_size=10$/],
] as const)('the Django REST Framework preset for %s', (_, resource, preset, lastRequest) => {
  const byCursor = resource === 'cursor';

  it('walks every page: their union is the service’s list in order, one request a page, no redirect', async () => {
    const { pages, costs } = await walk(resource, preset);
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect((await service.received()).at(-1)).toMatch(lastRequest);
  });

  it('says hasNext, total and the cursor right on the first, a middle and the last page', async () => {
    const { pages } = await walk(resource, preset);
    const [first, middle, last] = [pages[0]!, pages[2]!, pages[4]!];
    expect([first, middle, last].map((page) => [page.page, page.hasNext, page.pageSize])).toEqual([
      [1, true, SIZE],
      [3, true, SIZE],
      [5, false, SIZE],
    ]);
    // The cursor style has no count; the number styles count 45 rows in 5 pages and page by number.
    for (const page of [first, middle, last]) {
      expect(page.total).toBe(byCursor ? undefined : 45);
      expect(page.pageCount).toBe(byCursor ? undefined : 5);
    }
    expect([first, middle].every((page) => (page.nextCursor !== undefined) === byCursor)).toBe(true);
    expect(last.nextCursor).toBeUndefined();
    if (byCursor) expect(middle.nextCursor!.startsWith(`${service.origin}/cursor/?cursor=`)).toBe(true);
  });

  it('sorts by OrderingFilter’s `ordering`, across every page', async () => {
    const { pages } = await walk(resource, preset, { sort: [{ id: 'name', desc: true }] });
    expect(pages.flatMap((page) => page.items)).toEqual(byNameDesc);
    expect((await service.received()).some((line) => line.includes('ordering=-name'))).toBe(true);
  });

  it('filters as django-filter reads them', async () => {
    const { pages } = await walk(resource, preset, { filters: { group: 'odd' } });
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS.filter((row) => row.group === 'odd'));
  });
});

describe('Django REST Framework without the preset', () => {
  it('serves its own page size where the size asked went out under a name it does not read: the page says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ baseUrl: service.origin, route: '/{resource}/' });
    const page = await client.list<Row>('cursor', { organizationId, page: 1, size: 8 });
    expect(page.items).toEqual(ROWS.slice(0, 10));
    expect(page.pageSize).toBe(10);
    expect(warn.mock.calls.join('\n')).toContain('serializePage');
    warn.mockRestore();
  });

  it('costs two requests a page on a route without the trailing slash (Django’s redirect), one with the preset’s', async () => {
    const before = (await service.received()).length;
    const client = createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber, route: '/{resource}' });
    const page = await client.list('numbered', { organizationId, page: 1, size: 10 });
    expect(page.items).toHaveLength(10);
    expect((await service.received()).slice(before)).toEqual([
      'GET /numbered?page=1&page_size=10',
      'GET /numbered/?page=1&page_size=10',
    ]);
  });
});

describe('Django REST Framework serving another size than asked', () => {
  /** Every page `client.pages` yields, as [page, first id, rows, hasNext, pageCount, pageSize]. */
  async function walkAll(client: ReturnType<typeof createApiClient>, resource: string, size: number) {
    const pages: Array<Page<Row>> = [];
    for await (const page of client.pages<Row>(resource, { organizationId, size }, { maxPages: 10 })) pages.push(page);
    return pages;
  }

  it('walks every row of a counted list followed by its next links at a size the view does not read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The default client sends `page` and `size`, which LimitOffsetPagination does not read: it serves its own 10
    // rows a page and leads on by its `next` links; 12 asked make the count say 4 pages where there are 5.
    const client = createApiClient({ baseUrl: service.origin, route: '/{resource}/' });
    for (const size of [8, 12]) {
      const pages = await walkAll(client, 'offset', size);
      expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
      expect(pages.map((page) => [page.page, page.hasNext, page.pageCount, page.pageSize])).toEqual(
        FIVE_COUNTED_PAGES_OF_TEN,
      );
    }
    vi.restoreAllMocks();
  });

  it.each([12, 20])(
    'follows a cursor view that reads no size of the client’s, asked for %i: each page says its 10 rows, and a warning names serializePage',
    async (size) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // A CursorPagination view serves its own page_size (10) unless it names a size parameter the client sends.
      const client = createApiClient({
        baseUrl: service.origin,
        ...presets.djangoRest.cursor,
        serializePage: ({ size: limit }) => ({ limit }),
      });
      const pages = await walkAll(client, 'cursor', size);
      expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
      expect(pages.map((page) => [page.page, page.hasNext, page.pageSize])).toEqual([
        [1, true, 10],
        [2, true, 10],
        [3, true, 10],
        [4, true, 10],
        [5, false, 10],
      ]);
      expect(warn.mock.calls.join('\n')).toContain('serializePage');
      vi.restoreAllMocks();
    },
  );

  it.each([
    ['LimitOffsetPagination', 'capped-offset', presets.djangoRest.limitOffset],
    ['PageNumberPagination', 'capped-numbered', presets.djangoRest.pageNumber],
  ] as const)(
    'pages a %s view capped below the size asked by its cap: every row under its own page',
    async (_, resource, preset) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      // The views serve at most 10 rows a page (`max_limit`, `max_page_size`) where 20 are asked.
      const pages = await walkAll(createApiClient({ baseUrl: service.origin, ...preset }), resource, 20);
      expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
      expect(pages.map((page) => [page.page, page.hasNext, page.pageCount, page.pageSize])).toEqual(
        FIVE_COUNTED_PAGES_OF_TEN,
      );
      // A page opened first (a link to page 2) shows that page's rows at the cap, not those 20 rows in.
      const second = await createApiClient({ baseUrl: service.origin, ...preset }).list<Row>(resource, {
        organizationId,
        page: 2,
        size: 20,
      });
      expect(second.items).toEqual(ROWS.slice(10, 20));
      expect(warn.mock.calls.join('\n')).toContain('pageSizeOptions');
      vi.restoreAllMocks();
    },
  );

  it.each([
    // 15 asked: page 3 would hold the last 15 rows, and holds 31 to 40, the cap's 10.
    ['LimitOffsetPagination', 'capped-offset', 15, 3, presets.djangoRest.limitOffset],
    // 20 asked: page 3 would hold the last 5 rows, and holds 21 to 30, the cap's page 3.
    ['PageNumberPagination', 'capped-numbered', 20, 3, presets.djangoRest.pageNumber],
  ] as const)(
    'opens a %s view (%s) capped below the size asked, %i asked, at page %i, the last by that size: the cap’s page, with more to follow',
    async (_, resource, size, number, preset) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const client = createApiClient({ baseUrl: service.origin, ...preset });
      const page = await client.list<Row>(resource, { organizationId, page: number, size });
      expect([page.page, page.hasNext, page.pageCount, page.pageSize]).toEqual([number, true, 5, 10]);
      expect(page.items).toEqual(ROWS.slice((number - 1) * 10, number * 10));
      vi.restoreAllMocks();
    },
  );
});

describe('Django REST Framework’s own authentication', () => {
  const { username, password, token } = DJANGO_USER;

  it.each([
    ['TokenAuthentication', () => bearerToken(() => token, { scheme: 'Token' })],
    ['BasicAuthentication', () => basicAuth({ username, password })],
  ])('walks a view behind %s with the strategy the guide names', async (_, auth) => {
    const client = createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber, auth: auth() });
    const rows: Row[] = [];
    for await (const page of client.pages<Row>('private', { organizationId, size: SIZE })) rows.push(...page.items);
    expect(rows).toEqual(ROWS);
  });

  it('keeps a refused key out of the error and the events', async () => {
    const wrong = 'fedcba9876543210fedcba9876543210fedcba98';
    const events: unknown[] = [];
    const client = createApiClient({
      baseUrl: service.origin,
      ...presets.djangoRest.pageNumber,
      auth: bearerToken(() => wrong, { scheme: 'Token' }),
      onEvent: (event) => void events.push(event),
    });
    const error = await client.list('private', { organizationId, page: 1, size: SIZE }).catch((reason) => reason);
    expect(error).toMatchObject({ status: 401 });
    expectNoSecrets(error, [wrong]);
    expect(JSON.stringify(events)).not.toContain(wrong);
  });
});

describe('a page past the last of Django REST Framework’s page numbers (its 404 "Invalid page.")', () => {
  const asked = async (since: number) => (await service.received()).slice(since);

  it('resolves as the empty page past the end with the count of page 1, as the seed’s service answers it', async () => {
    const client = createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber });
    const before = (await service.received()).length;
    const page = await client.list<Row>('numbered', { organizationId, page: 9, size: SIZE });
    expect(page).toEqual({
      items: [],
      page: 9,
      pageSize: SIZE,
      total: 45,
      pageCount: 5,
      hasNext: false,
      hasPrevious: true,
    });
    expect(await asked(before)).toEqual(['GET /numbered/?page=9&page_size=10', 'GET /numbered/?page=1&page_size=10']);
  });

  it('rejects with the 404 as before where the client is not told of it, and for a list with no page 1 either', async () => {
    const untold = createApiClient({
      baseUrl: service.origin,
      ...presets.djangoRest.pageNumber,
      pastEndStatus: undefined,
    });
    await expect(untold.list('numbered', { organizationId, page: 9, size: SIZE })).rejects.toMatchObject({
      name: 'HttpError',
      status: 404,
    });
    const told = createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber });
    const before = (await service.received()).length;
    await expect(told.list('missing', { organizationId, page: 3, size: SIZE })).rejects.toMatchObject({
      name: 'HttpError',
      status: 404,
    });
    expect(await asked(before)).toEqual(['GET /missing/?page=3&page_size=10', 'GET /missing/?page=1&page_size=10']);
  });

  it('refuses a pastEndStatus that is not an error status, naming the option, before any request', () => {
    for (const status of [200, 399, 600, 404.5, '404'])
      expect(() => createApiClient({ baseUrl: service.origin, pastEndStatus: status as number })).toThrow(
        '`pastEndStatus` must be an HTTP error status from 400 to 599',
      );
  });
});
