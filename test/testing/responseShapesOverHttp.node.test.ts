// Every shape the mock answers in, through createApiClient over real HTTP on 127.0.0.1: the client must page
// through each of them, forward to the last page and back, as through a Spring Page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type Page } from '../../src/client/index';
import {
  createMockService,
  demoOrganizationIds,
  type MockResponseShape,
  type MockService,
} from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';

const { acme, globex } = demoOrganizationIds;
const WITH_TOTAL: MockResponseShape[] = ['spring-page', 'paged-model', 'hal', 'array', 'items'];
const WITHOUT_TOTAL: MockResponseShape[] = ['slice', 'link', 'has-more', 'next', 'bare-array'];
const mocks = new Map<MockResponseShape, { service: MockService; server: MockHttpServer }>();

beforeAll(async () => {
  for (const shape of [...WITH_TOTAL, ...WITHOUT_TOTAL]) {
    const service = createMockService({ shape, auth: 'none' });
    mocks.set(shape, { service, server: await createMockHttpServer(service) });
  }
});
afterAll(() => Promise.all([...mocks.values()].map(({ server }) => server.close())));

const client = (shape: MockResponseShape) => createApiClient({ baseUrl: mocks.get(shape)!.server.baseUrl });
const names = (page: Page<unknown>) => (page.items as { name: string }[]).map((row) => row.name);

/** Pages forward from page 1 while `hasNext`, then back while `hasPrevious`: the pages seen each way. */
async function walk(shape: MockResponseShape, organizationId: string, size: number) {
  const list = (page: number) => client(shape).listShares({ organizationId, page, size });
  const forward = [await list(1)];
  while (forward.at(-1)!.hasNext && forward.length < 100) forward.push(await list(forward.length + 1));
  const back = [forward.at(-1)!];
  while (back.at(-1)!.hasPrevious) back.push(await list(back.at(-1)!.page - 1));
  return { forward, back };
}

describe('every mock shape through createApiClient over real HTTP', () => {
  it.each([...WITH_TOTAL, ...WITHOUT_TOTAL])(
    '%s: pages forward to the last page (all 437 Acme rows, once each) and back',
    async (shape) => {
      const { forward, back } = await walk(shape, acme, 20);
      expect(forward.map((p) => p.page)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
      const rows = forward.flatMap(names);
      expect(rows).toHaveLength(437);
      expect(new Set(rows).size).toBe(437);
      expect(rows.at(-1)).toBe('acme-legal-00437');
      expect(back.map((p) => p.page)).toEqual(Array.from({ length: 22 }, (_, i) => 22 - i));
      expect(forward.every((p) => typeof p.hasNext === 'boolean' && typeof p.hasPrevious === 'boolean')).toBe(true);
    },
  );

  it.each(WITH_TOTAL)('%s: tells the total and the page count', async (shape) => {
    const page = await client(shape).listShares({ organizationId: globex, page: 2, size: 10 });
    expect(page).toMatchObject({
      total: 23,
      pageCount: 3,
      page: 2,
      pageSize: 10,
      hasNext: true,
      hasPrevious: true,
    });
  });

  it.each(WITHOUT_TOTAL)('%s: leaves the total unknown', async (shape) => {
    const page = await client(shape).listShares({ organizationId: globex, page: 2, size: 10 });
    expect(page).toMatchObject({ total: undefined, page: 2, pageSize: 10, hasNext: true, hasPrevious: true });
    expect(names(page)[0]).toBe('globex-finance-00011');
  });

  it('link: reads the page count from rel="last" on every page but the last', async () => {
    const pages = (await walk('link', globex, 10)).forward;
    expect(pages.map((p) => [p.pageCount, p.hasNext])).toEqual([
      [3, true],
      [3, true],
      [3, false],
    ]);
  });

  it('every shape without a total: the page holding the last row has no next page, and an empty organization one page', async () => {
    for (const shape of WITHOUT_TOTAL) {
      const last = await client(shape).listShares({ organizationId: globex, page: 3, size: 10 });
      const empty = await client(shape).listShares({ organizationId: demoOrganizationIds.empty, page: 1, size: 10 });
      expect({
        shape,
        last: [last.items.length, last.hasNext],
        empty: [empty.items.length, empty.hasNext, empty.hasPrevious],
      }).toEqual({
        shape,
        last: [3, false],
        empty: [0, false, false],
      });
    }
  });

  it('bare-array guesses: a list that ends on a page boundary shows one empty page more, the other shapes do not', async () => {
    const full = (shape: MockResponseShape) => client(shape).listShares({ organizationId: globex, page: 1, size: 23 });
    await expect(full('bare-array')).resolves.toMatchObject({ hasNext: true });
    const after = await client('bare-array').listShares({ organizationId: globex, page: 2, size: 23 });
    expect(after).toMatchObject({ items: [], hasNext: false, hasPrevious: true });
    for (const shape of WITHOUT_TOTAL.filter((s) => s !== 'bare-array')) {
      await expect(full(shape)).resolves.toMatchObject({ hasNext: false });
    }
  });
});
