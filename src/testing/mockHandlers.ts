import { http, type HttpHandler, type PathParams } from 'msw';
import type { ListResource } from '../client/index';
import { LIST_ROUTE, ROW_ROUTE } from '../shared/listEndpoints';
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

/** A list or row path below one of the API bases served, as MSW's custom predicate answers: with its parameters. */
function matchApiRoute(state: MockServiceState, request: Request) {
  const url = new URL(request.url);
  for (const base of state.apiBases) {
    const below = pathBelow(url, base) ?? '';
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
  return id === undefined && request.method !== 'POST'
    ? handleListRequest(state, request, resource, String(params.organizationId))
    : handleWriteRequest(state, request, resource, organizationId, id);
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
