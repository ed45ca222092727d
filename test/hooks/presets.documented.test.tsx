import { describe, expect, it } from 'vitest';
import { createApiClient, type ClientPreset } from '../../src/client/index';
import { DOCUMENTED_FAKES, ROWS, byNameDesc, type Fake, type Row } from '../helpers/documentedFakes';
import { localServerForFile } from '../helpers/localServerForFile';
import { loadAllThroughInfiniteHook, walkThroughHook } from './presetWalk';

// Each preset through `usePagedList`, against a fake on 127.0.0.1 built from its back-end's documentation
// (test/helpers/documentedFakes.ts cites each), over real fetch; 45 rows in pages of 10.
const SIZE = 10;
const organizationId = '3f2c8a61-5b7e-4d0a-9c1f-2e6b8d4a7c90';
const server = localServerForFile();

function walk(preset: ClientPreset, fake: Fake, sort: Array<{ id: string; desc: boolean }> = []) {
  server.handle(fake);
  return walkThroughHook<Row>({
    client: createApiClient({ baseUrl: server.origin, ...preset }),
    resource: 'rows',
    organizationId,
    size: SIZE,
    sort,
    received: () => server.requests.length,
  });
}

describe.each(DOCUMENTED_FAKES)('the preset for %s, through usePagedList', (_, preset, fake, says) => {
  it('walks page 1 to the last: their union is the list in order, one request a page, each page asked once', async () => {
    const { steps, rows, costs } = await walk(preset, fake);
    expect(rows).toEqual(ROWS);
    expect(steps.map((step) => step.current)).toEqual([1, 2, 3, 4, 5]);
    // Page 1 and the next page asked ahead; then each move asks for the one after; the last was asked ahead.
    expect(costs).toEqual([2, 1, 1, 1, 0]);
    const asked = server.requests.map((request) => `${request.path}?${request.query}`);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('hands the control hasNext or the total, the page count and the cursor right on the first, a middle and the last page', async () => {
    const { steps } = await walk(preset, fake);
    const shown = [steps[0]!, steps[2]!, steps[4]!];
    expect(shown.map(({ data }) => [data.page, data.hasNext, data.pageSize, data.items.length])).toEqual([
      [1, true, SIZE, SIZE],
      [3, true, SIZE, SIZE],
      [5, false, SIZE, 5],
    ]);
    // The control gets the total when the service says one, else whether a page follows.
    const control = shown.map(({ total, hasNext }) => [total, hasNext]);
    expect(control).toEqual(
      says.total
        ? [
            [45, undefined],
            [45, undefined],
            [45, undefined],
          ]
        : [
            [undefined, true],
            [undefined, true],
            [undefined, false],
          ],
    );
    for (const { data } of shown)
      expect([data.total, data.pageCount]).toEqual([says.total ? 45 : undefined, says.pageCount ? 5 : undefined]);
    // A cursor list's pages after the first are reached by the cursor the page before gave.
    expect(shown.map(({ cursor }) => cursor?.page)).toEqual(
      says.cursor ? [undefined, 3, 5] : [undefined, undefined, undefined],
    );
    expect(shown.map(({ data }) => data.nextCursor !== undefined)).toEqual([says.cursor, says.cursor, false]);
  });
});

describe.each(DOCUMENTED_FAKES)('the preset for %s, through useInfiniteList', (_, preset, fake, says) => {
  it('loads every page with loadMore: the list in order, one request a page', async () => {
    server.handle(fake);
    const { rows, costs, total } = await loadAllThroughInfiniteHook<Row>({
      client: createApiClient({ baseUrl: server.origin, ...preset }),
      resource: 'rows',
      organizationId,
      size: SIZE,
      received: () => server.requests.length,
    });
    expect(rows).toEqual(ROWS);
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect(total).toBe(says.total ? 45 : undefined);
  });
});

describe.each(DOCUMENTED_FAKES.filter(([, , , says]) => says.sort))(
  'the preset for %s, through usePagedList',
  (_, preset, fake) => {
    it('walks a sorted list: every page in the back-end’s sort order', async () => {
      const { rows } = await walk(preset, fake, [{ id: 'name', desc: true }]);
      expect(rows).toEqual(byNameDesc);
    });
  },
);

describe('a service that caps its page size, through usePagedList', () => {
  it.each([
    ['GitHub', 'per_page'],
    ['Strapi', 'pagination[pageSize]'],
  ])(
    '%s asked for 20 rows a page serves 10: each number shows its own page of 10, every row once',
    async (name, param) => {
      const [, preset, fake] = DOCUMENTED_FAKES.find(([label]) => label === name)!;
      // The back-end's cap (100 in both; 10 here, over 45 rows): a larger size asked is served at the cap.
      server.handle((request) => {
        const query = new URLSearchParams(request.query);
        query.set(param, String(Math.min(Number(query.get(param)), SIZE)));
        return fake({ ...request, query });
      });
      const { steps, rows } = await walkThroughHook<Row>({
        client: createApiClient({ baseUrl: server.origin, ...preset }),
        resource: 'rows',
        organizationId,
        size: 20,
        received: () => server.requests.length,
      });
      expect(rows).toEqual(ROWS);
      expect(steps.map(({ current, pageSize, data }) => [current, pageSize, data.pageCount])).toEqual(
        [1, 2, 3, 4, 5].map((page) => [page, SIZE, 5]),
      );
    },
  );
});
