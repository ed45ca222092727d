/**
 * Auth strategies for a credential that does not expire: HTTP Basic with any username and password, and an API key
 * in a header of its own name or a query parameter. Nothing to renew, so a 401 is the service's answer, never retried.
 */
import { invalidArgument, requireString } from '../shared/assert';
import type { AuthStrategy } from './types';
import { FIELD_NAME, quotableName } from './requestHeaders';
import { MUST_BE_QUERY_NAME, QUERY_NAME } from '../shared/listEndpoints';

/** A secret: the value, or a function asked at each request (a rotated secret is used without a restart). */
export type SecretSource = string | (() => string | Promise<string>);

/** Options of `basicAuth`. */
export interface BasicAuthOptions {
  /** The username: any text without a colon (RFC 7617), e.g. an email address. */
  username: string;
  /** The password, or a function giving it. */
  password: SecretSource;
  /** Non-secret name of this credential for query keys. @default 'basic:<username>' */
  id?: string;
}

/** Options of `apiKey`: exactly one of `header` and `query`. */
export interface ApiKeyOptions {
  /** The header the key goes out in, e.g. `'X-API-Key'`. @default none (`query` then) */
  header?: string;
  /**
   * The query parameter the key goes out in, e.g. `'api_key'`, for a service that reads it nowhere else. A key in a
   * URL reaches the access logs of the service and of every proxy on the way: use `header` wherever the service
   * takes one. pagewise keeps it out of its own errors, events, logs, query keys and next-page cursors.
   * @default none (`header` then)
   */
  query?: string;
  /** The key, or a function giving it. */
  key: SecretSource;
  /** Non-secret name of this credential for query keys. @default 'api-key:<header>', or 'api-key:?<query>' */
  id?: string;
}

/** `source`'s value, refused (never echoed) when it is not a non-empty string of one line. */
async function secretOf(name: string, source: SecretSource): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  if (!(typeof value === 'string' && value && !/[\0\r\n]/.test(value)))
    throw invalidArgument(name, 'must be a non-empty string of one line, or a function giving one');
  return value;
}

const assertSource = (name: string, source: unknown) => {
  if (typeof source !== 'function') void requireString(name, source);
};

/** The UTF-8 bytes of `text` in base64, as RFC 7617 sends a Basic pair with `charset="UTF-8"`. */
const base64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * HTTP Basic: `Authorization: Basic base64(<username>:<password>)`, the pair in UTF-8. The password, the pair and
 * its base64 are kept out of every error, log and event. Throws the argument error for a username with a colon.
 *
 * @example
 * createApiClient({ baseUrl, auth: basicAuth({ username: 'reports@example.com', password: process.env.API_PASSWORD! }) });
 */
export function basicAuth(options: BasicAuthOptions): AuthStrategy {
  const { username, password } = options ?? ({} as BasicAuthOptions);
  requireString('username', username);
  if (username.includes(':') || /[\0\r\n]/.test(username))
    throw invalidArgument('username', 'must not hold a colon or a line break (RFC 7617)');
  assertSource('password', password);
  const secrets: string[] = [];
  return {
    id: options.id ?? `basic:${username}`,
    async authorize() {
      const secret = await secretOf('password', password);
      const pair = `${username}:${secret}`;
      for (const value of [secret, pair]) if (!secrets.includes(value)) secrets.push(value);
      return `Basic ${base64(pair)}`;
    },
    secrets,
  };
}

/**
 * An API key in a header of its own name (`X-API-Key: <key>`) or, for a service that reads it nowhere else, in a
 * query parameter (`?api_key=<key>`), with no Authorization header. The key is kept out of every error, log, event,
 * query key and next-page cursor. Throws the argument error unless exactly one of `header` (a header name other than
 * Authorization) and `query` (a query parameter name) is given.
 *
 * @example
 * createApiClient({ baseUrl, auth: apiKey({ header: 'X-API-Key', key: process.env.API_KEY! }) });
 */
export function apiKey(options: ApiKeyOptions): AuthStrategy {
  const { header, query, key } = options ?? ({} as ApiKeyOptions);
  if ((header === undefined) === (query === undefined))
    throw invalidArgument('header', 'or `query` is required: exactly one of them, where the key goes out');
  if (query !== undefined && !(typeof query === 'string' && QUERY_NAME.test(query)))
    throw invalidArgument('query', MUST_BE_QUERY_NAME, ...quotableName(query, QUERY_NAME));
  if (
    header !== undefined &&
    !(typeof header === 'string' && FIELD_NAME.test(header) && !/^authorization$/i.test(header))
  )
    throw invalidArgument(
      'header',
      'must be a header name other than Authorization, e.g. X-API-Key',
      ...quotableName(header),
    );
  assertSource('key', key);
  const secrets: string[] = [];
  return {
    id: options.id ?? `api-key:${query === undefined ? header!.toLowerCase() : `?${query}`}`,
    async authorize() {
      const secret = await secretOf('key', key);
      if (!secrets.includes(secret)) secrets.push(secret);
      return query === undefined ? { [header!]: secret } : { query: { [query]: secret } };
    },
    secrets,
  };
}
