// Bulk writes and export from a browser's side: through the proxy (createProxyListener on node:http, writes given with
// `allow`) and through createRpcClient answered by serveListCall and serveWriteCall, in front of the mock service over
// real HTTP. Every row is an ordinary write, every page an ordinary list call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkWrite,
  createApiClient,
  createRpcClient,
  exportList,
  isHttpError,
  type ApiClient,
  type ListCall,
  type WriteCall,
} from '../../src/client/index';
import { clientCredentials, createProxyListener, serveListCall, serveWriteCall } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { listenLocally } from '../helpers/localServer';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';

const { acme, globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();

let listener: (req: IncomingMessage, res: ServerResponse) => unknown = () => undefined;
const server = createServer((req, res) => listener(req, res));
let served: { origin: string; close(): Promise<void> };
beforeAll(async () => {
  served = await listenLocally(server);
});
afterAll(() => served.close());

const auth = () => {
  const { clientId, clientSecret, scope } = mock.credentials;
  return clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope });
};

/** A browser client of the proxy: its writes carry the page's own Origin, as a browser sends them. */
function throughProxy(): ApiClient {
  listener = createProxyListener({
    baseUrl: http.baseUrl,
    auth: auth(),
    basePath: '/api/pagewise',
    allowRequest: () => true,
    allow: { shares: { methods: ['PATCH', 'DELETE'] } },
  });
  const sameOrigin: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: served.origin } });
  return createApiClient({ baseUrl: `${served.origin}/api/pagewise`, fetch: sameOrigin });
}

/** A browser client whose calls server functions answer with `serveListCall` and `serveWriteCall`, through JSON. */
function throughRpc(): ApiClient {
  const serverClient = createApiClient({ baseUrl: http.baseUrl, auth: auth() });
  const overTheWire = <T>(value: T) => JSON.parse(JSON.stringify(value)) as T;
  return createRpcClient({
    call: async ({ data }) => overTheWire(await serveListCall(serverClient, overTheWire(data) as ListCall)),
    write: async ({ data }) =>
      overTheWire(
        await serveWriteCall(serverClient, overTheWire(data) as WriteCall, { allow: { shares: ['PATCH', 'DELETE'] } }),
      ),
  });
}

describe.each([
  ['the proxy', throughProxy],
  ['createRpcClient', throughRpc],
])('across pages through %s', (_way, clientOf) => {
  it('bulk-deletes rows, a refused one reported with its status, the rest gone', async () => {
    const ids = mock
      .rows(globex, 'shares')!
      .slice(0, 6)
      .map((row) => row.id);
    mock.fail({ status: 409, method: 'DELETE', rows: [ids[2]!] });
    const result = await bulkWrite(clientOf(), 'shares', ids, { type: 'delete' }, { organizationId: globex });
    expect(result.failed.map((row) => row.id)).toEqual([ids[2]]);
    expect(isHttpError(result.failed[0]!.error) && result.failed[0]!.error.status).toBe(409);
    expect(result.succeeded.sort()).toEqual(ids.filter((_, index) => index !== 2).sort());
    expect(mock.rows(globex, 'shares')!.map((row) => row.id)).toContain(ids[2]);
    expect(mock.rows(globex, 'shares')).toHaveLength(23 - 5);
  });

  it('bulk-updates rows', async () => {
    const ids = mock
      .rows(globex, 'shares')!
      .slice(0, 3)
      .map((row) => row.id);
    const result = await bulkWrite(
      clientOf(),
      'shares',
      ids,
      { type: 'update', body: { protocol: 'NFS' } },
      {
        organizationId: globex,
      },
    );
    expect(result.succeeded).toHaveLength(3);
    expect(
      mock
        .rows(globex, 'shares')!
        .slice(0, 3)
        .map((row) => row.protocol),
    ).toEqual(['NFS', 'NFS', 'NFS']);
  });

  it('exports every row as NDJSON, in the service’s order', async () => {
    let text = '';
    for await (const chunk of exportList(
      clientOf(),
      'shares',
      { organizationId: acme, size: 100 },
      { format: 'ndjson' },
    ))
      text += chunk;
    const rows = text
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(rows).toEqual(mock.rows(acme, 'shares')!.map((row) => row.id));
  });
});
