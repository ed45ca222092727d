import { assertOneOf, invalidArgument, requireString } from '../shared/assert';
import { isUuid } from '../shared/listEndpoints';
import type { AuthStrategy } from '../client/index';
import { assertServerOnly } from './assertServerOnly';

/** Options of `apiAccountToken`. */
export interface ApiAccountTokenOptions {
  /** The API Account's identifier (a UUID). */
  accountId: string;
  /** The access token generated for the account in the console (long-lived: rotate it per your policy); sent trimmed. */
  apiToken: string;
  /**
   * `raw` sends `Basic <account_id>:<API_TOKEN>` exactly as the service's documentation shows;
   * `base64` sends the pair base64-encoded from UTF-8 as RFC 7617 specifies, for gateways that expect it.
   * @default 'raw'
   */
  encoding?: 'raw' | 'base64';
  /** Allow construction in a browser, exposing the token to anyone who opens the page. @default false */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * API Account access token, as the service's documentation describes it: `Authorization: Basic
 * <account_id>:<API_TOKEN>`. No token request is made, and a 401 is not retried (the same header would be sent
 * again). Server-side only.
 *
 * The default `raw` form follows the service's documented usage, which shows the pair unencoded; whether the
 * service also accepts RFC 7617's base64 form is not documented, so `encoding: 'base64'` is opt-in.
 */
export function apiAccountToken(options: ApiAccountTokenOptions): AuthStrategy {
  const { accountId, encoding = 'raw', dangerouslyAllowBrowser } = options ?? {};
  assertServerOnly('apiAccountToken', dangerouslyAllowBrowser);
  // Not echoed: a caller who swapped the two arguments would print the token.
  if (!isUuid(accountId)) throw invalidArgument('accountId', 'must be a UUID');
  const apiToken = requireString('apiToken', options.apiToken);
  assertOneOf('encoding', encoding, ['raw', 'base64']);
  // A raw header value must be visible ASCII; anything else needs the base64 form.
  if (encoding === 'raw' && !/^[\x21-\x7e]+$/.test(apiToken)) {
    throw invalidArgument('apiToken', 'has characters a raw Basic header cannot carry; use `encoding: "base64"`');
  }
  const pair = `${accountId}:${apiToken}`;
  const credentials = encoding === 'raw' ? pair : btoa(String.fromCharCode(...new TextEncoder().encode(pair)));
  const header = `Basic ${credentials}`;
  return {
    id: `api-account:${accountId}`,
    authorize: async () => header,
    unauthorized: () => false,
    // An echoing service may quote the token or the decoded pair rather than the header's base64.
    secrets: [apiToken, pair],
  };
}
