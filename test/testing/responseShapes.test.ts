import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds, type MockResponseShape } from '../../src/testing/index';
import { list } from './mockTestUtils';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { globex, empty } = demoOrganizationIds;

async function page(shape: MockResponseShape, organizationId: string, query: string, resource: 'shares' | 'environments' = 'shares') {
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
    const totals: Record<MockResponseShape, (body: Record<string, unknown>, response: Response) => unknown[]> = {
      'spring-page': (b) => [b.content, b.totalElements],
      'paged-model': (b) => [b.content, (b.page as { totalElements: number }).totalElements],
      hal: (b) => [(b._embedded as { shares?: unknown[] } | undefined)?.shares ?? [], (b.page as { totalElements: number }).totalElements],
      array: (b, r) => [b, Number(r.headers.get('X-Total-Count'))],
      items: (b) => [b.items, b.total],
    };
    for (const shape of Object.keys(totals) as MockResponseShape[]) {
      const { body, response } = await page(shape, globex, '?page=9&size=10');
      expect({ shape, result: totals[shape](body, response) }).toEqual({ shape, result: [[], 23] });
    }
  });
});
