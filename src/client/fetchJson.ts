import { HttpError } from './errors/HttpError';
import { NetworkError } from './errors/NetworkError';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { TimeoutError } from './errors/TimeoutError';
import { parseRetryAfter } from './parseRetryAfter';
import { parseRedacted, redact } from './redact';
import { startTimeout } from './startTimeout';
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
}

/** Longest response text an `HttpError` keeps. */
const MAX_BODY_CHARS = 4096;

/** Statuses whose `Retry-After` is read. */
const RETRY_AFTER_STATUSES = [429, 503];

/** The credential in `authorization` and, for a raw Basic pair, its parts: what an echoing service must not leak. */
function secretsOf(authorization: string | undefined): string[] {
  const credential = authorization?.slice(authorization.indexOf(' ') + 1) ?? '';
  // Short parts are left alone: redacting e.g. "a" would mangle the whole body.
  return [credential, ...credential.split(':')].filter((secret) => secret.length >= 8);
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
  const timer = startTimeout(timeoutMs, () => controller.abort(new TimeoutError('GET', url, timeoutMs)));
  // A fetch failure is a NetworkError unless our signal aborted it: then the abort's reason is the answer.
  const network = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      throw signal.aborted ? signal.reason : new NetworkError('GET', url, error);
    });
  const context = { baseUrl: config.baseUrl, fetch: config.fetch, signal };
  try {
    for (let retried = false; ; retried = true) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const authorization = auth && (headers.Authorization = await auth.authorize(context));
      // fetch would reject it with an error that quotes the whole header, token included.
      if (authorization && /[\0\r\n]/.test(authorization.trim())) {
        throw new TypeError('pagewise: `auth` gave an Authorization header with a line break or NUL inside (not shown: it holds the credential)');
      }
      const response = await network(config.fetch(url, { method: 'GET', headers, signal }));
      if (response.status === 401 && authorization && !retried && auth.unauthorized?.(authorization)) {
        response.body?.cancel().catch(() => undefined);
        continue;
      }
      const text = await network(response.text());
      if (!response.ok) {
        const secrets = secretsOf(authorization);
        let body: unknown;
        try {
          body = parseRedacted(text, secrets);
        } catch {
          // Not JSON: keep the (truncated) text.
          body = redact(text, secrets).slice(0, MAX_BODY_CHARS);
        }
        throw new HttpError({
          method: 'GET',
          url,
          status: response.status,
          statusText: response.statusText,
          body,
          retryAfterMs: RETRY_AFTER_STATUSES.includes(response.status)
            ? parseRetryAfter(response.headers.get('retry-after'))
            : undefined,
        });
      }
      try {
        return { body: JSON.parse(text), response };
      } catch {
        throw new ResponseShapeError('GET', url, 'a body that is not valid JSON');
      }
    }
  } catch (error) {
    // E.g. aborted while waiting for a token: report the abort, not what it interrupted.
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}
