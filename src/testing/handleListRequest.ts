import { DEFAULT_PAGE_SIZE, isWireInteger } from '../shared/paging';
import { isUuid } from '../shared/listEndpoints';
import { authorizationScheme, decodeBasicCredentials, MOCK_REALM } from './http';
import { errorResponse } from './errorResponse';
import { failureResponse } from './failureResponse';
import { rowsOf } from './createOrganizations';
import { formatPage } from './formatPage';
import { parseSort, queryRows, sortsOrFilters } from './queryRows';
import { finish, recordRequest, takeFailure, waitLatency, type MockServiceState } from './MockServiceState';
import { cursorModeSize, cursorPage, isCursorShape } from './cursorModes';
import { arrayListing, sourceListing, type Listing } from './listing';
import type { RowSource } from './createRowSource';
import type { ListResource } from '../client/index';

/** A non-negative integer query parameter, its default when absent, or null when malformed. */
function integerParam(url: URL, name: string, fallback: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  if (!isWireInteger(raw)) return null;
  return Number(raw);
}

/** Null when the request may proceed, else the 401 to answer with. */
export function checkAuthorization(state: MockServiceState, header: string | null, path: string): Response | null {
  if (!state.authRequired) return null;
  const scheme = authorizationScheme(header);
  const challenge = (wwwAuthenticate: string, message: string) =>
    errorResponse(401, message, { path, now: state.now(), headers: { 'WWW-Authenticate': wwwAuthenticate } });
  if (header === null || scheme === null) {
    return challenge(
      `Bearer ${MOCK_REALM}, Basic ${MOCK_REALM}`,
      'Full authentication is required to access this resource',
    );
  }
  const credential = header
    .trim()
    .replace(/^\S+\s+/, '')
    .trim();
  if (scheme === 'Bearer') {
    const expiresAt = state.tokens.get(credential);
    if (expiresAt !== undefined && state.now() < expiresAt) return null;
    return challenge(
      `Bearer ${MOCK_REALM}, error="invalid_token", error_description="The access token is invalid or has expired"`,
      'The access token is invalid or has expired',
    );
  }
  const pair = decodeBasicCredentials(credential);
  const known = pair && state.accounts.some((a) => a.accountId === pair.user && a.apiToken === pair.password);
  return known ? null : challenge(`Basic ${MOCK_REALM}`, 'Bad API account credentials');
}

/** The page and size a list request asks for: `page` null when malformed, `size` undefined when not a valid size. */
interface ListPaging {
  page: number | null;
  size: number | undefined;
  /** The page the request log shows: undefined in the cursor shapes but `offset`, which ignore `page`. */
  recorded: number | undefined;
}

/** The paging of `url` in the mock's `shape`. */
function pagingOf({ shape, maxPageSize }: MockServiceState, url: URL): ListPaging {
  // The cursor shapes ignore `page`, as the services they stand for do, and read their own size parameter.
  const cursorSize = isCursorShape(shape) ? cursorModeSize(shape, url) : undefined;
  const page = cursorSize ? (cursorSize.page ?? 0) : integerParam(url, 'page', 0);
  const size = cursorSize ? cursorSize.size : integerParam(url, 'size', DEFAULT_PAGE_SIZE);
  return {
    page,
    size: size !== null && size >= 1 && size <= maxPageSize ? size : undefined,
    recorded: cursorSize ? cursorSize.page : (page ?? undefined),
  };
}

/** The rows in the order the request lists them, or the message refusing its sort or filters. */
function listingOf(rows: RowSource, url: URL): Listing | string {
  // Unsorted and unfiltered: only the rows a page shows are generated, however large the organization.
  if (!sortsOrFilters(url)) return sourceListing(rows);
  const orders = parseSort(url);
  const listed = typeof orders === 'string' ? orders : queryRows(rows.all(), url, orders);
  return typeof listed === 'string' ? listed : arrayListing(listed);
}

/**
 * `GET /{organizationId}/{resource}?page&size[&sort][&filters]` as the service answers it: failures and latency first (a
 * queued failure belongs to the request that arrives next), then method, credentials, organization and parameters,
 * each refused the way Spring refuses it. `url` is the request's as the list reads it: without a route's own query
 * parameters (`?org=`), which address the list and filter none of its rows.
 */
export async function handleListRequest(
  state: MockServiceState,
  request: Request,
  resource: ListResource,
  rawOrganizationId: string,
  url = new URL(request.url),
): Promise<Response> {
  let organizationId = rawOrganizationId;
  try {
    organizationId = decodeURIComponent(rawOrganizationId);
  } catch {
    // Keep the raw text: it is rejected below as not a UUID.
  }
  const paging = pagingOf(state, url);
  const record = recordRequest(state, request, { resource, organizationId, page: paging.recorded, size: paging.size });
  const failure = takeFailure(state, resource);
  await waitLatency(state, { resource, organizationId, page: record.page, size: record.size, method: request.method });
  if (failure) return finish(record, failureResponse(failure, url.pathname, state.now()));
  return finish(record, answerList(state, request, url, resource, organizationId, paging));
}

/** The answer to a recorded list request (see `handleListRequest`). */
function answerList(
  state: MockServiceState,
  request: Request,
  url: URL,
  resource: ListResource,
  organizationId: string,
  { page, size }: ListPaging,
): Response {
  const path = url.pathname;
  const refuse = (status: number, message: string, headers?: Record<string, string>) =>
    errorResponse(status, message, { path, now: state.now(), ...(headers ? { headers } : {}) });
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refuse(405, `Request method '${request.method}' is not supported`, { Allow: 'GET, HEAD, POST' });
  }
  const denied = checkAuthorization(state, request.headers.get('Authorization'), path);
  if (denied) return denied;
  if (!isUuid(organizationId)) return refuse(400, 'organizationId must be a UUID');
  const organization = state.byId.get(organizationId.toLowerCase());
  if (!organization) return refuse(404, `Organization ${organizationId} not found`);
  if (page === null) return refuse(400, 'page must be an integer >= 0');
  if (size === undefined) return refuse(400, `size must be an integer from 1 to ${state.maxPageSize}`);
  const rows = rowsOf(organization, resource);
  if (!rows) return refuse(404, `No list '${resource}' for organization ${organizationId}`);
  const listing = listingOf(rows, url);
  if (typeof listing === 'string') return refuse(400, listing);
  const { shape } = state;
  if (isCursorShape(shape)) {
    const answer = cursorPage(shape, { resource, url, listing, size, hints: state.cursorHints });
    return typeof answer === 'string' ? refuse(400, answer) : answer;
  }
  const start = page * size;
  return formatPage(shape, {
    resource,
    items: listing.slice(start, start + size),
    total: listing.length,
    page,
    size,
    url,
  });
}
