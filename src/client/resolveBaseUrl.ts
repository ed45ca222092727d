import { formatValue } from '../shared/formatValue';

/**
 * `value` as an absolute http(s) URL without a trailing slash. A path such as `/api/pagewise` is resolved
 * against the page's origin in a browser and must stay on it. Throws a `TypeError` naming `name` otherwise.
 */
export function resolveBaseUrl(value: unknown, name = 'baseUrl'): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
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
  if (problem) throw new TypeError(`pagewise: \`${name}\` ${problem}`);
  // Not `href`: it keeps an empty "?" or "#", which would end up in the middle of every request URL.
  return (url!.origin + url!.pathname).replace(/\/+$/, '');
}
