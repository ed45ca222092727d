/** SHA-256 of `parts` as JSON, in hex (Web Crypto: Node, Workers, Deno and Bun alike). */
export async function hashKey(parts: unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
