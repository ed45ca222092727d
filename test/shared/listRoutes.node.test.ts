import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillListRoute,
  fillRowRoute,
  listRoutes,
  matchListRoute,
  ORGANIZATION_NAME,
  ROW_ID,
  type RouteMatch,
} from '../../src/shared/listEndpoints';
import { HOSTILE_RUNS, hostileText } from '../helpers/hostile';

const ORG = '0b7e4c52-3f1d-4a8e-9c21-5d6f7a8b9c0d';
const match = (template: string, href: string, row = false): RouteMatch | undefined => {
  const url = new URL(href, 'http://h');
  return matchListRoute(template, url.pathname, url.searchParams, { row });
};

describe('matchListRoute', () => {
  it("reads the organization and the resource where the seed's route puts them", () => {
    expect(match('/{organizationId}/{resource}', `/${ORG}/shares?page=0&size=20`)).toEqual({
      organizationId: ORG,
      resource: 'shares',
    });
  });

  it('keeps a trailing slash part of the route: with it the list matches, without it not (and the other way round)', () => {
    expect(match('/{resource}/', '/users/')).toEqual({ organizationId: undefined, resource: 'users' });
    expect(match('/{resource}/', '/users')).toBeUndefined();
    expect(match('/{resource}', '/users/')).toBeUndefined();
  });

  it('reads the organization from the query where the route puts it there, and misses a request without it', () => {
    expect(match('/{resource}?org={organizationId}', '/users?org=acme&page=2')).toEqual({
      organizationId: 'acme',
      resource: 'users',
    });
    expect(match('/{resource}?org={organizationId}', '/users?page=2')).toBeUndefined();
    expect(match('/{resource}?org={organizationId}', '/users?org=')).toBeUndefined();
  });

  it('requires fixed query parameters with their values, and fixed path text around placeholders', () => {
    expect(match('/v2/{resource}.json?format=full', '/v2/users.json?format=full')).toEqual({
      organizationId: undefined,
      resource: 'users',
    });
    expect(match('/v2/{resource}.json?format=full', '/v2/users.json?format=short')).toBeUndefined();
    expect(match('/v2/{resource}.json?format=full', '/v3/users.json?format=full')).toBeUndefined();
    expect(match('/v2/{resource}.json', '/v2/.json')).toBeUndefined();
  });

  it('names no resource for a route written for one resource, and refuses a resource that is not a name', () => {
    expect(match('/accounts/people/', '/accounts/people/')).toEqual({ organizationId: undefined, resource: undefined });
    expect(match('/{resource}/', '/1users/')).toBeUndefined();
    expect(match('/{resource}/', '/us%2Fers/')).toBeUndefined();
  });

  it('decodes the organization once and misses one that does not decode', () => {
    expect(match('/orgs/{organizationId}/{resource}', '/orgs/a%20b/users')?.organizationId).toBe('a b');
    expect(match('/orgs/{organizationId}/{resource}', '/orgs/%E0%A4%A/users')).toBeUndefined();
  });

  it("fills names holding `$&` and `$'` as written, never as replacement patterns", () => {
    expect(fillListRoute('/{resource}?org={organizationId}', "a$&b$'c", 'users').query).toEqual([['org', "a$&b$'c"]]);
    expect(fillRowRoute('/{resource}/', 'o', 'users', '$&').path).toBe('/users/$&/');
  });

  it('misses when one placeholder is given two values', () => {
    expect(match('/{organizationId}/{resource}?org={organizationId}', `/${ORG}/users?org=${ORG}`)).toEqual({
      organizationId: ORG,
      resource: 'users',
    });
    expect(match('/{organizationId}/{resource}?org={organizationId}', `/${ORG}/users?org=other`)).toBeUndefined();
  });

  it("matches a row's route: the list's path and the id, a trailing slash kept, the query as the list's", () => {
    expect(match('/{resource}/', '/users/42/', true)).toEqual({
      organizationId: undefined,
      resource: 'users',
      id: '42',
    });
    expect(match('/{resource}/', '/users/42', true)).toBeUndefined();
    expect(match('/{resource}?org={organizationId}', '/users/42?org=acme', true)).toEqual({
      organizationId: 'acme',
      resource: 'users',
      id: '42',
    });
    expect(match('/{resource}/', '/users/../', true)).toBeUndefined();
  });

  it('matches every route it fills, lists and rows alike (fast-check)', () => {
    const templates = [
      '/{organizationId}/{resource}',
      '/{resource}/',
      '/api/{resource}?org={organizationId}',
      '/o-{organizationId}/x/{resource}.json',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        // As an organization may be (`.` and `..` alone are dot segments, which a URL resolves away).
        fc.stringMatching(/^[\w.~!$&'()*+,;=:@-]{1,40}$/).filter((name) => ORGANIZATION_NAME.test(name)),
        fc.stringMatching(/^[A-Za-z][\w-]{0,20}$/),
        fc.stringMatching(/^[\w.~!$&'()*+,;=:@-]{1,20}$/).filter((id) => ROW_ID.test(id)),
        (template, organizationId, resource, id) => {
          const named = template.includes('{organizationId}') ? organizationId : undefined;
          const list = fillListRoute(template, organizationId, resource);
          const query = new URLSearchParams(list.query);
          const found = matchListRoute(template, new URL(list.path, 'http://h').pathname, query);
          expect(found).toEqual({ organizationId: named, resource });
          const row = fillRowRoute(template, organizationId, resource, id);
          const pathname = new URL(row.path, 'http://h').pathname;
          expect(matchListRoute(template, pathname, query, { row: true })).toEqual({
            organizationId: named,
            resource,
            id,
          });
        },
      ),
    );
  });
});

describe('matchListRoute on hostile input', () => {
  const units = ['/', '{', '}', '%', '%2', 'a', '.', '-', 'x-', '.json', 'o-', '/x/'];

  it('answers any path of up to 64 KB, matching only paths it could have filled (fast-check)', () => {
    fc.assert(
      fc.property(hostileText(units), (pathname) => {
        const found = matchListRoute('/o-{organizationId}/x/{resource}.json', pathname, new URLSearchParams());
        if (!found) return;
        const filled = fillListRoute('/o-{organizationId}/x/{resource}.json', found.organizationId!, found.resource!);
        expect(decodeURIComponent(filled.path)).toBe(decodeURIComponent(pathname));
      }),
      HOSTILE_RUNS,
    );
  });

  it('misses a path longer than 8 KB, and a query value of 64 KB of near matches', () => {
    expect(match('/{resource}/', `/${'a'.repeat(9000)}/`)).toBeUndefined();
    const query = new URLSearchParams([['org', `${'o-'.repeat(32_768)}`]]);
    expect(matchListRoute('/{resource}?org=o-{organizationId}-end', '/users', query)).toBeUndefined();
  });
});

describe('listRoutes', () => {
  it("gives each resource its own route, else `route`, else the seed's", () => {
    expect(listRoutes(undefined, undefined)('shares')).toBe('/{organizationId}/{resource}');
    const routeOf = listRoutes('/{resource}/', { users: '/accounts/people/' });
    expect([routeOf('users'), routeOf('shares')]).toEqual(['/accounts/people/', '/{resource}/']);
  });

  it('refuses a template that is not a route, naming the option, and placeholders side by side', () => {
    expect(() => listRoutes('users', undefined)).toThrow(/`route` must be a path from '\/'/);
    expect(() => listRoutes('/{organizationId}{resource}', undefined)).toThrow(/`route` .*never side by side/);
    expect(() => listRoutes(undefined, { users: 'x' })).toThrow(/`routes.users`/);
    expect(() => listRoutes(undefined, { '1x': '/x' })).toThrow(/`routes` must be keyed by resource names/);
  });
});
