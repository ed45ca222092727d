import { assertListParams, assertResource } from './assertListParams';
import type { FilterValue, ListParams, ListResource, Page, SortEntry } from './types';
import { invalidArgument } from '../shared/assert';

/**
 * A list call as plain data, for a way to the service that is a function call rather than HTTP: a TanStack Start
 * server function, a server action, a worker. `createRpcClient` sends it, the server reads it with `parseListCall`
 * and answers it with `serveListCall` (`pagewise/server`). JSON both ways, so any serializer carries it.
 */
export interface ListCall {
  /** The list below the organization, e.g. `'shares'`. */
  resource: ListResource;
  /** The organization's UUID, or a name of URL-safe characters where the server client's route names none. */
  organizationId: string;
  /** The page's number, counting from 1; with a `cursor`, the number the page it leads to is reported as. @default 1 with a cursor */
  page?: number;
  /**
   * A previous page's `nextCursor`, instead of `page`: a token, or a URL that the server's client requests only when
   * it lies under its own `baseUrl` (a cursor from the browser is no way to another host or path). @default none
   */
  cursor?: string;
  /** The query parameter a token cursor goes out as: the previous page's `cursorParam`. @default the server client's choice */
  cursorParam?: string;
  /** Rows per page. */
  size: number;
  /** Sort criteria in order of precedence. @default [] */
  sort?: SortEntry[];
  /** Filters; arrays repeat the parameter. @default {} */
  filters?: Record<string, FilterValue | FilterValue[] | null>;
}

/**
 * The fields of a service's problem document (RFC 9457) that may cross to the browser: never its `instance` or other
 * members, which may name the service's paths. Each string at most 1000 characters, at most 50 `errors`.
 */
export interface FailureProblem {
  /** The problem's type URI. */
  type?: string;
  /** Its short summary, e.g. `Unprocessable Content`. */
  title?: string;
  /** The status the service wrote in it. */
  status?: number;
  /** What went wrong, for people. */
  detail?: string;
  /** The invalid fields, as Spring's validation lists them. */
  errors?: Array<{ field?: string; message?: string }>;
}

/**
 * Why a list call or a write call failed, as data: the kind of the error the server's client raised and the fields its
 * guards and the retry policy read. Never a message, URL, header or whole body: those may name the service's host or
 * echo a credential.
 */
export interface ListFailure {
  /**
   * The error's kind: `HttpError`, `AuthError`, `NetworkError`, `TimeoutError`, `ResponseShapeError`, `AbortError`,
   * or `TypeError` for an argument the server refused (a URL cursor not under its client's `baseUrl` at the call's
   * list, an organization that is no UUID where its client's route names one, a size over its `maxSize`).
   */
  kind: string;
  /** The argument the server refused (`TypeError`). */
  argument?: string;
  /** The safe fields of the service's problem document (`HttpError` of a write). */
  problem?: FailureProblem;
  /** The service's status (`HttpError`). */
  status?: number;
  /** The service's status text, redacted (`HttpError`). */
  statusText?: string;
  /** Milliseconds the service asked to wait (`HttpError` for 429 and 503). */
  retryAfterMs?: number;
  /** The limit that ran out (`TimeoutError`). */
  timeoutMs?: number;
  /** The identity provider's RFC 6749 error code (`AuthError`). */
  error?: string;
}

/** A value JSON can hold: what a page's rows are once they have crossed. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What answers a `ListCall`: the page, or why there is none. Rows are JSON, as the service answered them. */
export type ListAnswer<T = { [key: string]: JsonValue }> = { page: Page<T> } | { error: ListFailure };

/** `params` as the data of a call of `resource`, without the signal, which does not cross (checked already). */
export function listCallOf(resource: ListResource, params: ListParams): ListCall {
  const { organizationId, page, size, sort, filters, cursor, cursorParam } = params;
  const call: ListCall = { resource, organizationId, size };
  if (page !== undefined) call.page = page;
  if (cursor !== undefined) call.cursor = cursor;
  if (cursorParam !== undefined) call.cursorParam = cursorParam;
  if (sort?.length) call.sort = sort.map(({ id, desc }) => ({ id, desc }));
  if (filters != null) call.filters = { ...(filters as ListCall['filters']) };
  return call;
}

/**
 * Reads a list call that crossed a boundary (a server function's input, a message): throws the `TypeError` naming the
 * first bad field that `createApiClient`'s `list` would throw, and returns a copy holding only the call's fields.
 * Pass it as the server function's validator.
 *
 * @example
 * const listPage = createServerFn().validator(parseListCall).handler(({ data }) => serveListCall(serverClient, data));
 */
export function parseListCall(input: unknown): ListCall {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalidArgument(
      'call',
      'must be a list call: { resource, organizationId, page | cursor, size, cursorParam?, sort?, filters? }',
    );
  const { resource } = input as ListCall;
  assertResource(resource);
  // A signal never crosses: whatever came in its place is dropped, not judged.
  const params = { ...(input as ListParams) };
  delete params.signal;
  // Not only a UUID: a server client whose route names no organization takes a name. Its `list` asks a UUID where
  // the route names the organization, before any request.
  assertListParams(params, resource, { organized: false });
  return listCallOf(resource, params);
}
