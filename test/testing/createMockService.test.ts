import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createMockService,
  demoOrganizationIds,
  type MockService,
  type MockServiceOptions,
} from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { INVALID_ARGUMENT } from '../../src/shared/assert';
import { accessToken, basicBase64, basicRaw, list, requestToken, tokenBody } from './mockTestUtils';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';
import fc from 'fast-check';
import { HOSTILE_BYTES, HOSTILE_RUNS } from '../helpers/hostile';

const server = setupServer();
beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const { acme, globex, empty, big } = demoOrganizationIds;

/**
 * Waits in real time, virtual time untouched, until the mock has received `count` requests. Every look of
 * `expect.poll` moves fake timers by its interval: at 0 none moves.
 */
const arrived = (service: MockService, count: number) =>
  expect.poll(() => service.requests.length, { interval: 0 }).toBe(count);

function mock(options?: MockServiceOptions): MockService {
  const service = createMockService(options);
  server.use(...service.handlers);
  return service;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('token endpoint', () => {
  it('issues a Bearer token with expires_in and scope for a valid client-credentials request', async () => {
    const service = mock({ tokenLifetimeSeconds: 120 });
    const response = await requestToken(service.authUrl, tokenBody(service));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = await json(response);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[0-9a-f]{48}$/),
      token_type: 'Bearer',
      expires_in: 120,
      scope: 'pagewise.read pagewise.write',
    });
    expect(service.tokenRequests).toBe(1);
  });

  it('issues a different opaque token for every request', async () => {
    const service = mock();
    const [first, second] = await Promise.all([accessToken(service), accessToken(service)]);
    expect(first).not.toBe(second);
    expect(service.tokenRequests).toBe(2);
  });

  it('grants only the scopes that were asked for', async () => {
    const service = mock();
    const body = await json(await requestToken(service.authUrl, tokenBody(service, { scope: 'pagewise.read' })));
    expect(body.scope).toBe('pagewise.read');
  });

  it('answers 401 invalid_client for an unknown client or a wrong secret', async () => {
    const service = mock();
    for (const overrides of [{ client_id: 'nobody' }, { client_secret: 'wrong' }]) {
      const response = await requestToken(service.authUrl, tokenBody(service, overrides));
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
  });

  it('answers 400 with the RFC 6749 error code for each malformed request', async () => {
    const service = mock();
    const cases: [unknown, string, string?][] = [
      [tokenBody(service, { grant_type: 'password' }), 'unsupported_grant_type'],
      [tokenBody(service, { grant_type: undefined }), 'invalid_request'],
      [tokenBody(service, { client_secret: undefined }), 'invalid_request'],
      [tokenBody(service, { audience: undefined }), 'invalid_request'],
      [tokenBody(service, { audience: 'https://elsewhere.example/api' }), 'invalid_target'],
      [tokenBody(service, { scope: 'pagewise.admin' }), 'invalid_scope'],
      ['{"grant_type":', 'invalid_request'],
      ['grant_type=client_credentials', 'invalid_request', 'application/x-www-form-urlencoded'],
    ];
    for (const [body, error, contentType] of cases) {
      const response = await requestToken(service.authUrl, body, contentType);
      expect({ status: response.status, error: (await json(response)).error }).toEqual({ status: 400, error });
    }
  });

  it('reads a form token request with one field repeated up to 64 KB: an extra field ignored, a repeated grant refused (fast-check)', async () => {
    const service = mock();
    const form = new URLSearchParams(tokenBody(service) as Record<string, string>).toString();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: Math.floor(HOSTILE_BYTES / 8) }),
        fc.boolean(),
        async (count, grant) => {
          const repeated = (grant ? '&grant_type=client_credentials' : '&extra=1').repeat(count);
          const response = await requestToken(
            service.authUrl,
            `${form}${repeated}`,
            'application/x-www-form-urlencoded',
          );
          const body = await json(response);
          if (grant) expect([response.status, body.error]).toEqual([400, 'invalid_request']);
          else expect([response.status, body.token_type]).toEqual([200, 'Bearer']);
        },
      ),
      HOSTILE_RUNS,
    );
  });

  it('accepts an API Account key and secret in place of client_id and client_secret', async () => {
    const service = mock();
    const response = await requestToken(
      service.authUrl,
      tokenBody(service, { client_id: service.credentials.apiKey, client_secret: service.credentials.apiSecret }),
    );
    expect(response.status).toBe(200);
    expect((await json(response)).token_type).toBe('Bearer');
  });

  it('accepts the audience with or without a trailing slash', async () => {
    const service = mock();
    const response = await requestToken(service.authUrl, tokenBody(service, { audience: `${service.baseUrl}/` }));
    expect(response.status).toBe(200);
  });

  it('requires the configured audience when one is given', async () => {
    const service = mock({ audience: 'https://pagewise.example/resource' });
    expect(service.credentials.audience).toBe('https://pagewise.example/resource');
    expect((await requestToken(service.authUrl, tokenBody(service))).status).toBe(200);
    const wrong = await requestToken(service.authUrl, tokenBody(service, { audience: service.baseUrl }));
    expect(wrong.status).toBe(400);
  });
});

describe('authorization of list requests', () => {
  it('accepts an issued Bearer token until it expires on the injected clock', async () => {
    let now = 1_000_000;
    const service = mock({ tokenLifetimeSeconds: 60, now: () => now });
    const token = await accessToken(service);
    expect((await list(service.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(200);
    now += 59_999;
    expect((await list(service.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(200);
    now += 1;
    const expired = await list(service.baseUrl, acme, 'shares', '', `Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
  });

  it('rejects every issued token after expireTokens() and accepts a new one', async () => {
    const service = mock();
    const token = await accessToken(service);
    service.expireTokens();
    expect((await list(service.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(401);
    const fresh = await accessToken(service);
    expect((await list(service.baseUrl, acme, 'shares', '', `Bearer ${fresh}`)).status).toBe(200);
  });

  it('rejects a Bearer token it never issued', async () => {
    const service = mock();
    expect((await list(service.baseUrl, acme, 'shares', '', 'Bearer made-up')).status).toBe(401);
  });

  it('accepts Basic with the raw account_id:API_TOKEN pair as the seed shows', async () => {
    const service = mock();
    expect((await list(service.baseUrl, acme, 'environments', '', basicRaw(service))).status).toBe(200);
  });

  it('accepts Basic with the pair base64-encoded as RFC 7617', async () => {
    const service = mock();
    expect((await list(service.baseUrl, acme, 'environments', '', basicBase64(service))).status).toBe(200);
  });

  it('accepts a UTF-8 API token only when base64 carries its UTF-8 bytes', async () => {
    const account = { accountId: '11111111-2222-4333-8444-555555555555', apiToken: 'tök€n' };
    const service = mock({ accounts: [account] });
    const utf8 = Buffer.from(`${account.accountId}:${account.apiToken}`, 'utf8').toString('base64');
    const latin1 = Buffer.from(`${account.accountId}:${account.apiToken}`, 'latin1').toString('base64');
    expect((await list(service.baseUrl, acme, 'shares', '', `Basic ${utf8}`)).status).toBe(200);
    expect((await list(service.baseUrl, acme, 'shares', '', `Basic ${latin1}`)).status).toBe(401);
  });

  it('rejects Basic with a wrong API token', async () => {
    const service = mock();
    const response = await list(service.baseUrl, acme, 'shares', '', `Basic ${service.credentials.accountId}:wrong`);
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Basic realm="pagewise"');
  });

  it('answers 401 with both challenges and a Spring error body when Authorization is missing', async () => {
    const service = mock();
    const response = await list(service.baseUrl, acme, 'shares', '?page=0&size=20');
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="pagewise", Basic realm="pagewise"');
    expect(await json(response)).toMatchObject({ status: 401, error: 'Unauthorized', path: `/${acme}/shares` });
  });

  it("needs no Authorization with auth: 'none', as behind a proxy", async () => {
    const service = mock({ auth: 'none' });
    expect((await list(service.baseUrl, acme, 'shares', '')).status).toBe(200);
  });
});

describe('list requests', () => {
  it('answers 400 for an organization id that is not a UUID and 404 for an unknown one', async () => {
    const service = mock({ auth: 'none' });
    expect((await list(service.baseUrl, 'acme', 'shares', '')).status).toBe(400);
    expect((await list(service.baseUrl, '00000000-0000-4000-8000-000000000000', 'shares', '')).status).toBe(404);
  });

  it('answers 400 for a page that is not an integer >= 0 or a size outside 1..1000', async () => {
    const service = mock({ auth: 'none' });
    for (const query of ['?page=-1', '?page=1.5', '?page=one', '?size=0', '?size=1001', '?size=', '?size=2e1']) {
      const response = await list(service.baseUrl, acme, 'shares', query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
    expect((await list(service.baseUrl, acme, 'shares', '?size=1000')).status).toBe(200);
  });

  it('defaults to page 0 and size 20', async () => {
    const service = mock({ auth: 'none' });
    const body = await json(await list(service.baseUrl, acme, 'shares', ''));
    expect(body).toMatchObject({ number: 0, size: 20, numberOfElements: 20 });
    expect(service.requests[0]).toMatchObject({ page: 0, size: 20 });
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('answers 405 with Allow: GET, HEAD, POST to %s on a list', async (method) => {
    const service = mock({ auth: 'none' });
    const response = await fetch(`${service.baseUrl}/${acme}/shares`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD, POST');
  });

  it.each(['POST', 'GET'])('answers 405 with Allow: PUT, PATCH, DELETE to %s on a row', async (method) => {
    const service = mock({ auth: 'none' });
    const response = await fetch(`${service.baseUrl}/${acme}/shares/some-row`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('PUT, PATCH, DELETE');
    expect(response.headers.get('Content-Type')).toBe('application/problem+json');
  });

  it('answers HEAD with 200, as it answers GET', async () => {
    const service = mock({ auth: 'none' });
    const response = await fetch(`${service.baseUrl}/${acme}/shares`, { method: 'HEAD' });
    expect(response.status).toBe(200);
  });

  it('serves deterministic rows: the same page twice, from two services, is identical', async () => {
    const first = mock({ auth: 'none' });
    const a = await json(await list(first.baseUrl, acme, 'shares', '?page=3&size=5'));
    server.resetHandlers();
    const second = mock({ auth: 'none' });
    const b = await json(await list(second.baseUrl, acme, 'shares', '?page=3&size=5'));
    expect(a.content).toEqual(b.content);
    expect((a.content as { name: string }[])[0]?.name).toBe('acme-research-00016');
  });

  it('serves share and environment records with ids, names and realistic fields', async () => {
    const service = mock({ auth: 'none' });
    const shares = (await json(await list(service.baseUrl, globex, 'shares', '?size=3'))).content as unknown[];
    const environments = (await json(await list(service.baseUrl, globex, 'environments', '?size=3')))
      .content as unknown[];
    const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(shares[0]).toEqual({
      id: uuid,
      name: 'globex-finance-00001',
      path: '/exports/globex/finance/00001',
      protocol: expect.stringMatching(/^(SMB|NFS)$/),
      sizeBytes: expect.any(Number),
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(environments[0]).toEqual({
      id: uuid,
      name: 'globex-production-0001',
      region: expect.any(String),
      status: expect.stringMatching(/^(active|provisioning|suspended)$/),
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const ids = new Set([...shares, ...environments].map((row) => (row as { id: string }).id));
    expect(ids.size).toBe(6);
  });

  it('serves given records as they are', async () => {
    const org = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';
    const rows = [
      { id: 'a', name: 'first' },
      { id: 'b', name: 'second' },
      { id: 'c', name: 'third' },
    ];
    const service = mock({ auth: 'none', organizations: { [org]: { name: 'Given', shares: rows } } });
    const body = await json(await list(service.baseUrl, org, 'shares', '?page=1&size=2'));
    expect(body).toMatchObject({ content: [{ id: 'c', name: 'third' }], totalElements: 3, totalPages: 2 });
    expect(service.organizations).toEqual([{ id: org, name: 'Given', shares: 3, environments: 0 }]);
  });
});

describe('paging maths', () => {
  it('answers a short last page with the right totals', async () => {
    const service = mock({ auth: 'none' });
    const body = await json(await list(service.baseUrl, acme, 'shares', '?page=21&size=20'));
    expect(body).toMatchObject({
      totalElements: 437,
      totalPages: 22,
      number: 21,
      size: 20,
      numberOfElements: 17,
      first: false,
      last: true,
      empty: false,
    });
    expect((body.content as { name: string }[]).at(-1)?.name).toBe('acme-legal-00437');
  });

  it('answers a page past the end with empty content and the real totals', async () => {
    const service = mock({ auth: 'none' });
    const body = await json(await list(service.baseUrl, acme, 'shares', '?page=50&size=20'));
    expect(body).toMatchObject({
      content: [],
      totalElements: 437,
      totalPages: 22,
      number: 50,
      numberOfElements: 0,
      last: true,
      empty: true,
    });
  });

  it('answers an empty organization with zero pages', async () => {
    const service = mock({ auth: 'none' });
    const body = await json(await list(service.baseUrl, empty, 'environments', '?page=0&size=20'));
    expect(body).toMatchObject({ content: [], totalElements: 0, totalPages: 0, first: true, last: true, empty: true });
  });

  it('generates only the rows of the requested page, however large the organization', async () => {
    const huge = 'fee1dead-0000-4000-8000-000000000001';
    const service = mock({
      auth: 'none',
      organizations: { [big]: { name: 'Big Org', shares: 10_000 }, [huge]: { name: 'Huge', shares: 1_000_000 } },
    });
    expect(service.rowsGenerated).toBe(0);
    const body = await json(await list(service.baseUrl, big, 'shares', '?page=499&size=20'));
    expect(body).toMatchObject({ totalElements: 10_000, totalPages: 500, numberOfElements: 20 });
    expect(service.rowsGenerated).toBe(20);
    const last = await json(await list(service.baseUrl, huge, 'shares', '?page=999&size=1000'));
    expect((last.content as { name: string }[]).at(-1)?.name).toBe('huge-home-1000000');
    expect(service.rowsGenerated).toBe(1020);
    await list(service.baseUrl, huge, 'shares', '?page=5000&size=1000');
    expect(service.rowsGenerated).toBe(1020);
  });
});

describe('deleteRows and reset', () => {
  it('deletes rows from the end, so an old last page comes back empty with the new totals', async () => {
    const service = mock({ auth: 'none' });
    service.deleteRows(acme, 'shares', 400);
    expect(service.organizations.find((o) => o.id === acme)?.shares).toBe(37);
    const past = await json(await list(service.baseUrl, acme, 'shares', '?page=21&size=20'));
    expect(past).toMatchObject({ content: [], totalElements: 37, totalPages: 2 });
    const last = await json(await list(service.baseUrl, acme, 'shares', '?page=1&size=20'));
    expect(last).toMatchObject({ numberOfElements: 17, last: true });
  });

  it('never goes below zero rows', async () => {
    const service = mock({ auth: 'none' });
    service.deleteRows(globex, 'environments', 99);
    const body = await json(await list(service.baseUrl, globex, 'environments', ''));
    expect(body).toMatchObject({ totalElements: 0, empty: true });
  });

  it('rejects an unknown organization, resource or a negative count, naming the argument', () => {
    const service = createMockService();
    expect(() => service.deleteRows('00000000-0000-4000-8000-000000000000', 'shares', 1)).toThrow(
      'pagewise: `organizationId` is not an organization of this mock, got "00000000-0000-4000-8000-000000000000"',
    );
    expect(() => service.deleteRows(acme, 'users' as 'shares', 1)).toThrow(
      'pagewise: `resource` must be one of shares, environments, got "users"',
    );
    expect(() => service.deleteRows(acme, 'shares', -1)).toThrow('pagewise: `count` must be an integer >= 0, got -1');
  });

  it('reset() clears requests, counters and failures and restores deleted rows', async () => {
    const service = mock({ auth: 'none' });
    const log = service.requests;
    await accessToken(service);
    await list(service.baseUrl, acme, 'shares', '');
    service.deleteRows(acme, 'shares', 437);
    service.fail({ status: 500, times: 5 });
    service.reset();
    expect(log).toHaveLength(0);
    expect(service.tokenRequests).toBe(0);
    expect(service.rowsGenerated).toBe(0);
    const body = await json(await list(service.baseUrl, acme, 'shares', ''));
    expect(body.totalElements).toBe(437);
    expect(service.requests).toHaveLength(1);
  });
});

describe('fail()', () => {
  it('fails exactly `times` list requests, then answers normally', async () => {
    const service = mock({ auth: 'none' });
    service.fail({ status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await list(service.baseUrl, acme, 'shares', '')).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(service.requests.map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it('gives a queued failure to the next request to arrive, not to a slower earlier one', async () => {
    const service = mock({ auth: 'none', latencyMs: ({ page }) => (page === 0 ? 50 : 0) });
    const slowFirst = list(service.baseUrl, acme, 'shares', '?page=0&size=20');
    await expect.poll(() => service.requests.length).toBe(1);
    service.fail({ status: 500 });
    expect((await slowFirst).status).toBe(200);
    expect((await list(service.baseUrl, acme, 'shares', '?page=1&size=20')).status).toBe(500);
  });

  it('answers 429 with Retry-After: 1 by default, or the value given', async () => {
    const service = mock({ auth: 'none' });
    service.fail({ status: 429 });
    service.fail({ status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' });
    service.fail({ status: 429, retryAfter: 7 });
    const first = await list(service.baseUrl, acme, 'shares', '');
    const second = await list(service.baseUrl, acme, 'shares', '');
    const third = await list(service.baseUrl, acme, 'shares', '');
    expect([first.status, first.headers.get('Retry-After')]).toEqual([429, '1']);
    expect([second.status, second.headers.get('Retry-After')]).toEqual([503, 'Wed, 21 Oct 2026 07:28:00 GMT']);
    expect([third.status, third.headers.get('Retry-After')]).toEqual([429, '7']);
  });

  it('answers 401, 403 and 500 with a Spring error body, even to authorized requests', async () => {
    const service = mock();
    for (const status of [401, 403, 500] as const) service.fail({ status });
    const auth = basicRaw(service);
    for (const status of [401, 403, 500]) {
      const response = await list(service.baseUrl, acme, 'shares', '', auth);
      expect(response.status).toBe(status);
      expect(await json(response)).toMatchObject({ status, path: `/${acme}/shares` });
    }
    expect((await list(service.baseUrl, acme, 'shares', '', auth)).status).toBe(200);
  });

  it('answers malformed JSON with status 200', async () => {
    const service = mock({ auth: 'none' });
    service.fail({ status: 'malformed-json' });
    const response = await list(service.baseUrl, acme, 'shares', '');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('simulates a network error that makes fetch reject, logged with status 0', async () => {
    const service = mock({ auth: 'none' });
    service.fail({ status: 'network' });
    await expect(list(service.baseUrl, acme, 'shares', '')).rejects.toThrow(TypeError);
    expect(service.requests[0]?.status).toBe(0);
  });

  it('fails only the named resource, and never the token endpoint unless named', async () => {
    const service = mock();
    service.fail({ status: 503, resource: 'environments' });
    const token = await accessToken(service);
    expect((await list(service.baseUrl, acme, 'shares', '', `Bearer ${token}`)).status).toBe(200);
    expect((await list(service.baseUrl, acme, 'environments', '', `Bearer ${token}`)).status).toBe(503);
  });

  it('fails the token endpoint with an OAuth error body when told to', async () => {
    const service = mock();
    service.fail({ status: 500, resource: 'token' });
    service.fail({ status: 401, resource: 'token' });
    const first = await requestToken(service.authUrl, tokenBody(service));
    expect([first.status, (await json(first)).error]).toEqual([500, 'server_error']);
    const second = await requestToken(service.authUrl, tokenBody(service));
    expect([second.status, (await json(second)).error]).toEqual([401, 'invalid_client']);
    expect((await requestToken(service.authUrl, tokenBody(service))).status).toBe(200);
    expect(service.tokenRequests).toBe(3);
  });

  it('rejects an unknown failure, naming the argument', () => {
    const service = createMockService();
    expect(() => service.fail({ status: 418 as 500 })).toThrow(
      'pagewise: `failure.status` must be one of 400, 401, 403, 404, 409, 422, 429, 500, 503, malformed-json, network, got 418',
    );
    expect(() => service.fail({ status: 500, times: 0 })).toThrow(
      'pagewise: `failure.times` must be an integer >= 1, got 0',
    );
  });

  it('fails every matching request with times: Infinity', async () => {
    const service = mock({ auth: 'none' });
    service.fail({ status: 503, times: Infinity });
    for (let i = 0; i < 3; i++) expect((await list(service.baseUrl, acme, 'shares', '')).status).toBe(503);
  });
});

describe('request log', () => {
  it('records zero-based page and size, the auth scheme and status, and never a credential', async () => {
    const service = mock();
    const token = await accessToken(service);
    await list(service.baseUrl, acme, 'shares', '?page=0&size=10', `Bearer ${token}`);
    await list(service.baseUrl, acme, 'environments', '?page=2&size=50', basicBase64(service));
    await list(service.baseUrl, acme, 'shares', '?page=1&size=10', basicRaw(service));
    await list(service.baseUrl, globex, 'shares', '?page=1');
    expect(service.requests).toEqual([
      { resource: 'token', method: 'POST', url: `${service.authUrl}/oauth/token`, authorization: null, status: 200 },
      expect.objectContaining({
        resource: 'shares',
        organizationId: acme,
        page: 0,
        size: 10,
        authorization: 'Bearer',
        status: 200,
      }),
      expect.objectContaining({ resource: 'environments', page: 2, size: 50, authorization: 'Basic', status: 200 }),
      expect.objectContaining({ resource: 'shares', page: 1, size: 10, authorization: 'Basic', status: 200 }),
      expect.objectContaining({
        resource: 'shares',
        organizationId: globex,
        page: 1,
        size: 20,
        authorization: null,
        status: 401,
      }),
    ]);
    const logged = JSON.stringify(service.requests);
    const secrets = [
      token,
      service.credentials.apiToken,
      service.credentials.clientSecret,
      basicBase64(service).slice(6),
    ];
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  it('records a request on arrival, with status null until it is answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const service = mock({ auth: 'none', latencyMs: 500 });
    const pending = list(service.baseUrl, acme, 'shares', '?page=4&size=10');
    // The request reaches the mock through real I/O, as late as a loaded machine makes it, and its latency starts on
    // arrival: virtual time moved before then would pass with no timer to fire.
    await arrived(service, 1);
    await vi.advanceTimersByTimeAsync(100);
    expect(service.requests).toEqual([expect.objectContaining({ page: 4, size: 10, status: null })]);
    await vi.advanceTimersByTimeAsync(400);
    await pending;
    expect(service.requests[0]?.status).toBe(200);
  });
});

describe('latency', () => {
  it('delays each response by latencyMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const service = mock({ auth: 'none', latencyMs: 1000 });
    let settled = false;
    const pending = list(service.baseUrl, acme, 'shares', '').then((response) => {
      settled = true;
      return response;
    });
    // The latency starts when the request arrives through real I/O: move virtual time only from then on.
    await arrived(service, 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('sets no timer of its own when latency is 0', async () => {
    // Timers set from the mock's modules, told by their stack: MSW 3 intercepts at the socket, so Node's fetch keeps
    // timers of its own for a request, a varying number, which are no latency of the mock's.
    const setTimeout = globalThis.setTimeout;
    const fromMock: string[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const stack = new Error().stack ?? '';
      if (stack.includes('/src/testing/')) fromMock.push(stack);
      return setTimeout(...args);
    }) as typeof setTimeout);
    onTestFinished(() => spy.mockRestore());
    const service = mock({ auth: 'none' });
    expect((await list(service.baseUrl, acme, 'shares', '')).status).toBe(200);
    expect(fromMock).toEqual([]);
  });

  it('computes latency per request from a function, and setLatency changes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seen: unknown[] = [];
    const service = mock({
      auth: 'none',
      latencyMs: (request) => {
        seen.push(request);
        return request.page === 0 ? 0 : 300;
      },
    });
    expect((await list(service.baseUrl, acme, 'shares', '?page=0&size=5')).status).toBe(200);
    let settled = false;
    const slow = list(service.baseUrl, acme, 'shares', '?page=1&size=5').then(() => {
      settled = true;
    });
    // The latency starts when the request arrives through real I/O: move virtual time only from then on.
    await arrived(service, 2);
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slow;
    expect(seen).toEqual([
      { resource: 'shares', organizationId: acme, page: 0, size: 5, method: 'GET' },
      { resource: 'shares', organizationId: acme, page: 1, size: 5, method: 'GET' },
    ]);
    service.setLatency(0);
    expect((await list(service.baseUrl, acme, 'shares', '?page=1&size=5')).status).toBe(200);
  });

  it('holds a response until the promise a latency function returns settles, answering others meanwhile', async () => {
    const gate = createGate();
    const service = mock({ auth: 'none', latencyMs: ({ page }) => (page === 1 ? gate.held : 0) });
    let settled = false;
    const held = list(service.baseUrl, acme, 'shares', '?page=1&size=5').then((response) => {
      settled = true;
      return response;
    });
    await expect.poll(() => service.requests.length).toBe(1);
    expect((await list(service.baseUrl, acme, 'shares', '?page=0&size=5')).status).toBe(200);
    expect(settled).toBe(false);
    gate.release();
    expect((await held).status).toBe(200);
    expect(service.requests.map((r) => [r.page, r.status])).toEqual([
      [1, 200],
      [0, 200],
    ]);
  });
});

describe('options', () => {
  it('lists the demo organizations in insertion order with their row counts', () => {
    expect(createMockService().organizations).toEqual([
      { id: acme, name: 'Acme', shares: 437, environments: 58 },
      { id: globex, name: 'Globex', shares: 23, environments: 3 },
      { id: empty, name: 'Empty Org', shares: 0, environments: 0 },
      { id: big, name: 'Big Org', shares: 10_000, environments: 1_200 },
    ]);
  });

  it('serves under a path-only baseUrl on any origin', async () => {
    const service = mock({ auth: 'none', baseUrl: '/api/' });
    expect(service.baseUrl).toBe('/api');
    expect((await list('http://localhost:3000/api', acme, 'shares', '')).status).toBe(200);
  });

  it('rejects bad options, naming them', () => {
    expect(() => createMockService({ organizations: { acme: { shares: 1 } } })).toThrow(
      'pagewise: `organizations` must be keyed by UUIDs, got "acme"',
    );
    expect(() => createMockService({ organizations: { [acme]: { shares: -1 } } })).toThrow(
      `pagewise: \`organizations["${acme}"].shares\` must be a row count (an integer >= 0) or an array of records, got -1`,
    );
    expect(() => createMockService({ organizations: { [acme]: { lists: { 'a/b': 3 } } } })).toThrow(
      `pagewise: \`organizations["${acme}"].lists\` must be keyed by path segments, got "a/b"`,
    );
    expect(() => createMockService({ shape: 'xml' as 'hal' })).toThrow(
      'pagewise: `shape` must be one of spring-page, paged-model, hal, array, items, slice, link, has-more, next, bare-array, estimate, stripe, cursor, link-cursor, page-token, offset, got "xml"',
    );
    expect(() => createMockService({ tokenLifetimeSeconds: 0 })).toThrow(
      'pagewise: `tokenLifetimeSeconds` must be a positive number of seconds, got 0',
    );
    expect(() => createMockService({ clients: [] })).toThrow('pagewise: `clients` must hold at least one client');
    expect(() => createMockService({ accounts: [] })).toThrow('pagewise: `accounts` must hold at least one account');
  });

  it('throws its argument errors as TypeErrors with the stable code and the argument named', () => {
    const service = createMockService();
    const refusals: [() => unknown, string][] = [
      [() => createMockService({ shape: 'xml' as 'hal' }), 'shape'],
      [() => createMockService({ tokenLifetimeSeconds: -1 }), 'tokenLifetimeSeconds'],
      [() => createMockService({ clients: [] }), 'clients'],
      [() => createMockService({ organizations: { acme: {} } }), 'organizations'],
      [
        () => createMockService({ organizations: { [acme]: { environments: 1.5 } } }),
        `organizations["${acme}"].environments`,
      ],
      [
        () => createMockService({ organizations: { [acme]: { lists: { users: -1 } } } }),
        `organizations["${acme}"].lists.users`,
      ],
      [() => service.fail({ status: 500, times: 1.5 }), 'failure.times'],
      [() => service.deleteRows(acme, 'shares', Number.NaN), 'count'],
    ];
    for (const [refuse, argument] of refusals) {
      let error: unknown;
      try {
        refuse();
      } catch (thrown) {
        error = thrown;
      }
      expect(error, argument).toBeInstanceOf(TypeError);
      expect(error, argument).toMatchObject({ code: INVALID_ARGUMENT, argument });
    }
  });
});
