// The mock sorts and filters as a Spring service would, and serves list endpoints beyond the two documented ones.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService, demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';
import fc from 'fast-check';
import { HOSTILE_BYTES, HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const { acme, globex } = demoOrganizationIds;
const service = createMockService({
  auth: 'none',
  organizations: {
    [acme]: {
      name: 'Acme',
      shares: 437,
      lists: {
        users: 12,
        teams: [
          { id: 't1', name: 'Ops' },
          { id: 't2', name: 'Dev' },
        ],
      },
    },
    [globex]: { name: 'Globex', shares: 23, lists: { users: 3 } },
  },
  generators: {
    users: (index, organization) => ({
      id: `${organization.name}-${index}`,
      name: `user ${String(index).padStart(2, '0')}`,
      role: index % 4 === 0 ? 'admin' : 'member',
    }),
  },
});
const server = setupServer(...service.handlers);
beforeAll(() => server.listen(failOnUnhandledRequests));
afterAll(() => server.close());

async function list(
  path: string,
): Promise<{ status: number; body: { content: MockShare[]; totalElements: number; message?: string } }> {
  const response = await fetch(`${service.baseUrl}/${path}`);
  return { status: response.status, body: await response.json() };
}

describe('mock service: sort and filters', () => {
  it('sorts by one or more fields, ties kept in the rows’ own order', async () => {
    const { body } = await list(`${acme}/shares?page=0&size=437&sort=protocol,asc&sort=sizeBytes,asc`);
    const rows = body.content;
    expect(rows).toHaveLength(437);
    const nfs = rows.filter((row) => row.protocol === 'NFS');
    expect(rows.slice(0, nfs.length)).toEqual(nfs);
    expect(nfs.map((row) => row.sizeBytes)).toEqual([...nfs.map((row) => row.sizeBytes)].sort((a, b) => a - b));
  });

  it('sorts by createdAt and name as text, and pages the sorted rows', async () => {
    const { body } = await list(`${acme}/shares?page=1&size=5&sort=createdAt,desc`);
    expect(body.content.map((row) => row.name)).toEqual([
      'acme-projects-00432',
      'acme-finance-00431',
      'acme-home-00430',
      'acme-archive-00429',
      'acme-builds-00428',
    ]);
  });

  it('filters by a free-text q in any field (any case) and by field values, counting what is left', async () => {
    const { body } = await list(`${acme}/shares?page=0&size=100&q=FINANCE&protocol=SMB`);
    expect(body.content.length).toBeGreaterThan(0);
    expect(body.content.every((row) => row.name.includes('finance') && row.protocol === 'SMB')).toBe(true);
    expect(body.totalElements).toBe(body.content.length);
    const either = await list(`${acme}/shares?page=0&size=1000&protocol=SMB&protocol=NFS`);
    expect(either.body.totalElements).toBe(437);
  });

  it('refuses a sort on a field the rows do not have, and a direction that is neither asc nor desc', async () => {
    expect(await list(`${acme}/shares?sort=owner,asc`)).toMatchObject({
      status: 400,
      body: { message: "No property 'owner' found" },
    });
    expect((await list(`${acme}/shares?sort=name,up`)).status).toBe(400);
  });

  it('generates only the page’s rows when nothing sorts or filters', async () => {
    const before = service.rowsGenerated;
    await list(`${acme}/shares?page=3&size=10`);
    expect(service.rowsGenerated - before).toBe(10);
  });
});

describe('mock service: other list endpoints', () => {
  it('serves a list seeded by count with its generator, sorted and filtered like the others', async () => {
    const { body } = await list(`${acme}/users?page=0&size=20&role=admin&sort=name,desc`);
    expect(body.content.map((user) => user.name)).toEqual(['user 08', 'user 04', 'user 00']);
  });

  it('serves a list seeded with records as given', async () => {
    expect((await list(`${acme}/teams?sort=name,asc`)).body.content.map((team) => team.name)).toEqual(['Dev', 'Ops']);
  });

  it('answers 404 for a list the organization was not seeded with', async () => {
    expect((await list(`${globex}/teams`)).status).toBe(404);
  });

  it('deletes and restores rows of another list', async () => {
    service.deleteRows(acme, 'users', 2);
    expect((await list(`${acme}/users`)).body.totalElements).toBe(10);
    service.reset();
    expect((await list(`${acme}/users`)).body.totalElements).toBe(12);
  });
});

describe('mock service: hostile queries', () => {
  // globex's users: user 0 is an admin, users 1 and 2 are members.
  const admins = 1;
  const members = 2;

  it('filters by field values through up to 64 KB of repeats, unknown names and stray separators (fast-check)', async () => {
    const units = ['role=admin&', 'role=member&', 'p=1&', '&', '=', 'x&', 'zz=9&'];
    await fc.assert(
      fc.asyncProperty(hostileText(units), async (query) => {
        const roles = new Set(new URLSearchParams(query).getAll('role'));
        const expected = roles.size ? (roles.has('admin') ? admins : 0) + (roles.has('member') ? members : 0) : 3;
        const { status, body } = await list(`${globex}/users?page=0&size=20&${query}`);
        expect([status, body.totalElements]).toEqual([200, expected]);
      }),
      HOSTILE_RUNS,
    );
  });

  it('filters by a field among up to 64 KB of distinct unknown names (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: Math.floor(HOSTILE_BYTES / 10) }), async (count) => {
        const query = Array.from({ length: count }, (_, i) => `p${i}=${i}`).join('&');
        const { status, body } = await list(`${globex}/users?page=0&size=20&${query}&role=admin`);
        expect([status, body.totalElements]).toEqual([200, admins]);
      }),
      { numRuns: 10 },
    );
  });
});
