import type { Page } from '../client/types';

/**
 * Where to go when rows were deleted under page `page`, or undefined to stay. With a total, a page past the end
 * goes to the last page; without one, an empty page after the first goes back one (the service says no more).
 */
export function pageAfterDeletes(fresh: Page<unknown> | undefined, page: number): number | undefined {
  if (!fresh) return undefined;
  if (fresh.total === undefined) return page > 1 && fresh.items.length === 0 ? page - 1 : undefined;
  const lastPage = Math.max(1, fresh.pageCount ?? 1);
  return page > lastPage ? lastPage : undefined;
}
