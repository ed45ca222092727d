import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds, type MockResponseShape } from '../../src/testing/index';
import { list } from './mockTestUtils';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

const server = setupServer();
beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { globex, empty } = demoOrganizationIds;

async function page(
  shape: MockResponseShape,
  organizationId: string,
  query: string,
  resource: 'shares' | 'environments' = 'shares',
) {
  const service = createMockService({ auth: 'none', shape });
  server.use(...service.handlers);
  const response = await list(service.baseUrl, organizationId, resource, query);
  return { response, body: (await response.json()) as Record<string, unknown>, service };
}

const names = (rows: unknown) => (rows as { name: string }[]).map((row) => row.name);

describe('response shapes', () => {
  it('spring-page: a Spring Data Page with content, totals, pageable and sort', async () => {
    const { body } = await page('spring-page', globex, '?page=1&size=10');
    expect(names(body.content)).toHaveLength(10);
    expect(names(body.content)[0]).toBe('globex-finance-00011');
    expect(body).toEqual({
      content: expect.any(Array),
      pageable: {
        pageNumber: 1,
        pageSize: 10,
        sort: { empty: true, sorted: false, unsorted: true },
        offset: 10,
        paged: true,
        unpaged: false,
      },
      last: false,
      totalElements: 23,
      totalPages: 3,
      size: 10,
      number: 1,
      sort: { empty: true, sorted: false, unsorted: true },
      first: false,
      numberOfElements: 10,
      empty: false,
    });
  });

  it('paged-model: content plus page{size, number, totalElements, totalPages}', async () => {
    const { body } = await page('paged-model', globex, '?page=2&size=10');
    expect(body).toEqual({
      content: expect.any(Array),
      page: { size: 10, number: 2, totalElements: 23, totalPages: 3 },
    });
    expect(names(body.content)).toEqual(['globex-finance-00021', 'globex-projects-00022', 'globex-design-00023']);
  });

  it('hal: rows under _embedded.<resource>, page metadata and navigation links', async () => {
    const { body, service } = await page('hal', globex, '?page=1&size=2', 'environments');
    const { response } = await page('hal', globex, '?page=0&size=2');
    expect(response.headers.get('Content-Type')).toBe('application/hal+json');
    expect(names((body._embedded as Record<string, unknown>).environments)).toEqual(['globex-development-0003']);
    expect(body.page).toEqual({ size: 2, number: 1, totalElements: 3, totalPages: 2 });
    const link = (p: number) => ({ href: `${service.baseUrl}/${globex}/environments?page=${p}&size=2` });
    expect(body._links).toEqual({ first: link(0), prev: link(0), self: link(1), last: link(1) });
  });

  it('hal: omits _embedded when the page has no rows', async () => {
    const { body } = await page('hal', empty, '?page=0&size=20');
    expect(body).not.toHaveProperty('_embedded');
    expect(body.page).toEqual({ size: 20, number: 0, totalElements: 0, totalPages: 0 });
  });

  it('array: a plain JSON array with the total in X-Total-Count', async () => {
    const { body, response } = await page('array', globex, '?page=2&size=10');
    expect(Array.isArray(body)).toBe(true);
    expect(names(body)).toHaveLength(3);
    expect(response.headers.get('X-Total-Count')).toBe('23');
  });

  it('items: {items, total}', async () => {
    const { body } = await page('items', globex, '?page=0&size=5');
    expect(Object.keys(body).sort()).toEqual(['items', 'total']);
    expect(names(body.items)).toHaveLength(5);
    expect(body.total).toBe(23);
  });

  it('every shape answers a page past the end with no rows and the real total', async () => {
    const totals: Partial<Record<MockResponseShape, (body: Record<string, unknown>, response: Response) => unknown[]>> =
      {
        'spring-page': (b) => [b.content, b.totalElements],
        'paged-model': (b) => [b.content, (b.page as { totalElements: number }).totalElements],
        hal: (b) => [
          (b._embedded as { shares?: unknown[] } | undefined)?.shares ?? [],
          (b.page as { totalElements: number }).totalElements,
        ],
        array: (b, r) => [b, Number(r.headers.get('X-Total-Count'))],
        items: (b) => [b.items, b.total],
      };
    for (const shape of Object.keys(totals) as MockResponseShape[]) {
      const { body, response } = await page(shape, globex, '?page=9&size=10');
      expect({ shape, result: totals[shape]!(body, response) }).toEqual({ shape, result: [[], 23] });
    }
  });
});

describe('response shapes without a total', () => {
  it('slice: a Spring Data Slice, no totalElements or totalPages, last false while rows follow', async () => {
    const { body } = await page('slice', globex, '?page=1&size=10');
    expect(names(body.content)[0]).toBe('globex-finance-00011');
    expect(body).toEqual({
      content: expect.any(Array),
      pageable: {
        pageNumber: 1,
        pageSize: 10,
        sort: { empty: true, sorted: false, unsorted: true },
        offset: 10,
        paged: true,
        unpaged: false,
      },
      last: false,
      size: 10,
      number: 1,
      sort: { empty: true, sorted: false, unsorted: true },
      first: false,
      numberOfElements: 10,
      empty: false,
    });
  });

  it('slice: the page holding the last row says last: true, and so does one past the end', async () => {
    expect((await page('slice', globex, '?page=2&size=10')).body).toMatchObject({
      last: true,
      numberOfElements: 3,
      first: false,
    });
    expect((await page('slice', globex, '?page=1&size=23')).body).toMatchObject({
      last: true,
      empty: true,
      content: [],
    });
    expect((await page('slice', globex, '?page=0&size=23')).body).toMatchObject({
      last: true,
      first: true,
      numberOfElements: 23,
    });
  });

  it('link: a plain array with a GitHub-style Link header (first, prev, next, last), no X-Total-Count', async () => {
    const { body, response, service } = await page('link', globex, '?page=1&size=10');
    expect(names(body)).toHaveLength(10);
    expect(response.headers.get('X-Total-Count')).toBeNull();
    const link = (p: number) => `<${service.baseUrl}/${globex}/shares?page=${p}&size=10>`;
    expect(response.headers.get('Link')).toBe(
      `${link(0)}; rel="first", ${link(0)}; rel="prev", ${link(2)}; rel="next", ${link(2)}; rel="last"`,
    );
    const last = await page('link', globex, '?page=2&size=10');
    expect(last.response.headers.get('Link')).toBe(
      `${link(0)}; rel="first", ${link(1)}; rel="prev", ${link(2)}; rel="last"`,
    );
  });

  it('has-more: {object, data, has_more} as Stripe lists', async () => {
    expect((await page('has-more', globex, '?page=1&size=10')).body).toEqual({
      object: 'list',
      data: expect.any(Array),
      has_more: true,
    });
    const last = (await page('has-more', globex, '?page=2&size=10')).body;
    expect({ rows: names(last.data).length, has_more: last.has_more }).toEqual({ rows: 3, has_more: false });
  });

  it('next: {next, previous, results} with absolute URLs or null, no count', async () => {
    const { body, service } = await page('next', globex, '?page=1&size=10');
    const url = (p: number) => `${service.baseUrl}/${globex}/shares?page=${p}&size=10`;
    expect(body).toEqual({ next: url(2), previous: url(0), results: expect.any(Array) });
    expect((await page('next', globex, '?page=2&size=10')).body).toMatchObject({ next: null, previous: url(1) });
    expect((await page('next', globex, '?page=0&size=10')).body).toMatchObject({ next: url(1), previous: null });
  });

  it('bare-array: a plain array and no paging header at all', async () => {
    const { body, response } = await page('bare-array', globex, '?page=2&size=10');
    expect(names(body)).toEqual(['globex-finance-00021', 'globex-projects-00022', 'globex-design-00023']);
    expect(response.headers.get('X-Total-Count')).toBeNull();
    expect(response.headers.get('Link')).toBeNull();
  });

  it('every shape without a total answers a page past the end with no rows and no next page', async () => {
    const read: Partial<Record<MockResponseShape, (body: Record<string, unknown>, response: Response) => unknown[]>> = {
      slice: (b) => [b.content, !b.last],
      link: (b, r) => [b, r.headers.get('Link')?.includes('rel="next"')],
      'has-more': (b) => [b.data, b.has_more],
      next: (b) => [b.results, b.next !== null],
      'bare-array': (b) => [b, false],
    };
    for (const shape of Object.keys(read) as MockResponseShape[]) {
      const { body, response } = await page(shape, globex, '?page=9&size=10');
      expect({ shape, result: read[shape]!(body, response) }).toEqual({ shape, result: [[], false] });
    }
  });
});

describe('estimated totals and big pages', () => {
  it('estimate: a count rounded to two digits until the last page, which counts exactly', async () => {
    const first = await page('estimate', globex, '?page=0&size=10');
    expect(first.body).toEqual({ items: expect.any(Array), totalEstimate: 23, has_more: true });
    const last = await page('estimate', globex, '?page=2&size=10');
    expect(last.body).toEqual({ items: expect.any(Array), total: 23 });
    expect(names(last.body.items)).toHaveLength(3);
  });

  it('serves pages up to maxPageSize, and refuses a larger one naming the limit', async () => {
    const service = createMockService({ auth: 'none', maxPageSize: 5000 });
    server.use(...service.handlers);
    const big = await list(service.baseUrl, demoOrganizationIds.big, 'shares', '?page=0&size=5000');
    expect(((await big.json()) as { content: unknown[] }).content).toHaveLength(5000);
    const refused = await list(service.baseUrl, demoOrganizationIds.big, 'shares', '?page=0&size=5001');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('from 1 to 5000');
    expect(() => createMockService({ maxPageSize: 0 })).toThrow('maxPageSize');
  });
});
