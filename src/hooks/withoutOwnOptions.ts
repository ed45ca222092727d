import { OWN_QUERY_OPTIONS } from './PagedResourceOptions';

/**
 * The caller's `useQuery` options without those the hook owns: a cast (or plain JavaScript) can still pass
 * `initialData`, and it must not become every page's data.
 */
export function withoutOwnOptions<O extends object>(options: O): O {
  const rest = { ...options } as Record<string, unknown>;
  for (const name of OWN_QUERY_OPTIONS) delete rest[name];
  return rest as O;
}
