// Cursor paging through a server function: createRpcClient's cursor calls answered by serveListCall with a server
// client against fakes over real HTTP that ignore `page`, every call and answer through JSON; and no cursor the browser
// sends makes the server call another host or path (a canary server beside the service hears nothing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  createApiClient,
  createRpcClient,
  isInvalidArgumentError,
  type ApiClient,
  type ListCall,
  type Page,
} from '../../src/client/index';
import { serveListCall } from '../../src/server/index';
import { CURSOR_STYLES, cursorService, makeRows, type Row } from '../helpers/cursorService';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from '../client/fixtures';

const TOKEN = 'rpc-cursor-token-5a6b7c';
const service = localServerForFile();
const canary = localServerForFile(() => ({ status: 200, body: { items: [{ id: 'canary' }] } }));
const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The server's client: its service under `/v1`, so a cursor can aim beside the base path on the same origin. */
const serverClient = () => createApiClient({ baseUrl: `${service.origin}/v1`, auth: bearerToken(() => TOKEN) });

/** A browser client whose calls a server function answers; `fresh` answers each with a new server client, as separate instances would. */
function rpcThrough(server: () => ApiClient) {
  const calls: ListCall[] = [];
  const client = createRpcClient({
    call: async ({ data }) => {
      calls.push(overTheWire(data));
      return overTheWire(await serveListCall(server(), overTheWire(data), { allow: () => true }));
    },
  });
  return { client, calls };
}

/** Every page from the first, following `nextCursor` with the page's `cursorParam` as a paging hook passes them. */
async function walk(client: ApiClient) {
  const pages: Array<Page<Row>> = [await client.listShares<Row>({ organizationId: ORG, page: 1, size: 10 })];
  for (let last = pages[0]!; last.nextCursor !== undefined; last = pages.at(-1)!) {
    pages.push(
      await client.listShares<Row>({
        organizationId: ORG,
        size: 10,
        cursor: last.nextCursor,
        page: pages.length,
        ...(last.cursorParam && { cursorParam: last.cursorParam }),
      }),
    );
    expect(pages.length).toBeLessThan(10);
  }
  return pages;
}

describe('cursor list calls through createRpcClient and serveListCall', () => {
  it.each(CURSOR_STYLES)(
    '%s: the pages, nextCursor and cursorParam are createApiClient’s, and the service gets the same requests',
    async (style) => {
      const rows = makeRows(23);
      service.handle(cursorService(style, () => rows));
      const direct = await walk(serverClient());
      const directRequests = service.requests.map((r) => `${r.path}?${r.query}`);
      service.requests.length = 0;
      // A new server client per call: the cursorParam that crossed, not a client's memory, says how a token goes out.
      const { client, calls } = rpcThrough(serverClient);
      const viaRpc = await walk(client);
      expect(viaRpc).toStrictEqual(overTheWire(direct));
      expect(viaRpc.flatMap((page) => page.items.map((row) => row.id))).toEqual(rows.map((row) => row.id));
      expect(service.requests.map((r) => `${r.path}?${r.query}`)).toEqual(directRequests);
      expect(calls.slice(1).every((call) => call.cursor !== undefined && call.page !== undefined)).toBe(true);
    },
  );

  it('sends the cursorParam its page said when a cursor is passed back alone, as createApiClient does', async () => {
    const rows = makeRows(7);
    service.handle(cursorService('google', () => rows));
    const { client, calls } = rpcThrough(serverClient);
    const first = await client.listShares<Row>({ organizationId: ORG, page: 1, size: 5 });
    expect(first.cursorParam).toBe('pageToken');
    const second = await client.listShares<Row>({ organizationId: ORG, size: 5, cursor: first.nextCursor! });
    expect(calls[1]).toMatchObject({ cursor: first.nextCursor, cursorParam: 'pageToken' });
    expect(second.items.map((row) => row.id)).toEqual(['r0006', 'r0007']);
  });

  it('carries a cursor call’s cursor, cursorParam and page, and no page where none was given', async () => {
    service.handle(cursorService('google', () => makeRows(5)));
    const { client, calls } = rpcThrough(serverClient);
    await client.listShares({ organizationId: ORG, size: 2, cursor: 'cjAwMDI', cursorParam: 'pageToken' });
    expect(calls).toStrictEqual([
      { resource: 'shares', organizationId: ORG, size: 2, cursor: 'cjAwMDI', cursorParam: 'pageToken' },
    ]);
    expect(service.requests.map((r) => r.query.get('pageToken'))).toEqual(['cjAwMDI']);
  });

  it('refuses a page whose nextCursor is not a cursor as a ResponseShapeError', async () => {
    const client = createRpcClient({
      call: async () => ({
        page: { items: [], page: 1, pageSize: 2, hasNext: true, hasPrevious: false, nextCursor: 42 },
      }),
    });
    await expect(client.listShares({ organizationId: ORG, page: 1, size: 2 })).rejects.toMatchObject({
      name: 'ResponseShapeError',
    });
  });
});

describe('a cursor from the browser never reaches another host or path', () => {
  /** Cursors aimed away from the service's `/v1`: another port, another path, tricks that read as a way out. */
  const away = () => {
    const at = service.origin.replace('http://', '');
    return [
      `${canary.origin}/v1/${ORG}/shares`,
      `${canary.origin}/`,
      `HTTP://${canary.origin.replace('http://', '')}/v1/${ORG}/shares?cursor=x`,
      `http://localhost:${service.port}/v1/${ORG}/shares`,
      `${service.origin}/admin/${ORG}/shares`,
      `${service.origin}/v1/../admin`,
      `${service.origin}/v1/%2e%2e/admin`,
      `${service.origin}/v1%2f..%2fadmin`,
      `${service.origin}/v1/..%5cadmin`,
      `${service.origin}/v10/${ORG}/shares`,
      `http://user:pw@${at}/v1/${ORG}/shares`,
      `http://${at}@${canary.origin.replace('http://', '')}/v1/${ORG}/shares`,
      `${service.origin}/v1/${ORG}/shares#${canary.origin}`,
    ];
  };

  it('refuses each with the cursor argument error, without a request to the canary or the service', async () => {
    const { client } = rpcThrough(serverClient);
    for (const cursor of away()) {
      const error = await client.listShares({ organizationId: ORG, size: 10, cursor }).catch((e: unknown) => e);
      expect(isInvalidArgumentError(error) && error.argument, cursor).toBe('cursor');
    }
    expect(canary.requests).toHaveLength(0);
    expect(service.requests).toHaveLength(0);
  });

  it('refuses them even behind an ApiClient whose own list would fetch any cursor', async () => {
    // An app's own client that trusts its cursor: serveListCall checks the cursor against its baseUrl before it.
    const naive: ApiClient = {
      ...serverClient(),
      list: async (_resource, params) => {
        const response = await fetch(params.cursor ?? `${service.origin}/v1`);
        return { items: [await response.json()], page: 1, pageSize: 1, hasNext: false, hasPrevious: false };
      },
    };
    const { client } = rpcThrough(() => naive);
    for (const cursor of away()) {
      const error = await client.listShares({ organizationId: ORG, size: 10, cursor }).catch((e: unknown) => e);
      expect(isInvalidArgumentError(error) && error.argument, cursor).toBe('cursor');
    }
    expect(canary.requests).toHaveLength(0);
  });

  it('sends no request to the canary for any cursor a fuzzer makes of hosts, paths and encodings', async () => {
    service.handle(cursorService('drf', () => makeRows(3)));
    const { client } = rpcThrough(serverClient);
    const canaryHost = canary.origin.replace('http://', '');
    const serviceHost = service.origin.replace('http://', '');
    const piece = fc.constantFrom(
      'http://',
      'HTTPS://',
      '//',
      canaryHost,
      serviceHost,
      `user@${canaryHost}`,
      `${serviceHost}@${canaryHost}`,
      '/v1',
      '/',
      '..',
      '%2e%2e',
      '%2f',
      '%5c',
      '\\',
      '?',
      '#',
      '@',
      `/${ORG}/shares`,
      'x',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 8 }), async (pieces) => {
        await client.listShares({ organizationId: ORG, size: 10, cursor: pieces.join('') }).catch(() => undefined);
        expect(canary.requests).toHaveLength(0);
      }),
      { numRuns: 300 },
    );
    // Whatever reached the service went to its own /v1 paths.
    expect(service.requests.every((request) => request.path.startsWith('/v1/'))).toBe(true);
  });
});
