import type { ApiClient } from './createApiClient';
import { assertListParams, assertResource } from './assertListParams';
import { AuthError } from './errors/AuthError';
import { HttpError } from './errors/HttpError';
import { NetworkError } from './errors/NetworkError';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { TimeoutError } from './errors/TimeoutError';
import { statusLine } from './fetchJson';
import { listCallOf, type ListCall, type ListFailure } from './listCall';
import { createCursorMemory } from './pageQuery';
import { errorName } from './redact';
import type { ApiRecord, ListParams, ListResource, Page } from './types';
import type { CreateParams, DeleteParams, UpdateParams, Write } from './writeArguments';
import { writeCallOf, type WriteCall } from './writeCall';
import { pagesOf, type PagesOptions, type PagesParams } from './pages';
import { assertFunction, invalidArgument, requireString } from '../shared/assert';
import type { WriteMethod } from '../shared/listEndpoints';
import { eventListener, type ClientEvent } from '../shared/events';
import { assertTimeoutMs, DEFAULT_TIMEOUT_MS, withTimeout } from '../shared/time';

/** Options of `createRpcClient`. */
export interface RpcClientOptions {
  /**
   * Sends a list call to where the service's client runs and resolves to its `ListAnswer` (`serveListCall`'s): a
   * TanStack Start server function as it is, or any function of `{ data, signal }`. A rejection other than the abort
   * is a `NetworkError` of the call.
   */
  call: (request: { data: ListCall; signal: AbortSignal }) => Promise<unknown>;
  /**
   * Sends a write call (`create`, `update`, `delete`) and resolves to its `WriteAnswer` (`serveWriteCall`'s): a
   * TanStack Start server function of method `POST`, as `call` is for lists. Without it, writes reject with the
   * argument error naming `write`, before any call.
   * @default none (no writes)
   */
  write?: (request: { data: WriteCall; signal: AbortSignal }) => Promise<unknown>;
  /** Non-secret identity in query keys, as `createApiClient`'s. @default 'default' */
  id?: string;
  /** Limit of one call, in milliseconds; `Infinity` for none. @default 30000 */
  timeoutMs?: number;
  /** Told each call, its answer and its error, as `createApiClient`'s; never an organization. @default none */
  onEvent?: (event: ClientEvent) => void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Whether `value` has a `Page`'s fields (the rows themselves are the app's). */
const isPage = (value: unknown): value is Page<unknown> =>
  isObject(value) &&
  Array.isArray(value.items) &&
  Number.isInteger(value.page) &&
  Number.isInteger(value.pageSize) &&
  typeof value.hasNext === 'boolean' &&
  typeof value.hasPrevious === 'boolean' &&
  ['nextCursor', 'cursorParam'].every((name) => value[name] === undefined || typeof value[name] === 'string');

/** What the server refused of a call, which only it can judge. */
const REFUSED: Record<string, string> = {
  cursor: "must be a URL under the server's client's baseUrl at the call's list, or a token",
  organizationId: "must be a UUID where the server's client's route names the organization",
  size: "must be at most the server function's maxSize",
};

/** The error a `ListFailure` stands for, as the server's client raised it, for the guards and the retry policy. */
function failureError(resource: string, failure: ListFailure, method?: WriteMethod): unknown {
  const { kind, status, statusText, retryAfterMs, timeoutMs, error, argument, problem } = failure;
  if (kind === 'HttpError' && Number.isInteger(status))
    return new HttpError(`${resource} ${statusLine(status!, statusText)}`, {
      status: status!,
      ...(method && { method }),
      ...(typeof statusText === 'string' && { statusText }),
      ...(typeof retryAfterMs === 'number' && { retryAfterMs }),
      ...(isObject(problem) && { body: problem }),
    });
  // Only the server knows its client's baseUrl and route and its own bounds, so it refuses those, as the same argument error.
  if (kind === 'TypeError' && typeof argument === 'string' && Object.hasOwn(REFUSED, argument))
    return invalidArgument(argument, REFUSED[argument]!);
  if (kind === 'AuthError')
    return new AuthError(`${resource} failed: no token`, typeof error === 'string' ? { error } : {});
  if (kind === 'TimeoutError' && typeof timeoutMs === 'number')
    return new TimeoutError(`${resource} timed out after ${timeoutMs} ms`, { timeoutMs });
  if (kind === 'NetworkError') return new NetworkError(`${resource} failed: network error`);
  if (kind === 'AbortError') return new DOMException(`${resource} was aborted`, 'AbortError');
  return new ResponseShapeError(`${resource} failed: the service's answer could not be read`);
}

/** Throws the error `answer` stands for when it is a failure. */
function throwFailure(resource: string, answer: unknown, method?: WriteMethod): void {
  if (isObject(answer) && isObject(answer.error) && typeof answer.error.kind === 'string')
    throw failureError(resource, answer.error as unknown as ListFailure, method);
}

/** The answer was neither what the call asked for nor a failure. */
const shapeError = (resource: string, answer: unknown, what: string) =>
  new ResponseShapeError(`${resource} answered neither ${what} nor a failure`, {
    keys: isObject(answer) ? Object.keys(answer) : [],
  });

/** The page of `answer`, or the error it stands for. */
function pageOf<T>(resource: string, answer: unknown): Page<T> {
  if (isObject(answer) && isPage(answer.page)) return answer.page as Page<T>;
  throwFailure(resource, answer);
  throw shapeError(resource, answer, 'a page');
}

/** The service's answer to a write (`undefined` for none), or the error it stands for. */
function valueOf(resource: string, answer: unknown, method: WriteMethod): unknown {
  if (isObject(answer) && 'value' in answer && !('error' in answer)) return answer.value ?? undefined;
  throwFailure(resource, answer, method);
  throw shapeError(resource, answer, 'a value');
}

/**
 * Creates a client whose list calls and writes go through functions instead of `fetch`: TanStack Start server
 * functions that answer them with the server's client (`serveListCall`, `serveWriteCall`), so the credentials stay on
 * the server with no proxy route. A write's `retry` is done by the server's client, which sees the outage.
 * Its calls are checked as `createApiClient`'s (a `TypeError` naming the argument, before any call), reject with the
 * same errors, rebuilt from the answer (`HttpError` with its status, `AuthError`, …), and tell `onEvent` the same events.
 *
 * @example
 * const client = createRpcClient({ call: listPage }); // listPage: createServerFn().validator(parseListCall)…
 */
export function createRpcClient(options: RpcClientOptions): ApiClient {
  const { call, write, id, timeoutMs = DEFAULT_TIMEOUT_MS } = options ?? ({} as RpcClientOptions);
  assertFunction('call', call);
  if (write !== undefined) assertFunction('write', write);
  if (id !== undefined) requireString('id', id);
  assertTimeoutMs(timeoutMs);
  const emit = eventListener('onEvent', options.onEvent);

  // As createApiClient's: a token cursor passed back alone goes out as the parameter its page said. Kept here, so the
  // call carries it to whichever server instance answers (each server client remembers only its own pages).
  const cursors = createCursorMemory();
  const list = <T>(resource: ListResource, params: ListParams): Promise<Page<T>> =>
    sendCall(emit, timeoutMs, {
      resource,
      check: () => {
        assertResource(resource);
        assertListParams(params, resource, { organized: false });
        const data = listCallOf(resource, params);
        const remembered = data.cursor === undefined ? undefined : cursors.recall(data.cursor);
        if (data.cursorParam === undefined && remembered !== undefined) data.cursorParam = remembered;
        return data;
      },
      through: call,
      signal: params?.signal,
      read: (answer) => {
        const page = pageOf<T>(resource, answer);
        if (page.nextCursor && page.cursorParam) cursors.remember(page.nextCursor, page.cursorParam);
        return page;
      },
    });

  const sendWrite = (one: Write): Promise<unknown> =>
    sendCall(emit, timeoutMs, {
      ...one,
      check: () => writeCallOf(one),
      through: write,
      signal: one.params?.signal,
      read: (answer) => valueOf(one.resource, answer, one.method),
    });

  return {
    baseUrl: '',
    id: id ?? 'default',
    list,
    pages: <T = ApiRecord>(resource: ListResource, params: PagesParams, pageOptions?: PagesOptions) =>
      // Checked as each call is: the server's client holds the route, and judges a UUID where its route names one.
      pagesOf<T>(list, emit, resource, params, pageOptions, { organized: false }),
    listShares: <T = ApiRecord>(params: ListParams) => list<T>('shares', params),
    listEnvironments: <T = ApiRecord>(params: ListParams) => list<T>('environments', params),
    create: (resource: ListResource, params: CreateParams) => sendWrite({ method: 'POST', resource, params }) as never,
    update: (resource: ListResource, params: UpdateParams) =>
      sendWrite({ method: params?.method === 'PUT' ? 'PUT' : 'PATCH', resource, params }) as never,
    delete: async (resource: ListResource, params: DeleteParams) =>
      void (await sendWrite({ method: 'DELETE', resource, params })),
  };
}

/** One call of an RPC client: what it is, how its argument is checked, where it goes and how its answer is read. */
interface RpcCall<D, R> {
  resource: ListResource;
  /** The write's method; none for a list call. */
  method?: WriteMethod;
  /** Checks the caller's arguments and makes the call's data; runs first, so a bad argument rejects before any call. */
  check: () => D;
  /** The function that answers the call; none when the client was given no `write`. */
  through: ((request: { data: D; signal: AbortSignal }) => Promise<unknown>) | undefined;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
  read: (answer: unknown) => R;
}

/** Checks and sends one call within `timeoutMs`, tells `onEvent` as `createApiClient` does, and reads its answer. */
async function sendCall<D, R>(
  emit: ((event: ClientEvent) => void) | undefined,
  timeoutMs: number,
  call: RpcCall<D, R>,
): Promise<R> {
  const { resource, method, through, signal: callerSignal } = call;
  const told = method ? { method } : {};
  try {
    const data = call.check();
    if (through === undefined) throw invalidArgument('write', 'must be given to createRpcClient for writes');
    callerSignal?.throwIfAborted();
    emit?.({ type: 'client-request', resource, attempt: 1, ...told });
    const sentAt = performance.now();
    const answer = await withTimeout(
      (signal) =>
        through({ data, signal }).catch((cause: unknown) => {
          // An abort (the caller's, or the timeout's) settles the call with its own reason (withTimeout).
          throw signal.aborted ? signal.reason : new NetworkError(`${resource} failed: no answer`, { cause });
        }),
      timeoutMs,
      () => new TimeoutError(`${resource} timed out after ${timeoutMs} ms`, { timeoutMs }),
      callerSignal,
    );
    const status = isObject(answer) && isObject(answer.error) ? answer.error.status : 200;
    if (typeof status === 'number') {
      const durationMs = performance.now() - sentAt;
      emit?.({ type: 'client-response', resource, attempt: 1, status, durationMs, ...told });
    }
    return call.read(answer);
  } catch (error) {
    const status = (error as { status?: number })?.status;
    emit?.({ type: 'client-error', resource, errorName: errorName(error), status, ...told });
    throw error;
  }
}
