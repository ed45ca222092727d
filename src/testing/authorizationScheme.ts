/** Scheme of an Authorization header, for the request log; the credential itself is never kept. */
export function authorizationScheme(header: string | null): 'Bearer' | 'Basic' | null {
  const scheme = header?.trim().split(/\s+/, 1)[0]?.toLowerCase();
  if (scheme === 'bearer') return 'Bearer';
  if (scheme === 'basic') return 'Basic';
  return null;
}
