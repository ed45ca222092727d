import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isAuthError,
  isHttpError,
  isInvalidArgumentError,
  isNetworkError,
  isResponseShapeError,
  isTimeoutError,
  parseListCall,
  type ClientEvent,
  type ListCall,
  type Page,
} from '../../src/client/index';
import { retryPolicy } from '../../src/hooks/retryPolicy';
import { clientCredentials, serveListCall } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import { errorRenderings } from './expectNoSecrets';

const { acme, globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();

const page: Page<{ id: string }> = {
  items: [{ id: 'a' }],
  total: 1,
  pageIndex: 0,
  pageSize: 20,
  pageCount: 1,
  hasNext: false,
  hasPrevious: false,
};

/** A `call` that records what it was given and answers `answer`. */
function recordingCall(answer: unknown = { page }) {
  const calls: Array<{ data: ListCall; signal: AbortSignal }> = [];
  const call = vi.fn(async (request: { data: ListCall; signal: AbortSignal }) => {
    calls.push(request);
    return answer;
  });
  return { call, calls };
}

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

describe('createRpcClient: checks its arguments before any call', () => {
  it.each([
    ['call', {}],
    ['call', { call: 'listPage' }],
    ['id', { call: async () => ({}), id: 42 }],
    ['timeoutMs', { call: async () => ({}), timeoutMs: -1 }],
    ['onEvent', { call: async () => ({}), onEvent: 'log' }],
  ])('refuses a bad `%s` with the argument error naming it', (argument, options) => {
    const make = () => createRpcClient(options as never);
    expect(make).toThrow(TypeError);
    try {
      make();
    } catch (error) {
      expect(isInvalidArgumentError(error)).toBe(true);
      expect((error as { argument: string }).argument).toBe(argument);
    }
  });

  it.each([
    ['resource', undefined, { organizationId: acme, page: 0, size: 20 }],
    ['resource', 'a/b', { organizationId: acme, page: 0, size: 20 }],
    ['organizationId', 'shares', { organizationId: 'acme', page: 0, size: 20 }],
    ['page', 'shares', { organizationId: acme, page: -1, size: 20 }],
    ['size', 'shares', { organizationId: acme, page: 0, size: 0 }],
    ['sort', 'shares', { organizationId: acme, page: 0, size: 20, sort: 'name' }],
    ['signal', 'shares', { organizationId: acme, page: 0, size: 20, signal: {} }],
  ])('rejects a list call with a bad `%s` without calling', async (argument, resource, params) => {
    const { call } = recordingCall();
    const error = await createRpcClient({ call })
      .list(resource as never, params as never)
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect((error as { argument: string }).argument).toBe(argument);
    expect(call).not.toHaveBeenCalled();
  });
});

describe('createRpcClient: the call and its answer', () => {
  it('calls with the list call as plain data, the signal beside it, and resolves to the page', async () => {
    const { call, calls } = recordingCall();
    const client = createRpcClient({ call });
    const result = await client.listShares({
      organizationId: acme,
      page: 2,
      size: 50,
      sort: [{ id: 'name', desc: true }],
      filters: { protocol: ['SMB'] },
      signal: new AbortController().signal,
    });
    expect(result).toStrictEqual(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.data).toStrictEqual({
      resource: 'shares',
      organizationId: acme,
      page: 2,
      size: 50,
      sort: [{ id: 'name', desc: true }],
      filters: { protocol: ['SMB'] },
    });
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(client.id).toBe('default');
  });

  it('takes an `id` for its query keys', () => {
    expect(createRpcClient({ call: async () => ({ page }), id: 'user-7' }).id).toBe('user-7');
  });

  it('rejects an answer that is neither a page nor a failure with a ResponseShapeError naming its keys', async () => {
    const error = await createRpcClient({ call: async () => ({ rows: [] }) })
      .listShares({ organizationId: acme, page: 0, size: 20 })
      .catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expect((error as { keys: string[] }).keys).toStrictEqual(['rows']);
  });

  it('turns a call that rejects into a NetworkError of the call, which the retry policy retries', async () => {
    const error = await createRpcClient({ call: async () => Promise.reject(new Error('HTTPError')) })
      .listShares({ organizationId: acme, page: 0, size: 20 })
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe('shares failed: no answer');
    expect(retryPolicy.retry(0, error)).toBe(true);
  });

  it('rejects with the caller’s abort reason, not a NetworkError, when the caller aborts', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const client = createRpcClient({
      call: ({ signal }) => {
        seen = signal;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('fetch aborted'))));
      },
    });
    const pending = client.listShares({ organizationId: acme, page: 0, size: 20, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(seen?.aborted).toBe(true);
  });

  it('rejects with a TimeoutError when no answer comes within `timeoutMs`, and aborts the call', async () => {
    let seen: AbortSignal | undefined;
    const client = createRpcClient({
      timeoutMs: 5,
      call: ({ signal }) => {
        seen = signal;
        return new Promise(() => {});
      },
    });
    const error = await client.listShares({ organizationId: acme, page: 0, size: 20 }).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect((error as { timeoutMs: number }).timeoutMs).toBe(5);
    expect(seen?.aborted).toBe(true);
  });

  it('tells onEvent the call, its answer and its error, never the organization', async () => {
    const events: ClientEvent[] = [];
    const answers = [{ page }, { error: { kind: 'HttpError', status: 503 } }];
    const client = createRpcClient({ call: async () => answers.shift(), onEvent: (e) => events.push(e) });
    await client.listShares({ organizationId: acme, page: 0, size: 20 });
    await client.listShares({ organizationId: acme, page: 0, size: 20 }).catch(() => undefined);
    expect(events.map((e) => ('status' in e ? `${e.type} ${e.status}` : e.type))).toStrictEqual([
      'client-request',
      'client-response 200',
      'client-request',
      'client-response 503',
      'client-error 503',
    ]);
    expect(JSON.stringify(events)).not.toContain(acme);
  });
});

describe('parseListCall', () => {
  it('keeps only the call’s fields', () => {
    expect(
      parseListCall({ resource: 'shares', organizationId: acme, page: 0, size: 20, signal: 'x', extra: 1 }),
    ).toStrictEqual({ resource: 'shares', organizationId: acme, page: 0, size: 20 });
  });

  it.each([
    ['call', null],
    ['call', [1]],
    ['resource', { organizationId: acme, page: 0, size: 20 }],
    ['organizationId', { resource: 'shares', organizationId: '../admin', page: 0, size: 20 }],
    ['page', { resource: 'shares', organizationId: acme, page: 1.5, size: 20 }],
    ['filters.page', { resource: 'shares', organizationId: acme, page: 0, size: 20, filters: { page: 2 } }],
  ])('refuses a call with a bad `%s`', (argument, input) => {
    try {
      parseListCall(input);
      expect.unreachable('parseListCall accepted it');
    } catch (error) {
      expect(isInvalidArgumentError(error)).toBe(true);
      expect((error as { argument: string }).argument).toBe(argument);
    }
  });
});

describe('serveListCall and createRpcClient against the mock service over HTTP, through JSON', () => {
  it('lists the page the service answers, as createApiClient does', async () => {
    const params = { organizationId: globex, page: 1, size: 10 };
    const viaRpc = await rpcThrough().listShares(params);
    const direct = await serverClient().listShares(params);
    expect(viaRpc).toStrictEqual(overTheWire(direct));
    expect(viaRpc.items).toHaveLength(10);
  });

  it('answers a refused call 403 without asking the service, and the retry policy does not retry it', async () => {
    const from = mock.requests.length;
    const error = await rpcThrough(serverClient(), (call) => call.organizationId === acme)
      .listShares({ organizationId: globex, page: 0, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(403);
    expect(retryPolicy.retry(0, error)).toBe(false);
    expect(mock.requests.length).toBe(from);
  });

  it('refuses by default a resource beyond shares and environments, without asking the service', async () => {
    const from = mock.requests.length;
    const error = await rpcThrough()
      .list('users', { organizationId: acme, page: 0, size: 20 })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(403);
    expect(mock.requests.length).toBe(from);
  });

  it('rebuilds the service’s 503 as an HttpError with its Retry-After, which the retry policy waits for', async () => {
    mock.fail({ status: 503, retryAfter: 7 });
    const error = await rpcThrough()
      .listShares({ organizationId: acme, page: 0, size: 20 })
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
      .listShares({ organizationId: acme, page: 0, size: 20 })
      .catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect((error as { error?: string }).error).toBe('invalid_client');
    expect(retryPolicy.retry(0, error)).toBe(false);
  });

  it('rebuilds a body that is no page as a ResponseShapeError', async () => {
    mock.fail({ status: 'malformed-json' });
    const error = await rpcThrough()
      .listShares({ organizationId: acme, page: 0, size: 20 })
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
    const error = await client.listShares({ organizationId: acme, page: 0, size: 20 }).catch((e: unknown) => e);
    await client.listShares({ organizationId: acme, page: 0, size: 20 });
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
      { resource: 'shares', organizationId: acme, page: 0, size: 20 },
      { signal: controller.signal },
    );
    expect(answer).toStrictEqual({ error: { kind: 'AbortError' } });
  });

  it('throws what is no failure of the request, such as a bug in `allow`', async () => {
    const bug = new Error('allow crashed');
    await expect(
      serveListCall(
        serverClient(),
        { resource: 'shares', organizationId: acme, page: 0, size: 20 },
        {
          allow: () => {
            throw bug;
          },
        },
      ),
    ).rejects.toBe(bug);
  });
});
