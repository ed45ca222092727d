import { invalidArgument } from '../shared/assert';
import { WRITE_METHODS, type WriteMethod } from '../shared/listEndpoints';
import type { JsonValue, ListFailure } from './listCall';
import type { ListResource } from './types';
import { assertWrite, randomKey, type Write } from './writeArguments';

/**
 * A write (`client.create`, `update` or `delete`) as plain data, for a way to the service that is a function call:
 * `createRpcClient` sends it through its `write` function, the server reads it with `parseWriteCall` and answers it
 * with `serveWriteCall` (`pagewise/server`). JSON both ways.
 */
export interface WriteCall {
  /** `POST` creates a row on the list; `PATCH`, `PUT` and `DELETE` change or remove the row `id`. */
  method: WriteMethod;
  /** The list below the organization, e.g. `'shares'`. */
  resource: ListResource;
  /** The organization's UUID, or a name of URL-safe characters where the server client's route names none. */
  organizationId: string;
  /** The row (`PATCH`, `PUT`, `DELETE`): a path segment. @default none (`POST`) */
  id?: string;
  /** The row or its changes as JSON (`POST`, `PATCH`, `PUT`). @default none (`DELETE`) */
  body?: JsonValue;
  /** Sent as `Idempotency-Key` (a key made in the browser when the caller asked for a new one). @default none */
  idempotencyKey?: string;
  /** Sent as `If-Match`. @default none */
  ifMatch?: string;
  /** Times the server's client sends the write again after an outage, as `WriteParams.retry`. @default 0 */
  retry?: number;
}

/** What answers a `WriteCall`: the service's answer (`null` for none, e.g. a 204), or why the write failed. */
export type WriteAnswer = { value: JsonValue | null } | { error: ListFailure };

/**
 * `write` as the data of a call, checked as `client.create`/`update`/`delete` check it (the argument error else). Not
 * only a UUID: a server client whose route names no organization takes a name; its write asks a UUID where the route
 * names the organization, before any request, as a list call's.
 */
export function writeCallOf(write: Write): WriteCall {
  const text = assertWrite(write, { organized: false });
  const { method, resource, params } = write;
  const { organizationId, idempotencyKey, ifMatch, retry } = params;
  const call: WriteCall = { method, resource, organizationId };
  if (method !== 'POST') call.id = params.id!;
  // Parsed back from the checked text: the copy that crosses is the JSON the service would get, nothing else.
  if (text !== undefined) call.body = JSON.parse(text) as JsonValue;
  // A new key is made here, so a call repeated after a lost answer can be sent again with the same key.
  if (idempotencyKey !== undefined) call.idempotencyKey = idempotencyKey === true ? randomKey() : idempotencyKey;
  if (ifMatch !== undefined) call.ifMatch = ifMatch;
  if (retry) call.retry = retry;
  return call;
}

/**
 * Reads a write call that crossed a boundary (a server function's input): throws the `TypeError` naming the first bad
 * field that `client.create`/`update`/`delete` would throw, and returns a copy holding only the call's fields. Pass
 * it as the write server function's validator.
 *
 * @example
 * const writeRow = createServerFn({ method: 'POST' }).validator(parseWriteCall).handler(({ data }) => serveWriteCall(serverClient, data, { allow }));
 */
export function parseWriteCall(input: unknown): WriteCall {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalidArgument('call', 'must be a write call: { method, resource, organizationId, id?, body? }');
  const { method, resource, ...params } = input as WriteCall & { signal?: unknown };
  if (!WRITE_METHODS.includes(method)) throw invalidArgument('method', `must be ${WRITE_METHODS.join(', ')}`, method);
  // `true` asks the sender for a new key: once crossed, a key is the key itself.
  if (typeof params.idempotencyKey === 'boolean') throw invalidArgument('idempotencyKey', 'must be a string');
  // A signal never crosses, and a DELETE has no body: whatever came in their place is dropped, not judged.
  delete params.signal;
  if (method === 'DELETE') delete params.body;
  return writeCallOf({ method, resource, params: params as Write['params'] });
}
