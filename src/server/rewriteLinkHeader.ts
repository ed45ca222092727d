import { parseLinkHeader } from '../client/internal';
import { isListUrlOf } from '../shared/listEndpoints';
import { isWireInteger } from '../shared/paging';
import { allowedParams, ruleOf, type ProxyAllowlist } from './proxyAllowlist';
import { cursorPaging, DEFAULT_PROXY_CURSOR_PARAMS, readCursor } from './proxyCursor';
import { warnedInProcess, warnOncePerKey } from '../shared/log';

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
  /**
   * The upstream's list, where the proxy speaks the upstream's own route, sort or paging: a link is a page of it only
   * at that route with this organization and resource, and the next page keeps the request's sort and filters (`keep`,
   * as the browser sent them), never the upstream's spelling of them.
   */
  upstream?: { baseUrl: string; route: string; organizationId: string; keep: Array<[string, string]> };
  /** The wire page an upstream link asks for, where `serializePage` writes pages the upstream's way. */
  pageOf?: ((params: URLSearchParams, size: number) => number | undefined) | undefined;
}

/** Whether `url` is the upstream's list of this organization and resource, at its route below its base URL. */
function isUpstreamList(url: URL, { resource, upstream }: PagingLinkContext): boolean {
  const { baseUrl, route, organizationId } = upstream!;
  return isListUrlOf(url, baseUrl, route, organizationId, resource);
}

/** The browser's paging of an upstream link asked for by number: its wire `page` and `size`, or undefined. */
function numberPaging(params: URLSearchParams, context: PagingLinkContext): Array<[string, string]> | undefined {
  const { size, maxSize, pageOf } = context;
  if (pageOf) {
    const page = pageOf(params, size);
    return page === undefined
      ? undefined
      : [
          ['page', String(page)],
          ['size', String(size)],
        ];
  }
  const page = params.get('page');
  const linkSize = params.get('size') ?? String(size);
  if (page === null || !isWireInteger(page) || !isWireInteger(linkSize) || +linkSize < 1 || +linkSize > maxSize)
    return undefined;
  return [
    ['page', String(+page)],
    ['size', String(+linkSize)],
  ];
}

/**
 * An upstream link to another page as the proxy passes it on: its own `path` with a valid `page` and `size`, or with
 * the one cursor parameter the resource's rule allows and the request's `size`, then the sort and filters the allow
 * list admits; nothing else of the upstream's URL (host, path, other parameters). Undefined when the link is neither.
 */
export function pagingLink(target: string, context: PagingLinkContext): string | undefined {
  let url: URL;
  try {
    url = new URL(target, context.upstreamUrl);
  } catch {
    return undefined;
  }
  if (context.upstream && !isUpstreamList(url, context)) return undefined;
  const { searchParams: params } = url;
  const { size, allow, resource } = context;
  const cursor = readCursor(cursorPaging(ruleOf(allow, resource)), params);
  if (typeof cursor === 'string') return undefined;
  const paging = cursor
    ? [[cursor.name, cursor.value] as [string, string], ['size', String(size)] as [string, string]]
    : numberPaging(params, context);
  if (!paging) return undefined;
  if (context.upstream) return `${context.path}?${new URLSearchParams([...paging, ...context.upstream.keep])}`;
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
    else if (rel === 'next' && target !== undefined) warnCursorOff(target, context);
  }
  return out.length ? out.join(', ') : undefined;
}

/**
 * Says once, outside production, that a resource's next links page by a cursor the proxy drops because its rule does
 * not turn cursor paging on: the browser would otherwise page by numbers the service ignores, without a word.
 */
function warnCursorOff(target: string, { upstreamUrl, allow, resource }: PagingLinkContext): void {
  if (cursorPaging(ruleOf(allow, resource))) return;
  warnOncePerKey(warnedInProcess, `createProxyHandler: cursor links of ${resource}`, () => {
    let names: string[];
    try {
      names = [...new URL(target, upstreamUrl).searchParams.keys()];
    } catch {
      return undefined;
    }
    const name = DEFAULT_PROXY_CURSOR_PARAMS.find((param) => names.includes(param));
    return name
      ? `[pagewise] createProxyHandler: the service pages \`${resource}\` by cursor (its next link carries \`${name}\`), ` +
          `which the proxy drops: set \`allow: { ${resource}: { cursor: true } }\` to page it through the proxy.`
      : undefined;
  });
}
