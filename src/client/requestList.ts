import { assertListParams } from './assertListParams';
import { fetchJson, type RequestConfig } from './fetchJson';
import { baseUrlAt } from './url';
import type { ListFilters, ListParams, ListResource, SerializeSort } from './types';

export type { ListResource };

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
 * Validates `params` (rejecting with a `TypeError` naming the bad argument, before any request) and GETs
 * `{baseUrl}/{organizationId}/{resource}?page=..&size=..`, then `extra` parameters (sort and filters) as given.
 */
export async function requestList(
  config: RequestConfig,
  resource: ListResource,
  params: ListParams,
  extra: ReadonlyArray<readonly [string, string]> = [],
): Promise<{ body: unknown; response: Response; url: string }> {
  assertListParams(params, resource);
  const { organizationId, page, size, signal } = params;
  const query = new URLSearchParams([
    ['page', String(page)],
    ['size', String(size)],
    ...extra.map(([name, value]) => [name, value]),
  ]);
  const url = `${baseUrlAt(config.baseUrl)}/${encodeURIComponent(organizationId)}/${resource}?${query}`;
  return { ...(await fetchJson(config, url, signal)), url };
}
