import { AuthError } from '../client/errors/AuthError';
import { NetworkError } from '../client/errors/NetworkError';

/**
 * The `token_endpoint` of `issuer`'s metadata: OpenID Connect Discovery's `{issuer}/.well-known/openid-configuration`,
 * or RFC 8414's `/.well-known/oauth-authorization-server{path}` when the first is refused (4xx). The document's
 * `issuer` must equal the one given, character for character (both specifications require it: metadata served
 * for another issuer could send the secret elsewhere).
 */
export async function discoverTokenEndpoint(issuer: string, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<string> {
  const base = issuer.replace(/\/+$/, '');
  const { origin, pathname } = new URL(base);
  const get = async (url: string) => {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' }, signal, redirect: 'manual' });
      return { url, response, document: response.ok ? ((await response.json().catch(() => undefined)) as unknown) : undefined };
    } catch (error) {
      throw new NetworkError('failed: network error', { method: 'GET', url, cause: error });
    }
  };
  let got = await get(`${base}/.well-known/openid-configuration`);
  const { status } = got.response;
  if (status >= 400 && status < 500) got = await get(`${origin}/.well-known/oauth-authorization-server${pathname.replace(/\/+$/, '')}`);
  const { url, response, document } = got;
  const fail = (detail: string) => new AuthError(detail, { method: 'GET', url, status: response.status });
  if (!response.ok) throw fail(`failed: ${response.status}`);
  const metadata = (typeof document === 'object' && document !== null ? document : {}) as { issuer?: unknown; token_endpoint?: unknown };
  if (metadata.issuer !== issuer) {
    throw fail(`returned metadata for issuer ${JSON.stringify(String(metadata.issuer))}, not ${JSON.stringify(issuer)}`);
  }
  const endpoint = metadata.token_endpoint;
  if (typeof endpoint !== 'string' || !/^https?:\/\/[^@]+$/i.test(endpoint)) throw fail('returned metadata without an http(s) `token_endpoint`');
  return endpoint;
}
