// A server function over a preset: the browser's createRpcClient, serveListCall, and a server client built from
// json-server 1.x's preset against the real json-server, every call and answer through JSON as a serializer carries
// them. json-server's routes name no organization: the browser names one of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isInvalidArgumentError,
  parseListCall,
  presets,
  type ListCall,
  type Page,
} from '../../src/client/index';
import { serveListCall } from '../../src/server/index';
import { startJsonServer1, type JsonServer } from '../helpers/jsonServer';

const ROWS = Array.from({ length: 45 }, (_, index) => ({
  id: String(index + 1),
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
}));
type Row = (typeof ROWS)[number];
const SIZE = 10;

let server: JsonServer;
beforeAll(async () => void (server = await startJsonServer1({ rows: ROWS })));
afterAll(() => server?.close());

const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** The browser's client, its calls answered by `serveListCall` with a server client from json-server 1.x's preset. */
function browser() {
  const serverClient = createApiClient({ baseUrl: server.origin, ...presets.jsonServer.v1 });
  return createRpcClient({
    call: async ({ data }) =>
      overTheWire(
        await serveListCall(serverClient, overTheWire(data) as ListCall, { allow: (call) => call.resource === 'rows' }),
      ),
  });
}

describe('serveListCall with a server client from a preset', () => {
  it('walks every page of json-server 1.x: the server’s list in order, one request a page, sort applied', async () => {
    const client = browser();
    const sort = [{ id: 'name', desc: true }];
    const pages: Array<Page<Row>> = [];
    const before = server.received.length;
    for (let page = 1; (pages.at(-1)?.hasNext ?? true) && page <= 10; page++)
      pages.push(await client.list<Row>('rows', { organizationId: 'local', page, size: SIZE, sort }));
    expect(pages.flatMap((page) => page.items)).toEqual([...ROWS].sort((a, b) => b.name.localeCompare(a.name)));
    expect(pages.map((page) => [page.page, page.hasNext, page.total, page.pageCount])).toEqual([
      [1, true, 45, 5],
      [2, true, 45, 5],
      [3, true, 45, 5],
      [4, true, 45, 5],
      [5, false, 45, 5],
    ]);
    expect(server.received.slice(before)).toEqual(
      [1, 2, 3, 4, 5].map((page) => `/rows?_page=${page}&_per_page=${SIZE}&_sort=-name`),
    );
  });

  it('walks every page with `pages`, the organization a name as for `list`', async () => {
    const rows: Row[] = [];
    for await (const page of browser().pages<Row>('rows', { organizationId: 'local', size: SIZE }))
      rows.push(...page.items);
    expect(rows).toEqual(ROWS);
  });

  it('takes an organization name where the route names none, and refuses one that is not URL-safe before calling', async () => {
    const call = { resource: 'rows', organizationId: 'team-7', page: 1, size: SIZE };
    expect(parseListCall(call).organizationId).toBe('team-7');
    for (const organizationId of ['', 'a/b', '..', 'x'.repeat(201), 'a b']) {
      expect(() => parseListCall({ ...call, organizationId })).toThrow(/`organizationId` must be a UUID or a name/);
    }
    const before = server.received.length;
    const error = await browser()
      .list('rows', { organizationId: 'a/b', page: 1, size: SIZE })
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(server.received.length).toBe(before);
  });

  it('leaves the UUID rule to the server client where its route names the organization', async () => {
    const seedShaped = createApiClient({ baseUrl: server.origin });
    const answer = await serveListCall(
      seedShaped,
      { resource: 'rows', organizationId: 'team-7', page: 1, size: SIZE },
      {
        allow: () => true,
      },
    );
    expect(answer).toEqual({ error: { kind: 'TypeError', argument: 'organizationId' } });
    const error = await createRpcClient({ call: async () => overTheWire(answer) })
      .list('rows', { organizationId: 'team-7', page: 1, size: SIZE })
      .catch((e: unknown) => e);
    expect([isInvalidArgumentError(error), (error as { argument?: string }).argument]).toEqual([
      true,
      'organizationId',
    ]);
  });
});
