import type { ApiRecord, ListResource } from '../client/index';
import { isUuid } from '../shared/listEndpoints';
import { authorizationScheme } from './http';
import { problemResponse } from './errorResponse';
import { failureResponse } from './failureResponse';
import { rowsOf } from './createOrganizations';
import { deterministicUuid } from './deterministicUuid';
import { checkAuthorization } from './handleListRequest';
import { finish, takeFailure, waitLatency, type MockServiceState } from './MockServiceState';
import type { RecordedRequest } from './types';

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
  const { method } = request;
  const path = new URL(request.url).pathname;
  const record: RecordedRequest = {
    resource,
    method,
    url: request.url,
    organizationId,
    authorization: authorizationScheme(request.headers.get('Authorization')),
    status: null,
    ...(id === undefined ? {} : { id }),
  };
  state.requests.push(record);
  const failure = takeFailure(state, resource, method);
  await waitLatency(state, { resource, organizationId, method });
  const refuse = (status: number, detail: string, extra?: Record<string, unknown>, headers?: Record<string, string>) =>
    finish(
      record,
      problemResponse(status, detail, { path, ...(extra ? { extra } : {}), ...(headers ? { headers } : {}) }),
    );
  if (failure) return finish(record, failureResponse(failure, path, state.now()));
  const allowed = id === undefined ? ['POST'] : ROW_METHODS;
  if (!allowed.includes(method))
    return refuse(405, `Request method '${method}' is not supported`, undefined, {
      Allow: id === undefined ? 'GET, HEAD, POST' : ROW_METHODS.join(', '),
    });
  const denied = checkAuthorization(state, request.headers.get('Authorization'), path);
  if (denied) return finish(record, denied);
  if (!isUuid(organizationId)) return refuse(400, 'organizationId must be a UUID');
  const organization = state.byId.get(organizationId.toLowerCase());
  if (!organization) return refuse(404, `Organization ${organizationId} not found`);
  const rows = rowsOf(organization, resource);
  if (!rows) return refuse(404, `No list '${resource}' for organization ${organizationId}`);
  const existing = id === undefined ? undefined : rows.find(id);
  if (id !== undefined && !existing) return refuse(404, `No row ${id} in '${resource}'`);
  if (method === 'DELETE') {
    rows.remove(id!);
    return finish(record, new Response(null, { status: 204 }));
  }

  const key = method === 'POST' ? request.headers.get('Idempotency-Key') : null;
  const earlier = key === null ? undefined : state.idempotent.get(`${organizationId}/${resource}/${key}`);
  if (earlier) return finish(record, Response.json(earlier.row, { status: earlier.status }));
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers.get('Content-Type') ?? ''))
    return refuse(415, 'Content-Type must be application/json');
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return refuse(400, 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse(400, 'The request body must be a JSON object');
  const given = body as Record<string, unknown>;
  const next =
    method === 'POST'
      ? newRow(state, resource, organizationId, given)
      : ({ ...(method === 'PATCH' ? existing : { createdAt: existing!.createdAt }), ...given, id } as ApiRecord);
  const errors = fieldErrors(resource, next, method !== 'PATCH');
  if (errors.length) return refuse(422, 'Validation failed', { errors });
  if (
    typeof next.name === 'string' &&
    (resource === 'shares' || resource === 'environments') &&
    rows.all().some((row) => row.name === next.name && row.id !== next.id)
  )
    return refuse(409, `The name '${next.name.slice(0, MAX_NAME)}' is already taken`);
  if (method !== 'POST') {
    rows.replace(next);
    return finish(record, Response.json(next));
  }
  rows.add(next);
  if (key !== null) state.idempotent.set(`${organizationId}/${resource}/${key}`, { status: 201, row: next });
  return finish(record, Response.json(next, { status: 201, headers: { Location: `${path}/${next.id}` } }));
}
