import type { ClientEvent } from '../shared/events';
import { HttpError } from './errors/HttpError';
import { NetworkError } from './errors/NetworkError';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { TimeoutError } from './errors/TimeoutError';
import { parseRetryAfter, raceSignal, startTimeout } from '../shared/time';
import { parseRedacted, redact } from './redact';
import type { AuthStrategy } from './types';

/** Everything a request to the service needs, resolved once by `createApiClient` / `createProxyHandler`. */
export interface RequestConfig {
  /** Absolute base URL without a trailing slash. */
  baseUrl: string;
  /** Supplies the Authorization header; none means no header. */
  auth: AuthStrategy | undefined;
  /** The fetch to call (never called as a method, so native fetch needs no binding). */
  fetch: typeof globalThis.fetch;
  /** Limit of the whole call, token included, in milliseconds; `Infinity` for none. */
  timeoutMs: number;
  /** Reads a response's text (the proxy's bounds its size). @default `response.text()` */
  read?: (response: Response) => Promise<string>;
  /** Turns a response's text into its body (the proxy's keeps text with no secret in it as is). @default parseRedacted */
  parse?: typeof parseRedacted;
  /** Told each request, response and retry (`createApiClient`'s `onEvent`, made safe to call). @default none */
  emit?: (event: ClientEvent) => void;
}

/** Longest response text an `HttpError` keeps. */
const MAX_BODY_CHARS = 4096;

/** Statuses whose `Retry-After` is read. */
const RETRY_AFTER_STATUSES = [429, 503];

/**
 * What an echoing service must not leak, once each and none empty: the credential in `authorization`, the password
 * half of a Basic pair (the user half, e.g. an account id, is no secret and may well appear in data), and `extra`.
 */
function secretsOf(authorization: string | undefined, extra: readonly string[] = []): string[] {
  if (!authorization) return [];
  // Trimmed as fetch sends it, so an echo of a token given with a trailing newline is still found.
  const credential = authorization.slice(authorization.indexOf(' ') + 1).trim();
  return [...new Set([credential, ...extra, credential.slice(credential.indexOf(':') + 1)])].filter(Boolean);
}

/**
 * GETs `url` as JSON with the Authorization from `config.auth`. On a 401 the strategy may drop its token and
 * the call is retried once with a fresh header; never more. Rejects with `HttpError` (non-2xx),
 * `NetworkError`, `TimeoutError`, `ResponseShapeError` (invalid JSON), an `AuthError` from the strategy, a
 * `TypeError` when the strategy's header cannot be sent,
 * or the caller's abort reason exactly as `signal` gave it.
 */
export async function fetchJson(
  config: RequestConfig,
  url: string,
  callerSignal?: AbortSignal,
): Promise<{ body: unknown; response: Response }> {
  callerSignal?.throwIfAborted();
  const { auth, timeoutMs } = config;
  const controller = new AbortController();
  const signal = controller.signal;
  const onAbort = () => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener('abort', onAbort);
  const timer = startTimeout(timeoutMs, () =>
    controller.abort(new TimeoutError(`timed out after ${timeoutMs} ms`, { method: 'GET', url, timeoutMs })),
  );
  const context = { ...config, signal, method: 'GET', url };
  const { emit } = config;
  // The list's path segment, for events: never the organization, which names a customer.
  const resource = emit && /\/([^/?]+)\?/.exec(url)?.[1];
  const attempt = async (): Promise<{ body: unknown; response: Response }> => {
    for (let retried = false; ; retried = true) {
      const granted = auth && (await auth.authorize(context));
      // A proof of possession beside the token (DPoP) is kept out of errors like the token.
      const added = typeof granted === 'string' ? { Authorization: granted } : granted;
      const headers: Record<string, string> = { Accept: 'application/json', ...added };
      const authorization = added?.Authorization;
      const secrets = secretsOf(authorization, [...(auth?.secrets ?? []), ...Object.values(added ?? {})]);
      // fetch would reject it with an error that quotes the whole header, token included.
      if (authorization && /[\0\r\n]/.test(authorization.trim())) {
        throw new TypeError('pagewise: `auth` gave an Authorization header with a line break or NUL (not shown)');
      }
      let response: Response;
      let text: string;
      try {
        const sentAt = emit && performance.now();
        emit?.({ type: 'client-request', resource, attempt: retried ? 2 : 1 });
        response = await config.fetch(url, { method: 'GET', headers, signal });
        emit?.({
          type: 'client-response',
          resource,
          attempt: retried ? 2 : 1,
          status: response.status,
          durationMs: performance.now() - sentAt!,
        });
        if (authorization) {
          // The organization's path: a 401 there may be its answer rather than the token's (createTokenCache).
          const scope = url.slice(0, url.lastIndexOf('/'));
          if (response.status !== 401) auth!.accepted?.(authorization, scope, response);
          else if (!retried && auth!.unauthorized?.(authorization, scope, response)) {
            emit?.({ type: 'client-retry', resource, reason: 'unauthorized' });
            response.body?.cancel().catch(() => undefined);
            continue;
          }
        }
        text = await (config.read?.(response) ?? response.text());
      } catch (error) {
        // Unless our signal aborted it: then the race below has already answered with the abort's reason.
        throw new NetworkError('failed: network error', { method: 'GET', url, cause: error, secrets });
      }
      // Success bodies too: a proxy passes them on to the browser.
      let body: unknown;
      try {
        body = (config.parse ?? parseRedacted)(text, secrets, response.ok ? 8 : 1);
      } catch {
        if (response.ok) throw new ResponseShapeError('returned a body that is not valid JSON', { method: 'GET', url });
        // Not JSON: keep the (truncated) text, error text that no secret survives however short.
        body = redact(text, secrets).slice(0, MAX_BODY_CHARS);
      }
      if (response.ok) return { body, response };
      // A status line can echo the credential as well as a body can.
      const statusText = redact(response.statusText, secrets);
      throw new HttpError(`failed: ${response.status}${statusText ? ` ${statusText}` : ''}`, {
        method: 'GET',
        url,
        status: response.status,
        statusText,
        body,
        retryAfterMs: RETRY_AFTER_STATUSES.includes(response.status)
          ? parseRetryAfter(response.headers.get('retry-after'))
          : undefined,
      });
    }
  };
  try {
    // Raced, not only signalled: the call ends at timeoutMs or the caller's abort with its reason, not with what
    // it interrupted (a token request, a fetch, or a fetch that ignores its signal and would never settle).
    return await raceSignal(attempt(), signal);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}
