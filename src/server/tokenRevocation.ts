import type * as OAuth from 'oauth4webapi';
import { TimeoutError } from '../client/index';
import { describeForLog, errorName } from '../client/internal';
import type { TokenEvent } from '../shared/events';
import { createRateLimitedLog, warnedInProcess, warnOncePerKey } from '../shared/log';
import { withTimeout } from '../shared/time';
import type { Dpop } from './dpop';
import { exchangeError, exchangeFetch, insecureOption, loadOAuth, newExchange } from './oauthEngine';

/** Why a token is revoked: an app's `revoke()`, its `close()` at shutdown, or a renewal that replaced it. */
export type RevocationReason = 'revoke' | 'close' | 'replaced';

/** What revoking needs from the strategy that obtained the token. */
export interface Revoker {
  /**
   * The authorization server with its `revocation_endpoint`, undefined when the provider has none (then revoking is
   * a no-op, said once); rejects when the one it names may not be used (plain HTTP).
   */
  server(): Promise<OAuth.AuthorizationServer | undefined>;
  client: OAuth.Client;
  /** The client's authentication, as for token requests. */
  authenticate(): Promise<OAuth.ClientAuth>;
  /** Credentials known beforehand that the request may not carry itself. */
  secrets: readonly string[];
  /** DPoP proofs, when tokens are bound: the revocation request carries one as the token request did. */
  proofs(): Dpop | undefined;
  fetch(): typeof globalThis.fetch | undefined;
  timeoutMs: number;
  onEvent: ((event: TokenEvent) => void) | undefined;
}

/** One warning line per kind of revocation failure and minute: failures never fail anything, but are not silent. */
const log = createRateLimitedLog((line) => console.warn(line), 60_000);

/**
 * Revokes `token` at the provider (RFC 7009 2.1: a form POST of `token` and `token_type_hint=access_token`, the client
 * authenticated as for the token request). Never rejects: a failure is told to `onEvent` and to one warning a minute
 * naming only the error (the token and the client's credentials are redacted from everything it says).
 */
export async function revokeToken(revoker: Revoker, token: string, reason: RevocationReason): Promise<void> {
  const { timeoutMs } = revoker;
  try {
    const as = await revoker.server();
    const endpoint = as?.revocation_endpoint;
    if (as === undefined || endpoint === undefined) return warnNoEndpoint();
    await withTimeout(
      (signal) => sendRevocation(revoker, as, token, signal),
      timeoutMs,
      () => new TimeoutError(`timed out after ${timeoutMs} ms`, { method: 'POST', url: endpoint, timeoutMs }),
    );
    revoker.onEvent?.({ type: 'token-revoked', reason });
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    revoker.onEvent?.({
      type: 'token-revoke-failed',
      reason,
      errorName: errorName(error),
      status: typeof status === 'number' ? status : undefined,
    });
    log(
      `revoke ${errorName(error)}`,
      `[pagewise] clientCredentials: a token was not revoked: ${describeForLog(error)}`,
    );
  }
}

/** Says once per process that tokens are not revoked, as the provider has nowhere to revoke them. */
function warnNoEndpoint(): void {
  warnOncePerKey(
    warnedInProcess,
    'clientCredentials: no revocation endpoint',
    () =>
      '[pagewise] clientCredentials: tokens are not revoked: the identity provider names no `revocation_endpoint` ' +
      'and no `revocationUrl` was given. They stay valid until they expire.',
  );
}

/**
 * Sends the revocation request (oauth4webapi's `revocationRequest`, authenticated as the token request) and reads its
 * answer (`processRevocationResponse`): RFC 7009 2.2's 200 for a revoked token and for one the provider did not know
 * alike, else an `AuthError` without the token or the client's credentials.
 */
async function sendRevocation(
  revoker: Revoker,
  as: OAuth.AuthorizationServer,
  token: string,
  signal: AbortSignal,
): Promise<void> {
  const oauth = await loadOAuth();
  const url = as.revocation_endpoint!;
  const exchange = newExchange('POST', url, [...revoker.secrets, token]);
  const post = revoker.fetch() ?? globalThis.fetch;
  const proofs = revoker.proofs();
  const response = await oauth.revocationRequest(as, revoker.client, await revoker.authenticate(), token, {
    [oauth.customFetch]: exchangeFetch(exchange, post),
    additionalParameters: { token_type_hint: 'access_token' },
    headers: proofs ? { dpop: await proofs.proof(url, token) } : undefined,
    signal,
    ...insecureOption(oauth, url),
  });
  try {
    await oauth.processRevocationResponse(response);
  } catch (error) {
    throw exchangeError(exchange, error, 'an invalid revocation response');
  }
}
