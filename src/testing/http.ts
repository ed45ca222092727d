/** A base address in canonical form (origin and path as `URL` writes them), without trailing slashes. */
export function trimBase(base: string): string {
  if (base.startsWith('/')) return base.replace(/\/+$/, '');
  const url = new URL(base);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The part of the request path below `base`, or null when the request is not under it.
 * An absolute base must match origin and path; a path-only base (`/api`) matches on any origin.
 */
export function pathBelow(url: URL, base: string): string | null {
  const here = base.startsWith('/') ? url.pathname : `${url.origin}${url.pathname}`;
  if (here === base) return '';
  return here.startsWith(`${base}/`) ? here.slice(base.length) : null;
}

/** Scheme of an Authorization header, for the request log; the credential itself is never kept. */
export function authorizationScheme(header: string | null): 'Bearer' | 'Basic' | null {
  const scheme = header?.trim().split(/\s+/, 1)[0]?.toLowerCase();
  if (scheme === 'bearer') return 'Bearer';
  if (scheme === 'basic') return 'Basic';
  return null;
}

/**
 * The `<account_id>:<API_TOKEN>` pair of a Basic credential, sent either raw as the service's usage shows
 * or base64-encoded (UTF-8) as RFC 7617 describes. Null when it is neither.
 */
export function decodeBasicCredentials(credential: string): { user: string; password: string } | null {
  let pair = credential;
  if (!pair.includes(':')) {
    try {
      const binary = atob(pair);
      pair = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    } catch {
      return null;
    }
  }
  const colon = pair.indexOf(':');
  if (colon < 0) return null;
  return { user: pair.slice(0, colon), password: pair.slice(colon + 1) };
}

/** The `realm` of every challenge the mock sends, so clients can tell its 401s apart. */
export const MOCK_REALM = 'realm="pagewise"';

/** Scopes a mock client is granted when its `scope` is not set. */
export const MOCK_DEFAULT_SCOPE = 'pagewise.read pagewise.write';
