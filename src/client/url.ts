import { formatValue, invalidArgument } from '../shared/assert';

const pageOrigin = () => (globalThis as { location?: { origin?: string } }).location?.origin;

/**
 * `value` as an absolute http(s) URL without a trailing slash. A path such as `/api/pagewise` is resolved
 * against the page's origin in a browser and must stay on it; with `deferPath` and no page (a browser client
 * constructed during server rendering) the path is checked against a stand-in origin and kept, for `baseUrlAt`
 * to resolve per request. Throws the argument error for `name` otherwise.
 */
export function resolveBaseUrl(value: unknown, name = 'baseUrl', deferPath = false): string {
  const page = pageOrigin();
  const origin = page ?? (deferPath ? 'http://h' : undefined);
  const text = typeof value === 'string' ? value : '';
  const path = text[0] === '/';
  let url: URL | undefined;
  try {
    url = new URL(text, path ? origin : undefined);
  } catch {
    // Not a URL: `url` stays undefined.
  }
  let problem: string | undefined;
  if (text.includes('@')) {
    // Never echoed, whether the URL parses or not: a password may hold "/", "?" or "#", so no cut reliably drops it.
    problem = 'must not contain credentials or "@"';
  } else if (!url || !/^https?:$/.test(url.protocol)) {
    problem = `must be an absolute http(s) URL${origin ? ' or a path starting with "/"' : ''}, got ${
      // Cut at the query or fragment: they often carry a key.
      formatValue(text ? text.replace(/[?#][^]*/, '') : value)
    }`;
  } else if (path && url.origin !== origin) {
    // "//host" and "/\host" start with "/" but lead elsewhere, where the Authorization header must not go.
    problem = 'must be a path on this origin';
  } else if (url.search || url.hash) {
    // Not echoed: a query often carries a key.
    problem = 'must not have a query or fragment';
  }
  if (problem) throw invalidArgument(name, problem);
  // Not `href`: it keeps an empty "?" or "#", which would end up in the middle of every request URL.
  return ((page || !path ? url!.origin : '') + url!.pathname).replace(/\/+$/, '');
}

/** The absolute base of a request: a path kept by `resolveBaseUrl` is resolved against the page's origin now. */
export function baseUrlAt(baseUrl: string): string {
  const origin = baseUrl[0] === '/' ? pageOrigin() : '';
  if (origin === undefined)
    throw invalidArgument(
      'baseUrl',
      `${formatValue(baseUrl)} is a path, with no page origin here: give server calls an absolute URL`,
    );
  return origin + baseUrl;
}
