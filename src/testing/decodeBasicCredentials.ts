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
