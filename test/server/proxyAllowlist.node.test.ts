// The proxy's opt-in allowlist: which endpoints and parameters beyond page and size reach the service.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { closeServedListeners, proxyEntryPoints } from './proxyEntryPoints';
import type { AuthStrategy } from '../../src/client/index';
import type { ProxyAllowlist } from '../../src/server/proxyAllowlist';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const ORG = '2f1b6c1e-0000-4000-8000-000000000001';
const auth: AuthStrategy = { id: 'test', authorize: async () => 'Bearer upstream-token-1234567890' };
const allow: ProxyAllowlist = {
  shares: { sort: ['name', 'createdAt'], filters: { q: { maxLength: 16 }, protocol: ['SMB', 'NFS'] } },
  users: {},
};

afterAll(closeServedListeners);

describe.each(proxyEntryPoints)('$name', ({ create: createProxyHandler }) => {
  /** A proxy whose upstream records every URL it is asked for. */
  function proxy(allowlist: ProxyAllowlist | null = allow) {
    const upstream: URL[] = [];
    const handle = createProxyHandler({
      baseUrl: 'https://api.example.test',
      auth,
      basePath: '/api/pagewise',
      allowRequest: () => true,
      onError: () => {},
      ...(allowlist ? { allow: allowlist } : {}),
      fetch: async (input) => {
        upstream.push(new URL(String(input)));
        return Response.json([]);
      },
    });
    const call = (path: string) => handle(new Request(`https://app.example.test/api/pagewise/${path}`));
    return { call, upstream };
  }

  describe('allow', () => {
    it('forwards the allowed sort and filters of a listed resource as they came', async () => {
      const { call, upstream } = proxy();
      const response = await call(
        `${ORG}/shares?page=0&size=20&sort=name,desc&sort=createdAt,asc&protocol=NFS&q=acme%20fin`,
      );
      expect(response.status).toBe(200);
      expect(upstream[0]!.search).toBe('?page=0&size=20&sort=name%2Cdesc&sort=createdAt%2Casc&protocol=NFS&q=acme+fin');
    });

    it.each([
      [
        'a sort field not listed',
        'sort=path,asc',
        '`sort` must be <field>,asc|desc (at most 4) with a field of name, createdAt',
      ],
      [
        'a sort direction other than asc or desc',
        'sort=name,up',
        '`sort` must be <field>,asc|desc (at most 4) with a field of name, createdAt',
      ],
      ['an enum filter value not listed', 'protocol=FTP', '`protocol` must be one of SMB, NFS'],
      ['text longer than allowed', `q=${'x'.repeat(17)}`, '`q` must be at most 16 characters'],
      ['a parameter not listed', 'owner=mallory', '`owner` is not allowed here'],
      ['a parameter whose name is no plain word', 'a%3Cscript%3E=1', 'a query parameter is not allowed here'],
    ])(
      'answers %s with a 400 naming the parameter, never echoing it, and asks nothing upstream',
      async (_, query, message) => {
        const { call, upstream } = proxy();
        const response = await call(`${ORG}/shares?page=0&size=20&${query}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: 'bad_request', message: `pagewise: ${message}` });
        expect(upstream).toEqual([]);
      },
    );

    it('serves another endpoint only when listed, with page and size alone', async () => {
      const { call, upstream } = proxy();
      expect((await call(`${ORG}/users?page=1&size=5`)).status).toBe(200);
      expect((await call(`${ORG}/users?page=1&size=5&sort=name,asc`)).status).toBe(400);
      expect((await call(`${ORG}/groups?page=0&size=5`)).status).toBe(404);
      expect(upstream.map((url) => url.pathname + url.search)).toEqual([`/${ORG}/users?page=1&size=5`]);
    });

    it('keeps today’s default: shares and environments with page and size only, other parameters dropped, nothing else served', async () => {
      const { call, upstream } = proxy(null);
      expect((await call(`${ORG}/environments?page=0&size=20&sort=name,asc&q=x`)).status).toBe(200);
      expect((await call(`${ORG}/users?page=0&size=20`)).status).toBe(404);
      expect(upstream.map((url) => url.search)).toEqual(['?page=0&size=20']);
    });

    it('refuses an unusable allowlist at construction, naming the part', () => {
      const make = (allowlist: unknown) => () =>
        createProxyHandler({ baseUrl: 'https://api.example.test', auth, allow: allowlist as ProxyAllowlist });
      expect(make({ '../x': {} })).toThrow('`allow["../x"]` must be keyed by path segments');
      expect(make({ shares: { sort: 'name' } })).toThrow('`allow.shares.sort` must be an array of field names');
      expect(make({ shares: { filters: { q: { maxLength: 0 } } } })).toThrow(
        '`allow.shares.filters.q` must be an array of allowed values or { maxLength }',
      );
      expect(make({ shares: { filters: { page: ['1'] } } })).toThrow(
        '`allow.shares.filters` must be keyed by parameter names other than page, size and sort',
      );
    });

    it('lets nothing unlisted reach the service and never echoes a value (fuzz)', async () => {
      const { call, upstream } = proxy();
      const name = fc.constantFrom(
        'page',
        'size',
        'sort',
        'q',
        'protocol',
        'owner',
        'Sort',
        'q[]',
        '',
        '%00',
        'protocol ',
      );
      const value = fc.oneof(
        fc.constantFrom(
          '0',
          '20',
          'name,asc',
          'name,desc',
          'createdAt,asc',
          'path,asc',
          'name',
          'SMB',
          'NFS',
          'smb',
          'FTP',
          'x'.repeat(17),
          '<b>zz</b>',
        ),
        fc.string({ maxLength: 20 }),
      );
      const resource = fc.constantFrom('shares', 'environments', 'users', 'groups', 'Shares', 'shares%2F..');
      let forwarded = 0;
      await fc.assert(
        fc.asyncProperty(resource, fc.array(fc.tuple(name, value), { maxLength: 6 }), async (segment, params) => {
          const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const response = await call(`${ORG}/${segment}?page=0&size=20${query ? `&${query}` : ''}`);
          const text = await response.text();
          for (const [, v] of params)
            if (v.length > 3 && !/^(0|20|SMB|NFS|name|createdAt)$/.test(v))
              expect(text.includes(v) && response.status === 400).toBe(false);
          for (const url of upstream.splice(0)) {
            forwarded += 1;
            const path = url.pathname.split('/')[2];
            expect(['shares', 'environments', 'users']).toContain(path);
            const rule = allow[path!];
            for (const [k, v] of url.searchParams) {
              if (k === 'page' || k === 'size') continue;
              expect(rule, `${k} forwarded for ${path}`).toBeDefined();
              if (k === 'sort') expect(v).toMatch(/^(name|createdAt),(asc|desc)$/);
              else if (k === 'protocol') expect(['SMB', 'NFS']).toContain(v);
              else if (k === 'q') expect(v.length).toBeLessThanOrEqual(16);
              else expect.fail(`unlisted parameter ${k} reached the service`);
            }
            if (path !== 'shares') expect([...url.searchParams.keys()]).toEqual(['page', 'size']);
          }
        }),
        { numRuns: 400, seed: 20261124 },
      );
      expect(forwarded).toBeGreaterThan(0);
    });

    it('forwards a cursor of up to 64 KB only when it is 1 to 1,024 visible characters, as it came (fast-check)', async () => {
      const { call, upstream } = proxy({ shares: { cursor: true } });
      await fc.assert(
        fc.asyncProperty(hostileText(['c', '~', '%20', '%7F', '%3D', '+', 'x']), async (raw) => {
          const response = await call(`${ORG}/shares?size=20&cursor=${raw}`);
          await response.body?.cancel();
          const cursor = new URLSearchParams(`cursor=${raw}`).get('cursor')!;
          const fits = /^[\x21-\x7e]{1,1024}$/.test(cursor);
          // Node's own HTTP server refuses a request line over its 16 KB header limit before the listener sees it.
          expect(fits ? [200] : [400, 431]).toContain(response.status);
          expect(upstream.splice(0).map((url) => url.searchParams.get('cursor'))).toEqual(fits ? [cursor] : []);
        }),
        { ...HOSTILE_RUNS, seed: 41 },
      );
    });

    it('refuses two cursors among up to 64 KB of them, with no call to the service (fast-check)', async () => {
      const { call, upstream } = proxy({ shares: { cursor: true } });
      await fc.assert(
        fc.asyncProperty(hostileText(['cursor=c&', 'after=a&', '&']), async (query) => {
          const response = await call(`${ORG}/shares?size=20&cursor=c0&${query}after=a0`);
          await response.body?.cancel();
          expect([400, 431]).toContain(response.status);
          expect(upstream.splice(0)).toEqual([]);
        }),
        HOSTILE_RUNS,
      );
    });

    it('answers a query of up to 64 KB of sorts, filters, repeats and stray separators, forwarding only what allow names (fast-check)', async () => {
      const { call, upstream } = proxy();
      const units = ['q=x&', 'sort=name,asc&', 'protocol=SMB&', 'protocol=FTP&', 'p=1&', '&', '=', '%25', 'q=', 'a'];
      await fc.assert(
        fc.asyncProperty(hostileText(units), async (query) => {
          const response = await call(`${ORG}/shares?page=0&size=20&${query}`);
          await response.body?.cancel();
          // Node's own HTTP server refuses a request line over its 16 KB header limit before the listener sees it.
          expect([200, 400, 431]).toContain(response.status);
          for (const url of upstream.splice(0)) {
            for (const [k, v] of url.searchParams) {
              if (k === 'sort') expect(v).toBe('name,asc');
              else if (k === 'protocol') expect(v).toBe('SMB');
              else if (k === 'q') expect(v.length).toBeLessThanOrEqual(16);
              else expect(['page', 'size']).toContain(k);
            }
          }
        }),
        HOSTILE_RUNS,
      );
    });
  });
});
