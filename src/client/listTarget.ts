/** A list call on the wire: its URL, with sort and filters written in a stable order. */
import type { ListTarget } from './fetchJson';
import { baseUrlAt } from './url';
import { DEFAULT_LIST_ROUTE, fillListRoute, type ListRoute } from '../shared/listEndpoints';
import { cursorUrl, isUrlCursor } from './pageQuery';
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

type Pairs = ReadonlyArray<readonly [string, string]>;

/**
 * The organization's URL a list call or write names to the 401 rule, below the absolute `base`: the rule drops a token
 * per organization URL, so one organization refusing every token cannot make the client renew it for all. The
 * organization's own when the route or a header (`byHeader`) carries it, else the service's.
 */
export function organizationUrlOf(base: string, at: ListRoute, organizationId: string, byHeader?: string): string {
  return at.organized || byHeader ? `${base}/${encodeURIComponent(organizationId)}` : base;
}

/**
 * `{baseUrl}/{organizationId}/{resource}?page=..&size=..` (or where `route` places the list, its fixed parameters
 * first), with the `paging` parameters given in place of page and size, then `extra` parameters (sort and filters) as
 * given; none of those named as a fixed one (a filter or cursor `org` beside the route's `?org={organizationId}` would
 * name another organization to a service that reads the last). The organization (its URL for the 401 rule, a header's
 * value) and the resource are kept beside it for the steps after (params already checked).
 * A URL `cursor` is the request's URL as it stands, once `cursorUrl` has found it under the base address.
 */
export function listTarget(
  baseUrl: string,
  resource: ListResource,
  { organizationId, page, size, cursor }: ListParams,
  extra: Pairs,
  paging?: Pairs,
  route: string = DEFAULT_LIST_ROUTE,
  organizationHeader?: string,
): ListTarget {
  const base = baseUrlAt(baseUrl);
  const at = fillListRoute(route, organizationId, resource);
  const organizationUrl = organizationUrlOf(base, at, organizationId, organizationHeader);
  const target = { organizationUrl, resource, organizationId };
  if (cursor !== undefined && isUrlCursor(cursor)) return { url: cursorUrl(cursor, base), ...target };
  const asked = [
    ...((paging ?? [
      ['page', String(page)],
      ['size', String(size)],
    ]) as Array<[string, string]>),
    ...(extra as Array<[string, string]>),
  ];
  const query = new URLSearchParams([
    ...at.query,
    ...asked.filter(([name]) => !at.query.some(([own]) => own === name)),
  ]);
  return { url: `${base}${at.path}?${query}`, ...target };
}
