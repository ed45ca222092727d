'use client';

import { useRef, useState } from 'react';
import { notifyManager, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  bulkWrite,
  type ApiClient,
  type ApiRecord,
  type BulkAction,
  type BulkProgress,
  type BulkResult,
  type ListResource,
  type SendBatch,
} from '../client/index';
import { invalidArgument } from '../shared/assert';
import { useClientFor } from './ApiClientProvider';
import {
  cancelListFetches,
  deleteRow,
  listEntries,
  listScope,
  markStale,
  refetchShown,
  updateRow,
  type Affected,
  type ListScope,
} from './listCache';
import type { SelectionTarget } from './useListSelection';

/** Options of `useBulkAction`. */
export interface UseBulkActionOptions {
  /** The organization's UUID; an action without one is refused with the argument error. */
  organizationId: string | null | undefined;
  /** The client; the `ApiClientProvider`'s when not given. @default the provider's */
  client?: ApiClient;
  /** Requests in flight at most. @default 4 */
  concurrency?: number;
  /** Take the rows out of (or change them in) every cached page at once, putting back those that fail. @default true */
  optimistic?: boolean;
  /** A service's own bulk endpoint, used instead of one request per row (see `bulkWrite`). @default one request per row */
  sendBatch?: SendBatch;
  /** Rows per `sendBatch` call. @default 100 */
  batchSize?: number;
  /** Rows per page when the ids of "all matching" are read. @default 100 */
  pageSize?: number;
  /** The selection acted on: when the action ends, only the rows it failed on (or never sent) stay selected. @default none */
  selection?: { replace(ids?: readonly string[]): void };
}

/** The result of `useBulkAction`. */
export interface BulkActionResult {
  /** Runs `action` on the rows of `target` (a selection's `target`, or ids); resolves to each row's outcome. */
  run(target: SelectionTarget | readonly string[], action: BulkAction): Promise<BulkResult>;
  /** Stops the action: no further row is sent, requests in flight are aborted, and their rows come back. */
  cancel(): void;
  /** Whether an action runs. */
  isRunning: boolean;
  /** How far the running (or last) action has come; undefined before the first, and while "all matching" is read. */
  progress: BulkProgress | undefined;
  /** The last action's outcome per row. */
  result: BulkResult | undefined;
  /** Why the last action could not start (its rows could not be read), if it could not. */
  error: Error | null;
}

/** One run of the action, as the mutation gets it. */
export interface Job {
  target: SelectionTarget | readonly string[];
  action: BulkAction;
  signal: AbortSignal;
}

/**
 * Deletes or changes many rows of a list at once (`resource`, e.g. `'shares'`): the ids picked, or every row the list's
 * sort and filters match but those unticked ("all matching": their ids are read first with `client.pages`, so a
 * delete cannot shift a page being read). Rows leave (or change in) every cached page at once by the rules of
 * `useListMutation`, at most `concurrency` requests are in flight, and when the action ends the rows that failed or
 * were never sent come back in place and stay selected; the pages it may have changed are then refetched once.
 *
 * @example
 * const bulk = useBulkAction('shares', { organizationId, selection });
 * <button onClick={() => bulk.run(selection.target, { type: 'delete' })}>Delete {selection.description}</button>
 */
export function useBulkAction(resource: ListResource, options: UseBulkActionOptions): BulkActionResult {
  const client = useClientFor('useBulkAction', options.client);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation(bulkMutationOptions(queryClient, client, resource, options, setProgress));
  return {
    run: (target, action) => {
      controller.current?.abort();
      const abort = (controller.current = new AbortController());
      return mutation.mutateAsync({ target, action, signal: abort.signal });
    },
    cancel: () => controller.current?.abort(),
    isRunning: mutation.isPending,
    progress,
    result: mutation.data,
    error: mutation.error,
  };
}

/**
 * The mutation a bulk action runs, framework-free (TanStack's `MutationObserver` runs it as well as `useMutation`):
 * the rows' ids, the optimistic patch, the writes, what failed put back, the pages refetched once.
 */
export function bulkMutationOptions(
  queryClient: QueryClient,
  client: ApiClient,
  resource: ListResource,
  options: UseBulkActionOptions,
  setProgress: (progress: BulkProgress | undefined) => void,
) {
  const organizationId = options.organizationId || null;
  const scope = listScope(resource, organizationId, client.id);
  // The key `useListMutation` writes under, so the last write in flight of either refetches, once.
  const mutationKey: QueryKey = ['pagewise', resource, client.id, organizationId, 'write'];
  return {
    mutationKey,
    mutationFn: async ({ target, action, signal }: Job): Promise<BulkResult> => {
      if (!organizationId) throw invalidArgument('organizationId', 'is required to write');
      setProgress(undefined);
      const ids = await idsOf(client, resource, { organizationId, target, signal, size: options.pageSize ?? 100 });
      setProgress({ done: 0, failed: 0, total: ids.length });
      const patched = options.optimistic === false ? undefined : await patchAll(queryClient, scope, ids, action);
      const result = await bulkWrite(client, resource, ids, action, {
        organizationId,
        signal,
        onProgress: setProgress,
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        ...(options.sendBatch === undefined ? {} : { sendBatch: options.sendBatch }),
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      });
      const affected = patched ? putBackUndone(queryClient, scope, patched, result, action) : { all: true, keys: [] };
      await markStale(queryClient, scope, affected, patched?.cancelled ?? []);
      await refetchShown(queryClient, scope, 1);
      options.selection?.replace([...result.failed.map((row) => row.id), ...result.cancelled]);
      return result;
    },
  };
}

/** The ids a target names: as given, or those of every row the list matches but the unticked ones. */
async function idsOf(
  client: ApiClient,
  resource: ListResource,
  job: { organizationId: string; target: SelectionTarget | readonly string[]; signal: AbortSignal; size: number },
): Promise<readonly string[]> {
  const { target, organizationId, signal, size } = job;
  if (Array.isArray(target)) return target as readonly string[];
  const chosen = target as SelectionTarget;
  if (!chosen.allMatching) return chosen.ids;
  const except = new Set(chosen.except);
  const ids: string[] = [];
  const pages = client.pages<ApiRecord>(
    resource,
    { organizationId, size, sort: chosen.sort, filters: chosen.filters },
    { signal },
  );
  for await (const page of pages) for (const row of page.items) if (!except.has(row.id)) ids.push(row.id);
  return ids;
}

/** What the optimistic patch leaves: the cached data before it, the pages it changed, the fetches it cancelled. */
interface Patched {
  before: ReturnType<typeof listEntries>;
  affected: Affected;
  cancelled: QueryKey[];
}

/** Applies `action` to the rows `ids` in every cached page of the list, after cancelling its fetches in flight. */
async function patchAll(
  queryClient: QueryClient,
  scope: ListScope,
  ids: readonly string[],
  action: BulkAction,
): Promise<Patched> {
  // A page that lands after the patch would bring back what it read before the action: it is asked again later.
  const cancelled = await cancelListFetches(queryClient, scope);
  const before = listEntries(queryClient, scope);
  return { before, affected: applyAll(queryClient, scope, ids, action), cancelled };
}

/**
 * Applies `action` to each row of `ids` in the cached pages; the pages changed, all told. Observers hear of it once, at
 * the end: a row after one deleted moves up a page at a time, and a screen must never show the way there.
 */
function applyAll(queryClient: QueryClient, scope: ListScope, ids: readonly string[], action: BulkAction): Affected {
  return notifyManager.batch(() => applyEach(queryClient, scope, ids, action));
}

/** `applyAll`'s rows, one at a time. */
function applyEach(queryClient: QueryClient, scope: ListScope, ids: readonly string[], action: BulkAction): Affected {
  const affected: Affected = { keys: [] };
  const fields = action.type === 'update' ? Object.keys(action.body) : [];
  for (const id of ids) {
    const entries = listEntries(queryClient, scope);
    const one =
      action.type === 'delete'
        ? deleteRow(queryClient, entries, id)
        : updateRow(
            queryClient,
            entries,
            id,
            (row) => ({ ...(action.method === 'PUT' ? { id: row.id } : row), ...action.body, id: row.id }),
            fields,
          );
    affected.all ||= one.all ?? false;
    affected.keys.push(...one.keys);
  }
  return affected;
}

/**
 * After the action: when rows failed or were never sent, the cached pages go back to before it and only the rows done
 * are applied again, so the others are back in place. The pages changed, all told.
 */
function putBackUndone(
  queryClient: QueryClient,
  scope: ListScope,
  patched: Patched,
  result: BulkResult,
  action: BulkAction,
): Affected {
  if (result.failed.length === 0 && result.cancelled.length === 0) return patched.affected;
  // Back to before and the rows done again, heard by observers as one change.
  const again = notifyManager.batch(() => {
    for (const [key, data] of patched.before) queryClient.setQueryData(key, data);
    return applyEach(queryClient, scope, result.succeeded, action);
  });
  return { all: Boolean(patched.affected.all || again.all), keys: [...patched.affected.keys, ...again.keys] };
}
