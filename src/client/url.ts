import { invalidArgument } from '../shared/assert';
import { urlForMessage } from './redact';

const pageOrigin = () => (globalThis as { location?: { origin?: string } }).location?.origin;

/** How `resolveBaseUrl` takes a path when there is no page to resolve it against. */
export interface BaseUrlOptions {
  /**
   * Keep a path such as `/api/pagewise` when there is no page (a browser client constructed during server
   * rendering): checked against a stand-in origin, and resolved per request by `baseUrlAt`. @default false
   */
  deferPath?: boolean;
}

/**
 * `value` as an absolute http(s) URL without a trailing slash. A path such as `/api/pagewise` is resolved
 * against the page's origin in a browser and must stay on it; without a page, only with `deferPath`. Throws the
 * argument error for `name` otherwise.
 */
export function resolveBaseUrl(value: unknown, name: string, options?: BaseUrlOptions): string {
  const page = pageOrigin();
  const origin = page ?? (options?.deferPath ? 'http://h' : undefined);
  const text = typeof value === 'string' ? value : '';
  const path = text[0] === '/';
  let url: URL | undefined;
  try {
    url = new URL(text, path ? origin : undefined);
  } catch {
    // Not a URL: `url` stays undefined.
  }
  // A query or a password is never echoed: see `urlForMessage`.
  const shown = urlForMessage(text);
  if (shown === undefined) throw invalidArgument(name, 'must not contain credentials or "@"');
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw invalidArgument(
      name,
      `must be an absolute http(s) URL${origin ? ' or a path starting with "/"' : ''}`,
      shown || value,
    );
  }
  // "//host" and "/\host" start with "/" but lead elsewhere, where the Authorization header must not go.
  if (path && url.origin !== origin) throw invalidArgument(name, 'must be a path on this origin');
  if (url.search || url.hash) throw invalidArgument(name, 'must not have a query or fragment');
  // Not `href`: it keeps an empty "?" or "#", which would end up in the middle of every request URL.
  return ((page || !path ? url.origin : '') + url.pathname).replace(/\/+$/, '');
}

/** The absolute base of a request: a path kept by `resolveBaseUrl` is resolved against the page's origin now. */
export function baseUrlAt(baseUrl: string): string {
  const origin = baseUrl[0] === '/' ? pageOrigin() : '';
  if (origin === undefined)
    throw invalidArgument('baseUrl', 'must be an absolute http(s) URL outside a browser', baseUrl);
  return origin + baseUrl;
}
