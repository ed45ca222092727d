import { assertFunction, assertOneOf, invalidArgument, requireString } from '../shared/assert';
import { isUuid } from '../shared/listEndpoints';
import type { AuthStrategy } from '../client/index';
import { assertServerOnly } from './assertServerOnly';

/** Options of `apiAccountToken`. */
export interface ApiAccountTokenOptions {
  /** The API Account's identifier (a UUID). */
  accountId: string;
  /**
   * The access token generated for the account in the console, sent trimmed; or a function giving the current one
   * (from a secrets manager, a mounted file), asked on every call, so a rotated token is used without a restart.
   */
  apiToken: string | (() => string | Promise<string>);
  /**
   * `raw` sends `Basic <account_id>:<API_TOKEN>` exactly as the service's documentation shows;
   * `base64` sends the pair base64-encoded from UTF-8 as RFC 7617 specifies, for gateways that expect it.
   * @default 'raw'
   */
  encoding?: 'raw' | 'base64';
  /** Allow construction in a browser, exposing the token to anyone who opens the page. @default false */
  dangerouslyAllowBrowser?: boolean;
}

/** The header for one token, or the argument error naming `apiToken` (never quoting it). */
function headerFor(accountId: string, apiToken: unknown, encoding: 'raw' | 'base64') {
  const token = requireString('apiToken', apiToken);
  // A raw header value must be visible ASCII; anything else needs the base64 form.
  if (encoding === 'raw' && !/^[\x21-\x7e]+$/.test(token)) {
    throw invalidArgument('apiToken', 'has characters a raw Basic header cannot carry; use `encoding: "base64"`');
  }
  const pair = `${accountId}:${token}`;
  const credentials = encoding === 'raw' ? pair : btoa(String.fromCharCode(...new TextEncoder().encode(pair)));
  return { header: `Basic ${credentials}`, secrets: [token, pair] };
}

/**
 * API Account access token, as the service's documentation describes it: `Authorization: Basic
 * <account_id>:<API_TOKEN>`. No token request is made. The token is long-lived and the holder's to rotate: give
 * `apiToken` as a function and a new token is used from the next call on; a 401 is retried once, asking it again (a
 * token refused twice is not retried again). With a plain string a 401 is not retried (the same header would be sent).
 * Server-side only.
 *
 * The default `raw` form follows the service's documented usage, which shows the pair unencoded; whether the
 * service also accepts RFC 7617's base64 form is not documented, so `encoding: 'base64'` is opt-in.
 */
export function apiAccountToken(options: ApiAccountTokenOptions): AuthStrategy {
  const { accountId, encoding = 'raw', dangerouslyAllowBrowser } = options ?? {};
  assertServerOnly('apiAccountToken', dangerouslyAllowBrowser);
  // Not echoed: a caller who swapped the two arguments would print the token.
  if (!isUuid(accountId)) throw invalidArgument('accountId', 'must be a UUID');
  assertOneOf('encoding', encoding, ['raw', 'base64']);
  const given = options.apiToken;
  if (typeof given !== 'function') {
    const { header, secrets } = headerFor(accountId, given, encoding);
    return {
      id: `api-account:${accountId}`,
      authorize: async () => header,
      unauthorized: () => false,
      // An echoing service may quote the token or the decoded pair rather than the header's base64.
      secrets,
    };
  }
  assertFunction('apiToken', given);
  // The forms of every token used so far stay redacted: an echo of the previous one must not leak after a rotation.
  const seen: string[] = [];
  // The header refused last: a 401 for it again is not retried, so a revoked token costs one extra request, not one
  // per call.
  let refused: string | undefined;
  return {
    id: `api-account:${accountId}`,
    async authorize() {
      const { header, secrets } = headerFor(accountId, await given(), encoding);
      for (const secret of secrets) if (!seen.includes(secret)) seen.push(secret);
      return header;
    },
    // Retried once, asking the function again: it may have a rotated token by now.
    unauthorized(authorization) {
      if (authorization === refused) return false;
      refused = authorization;
      return true;
    },
    get secrets() {
      return seen;
    },
  };
}
