/** A list call on the wire: its URL, with sort and filters written in a stable order. */
import type { ListTarget } from './fetchJson';
import { baseUrlAt } from './url';
import type { ListFilters, ListParams, ListResource, SerializeSort } from './types';

/** Spring Data's `Pageable`: one `sort=<field>,asc|desc` per criterion, in order of precedence. */
export const springSort: SerializeSort = (sort) =>
  sort.map(({ id, desc }) => ['sort', `${id},${desc ? 'desc' : 'asc'}`] as const);

/**
 * Filters as query parameters: names in code-point order, so the same filters give the same URL (and cache entry)
 * whatever order they were written in; `undefined`, `null`, `''` and empty arrays dropped; arrays repeated.
 */
export function filterParams(filters: ListFilters | undefined): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const name of Object.keys(filters ?? {}).sort()) {
    const value = filters![name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') pairs.push([name, String(item)]);
    }
  }
  return pairs;
}

/**
 * `{baseUrl}/{organizationId}/{resource}?page=..&size=..`, then `extra` parameters (sort and filters) as given, with
 * the organization's path and the resource kept beside it for the steps after (params already checked).
 */
export function listTarget(
  baseUrl: string,
  resource: ListResource,
  { organizationId, page, size }: ListParams,
  extra: ReadonlyArray<readonly [string, string]>,
): ListTarget {
  const query = new URLSearchParams([
    ['page', String(page)],
    ['size', String(size)],
    ...(extra as ReadonlyArray<[string, string]>),
  ]);
  const scope = `${baseUrlAt(baseUrl)}/${encodeURIComponent(organizationId)}`;
  return { url: `${scope}/${resource}?${query}`, scope, resource };
}
