import { describe, expect, it } from 'vitest';
import { createApiClient, presets, type ClientPreset, type Page } from '../../src/client/index';
import { DOCUMENTED_FAKES as FAKES, ROWS, byNameDesc, type Fake, type Row } from '../helpers/documentedFakes';
import { localServerForFile } from '../helpers/localServerForFile';

// Back-ends that do not install here, each a fake on 127.0.0.1 built from its documentation
// (test/helpers/documentedFakes.ts, which cites each page); pages of 10.
const SIZE = 10;
const organizationId = '3f2c8a61-5b7e-4d0a-9c1f-2e6b8d4a7c90';
const server = localServerForFile();
type Sort = Array<{ id: string; desc: boolean }>;

/** Pages 1, 2, … by number, or by each page's `nextCursor` where it gives one, with the requests each cost. */
async function walkWith(preset: ClientPreset, fake: Fake, sort: Sort) {
  server.handle(fake);
  const client = createApiClient({ baseUrl: server.origin, ...preset });
  const pages: Array<Page<Row>> = [];
  const costs: number[] = [];
  for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++) {
    const before = server.requests.length;
    const cursor = pages.at(-1)?.nextCursor;
    const by = cursor === undefined ? { page } : { page, cursor };
    pages.push(await client.list<Row>('rows', { organizationId, size: SIZE, sort, ...by }));
    costs.push(server.requests.length - before);
  }
  return { pages, costs };
}

describe.each(FAKES)('the preset for %s', (_, preset, fake, has) => {
  const walk = (sort: Sort = []) => walkWith(preset, fake, sort);

  it('walks every page: their union is the list in order, one request a page', async () => {
    const { pages, costs } = await walk();
    expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
  });

  it('says hasNext, total and the cursor right on the first, a middle and the last page', async () => {
    const { pages } = await walk();
    const [first, middle, last] = [pages[0]!, pages[2]!, pages[4]!];
    expect([first, middle, last].map((page) => [page.page, page.hasNext, page.pageSize])).toEqual([
      [1, true, SIZE],
      [3, true, SIZE],
      [5, false, SIZE],
    ]);
    for (const page of [first, middle, last]) expect(page.total).toBe(has.total ? 45 : undefined);
    for (const page of [first, middle, last]) expect(page.pageCount).toBe(has.pageCount ? 5 : undefined);
    expect([first, middle].every((page) => (page.nextCursor !== undefined) === has.cursor)).toBe(true);
    expect(last.nextCursor).toBeUndefined();
  });
});

describe.each(FAKES.filter(([, , , has]) => has.sort))('the preset for %s', (_, preset, fake) => {
  it('sorts as the back-end reads a sort, across every page', async () => {
    const { pages } = await walkWith(preset, fake, [{ id: 'name', desc: true }]);
    expect(pages.flatMap((page) => page.items)).toEqual(byNameDesc);
  });
});

describe('the preset for Google AIP-158', () => {
  it('ends the list at an empty nextPageToken, as a service that writes default values sends it', async () => {
    server.handle(() => ({ body: { rows: ROWS.slice(40), nextPageToken: '' } }));
    const client = createApiClient({ baseUrl: server.origin, ...presets.google.aip158 });
    const page = await client.list<Row>('rows', { organizationId, page: 5, size: SIZE, cursor: 'token-of-page-5' });
    expect([page.items, page.hasNext, page.nextCursor]).toEqual([ROWS.slice(40), false, undefined]);
  });
});
