import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { createGate } from '../helpers/createGate';

// The mock's writes over real HTTP, without authentication (as behind a proxy).

const ORG = '0d6c1a2b-3e4f-4a5b-8c7d-9e0f1a2b3c4d';
const service = createMockService({
  auth: 'none',
  organizations: { [ORG]: { name: 'Writers', shares: 12, environments: 2, lists: { users: 3 } } },
});
let server: MockHttpServer;
beforeAll(async () => {
  server = await createMockHttpServer(service);
});
afterAll(() => server.close());
beforeEach(() => service.reset());

const url = (path: string) => `${server.baseUrl}/${ORG}/${path}`;
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url(path), {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const page = async (path: string) =>
  (await (await fetch(url(path))).json()) as { content: Array<{ id: string; name: string }>; totalElements: number };

describe('writes kept in the state every page reads', () => {
  it('creates on shares, environments and extra lists, each listed last with its own id and time', async () => {
    for (const resource of ['shares', 'environments', 'users']) {
      const response = await send('POST', resource, { name: `new-${resource}` });
      expect(response.status).toBe(201);
      const row = (await response.json()) as { id: string; createdAt: string };
      expect(response.headers.get('location')).toBe(new URL(url(`${resource}/${row.id}`)).pathname);
      expect(row.createdAt).toMatch(/^\d{4}-/);
      const listed = await page(`${resource}?page=0&size=50`);
      expect(listed.content.at(-1)).toEqual(row);
    }
  });

  it('a delete on page 1 moves every later row up one place, on every page size', async () => {
    const before = service.rows(ORG, 'shares')!.map((row) => row.name);
    const [, second] = service.rows(ORG, 'shares')!;
    expect((await send('DELETE', `shares/${second!.id}`)).status).toBe(204);
    const after = before.filter((name) => name !== second!.name);
    for (const size of [3, 5]) {
      const names: string[] = [];
      for (let index = 0; index * size < 11; index += 1)
        names.push(...(await page(`shares?page=${index}&size=${size}`)).content.map((row) => row.name));
      expect(names).toEqual(after);
    }
    expect((await page('shares?page=0&size=5&sort=name,desc')).totalElements).toBe(11);
  });

  it('reset() brings the seeded rows back and forgets created ones', async () => {
    await send('POST', 'shares', { name: 'gone-after-reset' });
    await send('DELETE', `shares/${service.rows(ORG, 'shares')![0]!.id}`);
    service.reset();
    expect(service.rows(ORG, 'shares')!.map((row) => row.name)).not.toContain('gone-after-reset');
    expect(service.rows(ORG, 'shares')).toHaveLength(12);
  });
});

describe('problems', () => {
  it.each([
    ['400 for a body that is not JSON', 'POST', 'shares', '{ nope', 400],
    ['400 for a JSON array', 'POST', 'shares', [], 400],
    ['404 for a row that is not there', 'PATCH', 'shares/missing', { name: 'x' }, 404],
    ['404 for a list the organization has not', 'POST', 'widgets', { name: 'x' }, 404],
    ['409 for a name taken', 'POST', 'environments', { name: 'writers-env-1' }, 409],
    ['422 for a missing name on create', 'POST', 'shares', { protocol: 'SMB' }, 422],
    ['422 for a protocol not SMB or NFS', 'POST', 'shares', { name: 'p', protocol: 'FTP' }, 422],
  ] as const)('%s, as a problem document', async (_name, method, path, body, status) => {
    if (status === 409) {
      const taken = service.rows(ORG, 'environments')![0]!.name as string;
      (body as { name: string }).name = taken;
    }
    const response = await send(method, path, body);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({
      type: 'about:blank',
      status,
      title: expect.any(String),
      detail: expect.any(String),
    });
  });

  it('415 for a body not declared JSON', async () => {
    expect((await send('POST', 'shares', { name: 'x' }, { 'Content-Type': 'text/plain' })).status).toBe(415);
  });
});

describe('failure and latency for one write', () => {
  it('fails the next write of one method only, leaving list calls and other writes alone', async () => {
    service.fail({ status: 422, method: 'PATCH' });
    const id = service.rows(ORG, 'shares')![0]!.id;
    expect((await fetch(url('shares?page=0&size=1'))).status).toBe(200);
    expect((await send('DELETE', `shares/${service.rows(ORG, 'shares')![1]!.id}`)).status).toBe(204);
    const failed = await send('PATCH', `shares/${id}`, { name: 'n' });
    expect(failed.status).toBe(422);
    expect(await failed.json()).toMatchObject({ status: 422, detail: 'Simulated 422' });
    expect((await send('PATCH', `shares/${id}`, { name: 'n' })).status).toBe(200);
  });

  it('holds one write while list calls answer, through a latency told the method', async () => {
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'POST' ? gate.held : 0));
    const created = send('POST', 'shares', { name: 'held' });
    expect((await fetch(url('shares?page=0&size=1'))).status).toBe(200);
    expect(service.requests.map((r) => [r.method, r.status])).toEqual([
      ['POST', null],
      ['GET', 200],
    ]);
    gate.release();
    expect((await created).status).toBe(201);
  });
});
