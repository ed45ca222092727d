// A "load more" list with a delete per row: the loaded pages are asked again in order, so no row is skipped.
import { useInfiniteShares, useListMutation } from 'pagewise';

type Share = { id: string; name: string };

export function LoadMoreShares({ organizationId }: { organizationId: string }) {
  const shares = useInfiniteShares<Share>({ organizationId });
  const write = useListMutation<Share>('shares', { organizationId });
  return (
    <>
      <ul>
        {shares.rows.map((share) => (
          <li key={share.id}>
            {share.name}
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete</button>
          </li>
        ))}
      </ul>
      {shares.hasNextPage && (
        <button onClick={shares.loadMore} disabled={shares.isFetchingNextPage}>
          Load more
        </button>
      )}
    </>
  );
}

/** A new share: where it lands is the service's to say, so the list's pages are asked again, not guessed. */
export function NewShare({ organizationId }: { organizationId: string }) {
  const write = useListMutation<Share>('shares', { organizationId });
  return (
    <button
      disabled={write.isPending}
      onClick={() => write.mutate({ type: 'create', body: { name: 'New share' }, idempotencyKey: true, retry: 2 })}
    >
      New share
    </button>
  );
}
