import { assertListParams } from './assertListParams';
import { fetchJson, type RequestConfig } from './fetchJson';
import { baseUrlAt } from './resolveBaseUrl';
import type { ListParams } from './types';

/** The two list operations of the service. */
export type ListResource = 'shares' | 'environments';

/**
 * Validates `params` (rejecting with a `TypeError` naming the bad argument, before any request) and GETs
 * `{baseUrl}/{organizationId}/{resource}?page=..&size=..`.
 */
export async function requestList(
  config: RequestConfig,
  resource: ListResource,
  params: ListParams,
): Promise<{ body: unknown; response: Response; url: string }> {
  assertListParams(params);
  const { organizationId, page, size, signal } = params;
  const url = `${baseUrlAt(config.baseUrl)}/${encodeURIComponent(organizationId)}/${resource}?page=${page}&size=${size}`;
  return { ...(await fetchJson(config, url, signal)), url };
}
