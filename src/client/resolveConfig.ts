import type { RequestConfig } from './fetchJson';
import { resolveBaseUrl, type BaseUrlOptions } from './url';
import { assertTimeoutMs, DEFAULT_TIMEOUT_MS } from '../shared/time';
import type { AuthStrategy } from './types';
import { assertFunction, assertInteger, invalidArgument } from '../shared/assert';
import { INSECURE_URL_MESSAGE, isSecureEnough } from '../shared/secureUrl';

/** Options shared by `createApiClient` and `createProxyHandler`. */
export interface RequestOptions {
  /**
   * The service's base URL: absolute http(s), or a path like `/api/pagewise` for a proxy on the page's origin
   * (resolved when a request is made, so a browser client can be constructed during server rendering).
   */
  baseUrl: string;
  /** Supplies the Authorization header; omit it behind a proxy that adds it. @default none: no Authorization header is sent */
  auth?: AuthStrategy;
  /** The fetch to use. @default globalThis.fetch, looked up at each request */
  fetch?: typeof globalThis.fetch;
  /** Limit of one call, waiting for a token included, in milliseconds; `Infinity` for none. @default 30000 */
  timeoutMs?: number;
  /** Lets `auth` send its credential to a plain `http:` `baseUrl` other than this machine (never do this in production). @default false */
  dangerouslyAllowInsecureHttp?: boolean;
  /** The most a response body may hold, in bytes: reading stops past it and the call rejects (`ResponseShapeError`). @default 33554432 (32 MiB) */
  maxBodyBytes?: number;
}

/**
 * Validates the options (TypeError naming the argument) and resolves them to a `RequestConfig`; `baseUrlOptions` as
 * `resolveBaseUrl` takes them.
 */
export function resolveConfig(options: RequestOptions, baseUrlOptions?: BaseUrlOptions): RequestConfig {
  const { auth, fetch: custom, timeoutMs = DEFAULT_TIMEOUT_MS, maxBodyBytes } = options ?? ({} as RequestOptions);
  const baseUrl = resolveBaseUrl(options?.baseUrl, 'baseUrl', baseUrlOptions);
  if (auth !== undefined && typeof auth?.authorize !== 'function') {
    throw invalidArgument('auth', 'must be an auth strategy such as bearerToken(...)');
  }
  // A path stays on the page's origin, which the app chose; an absolute http: URL would carry the credential in clear.
  const absolute = /^https?:/.test(baseUrl);
  if (auth !== undefined && absolute && !isSecureEnough(baseUrl, options.dangerouslyAllowInsecureHttp === true))
    throw invalidArgument('baseUrl', INSECURE_URL_MESSAGE, baseUrl);
  if (custom !== undefined) assertFunction('fetch', custom);
  assertTimeoutMs(timeoutMs);
  if (maxBodyBytes !== undefined) assertInteger('maxBodyBytes', maxBodyBytes, 1);
  // Looked up per call so test doubles installed after the client was made (MSW) still apply.
  const fetch: typeof globalThis.fetch = (input, init) => (custom ?? globalThis.fetch)(input, init);
  return { baseUrl, auth, fetch, timeoutMs, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) };
}
