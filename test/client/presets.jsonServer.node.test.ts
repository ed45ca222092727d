import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, presets, type Page } from '../../src/client/index';
import { startJsonServer0, startJsonServer1, type JsonServer } from '../helpers/jsonServer';

// Real json-server 0.17 and 1.x, their own app code on 127.0.0.1, over 45 rows; pages of 10.
const ROWS = Array.from({ length: 45 }, (_, index) => ({
  id: String(index + 1),
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
type Row = (typeof ROWS)[number];
const SIZE = 10;
// json-server routes have no organization: the name only keeps lists apart in query keys.
const organizationId = 'local';
const byNameDesc = [...ROWS].sort((a, b) => b.name.localeCompare(a.name));

describe.each([
  ['json-server 1.x', presets.jsonServer.v1, startJsonServer1],
  ['json-server 0.17', presets.jsonServer.v0, startJsonServer0],
] as const)('presets for %s', (_, preset, start) => {
  let server: JsonServer;
  beforeAll(async () => void (server = await start({ rows: ROWS })));
  afterAll(() => server.close());
  const client = () => createApiClient({ baseUrl: server.origin, ...preset });

  /** Pages 1, 2, … while the service says more follows (at most 10: a regression ends), with the requests each cost. */
  async function walk(sort: Array<{ id: string; desc: boolean }> = []) {
    const pages: Array<Page<Row>> = [];
    const costs: number[] = [];
    for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
      const before = server.received.length;
      pages.push(await client().list<Row>('rows', { organizationId, page, size: SIZE, sort }));
      costs.push(server.received.length - before);
    }
    return { pages, costs };
  }

  it('walks every page: their union is the server’s list in order, one request a page', async () => {
    const { pages, costs } = await walk();
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect(server.received.at(-1)).toMatch(/^\/rows\?_page=5&_(per_page|limit)=10$/);
  });

  it('says hasNext, total and the page count right on the first, a middle and the last page', async () => {
    const { pages } = await walk();
    const summary = (page: Page<Row>) => [page.page, page.hasNext, page.total, page.pageCount, page.pageSize];
    expect([pages[0]!, pages[2]!, pages[4]!].map(summary)).toEqual([
      [1, true, 45, 5, SIZE],
      [3, true, 45, 5, SIZE],
      [5, false, 45, 5, SIZE],
    ]);
    expect(pages[4]!.items).toHaveLength(5);
    expect(pages.every((page) => page.nextCursor === undefined)).toBe(true);
  });

  it('sorts as asked, across every page', async () => {
    const { pages } = await walk([{ id: 'name', desc: true }]);
    expect(pages.flatMap((page) => page.items)).toEqual(byNameDesc);
  });

  it('filters as asked', async () => {
    const page = await client().list<Row>('rows', { organizationId, page: 1, size: SIZE, filters: { name: 'row 12' } });
    expect(page.items).toEqual([ROWS[6]]);
  });

  it('answers a page past the end with no rows under its number, never the last page’s', async () => {
    const page = await client().list<Row>('rows', { organizationId, page: 9, size: SIZE });
    expect(page).toMatchObject({ page: 9, items: [], total: 45, hasNext: false });
  });
});
