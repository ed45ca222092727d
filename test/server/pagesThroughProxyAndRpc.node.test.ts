// client.pages from a browser's side: through the proxy (createProxyListener on node:http) and through createRpcClient
// answered by serveListCall, each in front of the mock service over real HTTP; every page an ordinary list call.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isHttpError,
  type ApiClient,
  type ClientEvent,
  type ListCall,
} from '../../src/client/index';
import { clientCredentials, createProxyListener, serveListCall } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import type { MockLatencyRequest } from '../../src/testing/types';
import { collectPages, idsOf } from '../helpers/collectPages';
import { createGate } from '../helpers/createGate';
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

/** A browser client of the proxy, which holds the service account's credentials. */
function throughProxy(onEvent?: (event: ClientEvent) => void): ApiClient {
  listener = createProxyListener({
    baseUrl: http.baseUrl,
    auth: auth(),
    basePath: '/api/pagewise',
    allowRequest: () => true,
  });
  return createApiClient({ baseUrl: `${served.origin}/api/pagewise`, ...(onEvent && { onEvent }) });
}

/** A browser client whose calls a server function answers with `serveListCall`, through a JSON round trip. */
function throughRpc(onEvent?: (event: ClientEvent) => void): ApiClient {
  const serverClient = createApiClient({ baseUrl: http.baseUrl, auth: auth() });
  const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return createRpcClient({
    call: async ({ data }) => overTheWire(await serveListCall(serverClient, overTheWire(data) as ListCall)),
    ...(onEvent && { onEvent }),
  });
}

const listRequests = () => mock.requests.filter((request) => request.resource !== 'token');

describe.each([
  ['the proxy', throughProxy],
  ['createRpcClient', throughRpc],
])('client.pages through %s', (_way, clientOf) => {
  it('yields every row once, in order, with one token for the whole walk', async () => {
    const pages = await collectPages(clientOf().pages<{ id: string }>('shares', { organizationId: acme, size: 100 }));
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5]);
    expect(idsOf(pages)).toEqual(mock.rows(acme, 'shares')!.map((row) => row.id));
    expect(listRequests().map((request) => request.page)).toEqual([0, 1, 2, 3, 4]);
    expect(mock.tokenRequests).toBe(1);
  });

  it("waits out the service's 429 and asks the page again", async () => {
    const events: ClientEvent[] = [];
    mock.fail({ status: 429, retryAfter: 0, resource: 'shares' });
    const pages = await collectPages(
      clientOf((event) => events.push(event)).pages('shares', { organizationId: globex, size: 10 }),
    );
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(listRequests().map((request) => request.status)).toEqual([429, 200, 200, 200]);
    expect(events.filter((event) => event.type === 'client-retry')).toHaveLength(1);
  });

  it('rejects with the typed error of a failure after the pages already yielded', async () => {
    const seen: number[] = [];
    const client = clientOf();
    const error = await (async () => {
      for await (const page of client.pages('shares', { organizationId: globex, size: 10 })) {
        seen.push(page.page);
        mock.fail({ status: 404, resource: 'shares' });
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1]);
    expect(isHttpError(error) && error.status).toBe(404);
  });

  it('asks up to `concurrency` pages at once and yields them in order', async () => {
    const lastArrived = createGate();
    let inFlight = 0;
    let most = 0;
    mock.setLatency(async ({ method, page }: MockLatencyRequest) => {
      if (method !== 'GET' || page === undefined || page === 0) return;
      most = Math.max(most, ++inFlight);
      // Page 2 answers only once page 3 was asked for: both are in flight together, and page 3 answers first.
      if (page === 2) lastArrived.release();
      if (page === 1) await lastArrived.held;
      inFlight -= 1;
    });
    const pages = await collectPages(
      clientOf().pages('shares', { organizationId: globex, size: 10 }, { concurrency: 2 }),
    );
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(most).toBe(2);
  });
});
