import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, type BearerTokenOptions } from '../../src/client/index';
import { createGate } from '../helpers/createGate';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG, springPage } from './fixtures';

const TOKEN = 'brw_5d1e9a7c3b8f2e6a4c0d';
const params = { organizationId: ORG, page: 1, size: 20 };

const server = localServerForFile(() => ({ body: springPage([], 0) }));

describe('bearerToken', () => {
  it('sends Authorization: Bearer <token> with a string from getToken, asked again for each request', async () => {
    let calls = 0;
    const client = createApiClient({ baseUrl: server.origin, auth: bearerToken(() => `${TOKEN}-${++calls}`) });
    await client.listShares(params);
    await client.listEnvironments(params);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}-1`, `Bearer ${TOKEN}-2`]);
  });

  it('makes one getToken call for 100 concurrent requests and caches a token response', async () => {
    let calls = 0;
    const auth = bearerToken(async () => {
      calls += 1;
      return { access_token: TOKEN, expires_in: 3600, token_type: 'bearer' };
    });
    const client = createApiClient({ baseUrl: server.origin, auth });
    await Promise.all(Array.from({ length: 100 }, (_, i) => client.listShares({ ...params, page: i + 1 })));
    await client.listShares(params);
    expect(calls).toBe(1);
    expect(server.requests).toHaveLength(101);
    expect(new Set(server.requests.map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
  });

  it('renews a token response when expires_in minus the leeway has passed', async () => {
    let time = 0;
    let calls = 0;
    const auth = bearerToken(() => ({ access_token: `${TOKEN}-${++calls}`, expires_in: 300 }), {
      leewaySeconds: 60,
      now: () => time,
    });
    const client = createApiClient({ baseUrl: server.origin, auth });
    await client.listShares(params);
    time = 239_999;
    await client.listShares(params);
    time = 240_000;
    await client.listShares(params);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${TOKEN}-1`,
      `Bearer ${TOKEN}-1`,
      `Bearer ${TOKEN}-2`,
    ]);
  });

  it('honours only its declared options: an option of the token cache it does not declare (onEvent) is ignored', async () => {
    const events: unknown[] = [];
    const options = { id: 'user-1', onEvent: (event: unknown) => events.push(event) } as BearerTokenOptions;
    const auth = bearerToken(() => ({ access_token: TOKEN, expires_in: 300 }), options);
    await createApiClient({ baseUrl: server.origin, auth }).listShares(params);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
    expect(auth.id).toBe('user-1');
    expect(events).toEqual([]);
  });

  it('gives getToken an abort signal that callers aborting does not trip', async () => {
    let seen: AbortSignal | undefined;
    const gate = createGate();
    const auth = bearerToken(async ({ signal }) => {
      seen = signal;
      await gate.held;
      return { access_token: TOKEN, expires_in: 60 };
    });
    const client = createApiClient({ baseUrl: server.origin, auth });
    const controller = new AbortController();
    const leaving = client.listShares({ ...params, signal: controller.signal });
    const staying = client.listShares(params);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    gate.release();
    await expect(staying).resolves.toMatchObject({ total: 0 });
    expect(seen?.aborted).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['', '`access_token` is not a non-empty string'],
    [{ access_token: TOKEN, expires_in: -5 }, '`expires_in` is not a positive number'],
    [{ access_token: TOKEN, expires_in: 60, token_type: 'mac' }, '`token_type` is not "Bearer"'],
    [{ access_token: TOKEN, expires_in: 60, token_type: TOKEN }, '`token_type` is not "Bearer"'],
  ])('rejects getToken result %j with a TypeError that does not quote the token', async (value, problem) => {
    const client = createApiClient({ baseUrl: server.origin, auth: bearerToken(() => value as string) });
    const error = await client.listShares(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(`pagewise: \`getToken\` must return a token or a token response: ${problem}`);
    expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'getToken' });
    expect(server.requests).toHaveLength(0);
    expectNoSecrets(error, [TOKEN]);
  });

  it('uses a token response without expires_in (RFC 6749: optional) like a string: asked again for the next request', async () => {
    let calls = 0;
    const client = createApiClient({
      baseUrl: server.origin,
      auth: bearerToken(() => ({ access_token: `${TOKEN}-${++calls}` })),
    });
    await client.listShares(params);
    await client.listShares(params);
    expect(calls).toBe(2);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TOKEN}-1`, `Bearer ${TOKEN}-2`]);
  });

  it('passes an error thrown by getToken through unchanged, without a request', async () => {
    const failure = new Error('session expired');
    const client = createApiClient({
      baseUrl: server.origin,
      auth: bearerToken(() => {
        throw failure;
      }),
    });
    await expect(client.listShares(params)).rejects.toBe(failure);
    expect(server.requests).toHaveLength(0);
  });

  it('calls getToken twice, not 21 times, for 20 calls that all get a 401, and once more when the next 401 comes 30 s later', async () => {
    let time = 0;
    let calls = 0;
    const auth = bearerToken(() => ({ access_token: `${TOKEN}-${++calls}`, expires_in: 3600 }), { now: () => time });
    server.handle(() => ({ status: 401, body: { error: 'invalid_token' } }));
    const client = createApiClient({ baseUrl: server.origin, auth });
    for (let i = 0; i < 20; i += 1)
      await expect(client.listShares(params)).rejects.toMatchObject({ name: 'HttpError', status: 401 });
    expect(calls).toBe(2);
    expect(server.requests).toHaveLength(21);
    time = 30_000;
    await expect(client.listShares(params)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(3);
    expect(server.requests).toHaveLength(23);
  });

  it('retries only the first of 20 calls whose string token gets a 401 (21 getToken calls, not 40), and retries again 30 s later', async () => {
    let time = 0;
    let calls = 0;
    const auth = bearerToken(() => (calls++, TOKEN), { now: () => time });
    server.handle(() => ({ status: 401, body: { error: 'invalid_token' } }));
    const client = createApiClient({ baseUrl: server.origin, auth });
    for (let i = 0; i < 20; i += 1)
      await expect(client.listShares(params)).rejects.toMatchObject({ name: 'HttpError', status: 401 });
    expect(calls).toBe(21);
    expect(server.requests).toHaveLength(21);
    time = 30_000;
    await expect(client.listShares(params)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(23);
    expect(server.requests).toHaveLength(23);
  });

  it('throws at creation when getToken is not a function', () => {
    expect(() => bearerToken(TOKEN as never)).toThrow('pagewise: `getToken` must be a function');
  });

  it('throws at creation for a negative leewaySeconds, naming it', () => {
    expect(() => bearerToken(() => TOKEN, { leewaySeconds: -1 })).toThrow(
      'pagewise: `leewaySeconds` must be a number >= 0, got -1',
    );
  });

  it.each([
    ['getToken', () => bearerToken(TOKEN as never)],
    ['leewaySeconds', () => bearerToken(() => TOKEN, { leewaySeconds: -1 })],
  ])('gives the argument error for %s the stable code and the argument it names', (argument, make) => {
    let error: unknown;
    try {
      make();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument });
  });
});
