import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, presets, type ClientPreset } from '../../src/client/index';
import { startDjangoRest, type DjangoRest } from '../helpers/startDjangoRest';
import { startJsonServer0, startJsonServer1, type JsonServer } from '../helpers/jsonServer';
import { loadAllThroughInfiniteHook, walkThroughHook } from './presetWalk';

// Each preset of a back-end that installs here, through `usePagedList` and `useInfiniteList`, against the real server on 127.0.0.1: Django
// REST Framework (Debian's packages, test/drf/server.py) and json-server 0.17 and 1.x (devDependencies). Requests are
// counted at the server: DRF's own `/_served` log, json-server's request log in front of its app. 45 rows, pages of 10.
const SIZE = 10;
// These routes have no organization: the name only keeps lists apart in the cache.
const organizationId = 'local';
const ROWS = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
type Row = { id: number | string; name: string };
const byNameDesc = [...ROWS].sort((a, b) => b.name.localeCompare(a.name));
// json-server keeps ids as strings and DRF as numbers: rows are compared by both fields as text.
const summary = (rows: readonly Row[]) => rows.map((row) => [String(row.id), row.name]);

interface Service {
  origin: string;
  received(): Promise<string[]> | string[];
}

/** The walks and their checks, for one preset on one running service. */
function walksThroughTheHook(service: () => Service, resource: string, preset: ClientPreset, byCursor: boolean) {
  const walk = async (sort: Array<{ id: string; desc: boolean }> = []) => {
    const before = (await service().received()).length;
    const result = await walkThroughHook<Row>({
      client: createApiClient({ baseUrl: service().origin, ...preset }),
      resource,
      organizationId,
      size: SIZE,
      sort,
      received: async () => (await service().received()).length - before,
    });
    return { ...result, asked: (await service().received()).slice(before) };
  };

  it('walks page 1 to the last: the server’s list in order, one request a page at the server, none asked twice', async () => {
    const { steps, rows, costs, asked } = await walk();
    expect(summary(rows)).toEqual(summary(ROWS));
    expect(steps.map((step) => step.current)).toEqual([1, 2, 3, 4, 5]);
    // Page 1 and the next asked ahead; each move then asks for the one after; the last was asked ahead.
    expect(costs).toEqual([2, 1, 1, 1, 0]);
    expect(asked).toHaveLength(5);
    expect(new Set(asked).size).toBe(5);
  });

  it('hands the control the total or hasNext, and the cursor, right on the first, a middle and the last page', async () => {
    const { steps } = await walk();
    const shown = [steps[0]!, steps[2]!, steps[4]!];
    expect(shown.map(({ data }) => [data.page, data.hasNext, data.pageSize, data.items.length])).toEqual([
      [1, true, SIZE, SIZE],
      [3, true, SIZE, SIZE],
      [5, false, SIZE, 5],
    ]);
    // A cursor list has no count: the control is told whether a page follows instead.
    expect(shown.map(({ total, hasNext }) => [total, hasNext])).toEqual(
      byCursor
        ? [
            [undefined, true],
            [undefined, true],
            [undefined, false],
          ]
        : [
            [45, undefined],
            [45, undefined],
            [45, undefined],
          ],
    );
    for (const { data } of shown)
      expect([data.total, data.pageCount]).toEqual(byCursor ? [undefined, undefined] : [45, 5]);
    expect(shown.map(({ cursor }) => cursor?.page)).toEqual(
      byCursor ? [undefined, 3, 5] : [undefined, undefined, undefined],
    );
    expect(shown.map(({ data }) => data.nextCursor !== undefined)).toEqual([byCursor, byCursor, false]);
  });

  it('loads every page through useInfiniteList’s loadMore: the server’s list in order, one request a page', async () => {
    const before = (await service().received()).length;
    const { rows, costs, total } = await loadAllThroughInfiniteHook<Row>({
      client: createApiClient({ baseUrl: service().origin, ...preset }),
      resource,
      organizationId,
      size: SIZE,
      received: async () => (await service().received()).length - before,
    });
    expect(summary(rows)).toEqual(summary(ROWS));
    expect(costs).toEqual([1, 1, 1, 1, 1]);
    expect(total).toBe(byCursor ? undefined : 45);
  });

  it('walks a sorted list: every page in the server’s sort order', async () => {
    const { rows, asked } = await walk([{ id: 'name', desc: true }]);
    expect(summary(rows)).toEqual(summary(byNameDesc));
    expect(asked).toHaveLength(5);
  });
}

describe('Django REST Framework presets, through usePagedList', () => {
  let drf: DjangoRest;
  beforeAll(async () => void (drf = await startDjangoRest()), 60_000);
  afterAll(() => drf?.stop());
  const service = () => drf;

  describe.each([
    ['PageNumberPagination', 'numbered', presets.djangoRest.pageNumber, false],
    ['LimitOffsetPagination', 'offset', presets.djangoRest.limitOffset, false],
    ['CursorPagination', 'cursor', presets.djangoRest.cursor, true],
  ] as const)('%s', (_, resource, preset, byCursor) => walksThroughTheHook(service, resource, preset, byCursor));

  it('costs two requests a page on a route without the trailing slash: Django’s redirect, then the GET again', async () => {
    const before = (await drf.received()).length;
    const { rows, costs } = await walkThroughHook<Row>({
      client: createApiClient({ baseUrl: drf.origin, ...presets.djangoRest.pageNumber, route: '/{resource}' }),
      resource: 'numbered',
      organizationId,
      size: SIZE,
      received: async () => (await drf.received()).length - before,
    });
    expect(summary(rows)).toEqual(summary(ROWS));
    expect(costs).toEqual([4, 2, 2, 2, 0]);
  });
});

describe.each([
  ['json-server 1.x', presets.jsonServer.v1, startJsonServer1],
  ['json-server 0.17', presets.jsonServer.v0, startJsonServer0],
] as const)('the %s preset, through usePagedList', (_, preset, start) => {
  let server: JsonServer;
  beforeAll(async () => void (server = await start({ rows: ROWS.map((row) => ({ ...row, id: String(row.id) })) })));
  afterAll(() => server.close());
  walksThroughTheHook(() => ({ origin: server.origin, received: () => server.received }), 'rows', preset, false);
});
