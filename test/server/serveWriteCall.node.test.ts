// Writes through a server function: createRpcClient's create, update and delete answered by serveWriteCall with the
// server's client against the mock service over real HTTP, every call and answer through JSON as a serializer carries them.
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isHttpError,
  isInvalidArgumentError,
  parseWriteCall,
  type ClientEvent,
  type WriteCall,
} from '../../src/client/index';
import { retryPolicy } from '../../src/hooks/retryPolicy';
import { clientCredentials, serveWriteCall, type ServeWriteCallOptions } from '../../src/server/index';
import { demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { errorRenderings } from '../client/expectNoSecrets';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import type { WriteCallAllow } from '../../src/server/serveWriteCall';

const { globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();
const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function serverClient() {
  const { clientId, clientSecret, scope } = mock.credentials;
  return createApiClient({
    baseUrl: http.baseUrl,
    auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
  });
}

const ALL: WriteCallAllow = { shares: ['POST', 'PATCH', 'PUT', 'DELETE'], environments: ['POST'] };

/** A browser client whose lists fail (unused) and whose writes serveWriteCall answers, through JSON. */
function rpcThrough(options: ServeWriteCallOptions = { allow: ALL }, onEvent?: (event: ClientEvent) => void) {
  const server = serverClient();
  const answers: string[] = [];
  const write = vi.fn(async ({ data }: { data: WriteCall; signal: AbortSignal }) => {
    const text = JSON.stringify(await serveWriteCall(server, overTheWire(data), options));
    answers.push(text);
    return JSON.parse(text) as unknown;
  });
  const client = createRpcClient({
    call: () => Promise.reject(new Error('no list calls here')),
    write,
    ...(onEvent && { onEvent }),
  });
  return { client, write, answers };
}

const writes = () => mock.requests.filter((r) => r.resource !== 'token' && r.method !== 'GET');

describe('writes through createRpcClient and serveWriteCall', () => {
  it('creates, changes, replaces and deletes rows as createApiClient does, one service request each', async () => {
    const { client } = rpcThrough();
    const created = await client.create<MockShare>('shares', {
      organizationId: globex,
      body: { name: 'via-function', protocol: 'NFS' },
    });
    expect(created).toMatchObject({ name: 'via-function', protocol: 'NFS', id: expect.any(String) });
    const [first, second] = mock.rows(globex, 'shares')!;
    const patched = await client.update('shares', { organizationId: globex, id: first!.id, body: { name: 'renamed' } });
    expect(patched).toEqual({ ...first, name: 'renamed' });
    const replaced = await client.update('shares', {
      organizationId: globex,
      id: first!.id,
      method: 'PUT',
      body: { name: 'replaced' },
    });
    expect(replaced).toEqual({ id: first!.id, name: 'replaced', createdAt: first!.createdAt });
    await expect(client.delete('shares', { organizationId: globex, id: second!.id })).resolves.toBeUndefined();
    expect(writes()).toMatchObject([
      { method: 'POST', status: 201 },
      { method: 'PATCH', status: 200, id: first!.id },
      { method: 'PUT', status: 200, id: first!.id },
      { method: 'DELETE', status: 204, id: second!.id },
    ]);
    const page = await serverClient().listShares({ organizationId: globex, page: 1, size: 30 });
    expect(page.items.map((row) => row.id)).not.toContain(second!.id);
    expect(page.items).toContainEqual(created);
  });

  it('refuses every write by default, and methods allow does not name, 403 without asking the service', async () => {
    const [first] = mock.rows(globex, 'shares')!;
    const refused = [
      await rpcThrough({})
        .client.delete('shares', { organizationId: globex, id: first!.id })
        .catch((e: unknown) => e),
      await rpcThrough({ allow: { shares: ['PATCH'] } })
        .client.delete('shares', { organizationId: globex, id: first!.id })
        .catch((e: unknown) => e),
      await rpcThrough({ allow: { shares: ['DELETE'] } })
        .client.create('environments', { organizationId: globex, body: { name: 'x' } })
        .catch((e: unknown) => e),
      await rpcThrough({ allow: () => false })
        .client.update('shares', { organizationId: globex, id: first!.id, body: { name: 'y' } })
        .catch((e: unknown) => e),
    ];
    for (const error of refused) {
      expect(isHttpError(error) && error.status).toBe(403);
      expect(retryPolicy.retry(0, error)).toBe(false);
    }
    expect(writes()).toEqual([]);
  });

  it('lets an allow function judge the call it was sent (a session check)', async () => {
    const seen: WriteCall[] = [];
    const [first] = mock.rows(globex, 'shares')!;
    const { client } = rpcThrough({ allow: async (call) => (seen.push(call), call.method === 'DELETE') });
    await client.delete('shares', { organizationId: globex, id: first!.id, ifMatch: '"v1"' });
    expect(seen).toStrictEqual([
      { method: 'DELETE', resource: 'shares', organizationId: globex, id: first!.id, ifMatch: '"v1"' },
    ]);
  });

  it.each([
    ['400 for a body that is not an object', 'create', { body: [1] }, 400],
    ['404 for a row that is not there', 'delete', { id: 'no-such-row' }, 404],
    ['409 for a name already taken', 'create', { body: { name: 'globex-finance-00001' } }, 409],
    ['422 for an invalid field, naming it', 'create', { body: { name: '' } }, 422],
  ] as const)(
    'rebuilds the service’s %s as an HttpError with the problem’s safe fields',
    async (_, call, params, status) => {
      const { client, answers } = rpcThrough();
      const error = await (client[call] as (r: string, p: object) => Promise<unknown>)('shares', {
        organizationId: globex,
        ...params,
      }).catch((e: unknown) => e);
      expect(isHttpError(error)).toBe(true);
      expect(error).toMatchObject({ status, method: call === 'create' ? 'POST' : 'DELETE', url: undefined });
      const body = (error as { body: Record<string, unknown> }).body;
      expect(body).toMatchObject({
        type: 'about:blank',
        status,
        title: expect.any(String),
        detail: expect.any(String),
      });
      // The problem's instance is the service's path: it stays on the server.
      expect(body).not.toHaveProperty('instance');
      if (status === 422) expect(body.errors).toEqual([{ field: 'name', message: expect.any(String) }]);
      const c = mock.credentials;
      for (const text of [...answers, ...errorRenderings(error)]) {
        for (const secret of [c.clientSecret, c.apiToken, c.apiSecret!]) expect(text.includes(secret)).toBe(false);
        expect(text.includes(http.baseUrl), 'the service’s URL crossed').toBe(false);
        expect(/bearer /i.test(text), 'a token crossed').toBe(false);
      }
    },
  );

  it('sends a generated Idempotency-Key that crosses as the key, and a retried POST makes one row', async () => {
    const { client, write } = rpcThrough();
    mock.fail({ status: 503, method: 'POST', retryAfter: 0 });
    const created = await client.create<MockShare>('shares', {
      organizationId: globex,
      body: { name: 'once-only' },
      idempotencyKey: true,
      retry: 1,
    });
    expect(created).toMatchObject({ name: 'once-only' });
    const [{ data }] = write.mock.calls[0]!;
    expect(data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.retry).toBe(1);
    expect(writes().map((r) => r.status)).toEqual([503, 201]);
    expect(mock.rows(globex, 'shares')!.filter((row) => row.name === 'once-only')).toHaveLength(1);
  });

  it('sends a write again no more than maxRetry times, whatever retry the browser asked for', async () => {
    const [first] = mock.rows(globex, 'shares')!;
    mock.fail({ status: 503, method: 'DELETE', retryAfter: 0, times: Infinity });
    const { client } = rpcThrough({ allow: ALL, maxRetry: 1 });
    const error = await client
      .delete('shares', { organizationId: globex, id: first!.id, retry: 50 })
      .catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(503);
    expect(writes().map((r) => r.status)).toEqual([503, 503]);
  });

  it('tells onEvent the write’s request, response and error with its method, as createApiClient does', async () => {
    const events: ClientEvent[] = [];
    const { client } = rpcThrough(undefined, (event) => events.push(event));
    await client.delete('shares', { organizationId: globex, id: 'no-such-row' }).catch(() => undefined);
    expect(events).toMatchObject([
      { type: 'client-request', resource: 'shares', method: 'DELETE' },
      { type: 'client-response', resource: 'shares', method: 'DELETE', status: 404 },
      { type: 'client-error', resource: 'shares', method: 'DELETE', errorName: 'HttpError', status: 404 },
    ]);
  });
});

describe('write calls are checked as the client’s writes are', () => {
  it.each([
    ['id', 'delete', { id: '..' }],
    ['id', 'delete', { id: 'a/b' }],
    ['id', 'update', { id: '', body: {} }],
    ['body', 'create', { body: 'text' }],
    ['organizationId', 'create', { organizationId: 'a/b', body: {} }],
    ['retry', 'create', { body: {}, retry: 2 }],
  ] as const)('refuses a bad `%s` before any call', async (argument, call, params) => {
    const { client, write } = rpcThrough();
    const error = await (client[call] as (r: string, p: object) => Promise<unknown>)('shares', {
      organizationId: globex,
      ...params,
    }).catch((e: unknown) => e);
    expect(isInvalidArgumentError(error) && error.argument).toBe(argument);
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses writes with the `write` argument error when createRpcClient was given no write function', async () => {
    const call = vi.fn();
    const client = createRpcClient({ call });
    const error = await client.delete('shares', { organizationId: globex, id: 'row' }).catch((e: unknown) => e);
    expect(isInvalidArgumentError(error) && error.argument).toBe('write');
    expect(call).not.toHaveBeenCalled();
  });

  it.each([
    ['call', null],
    ['method', { method: 'GET', resource: 'shares', organizationId: globex }],
    ['resource', { method: 'POST', resource: '../admin', organizationId: globex, body: {} }],
    ['id', { method: 'DELETE', resource: 'shares', organizationId: globex, id: '%2e%2e' }],
    ['body', { method: 'PATCH', resource: 'shares', organizationId: globex, id: 'r1' }],
    ['idempotencyKey', { method: 'POST', resource: 'shares', organizationId: globex, body: {}, idempotencyKey: true }],
  ])('parseWriteCall refuses a crossed call with a bad `%s`', (argument, input) => {
    try {
      parseWriteCall(input);
      expect.unreachable('parseWriteCall accepted it');
    } catch (error) {
      expect(isInvalidArgumentError(error) && error.argument).toBe(argument);
    }
  });

  it('parseWriteCall keeps only the call’s fields, and a DELETE’s body is dropped', () => {
    expect(
      parseWriteCall({ method: 'DELETE', resource: 'shares', organizationId: globex, id: 'r1', body: {}, x: 1 }),
    ).toStrictEqual({ method: 'DELETE', resource: 'shares', organizationId: globex, id: 'r1' });
  });

  it('serveWriteCall refuses a call parseWriteCall would, and an unusable allow, by throwing', async () => {
    const server = serverClient();
    const bad = { method: 'DELETE', resource: 'shares', organizationId: globex, id: 'a/b' } as WriteCall;
    await expect(serveWriteCall(server, bad, { allow: ALL })).rejects.toMatchObject({ argument: 'id' });
    const good = { method: 'DELETE', resource: 'shares', organizationId: globex, id: 'r1' } as WriteCall;
    await expect(serveWriteCall(server, good, { allow: { shares: ['GET'] } as never })).rejects.toMatchObject({
      argument: 'allow.shares',
    });
    expect(writes()).toEqual([]);
  });
});
