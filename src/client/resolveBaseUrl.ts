import { formatValue } from '../shared/formatValue';

/** Stands in for the page's origin when a path is checked where there is none (server rendering). */
const NO_ORIGIN = 'http://origin.invalid';

const pageOrigin = () => (globalThis as { location?: { origin?: string } }).location?.origin;

/**
 * `value` as an absolute http(s) URL without a trailing slash. A path such as `/api/pagewise` is resolved
 * against the page's origin in a browser and must stay on it; with `deferPath` and no page origin (a browser
 * client constructed during server rendering) the path is checked and kept as is, for `baseUrlAt` to resolve
 * when a request is made. Throws a `TypeError` naming `name` otherwise.
 */
export function resolveBaseUrl(value: unknown, name = 'baseUrl', deferPath = false): string {
  const origin = pageOrigin();
  const text = typeof value === 'string' ? value : '';
  const path = text[0] === '/';
  const deferred = path && !origin && deferPath;
  const base = deferred ? NO_ORIGIN : origin;
  let url: URL | undefined;
  try {
    url = new URL(text, path ? base : undefined);
  } catch {
    // Not a URL: `url` stays undefined.
  }
  let problem: string | undefined;
  if (text.includes('@')) {
    // Never echoed, whether the URL parses or not: a password may hold "/", "?" or "#", so no cut reliably drops it.
    problem = 'must not contain credentials or "@"';
  } else if (!url || !/^https?:$/.test(url.protocol)) {
    problem = `must be an absolute http(s) URL${origin || deferPath ? ' or a path starting with "/"' : ''}, got ${
      // Cut at the query or fragment: they often carry a key.
      formatValue(text ? text.replace(/[?#][^]*/, '') : value)
    }`;
  } else if (path && url.origin !== base) {
    // "//host" and "/\host" start with "/" but lead elsewhere, where the Authorization header must not go.
    problem = 'must be a path on this origin';
  } else if (url.search || url.hash) {
    // Not echoed: a query often carries a key.
    problem = 'must not have a query or fragment';
  }
  if (problem) throw new TypeError(`pagewise: \`${name}\` ${problem}`);
  // Not `href`: it keeps an empty "?" or "#", which would end up in the middle of every request URL.
  return ((deferred ? '' : url!.origin) + url!.pathname).replace(/\/+$/, '');
}

/**
 * The absolute base of a request: `baseUrl` itself, or a path kept by `resolveBaseUrl(…, deferPath)` resolved
 * against the page's origin now. Throws a `TypeError` saying what to do where there is none (on a server).
 */
export function baseUrlAt(baseUrl: string): string {
  if (baseUrl[0] !== '/') return baseUrl;
  const origin = pageOrigin();
  if (!origin) {
    throw new TypeError(
      `pagewise: \`baseUrl\` ${formatValue(baseUrl)} is a path and there is no page origin to resolve it against here; ` +
        'calls made on a server need a client with an absolute URL (e.g. the service itself with clientCredentials)',
    );
  }
  return origin + baseUrl;
}
