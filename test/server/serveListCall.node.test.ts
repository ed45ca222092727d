// serveListCall answering createRpcClient, the server's client against the mock service over real HTTP, every call
// and answer through JSON as a server function's serializer carries them.
import { describe, expect, it } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isAuthError,
  isHttpError,
  isResponseShapeError,
  type ListCall,
} from '../../src/client/index';
import { retryPolicy } from '../../src/hooks/retryPolicy';
import { clientCredentials, serveListCall } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { errorRenderings } from '../client/expectNoSecrets';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';

const { acme, globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();

/** What a serializer that keeps only an error's message (TanStack Start's for thrown errors) gives the browser. */
const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** The server's client against the mock service over HTTP, with the mock's demo client credentials. */
function serverClient() {
  const { clientId, clientSecret, scope } = mock.credentials;
  return createApiClient({
    baseUrl: http.baseUrl,
    auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
  });
}

/** A browser client whose calls `serveListCall` answers with `server`, through a JSON round trip. */
function rpcThrough(server = serverClient(), allow?: (call: ListCall) => boolean) {
  return createRpcClient({
    call: async ({ data }) =>
      overTheWire(await serveListCall(server, overTheWire(data) as ListCall, allow ? { allow } : {})),
  });
}

describe('serveListCall and createRpcClient against the mock service over HTTP, through JSON', () => {
  it('lists the page the service answers, as createApiClient does', async () => {
    const params = { organizationId: globex, page: 2, size: 10 };
    const viaRpc = await rpcThrough().listShares(params);
    const direct = await serverClient().listShares(params);
    expect(viaRpc).toStrictEqual(overTheWire(direct));
    expect(viaRpc.items).toHaveLength(10);
  });

  it('answers a refused call 403 without asking the service, and the retry policy does not retry it', async () => {
    const from = mock.requests.length;
    const error = await rpcThrough(serverClient(), (call) => call.organizationId === acme)
      .listShares({ organizationId: globex, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(403);
    expect(retryPolicy.retry(0, error)).toBe(false);
    expect(mock.requests.length).toBe(from);
  });

  it('refuses by default a resource beyond shares and environments, without asking the service', async () => {
    const from = mock.requests.length;
    const error = await rpcThrough()
      .list('users', { organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(403);
    expect(mock.requests.length).toBe(from);
  });

  it('rebuilds the service’s 503 as an HttpError with its Retry-After, which the retry policy waits for', async () => {
    mock.fail({ status: 503, retryAfter: 7 });
    const error = await rpcThrough()
      .listShares({ organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 7000, url: undefined });
    expect(retryPolicy.retryDelay(0, error)).toBe(7000);
  });

  it('rebuilds a refused token as an AuthError with its code, which the retry policy does not retry', async () => {
    const { clientId, scope } = mock.credentials;
    const server = createApiClient({
      baseUrl: http.baseUrl,
      auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret: 'wrong-secret-value', scope }),
    });
    const error = await rpcThrough(server)
      .listShares({ organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect((error as { error?: string }).error).toBe('invalid_client');
    expect(retryPolicy.retry(0, error)).toBe(false);
  });

  it('rebuilds a body that is no page as a ResponseShapeError', async () => {
    mock.fail({ status: 'malformed-json' });
    const error = await rpcThrough()
      .listShares({ organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
  });

  it('sends the browser no secret, token, service URL or body in an answer or a rebuilt error', async () => {
    const answers: string[] = [];
    const server = serverClient();
    const client = createRpcClient({
      call: async ({ data }) => {
        const text = JSON.stringify(await serveListCall(server, data));
        answers.push(text);
        return JSON.parse(text) as unknown;
      },
    });
    mock.fail({ status: 500 });
    const error = await client.listShares({ organizationId: acme, page: 1, size: 20 }).catch((e: unknown) => e);
    await client.listShares({ organizationId: acme, page: 1, size: 20 });
    const c = mock.credentials;
    const secrets = [c.clientSecret, c.apiToken, c.apiSecret!];
    for (const text of [...answers, ...errorRenderings(error)]) {
      for (const secret of secrets) expect(text.includes(secret), 'a secret crossed').toBe(false);
      expect(text.includes(http.baseUrl), 'the service’s URL crossed').toBe(false);
      expect(/bearer /i.test(text), 'a token crossed').toBe(false);
    }
  });

  it('aborts the service call when the request that carried it goes away, and answers AbortError', async () => {
    const controller = new AbortController();
    // As Node's HTTP server has it: the reason is an `aborted` error, no AbortError.
    mock.setLatency(() => (controller.abort(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })), 50));
    const answer = await serveListCall(
      serverClient(),
      { resource: 'shares', organizationId: acme, page: 1, size: 20 },
      { signal: controller.signal },
    );
    expect(answer).toStrictEqual({ error: { kind: 'AbortError' } });
  });

  it('throws what is no failure of the request, such as a bug in `allow`', async () => {
    const bug = new Error('allow crashed');
    await expect(
      serveListCall(
        serverClient(),
        { resource: 'shares', organizationId: acme, page: 1, size: 20 },
        {
          allow: () => {
            throw bug;
          },
        },
      ),
    ).rejects.toBe(bug);
  });
});
