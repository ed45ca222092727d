/**
 * Whether a query's observer may fetch, as TanStack Query decides it: the result's `isEnabled` where TanStack
 * gives one (5.83 and later), else the `enabled` option, a boolean or a callback of the query (absent: enabled).
 */
export function isQueryEnabled<Q>(
  result: { readonly isEnabled?: boolean },
  enabled: boolean | ((query: Q) => boolean) | undefined,
  findQuery: () => Q | undefined,
): boolean {
  if (typeof result.isEnabled === 'boolean') return result.isEnabled;
  if (typeof enabled !== 'function') return enabled !== false;
  const query = findQuery();
  return query !== undefined && enabled(query) !== false;
}
