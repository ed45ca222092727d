// One write applied to many rows with a bounded number in flight, each row's outcome kept: the framework-free core
// of bulk actions (the hooks add the cached pages).
import type { ApiClient } from './createApiClient';
import type { ListResource } from './types';
import { assertFunction, assertInteger, assertOneOf, invalidArgument, requireString } from '../shared/assert';

/** What a bulk action does to each row: delete it, or change (`PATCH`) or replace (`PUT`) it with `body`. */
export type BulkAction =
  | { readonly type: 'delete' }
  | { readonly type: 'update'; readonly body: Record<string, unknown>; readonly method?: 'PATCH' | 'PUT' };

/** A row's outcome: done, or the error the service (or the network) answered with. */
export type BulkRowResult =
  { readonly id: string; readonly ok: true } | { readonly id: string; readonly ok: false; readonly error: unknown };

/** How far a bulk action has come. */
export interface BulkProgress {
  /** Rows done, failed or not. */
  done: number;
  /** Rows that failed so far. */
  failed: number;
  /** Rows in the action. */
  total: number;
}

/** What a bulk action ends with: each row in one list. */
export interface BulkResult {
  /** Rows the action was done to. */
  succeeded: string[];
  /** Rows it failed on, each with its error. */
  failed: Array<{ id: string; error: unknown }>;
  /** Rows never sent, or whose request was aborted, because the action was cancelled. */
  cancelled: string[];
}

/**
 * Sends the action for many rows at once through a service's own bulk endpoint: resolves to each row's outcome (rows
 * left out count as done), or rejects, failing every row of the batch.
 */
export type SendBatch = (
  ids: readonly string[],
  context: { readonly action: BulkAction; readonly signal: AbortSignal },
) => Promise<readonly BulkRowResult[] | void>;

/** Options of `bulkWrite`. */
export interface BulkWriteOptions {
  /** The organization's UUID. */
  organizationId: string;
  /** Requests (or batches) in flight at most. @default 4 */
  concurrency?: number;
  /** Cancels: no further row is sent, requests in flight are aborted, and their rows come back as `cancelled`. */
  signal?: AbortSignal;
  /** Told after each row (or batch) settles. @default none */
  onProgress?: (progress: BulkProgress) => void;
  /** Told each row's outcome as it settles. @default none */
  onRow?: (result: BulkRowResult) => void;
  /** A service's own bulk endpoint, used instead of one request per row. @default one request per row */
  sendBatch?: SendBatch;
  /** Rows per `sendBatch` call. @default 100 */
  batchSize?: number;
}

/** The options checked, with their defaults. */
function checkOptions(action: BulkAction, options: BulkWriteOptions) {
  requireString('organizationId', options?.organizationId);
  assertOneOf('type', action?.type, ['delete', 'update'] as const);
  if (action.type === 'update' && (typeof action.body !== 'object' || action.body === null))
    throw invalidArgument('body', 'must be an object');
  const concurrency = options.concurrency ?? 4;
  assertInteger('concurrency', concurrency, 1);
  const batchSize = options.batchSize ?? 100;
  assertInteger('batchSize', batchSize, 1);
  for (const name of ['onProgress', 'onRow', 'sendBatch'] as const)
    if (options[name] !== undefined) assertFunction(name, options[name]);
  return { concurrency, batchSize: options.sendBatch ? batchSize : 1 };
}

/** One row's write through the client's own delete or update: its retries, auth and typed errors. */
async function writeOne(
  client: ApiClient,
  resource: ListResource,
  action: BulkAction,
  params: { organizationId: string; id: string; signal: AbortSignal },
): Promise<BulkRowResult[]> {
  if (action.type === 'delete') await client.delete(resource, params);
  else
    await client.update(resource, {
      ...params,
      body: action.body,
      ...(action.method ? { method: action.method } : {}),
    });
  return [{ id: params.id, ok: true }];
}

/**
 * Applies `action` to each row of `ids` through `client`, at most `concurrency` requests in flight; never rejects for a row's failure: each row ends in `succeeded`,
 * `failed` (with its error) or, after `signal` aborts, `cancelled`. Bad arguments reject before any request.
 *
 * @example
 * const { failed } = await bulkWrite(client, 'shares', ids, { type: 'delete' }, { organizationId, onProgress });
 */
export async function bulkWrite(
  client: ApiClient,
  resource: ListResource,
  ids: readonly string[],
  action: BulkAction,
  options: BulkWriteOptions,
): Promise<BulkResult> {
  const { concurrency, batchSize } = checkOptions(action, options);
  const { organizationId, signal, onProgress, onRow, sendBatch } = options;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== ''))
    throw invalidArgument('ids', 'must be an array of row ids');
  const result: BulkResult = { succeeded: [], failed: [], cancelled: [] };
  const progress: BulkProgress = { done: 0, failed: 0, total: ids.length };
  // Aborting the caller's signal aborts the requests in flight through this one.
  const inner = new AbortController();
  const stop = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  const settle = (row: BulkRowResult) => {
    if (row.ok) result.succeeded.push(row.id);
    else if (inner.signal.aborted) result.cancelled.push(row.id);
    else result.failed.push({ id: row.id, error: row.error });
    progress.done += 1;
    if (!row.ok && !inner.signal.aborted) progress.failed += 1;
    onRow?.(row);
  };
  const send = async (batch: string[]): Promise<readonly BulkRowResult[]> => {
    if (!sendBatch) return writeOne(client, resource, action, { organizationId, id: batch[0]!, signal: inner.signal });
    const answered = (await sendBatch(batch, { action, signal: inner.signal })) ?? [];
    const byId = new Map(answered.map((row) => [row.id, row]));
    return batch.map((id) => byId.get(id) ?? { id, ok: true });
  };
  let next = 0;
  const worker = async () => {
    while (!inner.signal.aborted && next < ids.length) {
      const batch = ids.slice(next, next + batchSize);
      next += batch.length;
      try {
        for (const row of await send(batch)) settle(row);
      } catch (error) {
        for (const id of batch) settle({ id, ok: false, error });
      }
      onProgress?.({ ...progress });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
    result.cancelled.push(...ids.slice(next));
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return result;
}
