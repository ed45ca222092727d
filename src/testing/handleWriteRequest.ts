import type { ApiRecord, ListResource } from '../client/index';
import { isUuid } from '../shared/listEndpoints';
import { problemResponse } from './errorResponse';
import { failureResponse } from './failureResponse';
import { rowsOf } from './createOrganizations';
import type { RowSource } from './createRowSource';
import { deterministicUuid } from './deterministicUuid';
import { checkAuthorization } from './handleListRequest';
import { finish, recordRequest, takeFailure, waitLatency, type MockServiceState } from './MockServiceState';

/** What the row route answers to, and what the list route answers to beside `GET`. */
const ROW_METHODS = ['PUT', 'PATCH', 'DELETE'];

/** Longest name the mock takes, as a column of the service would. */
const MAX_NAME = 120;

/** A field the service refuses, as Spring's validation lists it in the problem's `errors`. */
interface FieldError {
  field: string;
  message: string;
}

/** The invalid fields of a row about to be stored under `resource`. */
function fieldErrors(resource: string, row: Record<string, unknown>, whole: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const named = resource === 'shares' || resource === 'environments';
  if ('name' in row || (whole && named)) {
    const { name } = row;
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME)
      errors.push({ field: 'name', message: `must be a non-empty string of at most ${MAX_NAME} characters` });
  }
  if (resource === 'shares' && 'protocol' in row && row.protocol !== 'SMB' && row.protocol !== 'NFS')
    errors.push({ field: 'protocol', message: 'must be SMB or NFS' });
  return errors;
}

/** A new row as the service stores it: its own id and creation time, the documented lists' defaults, then the body. */
function newRow(state: MockServiceState, resource: string, organizationId: string, body: Record<string, unknown>) {
  state.created += 1;
  const id = deterministicUuid(`${organizationId}/${resource}/created/${state.created}`);
  const createdAt = new Date(state.now()).toISOString();
  const defaults =
    resource === 'shares'
      ? { path: `/exports/${String(body.name)}`, protocol: 'SMB', sizeBytes: 0 }
      : resource === 'environments'
        ? { region: 'eu-west-1' }
        : {};
  return { ...defaults, ...body, id, createdAt } as ApiRecord;
}

/** The row a write is for (none for a create) in its list, once the method, credentials and path are accepted. */
interface WriteTarget {
  rows: RowSource;
  existing: ApiRecord | undefined;
}

/** A write the row route or the list route received: what it asks of which organization's list, and of which row. */
interface WriteCall {
  request: Request;
  resource: ListResource;
  organizationId: string;
  id: string | undefined;
}

/** The list and row a write names, or the answer refusing it: 405, 401/403, 400 (not a UUID), 404. */
function targetOf(
  state: MockServiceState,
  { request, resource, organizationId, id }: WriteCall,
): WriteTarget | Response {
  const path = new URL(request.url).pathname;
  const allowed = id === undefined ? ['POST'] : ROW_METHODS;
  if (!allowed.includes(request.method))
    return problemResponse(405, `Request method '${request.method}' is not supported`, {
      path,
      headers: { Allow: id === undefined ? 'GET, HEAD, POST' : ROW_METHODS.join(', ') },
    });
  const denied = checkAuthorization(state, request.headers.get('Authorization'), path);
  if (denied) return denied;
  if (!isUuid(organizationId)) return problemResponse(400, 'organizationId must be a UUID', { path });
  const organization = state.byId.get(organizationId.toLowerCase());
  if (!organization) return problemResponse(404, `Organization ${organizationId} not found`, { path });
  const rows = rowsOf(organization, resource);
  if (!rows) return problemResponse(404, `No list '${resource}' for organization ${organizationId}`, { path });
  const existing = id === undefined ? undefined : rows.find(id);
  if (id !== undefined && !existing) return problemResponse(404, `No row ${id} in '${resource}'`, { path });
  return { rows, existing };
}

/** The request's body as a JSON object, or the answer refusing it: 415 (not JSON), 400 (unreadable, not an object). */
async function jsonObjectOf(request: Request, path: string): Promise<Record<string, unknown> | Response> {
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers.get('Content-Type') ?? ''))
    return problemResponse(415, 'Content-Type must be application/json', { path });
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return problemResponse(400, 'The request body is not valid JSON', { path });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return problemResponse(400, 'The request body must be a JSON object', { path });
  return body as Record<string, unknown>;
}

/** The answer refusing `next` as the list's new row: 422 (invalid fields), 409 (a name taken); none when it is fine. */
function rowRefusal(resource: ListResource, next: ApiRecord, rows: RowSource, whole: boolean, path: string) {
  const errors = fieldErrors(resource, next, whole);
  if (errors.length) return problemResponse(422, 'Validation failed', { path, extra: { errors } });
  if (
    typeof next.name === 'string' &&
    (resource === 'shares' || resource === 'environments') &&
    rows.all().some((row) => row.name === next.name && row.id !== next.id)
  )
    return problemResponse(409, `The name '${next.name.slice(0, MAX_NAME)}' is already taken`, { path });
  return undefined;
}

/**
 * A write as the service answers it: `POST /{organizationId}/{resource}` creates a row (201, the row, `Location`),
 * `PUT` replaces and `PATCH` changes `/{organizationId}/{resource}/{id}` (200, the row), `DELETE` removes it (204).
 * Failures and latency first, then credentials, organization, row and body, each refused with a problem document:
 * 400 (not a JSON object), 404 (no such organization, list or row), 409 (a name already taken in the list), 415 (not
 * JSON), 422 (invalid fields, listed in `errors`). A create with an `Idempotency-Key` seen before answers as the
 * first did, making no row.
 */
export async function handleWriteRequest(
  state: MockServiceState,
  request: Request,
  resource: ListResource,
  organizationId: string,
  id: string | undefined,
): Promise<Response> {
  const record = recordRequest(state, request, { resource, organizationId, ...(id === undefined ? {} : { id }) });
  return finish(record, await answerWrite(state, { request, resource, organizationId, id }));
}

/** The answer to a recorded write (see `handleWriteRequest`). */
async function answerWrite(state: MockServiceState, call: WriteCall): Promise<Response> {
  const { request, resource, organizationId, id } = call;
  const { method } = request;
  const path = new URL(request.url).pathname;
  const failure = takeFailure(state, resource, method, id);
  await waitLatency(state, { resource, organizationId, method });
  if (failure) return failureResponse(failure, path, state.now());
  const target = targetOf(state, call);
  if (target instanceof Response) return target;
  const { rows, existing } = target;
  if (method === 'DELETE') {
    rows.remove(id!);
    return new Response(null, { status: 204 });
  }
  const key = method === 'POST' ? request.headers.get('Idempotency-Key') : null;
  const earlier = key === null ? undefined : state.idempotent.get(`${organizationId}/${resource}/${key}`);
  if (earlier) return Response.json(earlier.row, { status: earlier.status });
  const given = await jsonObjectOf(request, path);
  if (given instanceof Response) return given;
  const next =
    method === 'POST'
      ? newRow(state, resource, organizationId, given)
      : ({ ...(method === 'PATCH' ? existing : { createdAt: existing!.createdAt }), ...given, id } as ApiRecord);
  const refusal = rowRefusal(resource, next, rows, method !== 'PATCH', path);
  if (refusal) return refusal;
  if (method !== 'POST') {
    rows.replace(next);
    return Response.json(next);
  }
  rows.add(next);
  if (key !== null) state.idempotent.set(`${organizationId}/${resource}/${key}`, { status: 201, row: next });
  // The row's path under its list's, a trailing slash kept where the list's route has one.
  const location = path.endsWith('/') ? `${path}${next.id}/` : `${path}/${next.id}`;
  return Response.json(next, { status: 201, headers: { Location: location } });
}
