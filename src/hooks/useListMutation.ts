import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { ApiClient, ApiRecord, CreateParams, DeleteParams, ListResource, UpdateParams } from '../client/index';
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

/** Options a write passes to the client as they are. */
type SendOptions = Pick<CreateParams, 'retry' | 'idempotencyKey' | 'ifMatch'>;

/** One write to a list, as `mutate` takes it. */
export type ListWrite<T = ApiRecord> =
  /** Creates a row (`POST`); where it lands is the service's to say, so the list's pages are refetched, not guessed. */
  | ({ type: 'create'; body: Partial<T> | Record<string, unknown> } & SendOptions)
  /** Changes (`PATCH`) or replaces (`PUT`) the row `id`. */
  | ({ type: 'update'; id: string; body: Partial<T> | Record<string, unknown>; method?: 'PATCH' | 'PUT' } & SendOptions)
  /** Deletes the row `id`. */
  | ({ type: 'delete'; id: string } & SendOptions);

/** Options of `useListMutation`. */
export interface UseListMutationOptions {
  /** The organization's UUID; a write without one is refused with the argument error. */
  organizationId: string | null | undefined;
  /** The client; the `ApiClientProvider`'s when not given. @default the provider's */
  client?: ApiClient;
  /**
   * Change the cached pages at once, before the service answers (update and delete; a create is never guessed):
   * rolled back if the write fails. @default true
   */
  optimistic?: boolean;
}

/** What a write leaves for `onSettled`: the cached data before it, and the pages it may have changed. */
interface WriteContext {
  before: Array<readonly [QueryKey, unknown]>;
  affected: Affected;
  /** List fetches the write cancelled: refetched when it settles, whatever they held. */
  cancelled: QueryKey[];
}

/** The result of `useListMutation`: TanStack's `useMutation` result. */
export type UseListMutationResult<T = ApiRecord> = UseMutationResult<T | undefined, Error, ListWrite<T>, WriteContext>;

/**
 * Creates, changes and deletes rows of a list (`resource`, e.g. `'shares'`) of an organization, over TanStack's
 * `useMutation`, keeping every cached page of that list right: paged, Suspense and "load more", every sort, filter and
 * page size. An update or delete patches the cached pages at once (a deleted row's place is taken by the next page's
 * first row when cached; totals and page counts follow, so a page left empty moves the paged hooks to the one before),
 * after cancelling list fetches in flight that would overwrite it. A failed write puts every page back and its error
 * reaches the caller. When a write settles, the pages it may have changed are marked stale and the ones on screen
 * are refetched, once, after the last write of the list in flight: pages before a deleted row keep their rows, and an
 * update of fields no sort or filter reads refetches no other page.
 *
 * @example
 * const write = useListMutation<Share>('shares', { organizationId });
 * write.mutate({ type: 'delete', id: share.id });
 * write.mutate({ type: 'update', id: share.id, body: { name } });
 */
export function useListMutation<T extends { id: string } = ApiRecord>(
  resource: ListResource,
  options: UseListMutationOptions,
): UseListMutationResult<T> {
  const client = useClientFor('useListMutation', options.client);
  const queryClient = useQueryClient();
  const organizationId = options.organizationId || null;
  const optimistic = options.optimistic ?? true;
  // The list's keys all start so (see `PagedQueryKey`); writes of one list share a mutation key to see each other.
  const mutationKey: QueryKey = ['pagewise', resource, client.id, organizationId, 'write'];
  const scope = listScope(resource, organizationId, client.id);

  return useMutation<T | undefined, Error, ListWrite<T>, WriteContext>({
    mutationKey,
    mutationFn: (write) => sendWrite<T>(client, resource, organizationId, write),
    onMutate: (write) => patchCache(queryClient, scope, write, optimistic),
    onError: (_error, _write, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer, write) => {
      // The service's row wins over the optimistic guess wherever it is cached.
      if (write.type === 'update' && answer && typeof answer === 'object' && answer.id === write.id)
        updateRow(queryClient, listEntries(queryClient, scope), write.id, () => answer as ApiRecord, []);
    },
    onSettled: async (_answer, error, _write, context) => {
      const affected = error || !context ? { all: true, keys: [] } : context.affected;
      await markStale(queryClient, scope, affected, context?.cancelled ?? []);
      // The last write of the list in flight (this one) refetches what is on screen, once for all of them.
      await refetchShown(queryClient, scope, 1);
    },
  });
}

/** Sends `write` with the client; the argument error without an organization or for an unknown type. */
async function sendWrite<T>(
  client: ApiClient,
  resource: ListResource,
  organizationId: string | null,
  write: ListWrite<T>,
): Promise<T | undefined> {
  if (!organizationId) throw invalidArgument('organizationId', 'is required to write');
  const { retry, idempotencyKey, ifMatch } = write;
  const sendOptions = {
    organizationId,
    ...(retry === undefined ? {} : { retry }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    ...(ifMatch === undefined ? {} : { ifMatch }),
  };
  if (write.type === 'create')
    return client.create<T>(resource, { ...sendOptions, body: write.body } satisfies CreateParams);
  if (write.type === 'update')
    return client.update<T>(resource, {
      ...sendOptions,
      id: write.id,
      body: write.body,
      ...(write.method ? { method: write.method } : {}),
    } satisfies UpdateParams);
  if (write.type === 'delete') {
    await client.delete(resource, { ...sendOptions, id: write.id } satisfies DeleteParams);
    return undefined;
  }
  throw invalidArgument('type', 'must be create, update or delete', (write as { type?: unknown })?.type);
}

/**
 * Before a write: the list's cached data to put back if it fails, and (optimistic update or delete) the cached pages
 * patched at once, after cancelling list fetches in flight that would overwrite the patch.
 */
async function patchCache<T>(
  queryClient: QueryClient,
  scope: ListScope,
  write: ListWrite<T>,
  optimistic: boolean,
): Promise<WriteContext> {
  const before = listEntries(queryClient, scope);
  if (!optimistic || write.type === 'create') return { before, cancelled: [], affected: { all: true, keys: [] } };
  // A page that lands after the patch would bring back what it read before the write: it is asked again later.
  const cancelled = await cancelListFetches(queryClient, scope);
  const entries = listEntries(queryClient, scope);
  const affected =
    write.type === 'delete'
      ? deleteRow(queryClient, entries, write.id)
      : updateRow(
          queryClient,
          entries,
          write.id,
          (row) => ({ ...(write.method === 'PUT' ? { id: row.id } : row), ...write.body, id: row.id }),
          Object.keys(write.body ?? {}),
        );
  return { before, cancelled, affected };
}
