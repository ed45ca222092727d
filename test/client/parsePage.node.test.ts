import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, isResponseShapeError, parsePage } from '../../src/client/index';
import type { Page, ParsePage } from '../../src/client/index';
import type { Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG } from './fixtures';
import { HOSTILE_BYTES, HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const TOKEN = 'shp_2b4d6f8a0c1e3a5c';

const rows = [{ id: 'r1' }, { id: 'r2' }];
const params = { organizationId: ORG, page: 2, size: 2 };
const expected = { items: rows, total: 5, page: 2, pageSize: 2, pageCount: 3, hasNext: true, hasPrevious: true };

const server = localServerForFile();

const list = (reply: Reply, options: { parsePage?: ParsePage } = {}) => {
  server.handle(() => reply);
  return createApiClient({ baseUrl: server.origin, auth: bearerToken(() => TOKEN), ...options }).listShares(params);
};

describe('response shapes', () => {
  it.each<[string, Reply]>([
    [
      'Spring Data Page',
      { body: { content: rows, totalElements: 5, totalPages: 3, number: 1, size: 2, numberOfElements: 2 } },
    ],
    ['Spring PagedModel', { body: { content: rows, page: { size: 2, number: 1, totalElements: 5, totalPages: 3 } } }],
    [
      'HAL',
      {
        body: {
          _embedded: { shareList: rows },
          _links: {},
          page: { size: 2, number: 1, totalElements: 5, totalPages: 3 },
        },
      },
    ],
    ['a plain array with X-Total-Count', { body: rows, headers: { 'X-Total-Count': '5' } }],
    ['{ items, total }', { body: { items: rows, total: 5 } }],
    ['{ data, count }', { body: { data: rows, count: 5 } }],
    ['{ results, count }', { body: { results: rows, count: 5 } }],
  ])('reads %s', async (_, reply) => {
    await expect(list(reply)).resolves.toEqual(expected);
  });

  it('reads a HAL page without _embedded as no rows', async () => {
    const page = await list({ body: { _links: {}, page: { size: 2, number: 1, totalElements: 0, totalPages: 0 } } });
    expect(page).toEqual({
      items: [],
      total: 0,
      page: 2,
      pageSize: 2,
      pageCount: 1,
      hasNext: false,
      hasPrevious: true,
    });
  });

  it.each(['items', 'data', 'results'])(
    'reads %s beside page metadata (no _embedded) as the rows, with the metadata',
    async (key) => {
      const page = await list({ body: { [key]: rows, page: { size: 2, number: 1, totalElements: 5, totalPages: 3 } } });
      expect(page).toEqual(expected);
    },
  );

  it.each<[string, Reply]>([
    [
      'a Spring Data Page with a count of this page',
      { body: { content: rows, count: 2, totalElements: 5, number: 1, size: 2 } },
    ],
    [
      'page metadata with a count of this page beside it',
      { body: { items: rows, count: 2, page: { size: 2, number: 1, totalElements: 5 } } },
    ],
  ])('reads the total from totalElements, not count, in %s', async (_, reply) => {
    await expect(list(reply)).resolves.toEqual(expected);
  });

  it.each<[string, Reply]>([
    [
      '_embedded beside a data field that is not a list',
      { body: { data: 'shares', _embedded: { shareList: rows }, page: { size: 2, number: 1, totalElements: 5 } } },
    ],
    [
      'items beside a content field that is not a list',
      { body: { content: { kind: 'shares' }, items: rows, total: 5 } },
    ],
  ])('reads the rows from the first field that is a list: %s', async (_, reply) => {
    await expect(list(reply)).resolves.toEqual(expected);
  });

  it('reads { items, total } beside page metadata without totalElements', async () => {
    await expect(list({ body: { items: rows, total: 5, page: { size: 2, number: 1 } } })).resolves.toEqual(expected);
  });

  it("prefers the service's own page number and size over the ones asked for", async () => {
    const page = await list({ body: { content: rows, totalElements: 5, number: 0, size: 4 } });
    expect(page).toMatchObject({ page: 1, pageSize: 4, pageCount: 2, hasNext: true, hasPrevious: false });
  });

  it('reports the last page as having no next page', async () => {
    await expect(list({ body: { items: [{ id: 'r5' }], total: 5 } }).then((p) => p.hasNext)).resolves.toBe(true);
    server.handle(() => ({ body: { items: [{ id: 'r5' }], total: 5 } }));
    const last = await createApiClient({ baseUrl: server.origin }).listShares({ ...params, page: 3 });
    expect(last).toMatchObject({ page: 3, pageCount: 3, hasNext: false, hasPrevious: true });
  });

  it.each<[string, Reply, string, string[]]>([
    ['an unknown object', { body: { rows, totalRows: 5 } }, 'keys: rows, totalRows', ['rows', 'totalRows']],
    ['content without a total', { body: { content: rows } }, 'keys: content', ['content']],
    ['items with a negative total', { body: { items: rows, total: -1 } }, 'keys: items, total', ['items', 'total']],
    [
      'HAL without an array in _embedded',
      { body: { _embedded: { x: 1 }, page: { totalElements: 1 } } },
      'keys: _embedded, page',
      ['_embedded', 'page'],
    ],
    [
      'page metadata with items that are not an array',
      { body: { items: 'r1,r2', page: { totalElements: 5 } } },
      'keys: items, page',
      ['items', 'page'],
    ],
    ['a string', { body: '"hello"', headers: { 'content-type': 'application/json' } }, 'keys: none', []],
    ['null', { body: 'null', headers: { 'content-type': 'application/json' } }, 'keys: none', []],
    [
      'a Slice whose last is not a boolean',
      { body: { content: rows, last: 'false', number: 1 } },
      'keys: content, last, number',
      ['content', 'last', 'number'],
    ],
    [
      'data with a has_more that is not a boolean',
      { body: { data: rows, has_more: 1 } },
      'keys: data, has_more',
      ['data', 'has_more'],
    ],
    [
      'results with a next that is neither a URL nor null',
      { body: { results: rows, next: 2 } },
      'keys: results, next',
      ['results', 'next'],
    ],
    ['a has-more body without rows', { body: { has_more: true } }, 'keys: has_more', ['has_more']],
    [
      'items with a Link header that has no paging relation',
      { body: { items: rows }, headers: { Link: '</x>; rel="self"' } },
      'keys: items',
      ['items'],
    ],
  ])('rejects %s with a ResponseShapeError listing the keys it saw', async (_, reply, listed, keys) => {
    const error = await list(reply).catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expect(error).toMatchObject({
      keys,
      message: `GET ${server.origin}/${ORG}/shares?page=1&size=2 returned a body that is not a known page shape (${listed})`,
    });
    expectNoSecrets(error, [TOKEN]);
  });

  it('rejects a body that is not JSON with a ResponseShapeError', async () => {
    const error = await list({ body: '<html>login</html>', headers: { 'content-type': 'text/html' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'ResponseShapeError',
      keys: [],
      message: `GET ${server.origin}/${ORG}/shares?page=1&size=2 returned a body that is not valid JSON`,
    });
    expectNoSecrets(error, [TOKEN]);
  });

  it('lets parsePage replace the detection, with the response, page, size and URL at hand', async () => {
    const custom: ParsePage = <T>(body: unknown, context: Parameters<ParsePage>[1]) => {
      const { list: items, n } = body as { list: T[]; n: number };
      expect(context).toMatchObject({ page: 2, size: 2, url: `${server.origin}/${ORG}/shares?page=1&size=2` });
      expect(context.response.headers.get('x-custom')).toBe('yes');
      return parsePage<T>({ items, total: n }, context);
    };
    await expect(
      list({ body: { list: rows, n: 5 }, headers: { 'x-custom': 'yes' } }, { parsePage: custom }),
    ).resolves.toEqual(expected);
  });
});

describe('response shapes beyond the ordinary', () => {
  it('reads counts sent as numeric strings (64-bit longs written as strings)', async () => {
    await expect(
      list({ body: { content: rows, totalElements: '5', totalPages: '3', number: '1', size: '2' } }),
    ).resolves.toEqual(expected);
    await expect(
      list({ body: { content: rows, page: { size: '2', number: '1', totalElements: '5' } } }),
    ).resolves.toEqual(expected);
    await expect(list({ body: { items: rows, total: '5' } })).resolves.toEqual(expected);
  });

  it('still rejects counts that are not whole non-negative numbers, as strings either', async () => {
    for (const total of ['5.5', '-5', '', '1e3', ' 5']) {
      await expect(list({ body: { items: rows, total } })).rejects.toMatchObject({ name: 'ResponseShapeError' });
    }
  });

  it('reads a HAL page with an empty _embedded object as no rows', async () => {
    const page = await list({
      body: { _embedded: {}, _links: {}, page: { size: 2, number: 0, totalElements: 0, totalPages: 0 } },
    });
    expect(page).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 2,
      pageCount: 1,
      hasNext: false,
      hasPrevious: false,
    });
  });

  it('reads page metadata whose content is null as no rows', async () => {
    const page = await list({ body: { content: null, page: { size: 2, number: 0, totalElements: 0 } } });
    expect(page).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 2,
      pageCount: 1,
      hasNext: false,
      hasPrevious: false,
    });
  });

  it('reads a page past the end as no rows on that page, with the real page count', async () => {
    const page = await list({ body: { content: [], totalElements: 3, number: 7, size: 2 } });
    expect(page).toEqual({
      items: [],
      total: 3,
      page: 8,
      pageSize: 2,
      pageCount: 2,
      hasNext: false,
      hasPrevious: true,
    });
  });

  it('falls back to the size asked for when the service reports size 0', async () => {
    const page = await list({ body: { content: rows, totalElements: 5, number: 1, size: 0 } });
    expect(page).toEqual(expected);
  });

  it('accepts a parsePage written for the app’s own row type, without a cast', async () => {
    interface Row {
      id: string;
      label: string;
    }
    // Type-checked by tsc: a non-generic function returning Page<Row> must fit the option.
    const readRows = (body: unknown): Page<Row> => {
      const { rows: items, n } = body as { rows: Row[]; n: number };
      return {
        items,
        total: n,
        page: 1,
        pageSize: items.length,
        pageCount: 1,
        hasNext: false,
        hasPrevious: false,
      };
    };
    server.handle(() => ({ body: { rows: [{ id: 'r1', label: 'one' }], n: 1 } }));
    const client = createApiClient({ baseUrl: server.origin, parsePage: readRows });
    const page = await client.listShares<Row>(params);
    expect(page.items[0]!.label).toBe('one');
  });
});

/** A page without a total: `total` and `pageCount` undefined. */
const unknown = (page: number, hasNext: boolean, extra: Partial<Page<unknown>> = {}) => ({
  items: rows,
  total: undefined,
  page,
  pageSize: 2,
  pageCount: undefined,
  hasNext,
  hasPrevious: page > 1,
  ...extra,
});

/** A Spring Data Slice as Jackson writes it (no totalElements, no totalPages). */
const slice = (number: number, last: boolean) => ({
  content: rows,
  pageable: { pageNumber: number, pageSize: 2, offset: number * 2, paged: true, unpaged: false },
  first: number === 0,
  last,
  size: 2,
  number,
  numberOfElements: rows.length,
  empty: false,
});

describe('response shapes without a total', () => {
  it.each<[string, Reply, boolean]>([
    ['a Spring Slice (last: false)', { body: slice(1, false) }, true],
    ['a Spring Slice (last: true)', { body: slice(1, true) }, false],
    ['{ data, has_more: true }', { body: { data: rows, has_more: true } }, true],
    ['{ data, has_more: false }', { body: { data: rows, has_more: false } }, false],
    ['{ items, hasMore: true }', { body: { items: rows, hasMore: true } }, true],
    ['{ results, hasMore: false }', { body: { results: rows, hasMore: false } }, false],
    [
      '{ results, next: <absolute URL> }',
      { body: { results: rows, next: 'https://api.example.com/x?page=2&size=2' } },
      true,
    ],
    ['{ items, next: <relative URL> }', { body: { items: rows, next: '/x?page=2&size=2' } }, true],
    ['{ results, next: null }', { body: { results: rows, next: null, previous: '/x?page=0' } }, false],
    ['a plain array with Link rel="next"', { body: rows, headers: { Link: '</x?page=2&size=2>; rel="next"' } }, true],
    [
      'a plain array with Link rel="prev" and rel="first" only (the last page)',
      { body: rows, headers: { Link: '</x?page=0>; rel="prev", </x?page=0>; rel="first"' } },
      false,
    ],
    [
      '{ items } with Link rel="next"',
      { body: { items: rows }, headers: { Link: '<?page=2&size=2>; rel=next' } },
      true,
    ],
    ['a full plain array without headers (guessed)', { body: rows }, true],
  ])('reads %s with total and pageCount undefined', async (_, reply, hasNext) => {
    await expect(list(reply)).resolves.toEqual(unknown(2, hasNext));
  });

  it('guesses no next page after a plain array shorter than the page size', async () => {
    await expect(list({ body: [{ id: 'r5' }] })).resolves.toEqual(unknown(2, false, { items: [{ id: 'r5' }] }));
    await expect(list({ body: [] })).resolves.toEqual(unknown(2, false, { items: [] }));
  });

  it('reads the page count from rel="last" (its zero-based page parameter + 1), relative or absolute', async () => {
    const both =
      '<https://api.example.com/v1/o/shares?page=2&size=2>; rel="next", </v1/o/shares?size=2&page=4>; rel="last"';
    await expect(list({ body: rows, headers: { Link: both } })).resolves.toEqual(unknown(2, true, { pageCount: 5 }));
    const relative = '<?page=2&size=2>; rel="next", <shares?page=9&size=2>; rel="last"';
    await expect(list({ body: rows, headers: { Link: relative } })).resolves.toEqual(
      unknown(2, true, { pageCount: 10 }),
    );
  });

  it('reads the Link header with care: quoted commas and semicolons, several relations per link, any case', async () => {
    const link =
      '<https://api.example.com/a,b?page=0>; title="see; rel=\\"last\\", <x>"; rel="prev FIRST", ' +
      '<https://api.example.com/a,b?page=2&size=2>; REL="Next"; title="next, please"';
    await expect(list({ body: rows, headers: { Link: link } })).resolves.toEqual(unknown(2, true));
  });

  it('leaves the page count unknown when rel="last" has no page parameter', async () => {
    await expect(
      list({ body: rows, headers: { Link: '</x?cursor=abc>; rel="next", </x?cursor=zzz>; rel="last"' } }),
    ).resolves.toEqual(unknown(2, true, { nextCursor: `${server.origin}/x?cursor=abc` }));
  });

  it('keeps a total winning: a Page with last, and totalElements beside a Link header, a has-more flag or next', async () => {
    await expect(list({ body: { ...slice(1, true), totalElements: 5, totalPages: 3 } })).resolves.toEqual(expected);
    await expect(
      list({ body: { content: rows, totalElements: 5, number: 1, size: 2, has_more: false, next: null } }),
    ).resolves.toEqual(expected);
    await expect(
      list({ body: rows, headers: { 'X-Total-Count': '5', Link: '</x?page=9>; rel="last"' } }),
    ).resolves.toEqual(expected);
    await expect(list({ body: { results: rows, count: 5, next: null } })).resolves.toEqual(expected);
  });

  it("reads a Slice's own page number and size", async () => {
    const page = await list({ body: { ...slice(3, false), size: 4 } });
    expect(page).toMatchObject({
      page: 4,
      pageSize: 4,
      total: undefined,
      pageCount: undefined,
      hasNext: true,
      hasPrevious: true,
    });
  });

  it('reads the first page of a Slice as having no previous page', async () => {
    const page = await list({ body: slice(0, false) });
    expect(page).toMatchObject({ page: 1, hasNext: true, hasPrevious: false });
  });
});

describe('parsePage on hostile input', () => {
  const url = `https://api.example.com/v1/${ORG}/shares?page=0&size=2`;
  const context = (headers: Record<string, string> = {}) => ({
    response: new Response(null, { headers }),
    page: 1,
    size: 2,
    url,
  });

  it('takes an X-Total-Count of up to 64 KB only as a whole safe number (fast-check)', () => {
    fc.assert(
      fc.property(hostileText(['9', '0', ' ', '-', '1e', '.', '+', 'x']), (total) => {
        const text = total.trim();
        const expected = /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
        expect(parsePage([{ id: 1 }], context({ 'X-Total-Count': total })).total).toBe(expected);
      }),
      HOSTILE_RUNS,
    );
  });

  it('tells a next URL of up to 64 KB of parameters that moves only numbers from one that moves more (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: HOSTILE_BYTES / 8 }), fc.boolean(), (count, more) => {
        const query = Array.from({ length: count }, (_, i) => `p${i}=${i}`).join('&');
        const next = `https://api.example.com/v1/${ORG}/shares?page=1&size=2&${query}${more ? '&z=1' : ''}`;
        const requested = `https://api.example.com/v1/${ORG}/shares?page=0&size=2&${query}`;
        const page = parsePage({ items: [{ id: 1 }, { id: 2 }], next }, { ...context(), url: requested });
        expect(page.hasNext).toBe(true);
        expect(page.nextCursor).toBe(more ? next : undefined);
      }),
      { numRuns: 10 },
    );
  });
});

describe('estimated totals', () => {
  it.each<[string, Reply]>([
    ['totalEstimate', { body: { items: rows, totalEstimate: 4000, has_more: true } }],
    ['estimatedTotal', { body: { data: rows, estimatedTotal: 4000, hasMore: true } }],
  ])('reads %s as an estimate, never as the total', async (_, reply) => {
    const page = await list(reply);
    expect(page).toMatchObject({ totalEstimate: 4000, hasNext: true });
    expect(page.total).toBeUndefined();
    expect(page.pageCount).toBeUndefined();
  });

  it('drops the estimate when the body also counts exactly', async () => {
    const page = await list({ body: { items: rows, total: 5, totalEstimate: 4000 } });
    expect(page).toEqual(expected);
    expect('totalEstimate' in page).toBe(false);
  });

  it('ignores an estimate that is no count', async () => {
    const page = await list({ body: { items: rows, totalEstimate: -3, has_more: true } });
    expect('totalEstimate' in page).toBe(false);
  });
});
