'use client';

// Rows changed by someone else (a websocket, server-sent events, a poll) applied to every cached page of a list by the
// rules a write of the app follows: patched or taken out at once, totals shifted, the pages on screen asked again once.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiRecord, ListResource } from '../client/index';
import { invalidArgument } from '../shared/assert';
import { isOrganization, MUST_BE_PATH_SEGMENT, RESOURCE_NAME } from '../shared/listEndpoints';
import { useLatest } from '../shared/useLatest';
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

/** A row created, updated or deleted by someone else, as a change feed tells it. */
export type ListChange<T = ApiRecord> =
  /** A row was created: where it lands is the service's to say (its sort, its filters), so the list is asked again. */
  | { type: 'created'; row?: T | undefined }
  /** The row `row.id` changed: its fields given here replace the cached ones. */
  | { type: 'updated'; row: T }
  /** The row `id` was deleted. */
  | { type: 'deleted'; id: string };

/** Which list a change is of. */
export interface ListChangeTarget {
  /** The list, e.g. `'shares'`. */
  resource: ListResource;
  /** The organization's UUID, or the name a list whose route carries none is cached under. */
  organizationId: string;
  /** Only the pages cached by this client (read for its `id`). @default the pages of every client */
  client?: Pick<ApiClient, 'id'> | undefined;
}

/** The argument error for the first bad field of a target or change. */
function assertChange(target: ListChangeTarget, change: ListChange<{ id: string }>): void {
  const { resource, organizationId } = target ?? ({} as ListChangeTarget);
  if (!(typeof resource === 'string' && RESOURCE_NAME.test(resource)))
    throw invalidArgument('resource', MUST_BE_PATH_SEGMENT, resource);
  // Only the cache is touched, which keys a list by whatever names it: a UUID, or the name of a route without one.
  if (!isOrganization(false, organizationId))
    throw invalidArgument('organizationId', 'must be a UUID or a name of 1 to 200 URL-safe characters', organizationId);
  const type = change?.type;
  if (type === 'deleted' ? typeof change.id !== 'string' || !change.id : false)
    throw invalidArgument('change.id', 'must be the deleted row id');
  if (type === 'updated' && !(typeof change.row?.id === 'string' && change.row.id))
    throw invalidArgument('change.row', 'must be a row with its id');
  if (type !== 'created' && type !== 'updated' && type !== 'deleted')
    throw invalidArgument('change.type', 'must be created, updated or deleted', type);
}

/** The fields of `row` that differ from its first cached copy; every field when no page holds it (it may move in). */
function changedFields(scope: ListScope, queryClient: QueryClient, row: ApiRecord): string[] {
  for (const [, data] of listEntries(queryClient, scope)) {
    const pages = !data ? [] : 'pages' in data ? data.pages : [data];
    const cached = pages.flatMap((page) => page.items).find((item) => item?.id === row.id);
    if (cached) return Object.keys(row).filter((field) => JSON.stringify(row[field]) !== JSON.stringify(cached[field]));
  }
  return Object.keys(row);
}

/** Patches the cached pages for `change`: the pages it may have changed. */
function patchFor(queryClient: QueryClient, scope: ListScope, change: ListChange<ApiRecord>): Affected {
  if (change.type === 'created') return { all: true, keys: [] };
  if (change.type === 'deleted') return deleteRow(queryClient, listEntries(queryClient, scope), change.id);
  const { row } = change;
  const fields = changedFields(scope, queryClient, row);
  const entries = listEntries(queryClient, scope);
  return updateRow(queryClient, entries, row.id, (cached) => ({ ...cached, ...row, id: cached.id }), fields);
}

/**
 * Applies a row created, updated or deleted by someone else to every cached page of a list (paged, Suspense and "load
 * more"; every sort, filter and page size), by `useListMutation`'s rules: list fetches in flight are cancelled; an
 * update patches the row wherever it is cached, a delete takes it out (the pages after it move up a row, totals and
 * page counts shift); a create is never guessed into place. The pages it may have changed are marked stale, and the
 * pages on screen asked again, once — or left to a write of the list in flight, which asks them when it settles.
 * Resolves once they are. Throws the argument error for a bad target or change, before touching the cache.
 *
 * @example
 * events.onmessage = ({ data }) => void applyListChange(queryClient, { resource: 'shares', organizationId }, JSON.parse(data));
 */
export async function applyListChange<T extends { id: string } = ApiRecord>(
  queryClient: QueryClient,
  target: ListChangeTarget,
  change: ListChange<T>,
): Promise<void> {
  assertChange(target, change);
  const scope = listScope(target.resource, target.organizationId, target.client?.id);
  const cancelled = await cancelListFetches(queryClient, scope);
  const affected = patchFor(queryClient, scope, change as unknown as ListChange<ApiRecord>);
  await markStale(queryClient, scope, affected, cancelled);
  await refetchShown(queryClient, scope);
}

/** Options of `useListChanges`. */
export interface UseListChangesOptions<T = ApiRecord> {
  /** The organization's UUID (or the name of a route without one); without one nothing is subscribed. */
  organizationId: string | null | undefined;
  /** Whose cached pages to change: the client's. @default the `ApiClientProvider`'s */
  client?: ApiClient | undefined;
  /**
   * Subscribes to the changes of this list (an `EventSource`, a websocket, a poll) and returns the unsubscribe: each
   * change passed to `apply` is applied as `applyListChange` does. Called again when the organization changes.
   */
  subscribe: (apply: (change: ListChange<T>) => void) => () => void;
}

/**
 * Keeps every cached page of `resource` right while `subscribe`'s feed tells of rows other people change: each change
 * applied as `applyListChange` does, for as long as the component is mounted.
 *
 * @example
 * useListChanges<Share>('shares', {
 *   organizationId,
 *   subscribe: (apply) => {
 *     const events = new EventSource(`/api/events?organizationId=${organizationId}`);
 *     events.addEventListener('change', (event) => apply(JSON.parse(event.data)));
 *     return () => events.close();
 *   },
 * });
 */
export function useListChanges<T extends { id: string } = ApiRecord>(
  resource: ListResource,
  options: UseListChangesOptions<T>,
): void {
  const queryClient = useQueryClient();
  // The client's id, not the object: a client created during render must not subscribe again at every render.
  const { id } = useClientFor('useListChanges', options.client);
  const organizationId = options.organizationId || null;
  const latest = useLatest(options.subscribe);
  useEffect(() => {
    if (!organizationId) return;
    const target = { resource, organizationId, client: { id } };
    return latest.current((change) => {
      // Thrown to the feed's handler, which passed it: a change of no known shape is the feed's bug.
      assertChange(target, change);
      // A page that fails to refetch shows its error on its own query.
      void applyListChange(queryClient, target, change).catch(() => undefined);
    });
  }, [queryClient, resource, organizationId, id, latest]);
}
