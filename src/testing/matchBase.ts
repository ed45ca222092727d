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
