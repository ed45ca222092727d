import { parseLinkHeader } from '../client/internal';
import { isWireInteger } from '../shared/paging';

/** Paging relations a browser needs from an RFC 8288 `Link` header (parsePage reads no other). */
const RELATIONS = ['first', 'prev', 'next', 'last'] as const;

/**
 * The upstream `Link` header as the proxy passes it on: only the paging relations, each pointing at the proxy's own
 * `path` with nothing but a valid `page` and `size`, so no upstream host, credential or other parameter reaches the
 * browser. Anything unreadable is dropped, never an error; undefined when nothing is left.
 */
export function rewriteLinkHeader(
  value: string | null,
  upstreamUrl: string,
  path: string,
  size: number,
  maxSize: number,
): string | undefined {
  // Headers are bounded by Node's parser; this keeps a pathological one from costing more than a glance.
  if (!value || value.length > 8192) return undefined;
  const links = parseLinkHeader(value);
  const out: string[] = [];
  for (const rel of RELATIONS) {
    const target = links[rel];
    if (target === undefined) continue;
    let params: URLSearchParams;
    try {
      params = new URL(target, upstreamUrl).searchParams;
    } catch {
      continue;
    }
    const page = params.get('page');
    const linkSize = params.get('size') ?? String(size);
    if (page === null || !isWireInteger(page) || !isWireInteger(linkSize) || +linkSize < 1 || +linkSize > maxSize)
      continue;
    out.push(`<${path}?page=${+page}&size=${+linkSize}>; rel="${rel}"`);
  }
  return out.length ? out.join(', ') : undefined;
}
