import { parseLinkHeader } from '../client/internal';
import { isWireInteger } from '../shared/paging';
import { allowedParams, ruleOf, type ProxyAllowlist } from './proxyAllowlist';
import { cursorPaging, readCursor } from './proxyCursor';

/** Paging relations a browser needs from an RFC 8288 `Link` header (parsePage reads no other). */
const RELATIONS = ['first', 'prev', 'next', 'last'] as const;

/** What a next-page link of the upstream is rewritten with. */
export interface PagingLinkContext {
  /** The upstream URL the response came from, which relative links are resolved against. */
  upstreamUrl: string;
  /** The proxy's own path of the list, `{basePath}/{organizationId}/{resource}`. */
  path: string;
  /** The `size` of the request answered, which a cursor link keeps. */
  size: number;
  /** The proxy's `maxSize`. */
  maxSize: number;
  /** The proxy's allow list and the resource, which say what a link may carry besides the page. */
  allow: ProxyAllowlist;
  resource: string;
}

/**
 * An upstream link to another page as the proxy passes it on: its own `path` with a valid `page` and `size`, or with
 * the one cursor parameter the resource's rule allows and the request's `size`, then the sort and filters the allow
 * list admits; nothing else of the upstream's URL (host, path, other parameters). Undefined when the link is neither.
 */
export function pagingLink(target: string, context: PagingLinkContext): string | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(target, context.upstreamUrl).searchParams;
  } catch {
    return undefined;
  }
  const { size, maxSize, allow, resource } = context;
  const cursor = readCursor(cursorPaging(ruleOf(allow, resource)), params);
  if (typeof cursor === 'string') return undefined;
  const paging: Array<[string, string]> = [];
  if (cursor) {
    paging.push([cursor.name, cursor.value], ['size', String(size)]);
  } else {
    const page = params.get('page');
    const linkSize = params.get('size') ?? String(size);
    if (page === null || !isWireInteger(page) || !isWireInteger(linkSize) || +linkSize < 1 || +linkSize > maxSize)
      return undefined;
    paging.push(['page', String(+page)], ['size', String(+linkSize)]);
  }
  // Sort and filters go with the link, so the page after is the same list; a link the allow list would refuse keeps none.
  const rest = new URLSearchParams([...params].filter(([name]) => !['page', 'size', cursor?.name].includes(name)));
  const kept = [...rest].filter(
    ([name, value]) => typeof allowedParams(allow, resource, new URLSearchParams([[name, value]])) !== 'string',
  );
  const extra = allowedParams(allow, resource, new URLSearchParams(kept));
  return `${context.path}?${new URLSearchParams([...paging, ...(typeof extra === 'string' ? [] : extra)])}`;
}

/**
 * The upstream `Link` header as the proxy passes it on: only the paging relations, each rewritten by `pagingLink`,
 * so no upstream host, credential or other parameter reaches the browser. Anything unreadable is dropped, never an
 * error; undefined when nothing is left.
 */
export function rewriteLinkHeader(value: string | null, context: PagingLinkContext): string | undefined {
  // Headers are bounded by Node's parser; this keeps a pathological one from costing more than a glance.
  if (!value || value.length > 8192) return undefined;
  const links = parseLinkHeader(value);
  const out: string[] = [];
  for (const rel of RELATIONS) {
    const target = links[rel];
    const link = target === undefined ? undefined : pagingLink(target, context);
    if (link !== undefined) out.push(`<${link}>; rel="${rel}"`);
  }
  return out.length ? out.join(', ') : undefined;
}
