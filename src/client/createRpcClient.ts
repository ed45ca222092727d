import type { ApiClient } from './createApiClient';
import { assertListParams, assertResource } from './assertListParams';
import { AuthError } from './errors/AuthError';
import { HttpError } from './errors/HttpError';
import { NetworkError } from './errors/NetworkError';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { TimeoutError } from './errors/TimeoutError';
import { statusLine } from './fetchJson';
import { listCallOf, type ListCall, type ListFailure } from './listCall';
import { errorName } from './redact';
import type { ApiRecord, ListParams, ListResource, Page } from './types';
import { assertFunction, requireString } from '../shared/assert';
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
  Number.isInteger(value.pageIndex) &&
  Number.isInteger(value.pageSize) &&
  typeof value.hasNext === 'boolean' &&
  typeof value.hasPrevious === 'boolean';

/** The error a `ListFailure` stands for, as the server's client raised it, for the guards and the retry policy. */
function failureError(resource: string, failure: ListFailure): unknown {
  const { kind, status, statusText, retryAfterMs, timeoutMs, error } = failure;
  if (kind === 'HttpError' && Number.isInteger(status))
    return new HttpError(`${resource} ${statusLine(status!, statusText)}`, {
      status: status!,
      ...(typeof statusText === 'string' && { statusText }),
      ...(typeof retryAfterMs === 'number' && { retryAfterMs }),
    });
  if (kind === 'AuthError')
    return new AuthError(`${resource} failed: no token`, typeof error === 'string' ? { error } : {});
  if (kind === 'TimeoutError' && typeof timeoutMs === 'number')
    return new TimeoutError(`${resource} timed out after ${timeoutMs} ms`, { timeoutMs });
  if (kind === 'NetworkError') return new NetworkError(`${resource} failed: network error`);
  if (kind === 'AbortError') return new DOMException(`${resource} was aborted`, 'AbortError');
  return new ResponseShapeError(`${resource} failed: the service answered no page`);
}

/** The page of `answer`, or the error it stands for. */
function pageOf<T>(resource: string, answer: unknown): Page<T> {
  if (isObject(answer) && isPage(answer.page)) return answer.page as Page<T>;
  if (isObject(answer) && isObject(answer.error) && typeof answer.error.kind === 'string')
    throw failureError(resource, answer.error as unknown as ListFailure);
  throw new ResponseShapeError(`${resource} answered neither a page nor a failure`, {
    keys: isObject(answer) ? Object.keys(answer) : [],
  });
}

/**
 * Creates a client whose list calls go through a function instead of `fetch`: a TanStack Start server function that
 * answers them with the server's client (`serveListCall`), so the credentials stay on the server with no proxy route.
 * Its calls are checked as `createApiClient`'s (a `TypeError` naming the argument, before any call), reject with the
 * same errors, rebuilt from the answer (`HttpError` with its status, `AuthError`, …), and tell `onEvent` the same events.
 *
 * @example
 * const client = createRpcClient({ call: listPage }); // listPage: createServerFn().validator(parseListCall)…
 */
export function createRpcClient(options: RpcClientOptions): ApiClient {
  const { call, id, timeoutMs = DEFAULT_TIMEOUT_MS } = options ?? ({} as RpcClientOptions);
  assertFunction('call', call);
  if (id !== undefined) requireString('id', id);
  assertTimeoutMs(timeoutMs);
  const emit = eventListener('onEvent', options.onEvent);
  const list = async <T>(resource: ListResource, params: ListParams): Promise<Page<T>> => {
    try {
      assertResource(resource);
      assertListParams(params, resource);
      const data = listCallOf(resource, params);
      params.signal?.throwIfAborted();
      emit?.({ type: 'client-request', resource, attempt: 1 });
      const sentAt = performance.now();
      const answer = await withTimeout(
        (signal) =>
          call({ data, signal }).catch((cause: unknown) => {
            // An abort (the caller's, or the timeout's) settles the call with its own reason (withTimeout).
            throw signal.aborted ? signal.reason : new NetworkError(`${resource} failed: no answer`, { cause });
          }),
        timeoutMs,
        () => new TimeoutError(`${resource} timed out after ${timeoutMs} ms`, { timeoutMs }),
        params.signal,
      );
      const status = isObject(answer) && isObject(answer.error) ? answer.error.status : 200;
      if (typeof status === 'number')
        emit?.({ type: 'client-response', resource, attempt: 1, status, durationMs: performance.now() - sentAt });
      return pageOf<T>(resource, answer);
    } catch (error) {
      emit?.({
        type: 'client-error',
        resource,
        errorName: errorName(error),
        status: (error as { status?: number })?.status,
      });
      throw error;
    }
  };
  return {
    baseUrl: '',
    id: id ?? 'default',
    list,
    listShares: <T = ApiRecord>(params: ListParams) => list<T>('shares', params),
    listEnvironments: <T = ApiRecord>(params: ListParams) => list<T>('environments', params),
  };
}
