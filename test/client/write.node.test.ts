import { beforeEach, describe, expect, it } from 'vitest';
import {
  createApiClient,
  isHttpError,
  isInvalidArgumentError,
  isNetworkError,
  isTimeoutError,
  type ClientEvent,
} from '../../src/client/index';
import { apiAccountToken, clientCredentials } from '../../src/server/index';
import { demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import { tokenRecordingFetch, type TokenRecordingFetch } from '../helpers/tokenRecordingFetch';
import { expectNoSecrets } from './expectNoSecrets';
import { createGate } from '../helpers/createGate';

// The client's writes against the mock service over real HTTP on 127.0.0.1, with both authentication schemes.

const { globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();
let recorder: TokenRecordingFetch;
let events: ClientEvent[];
beforeEach(() => {
  recorder = tokenRecordingFetch();
  events = [];
});

const secrets = () => [mock.credentials.clientSecret, mock.credentials.apiToken, ...recorder.tokens];

function oauthClient() {
  const { clientId, clientSecret, scope } = mock.credentials;
  return createApiClient({
    baseUrl: http.baseUrl,
    auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
    fetch: recorder.fetch,
    onEvent: (event) => events.push(event),
  });
}

function basicClient() {
  const { accountId, apiToken } = mock.credentials;
  return createApiClient({
    baseUrl: http.baseUrl,
    auth: apiAccountToken({ accountId, apiToken }),
    fetch: recorder.fetch,
  });
}

const writes = () => mock.requests.filter((r) => r.resource !== 'token' && r.method !== 'GET');

describe('create, update and delete', () => {
  it('creates a row with POST and JSON, and the service lists it on its last page', async () => {
    const created = await oauthClient().create<MockShare>('shares', {
      organizationId: globex,
      body: { name: 'new-share', protocol: 'NFS' },
    });
    expect(created).toMatchObject({ name: 'new-share', protocol: 'NFS', id: expect.any(String) });
    const page = await oauthClient().listShares({ organizationId: globex, page: 3, size: 10 });
    expect(page.total).toBe(24);
    expect(page.items.at(-1)).toEqual(created);
    expect(writes()).toMatchObject([{ method: 'POST', status: 201, authorization: 'Bearer' }]);
  });

  it('changes a row with PATCH and replaces it with PUT, each answered with the row', async () => {
    const [first] = mock.rows(globex, 'shares')!;
    const client = basicClient();
    const patched = await client.update('shares', { organizationId: globex, id: first!.id, body: { name: 'renamed' } });
    expect(patched).toEqual({ ...first, name: 'renamed' });
    const replaced = await client.update('shares', {
      organizationId: globex,
      id: first!.id,
      method: 'PUT',
      body: { name: 'replaced' },
    });
    expect(replaced).toEqual({ id: first!.id, name: 'replaced', createdAt: first!.createdAt });
    expect(writes()).toMatchObject([
      { method: 'PATCH', status: 200, authorization: 'Basic', id: first!.id },
      { method: 'PUT', status: 200, authorization: 'Basic', id: first!.id },
    ]);
  });

  it('deletes a row with DELETE, resolving to nothing, and every page lists one row fewer', async () => {
    const [, second] = mock.rows(globex, 'shares')!;
    await expect(oauthClient().delete('shares', { organizationId: globex, id: second!.id })).resolves.toBeUndefined();
    const page = await oauthClient().listShares({ organizationId: globex, page: 1, size: 30 });
    expect(page.total).toBe(22);
    expect(page.items.map((row) => row.id)).not.toContain(second!.id);
  });

  it('renews a token the service rejects (401) and sends the write once more, body and all', async () => {
    const client = oauthClient();
    await client.listShares({ organizationId: globex, page: 1, size: 1 });
    mock.expireTokens();
    const created = await client.create('environments', { organizationId: globex, body: { name: 'staging-2' } });
    expect(created).toMatchObject({ name: 'staging-2' });
    expect(writes().map((r) => r.status)).toEqual([401, 201]);
    expect(mock.rows(globex, 'environments')).toHaveLength(4);
    expect(events.filter((e) => e.type === 'client-request' && e.method === 'POST')).toHaveLength(2);
  });
});

describe('errors carry the service problem, never a secret', () => {
  it.each([
    ['400 for a body that is not an object', 'create', { body: [1] }, 400],
    ['404 for a row that is not there', 'delete', { id: 'no-such-row' }, 404],
    ['409 for a name already taken', 'create', { body: { name: 'globex-finance-00001' } }, 409],
    ['422 for an invalid field, naming it', 'create', { body: { name: '' } }, 422],
  ] as const)('%s', async (_name, call, params, status) => {
    const client = oauthClient();
    const error = await (client[call] as (r: string, p: object) => Promise<unknown>)('shares', {
      organizationId: globex,
      ...params,
    }).catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status, method: call === 'create' ? 'POST' : 'DELETE' });
    expect((error as { body: unknown }).body).toMatchObject({
      status,
      title: expect.any(String),
      detail: expect.any(String),
    });
    if (status === 422)
      expect((error as { body: { errors: unknown } }).body.errors).toEqual([
        { field: 'name', message: expect.any(String) },
      ]);
    expectNoSecrets(error, secrets());
    expect(events.at(-1)).toEqual({
      type: 'client-error',
      resource: 'shares',
      errorName: 'HttpError',
      status,
      method: call === 'create' ? 'POST' : 'DELETE',
    });
  });
});

describe('retries', () => {
  it('never sends a write twice by default, even after a 503', async () => {
    mock.fail({ status: 503, method: 'DELETE', retryAfter: 0 });
    const [row] = mock.rows(globex, 'shares')!;
    const error = await oauthClient()
      .delete('shares', { organizationId: globex, id: row!.id })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(writes()).toHaveLength(1);
  });

  it('sends a DELETE again after a 503 when the caller opts in', async () => {
    mock.fail({ status: 503, method: 'DELETE', retryAfter: 0 });
    const [row] = mock.rows(globex, 'shares')!;
    await oauthClient().delete('shares', { organizationId: globex, id: row!.id, retry: 2 });
    expect(writes().map((r) => r.status)).toEqual([503, 204]);
    expect(events).toContainEqual({ type: 'client-retry', resource: 'shares', reason: 'outage', delayMs: 0 });
  });

  it('does not repeat a refusal (409) however many retries were asked for', async () => {
    const error = await oauthClient()
      .update('shares', {
        organizationId: globex,
        id: mock.rows(globex, 'shares')![0]!.id,
        method: 'PUT',
        body: { name: 'globex-projects-00002' },
        retry: 3,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409 });
    expect(writes()).toHaveLength(1);
  });

  it('refuses retries of a POST without an Idempotency-Key, before any request', async () => {
    const error = await oauthClient()
      .create('shares', { organizationId: globex, body: { name: 'x' }, retry: 1 })
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(error).toMatchObject({ argument: 'retry' });
    expect(mock.requests).toHaveLength(0);
  });

  it('retries a POST with a generated Idempotency-Key, the same on each attempt, making one row', async () => {
    mock.fail({ status: 'network', method: 'POST' });
    const sent: string[] = [];
    const { clientId, clientSecret, scope } = mock.credentials;
    const client = createApiClient({
      baseUrl: http.baseUrl,
      auth: clientCredentials({ authUrl: http.authUrl, clientId, clientSecret, scope }),
      fetch: (input, init) => {
        const key = new Headers(init?.headers).get('Idempotency-Key');
        if (key) sent.push(key);
        return fetch(input, init);
      },
    });
    const created = await client.create('shares', {
      organizationId: globex,
      body: { name: 'once' },
      idempotencyKey: true,
      retry: 1,
    });
    expect(created).toMatchObject({ name: 'once' });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(mock.rows(globex, 'shares')!.filter((row) => row.name === 'once')).toHaveLength(1);
  });

  it('answers a repeated create with the same Idempotency-Key as the first, making no second row', async () => {
    const client = oauthClient();
    const one = await client.create('shares', { organizationId: globex, body: { name: 'dup' }, idempotencyKey: 'k-1' });
    const two = await client.create('shares', { organizationId: globex, body: { name: 'dup' }, idempotencyKey: 'k-1' });
    expect(two).toEqual(one);
    expect(mock.rows(globex, 'shares')).toHaveLength(24);
  });

  it('gives up on a network error with the NetworkError when no retry was asked for', async () => {
    mock.fail({ status: 'network', method: 'PATCH' });
    const error = await oauthClient()
      .update('shares', { organizationId: globex, id: mock.rows(globex, 'shares')![0]!.id, body: { name: 'n' } })
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ method: 'PATCH' });
  });
});

describe('bad arguments are refused before any request', () => {
  it.each([
    ['an id with a slash', { id: 'a/b' }, 'id'],
    ['the id ..', { id: '..' }, 'id'],
    ['the id .', { id: '.' }, 'id'],
    ['an empty id', { id: '' }, 'id'],
    ['a percent-encoded slash', { id: '%2F' }, 'id'],
    ['a percent-encoded dot segment', { id: '%2e%2e' }, 'id'],
    ['a backslash', { id: 'a\\b' }, 'id'],
    ['a query in the id', { id: 'a?x=1' }, 'id'],
    ['a fragment in the id', { id: 'a#b' }, 'id'],
    ['a space', { id: 'a b' }, 'id'],
    ['a number', { id: 7 }, 'id'],
    ['an organization that is not a UUID', { id: 'ok', organizationId: '../x' }, 'organizationId'],
    ['a body that JSON cannot write', { id: 'ok', body: { n: 1n } }, 'body'],
    ['a body that is not an object', { id: 'ok', body: 'text' }, 'body'],
    ['an Idempotency-Key with a line break', { id: 'ok', idempotencyKey: 'a\nb' }, 'idempotencyKey'],
    ['a method other than PATCH or PUT', { id: 'ok', method: 'DELETE' }, 'method'],
    ['a negative retry', { id: 'ok', retry: -1 }, 'retry'],
  ])('%s', async (_name, extra, argument) => {
    const error = await oauthClient()
      .update('shares', { organizationId: globex, body: { name: 'n' }, ...(extra as object) } as never)
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(error).toMatchObject({ argument, name: 'TypeError' });
    expect(mock.requests).toHaveLength(0);
  });

  it('refuses a resource that is not a path segment', async () => {
    const error = await oauthClient()
      .delete('shares/x', { organizationId: globex, id: 'a' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ argument: 'resource' });
    expect(mock.requests).toHaveLength(0);
  });
});

describe('timeouts and abort', () => {
  it('ends a write held past timeoutMs with a TimeoutError naming its method, retries included', async () => {
    const gate = createGate();
    mock.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    const { accountId, apiToken } = mock.credentials;
    const client = createApiClient({
      baseUrl: http.baseUrl,
      auth: apiAccountToken({ accountId, apiToken }),
      timeoutMs: 200,
    });
    const error = await client
      .delete('shares', { organizationId: globex, id: mock.rows(globex, 'shares')![0]!.id, retry: 3 })
      .catch((e: unknown) => e);
    gate.release();
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ method: 'DELETE', timeoutMs: 200 });
  });

  it("rejects with the caller's abort reason, and an aborted signal sends nothing", async () => {
    const gate = createGate();
    mock.setLatency(({ method }) => (method === 'PATCH' ? gate.held : 0));
    const controller = new AbortController();
    const id = mock.rows(globex, 'shares')![0]!.id;
    const pending = basicClient().update('shares', {
      organizationId: globex,
      id,
      body: { name: 'n' },
      signal: controller.signal,
    });
    await expect.poll(() => mock.requests.length).toBe(1);
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
    gate.release();
    const before = mock.requests.length;
    await expect(
      basicClient().delete('shares', { organizationId: globex, id, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(mock.requests).toHaveLength(before);
  });
});
