import { useInfiniteShares } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';

/** A "Load more" list: phones, pickers and activity feeds page this way rather than by numbers. */
export function LoadMoreList({ organizationId }: { organizationId: string }) {
  const shares = useInfiniteShares<MockShare>({ organizationId, pageSize: 10 });
  return (
    <section aria-label="Shares, load more" aria-busy={shares.isFetching}>
      <ul>
        {shares.rows.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      {shares.isFetchNextPageError && <p role="alert">Could not load more shares.</p>}
      {shares.hasNextPage ? (
        <button type="button" onClick={shares.loadMore} disabled={shares.isFetchingNextPage}>
          {shares.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : (
        shares.isSuccess && <p>All {shares.rows.length} shares shown.</p>
      )}
    </section>
  );
}
