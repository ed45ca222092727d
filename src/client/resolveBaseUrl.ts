import { formatValue } from './formatValue';
import { stripUserinfo } from './stripUserinfo';

/**
 * `value` as an absolute http(s) URL without a trailing slash. A path such as `/api/pagewise` is resolved
 * against the page's origin in a browser. Throws a `TypeError` naming `name` otherwise.
 */
export function resolveBaseUrl(value: unknown, name = 'baseUrl'): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  let url: URL | undefined;
  try {
    url = new URL(value as string, typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? origin : undefined);
  } catch {
    url = undefined;
  }
  let problem: string | undefined;
  if (typeof value !== 'string' || !url || !/^https?:$/.test(url.protocol)) {
    problem = `must be an absolute http(s) URL${origin ? ' or a path starting with "/"' : ''}, got ${
      // Without userinfo, query or fragment: they often carry a key.
      formatValue(typeof value === 'string' ? stripUserinfo(value).replace(/[?#][^]*/, '') : value)
    }`;
  } else if (url.username || url.password) {
    // Never echo the value here: it holds credentials.
    problem = 'must not contain credentials; pass them as `auth`';
  } else if (url.search || url.hash) {
    // Not echoed: a query often carries a key.
    problem = 'must not have a query or fragment';
  }
  if (problem) throw new TypeError(`pagewise: \`${name}\` ${problem}`);
  // Not `href`: it keeps an empty "?" or "#", which would end up in the middle of every request URL.
  return (url!.origin + url!.pathname).replace(/\/+$/, '');
}
