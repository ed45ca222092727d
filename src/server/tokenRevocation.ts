import { AuthError, TimeoutError } from '../client/index';
import { describeForLog, errorName, redact, statusLine } from '../client/internal';
import type { TokenEvent } from '../shared/events';
import { createRateLimitedLog, warnedInProcess, warnOncePerKey } from '../shared/log';
import { withTimeout } from '../shared/time';
import type { ClientAuthentication } from './clientAuthentication';
import type { Dpop } from './dpop';
import { clientCredentialsGrantRequest, type TokenRequest } from './tokenEndpoint';

/** Why a token is revoked: an app's `revoke()`, its `close()` at shutdown, or a renewal that replaced it. */
export type RevocationReason = 'revoke' | 'close' | 'replaced';

/** What revoking needs from the strategy that obtained the token. */
export interface Revoker {
  /** The revocation endpoint, or undefined when the provider has none (then revoking is a no-op, said once). */
  endpoint(): Promise<string | undefined>;
  clientId: string;
  authenticate: ClientAuthentication;
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
    const endpoint = await revoker.endpoint();
    if (endpoint === undefined) return warnNoEndpoint();
    await withTimeout(
      (signal) => sendRevocation(revoker, endpoint, token, signal),
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

/** Sends the revocation request (authenticated, with a DPoP proof when tokens are bound) and reads its answer. */
async function sendRevocation(revoker: Revoker, endpoint: string, token: string, signal: AbortSignal): Promise<void> {
  const request: TokenRequest = {
    fields: { token, token_type_hint: 'access_token', client_id: undefined, client_secret: undefined },
    headers: {},
    secrets: [token],
  };
  await revoker.authenticate(request, endpoint);
  await revoker.proofs()?.add(request, endpoint);
  const post = revoker.fetch() ?? globalThis.fetch;
  const { response, text } = await clientCredentialsGrantRequest(endpoint, request, 'form', post, signal);
  // RFC 7009 2.2: 200 for a revoked token and for one the provider did not know alike.
  if (response.ok) return;
  let body: { error?: unknown; error_description?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const said = (value: unknown) => (typeof value === 'string' ? redact(value, request.secrets) : undefined);
  throw new AuthError(statusLine(response.status, said(response.statusText)), {
    method: 'POST',
    url: endpoint,
    status: response.status,
    error: said(body?.error),
    error_description: said(body?.error_description),
  });
}
