import { http, type HttpHandler, type PathParams } from 'msw';
import type { ListResource } from '../client/index';
import { LIST_ROUTE, matchListRoute, ROW_ROUTE } from '../shared/listEndpoints';
import { handleListRequest } from './handleListRequest';
import { handleRevocationRequest } from './handleRevocationRequest';
import { handleTokenRequest } from './handleTokenRequest';
import { handleWriteRequest } from './handleWriteRequest';
import { pathBelow } from './http';
import type { MockServiceState } from './MockServiceState';

/** Whether `request` asks for `path` below one of the identity provider's bases served. */
const atAuthPath = (state: MockServiceState, request: Request, path: string): boolean => {
  const url = new URL(request.url);
  return state.authBases.some((base) => pathBelow(url, base) === path);
};

/**
 * A list or row at one of `routes` below `below`: the first template that matches, a resource served at a route of its
 * own only there; the organization where the route puts it, else the first organization's.
 */
function matchRoutes(state: MockServiceState, below: string, query: URLSearchParams) {
  for (const { template, resource } of state.routes!) {
    const match = matchListRoute(template, below, query) ?? matchListRoute(template, below, query, { row: true });
    // A resource's own template serves that resource only, whatever its `{resource}` placeholder read.
    if (!match || (resource && (match.resource ?? resource) !== resource)) continue;
    const name = resource ?? match.resource;
    if (!name || (!resource && state.routes!.some((route) => route.resource === name))) continue;
    const organizationId = encodeURIComponent(match.organizationId ?? state.organizations[0]?.id ?? '');
    // The route's own query parameters (`?org=`) are its address, never a filter of the list.
    const own = [...new URLSearchParams(template.split('?')[1]).keys()];
    return { matches: true, params: { organizationId, resource: name, id: match.id ?? '', own } };
  }
  return false;
}

/** A list or row path below one of the API bases served, as MSW's custom predicate answers: with its parameters. */
function matchApiRoute(state: MockServiceState, request: Request) {
  const url = new URL(request.url);
  for (const base of state.apiBases) {
    const below = pathBelow(url, base) ?? '';
    if (state.routes) {
      const routed = matchRoutes(state, below, url.searchParams);
      if (routed) return routed;
      continue;
    }
    const match = LIST_ROUTE.exec(below) ?? ROW_ROUTE.exec(below);
    if (match?.[1] && match[2])
      return { matches: true, params: { organizationId: match[1], resource: match[2], id: match[3] ?? '' } };
  }
  return false;
}

/** A list read (`GET` of a list) or a write (`POST` to a list, any method on a row). */
function answerApiRequest(state: MockServiceState, request: Request, params: PathParams) {
  const resource = params.resource as ListResource;
  let organizationId = String(params.organizationId);
  try {
    organizationId = decodeURIComponent(organizationId);
  } catch {
    // Kept as sent: refused below as not a UUID.
  }
  const id = params.id ? String(params.id) : undefined;
  if (id !== undefined || request.method === 'POST')
    return handleWriteRequest(state, request, resource, organizationId, id);
  // Read without the route's own query parameters, recorded with them: the request as the client sent it.
  const url = new URL(request.url);
  for (const name of (params.own as string[] | undefined) ?? []) url.searchParams.delete(name);
  return handleListRequest(state, request, resource, String(params.organizationId), url);
}

/** The MSW handlers of a mock service: the token and revocation endpoints, then the lists and their rows. */
export function mockHandlers(state: MockServiceState): HttpHandler[] {
  return [
    http.all(
      ({ request }) => atAuthPath(state, request, '/oauth/token'),
      ({ request }) => handleTokenRequest(state, request),
    ),
    http.all(
      ({ request }) => atAuthPath(state, request, '/oauth/revoke'),
      ({ request }) => handleRevocationRequest(state, request),
    ),
    http.all(
      ({ request }) => matchApiRoute(state, request),
      ({ request, params }) => answerApiRequest(state, request, params),
    ),
  ];
}
