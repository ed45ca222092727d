import type { QueryPagination } from './PagedResourceOptions';

/**
 * `query` plus `pagination`. Each field of `query` is read only when the caller reads it: TanStack Query
 * re-renders a component only for the fields it used, and a spread would use them all (`isStale`,
 * `failureCount`, `dataUpdatedAt`, …).
 */
export function withPagination<R extends object>(query: R, pagination: QueryPagination): R & { pagination: QueryPagination } {
  const result = { pagination } as R & { pagination: QueryPagination };
  for (const key of Object.keys(query) as Array<keyof R>) {
    Object.defineProperty(result, key, { enumerable: true, configurable: true, get: () => query[key] });
  }
  return result;
}
