import type { ClientEvent } from '../shared/events';
import { invalidArgument } from '../shared/assert';
import { HttpError } from './errors/HttpError';
import { NetworkError } from './errors/NetworkError';
import { ResponseShapeError } from './errors/ResponseShapeError';
import { TimeoutError } from './errors/TimeoutError';
import { parseRetryAfter, withTimeout } from '../shared/time';
import { NOT_SHOWN, parseRedacted, redact, secretsOf } from './redact';
import type { AuthGrant, AuthHeaders, AuthStrategy } from './types';
import { DEFAULT_MAX_BODY_BYTES, readAtMost } from './readAtMost';

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
  /** Told each request, response and retry (`createApiClient`'s `onEvent`, made safe to call). @default none */
  emit?: (event: ClientEvent) => void;
  /** The most a response body may hold; reading stops past it. @default DEFAULT_MAX_BODY_BYTES */
  maxBodyBytes?: number;
  /** Fixed headers sent with every request, checked (`requestHeaders`). @default none */
  headers?: Readonly<Record<string, string>> | undefined;
  /** The header a call's organization goes out in. @default none */
  organizationHeader?: string | undefined;
}

/** One list request as `listTarget` built it: later steps take its parts from here, never from the URL text. */
export interface ListTarget {
  url: string;
  /** `{baseUrl}/{organizationId}`: a 401 there may be the organization's answer rather than the token's. */
  organizationUrl: string;
  /** The list's path segment, for events (never the organization, which names a customer). */
  resource: string;
  /** The organization, for the client's `organizationHeader`. @default none */
  organizationId?: string;
  /** The method, for a write. @default 'GET' */
  method?: string;
  /** A write's JSON text. @default none */
  body?: string;
  /** A write's headers besides Accept and the Authorization (`Content-Type`, `Idempotency-Key`). @default none */
  headers?: Record<string, string>;
}

/** A response whose headers arrived, its body unread, and the credentials it must not pass on. */
export interface Sent {
  response: Response;
  secrets: string[];
  /** The method it was sent with. */
  method: string;
  /** The query parameters the auth strategy set (a key), which no URL handed out may carry. @default [] */
  keyParams?: string[];
}

/** What a strategy's `authorize` resolved to, as headers and query parameters. */
function grantOf(granted: string | AuthHeaders | AuthGrant | undefined): AuthGrant {
  // Header values are strings: a value that is an object makes a grant.
  return typeof granted === 'object' && Object.values(granted).some((value) => typeof value === 'object')
    ? granted
    : { headers: typeof granted === 'string' ? { Authorization: granted } : (granted as AuthHeaders | undefined) };
}

/** The `NetworkError` of a request that got no (whole) response, `secrets` redacted from its cause. */
export const networkError = (method: string, url: string, cause: unknown, secrets?: readonly string[]): NetworkError =>
  new NetworkError('failed: network error', { method, url, cause, secrets });

/** The detail of an error for a response's status: `failed: 503 Service Unavailable` (the status text redacted first). */
export const statusLine = (status: number, statusText?: string): string =>
  `failed: ${status}${statusText ? ` ${statusText}` : ''}`;

/** Longest response text an `HttpError` keeps. */
const MAX_BODY_CHARS = 4096;

/** Statuses whose `Retry-After` is read. */
const RETRY_AFTER_STATUSES = [429, 503];

/**
 * Runs `work` with a signal that aborts at `timeoutMs` (with a `TimeoutError`) or with the caller's signal (with its
 * reason). Raced, not only signalled: the call ends then, not with what it interrupted (a token request, a fetch, or a
 * fetch that ignores its signal and would never settle).
 */
export function withDeadline<T>(
  { timeoutMs }: RequestConfig,
  url: string,
  callerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
  method = 'GET',
): Promise<T> {
  callerSignal?.throwIfAborted();
  return withTimeout(
    work,
    timeoutMs,
    () => new TimeoutError(`timed out after ${timeoutMs} ms`, { method, url, timeoutMs }),
    callerSignal,
  );
}

/**
 * Sends `target` (a GET unless it names a write's method, body and headers) with the Authorization from `config.auth`, and resolves once the response's headers arrived. On
 * a 401 the strategy may drop its token and the request is sent once more with a fresh header; never more. Rejects
 * with a `NetworkError`, an `AuthError` from the strategy, or a `TypeError` when the strategy's header cannot be sent.
 */
export async function send(
  config: RequestConfig,
  { url, organizationUrl, resource, organizationId, method = 'GET', body, headers }: ListTarget,
  signal: AbortSignal,
): Promise<Sent> {
  const { auth, emit, organizationHeader } = config;
  const organization = organizationHeader && organizationId ? { [organizationHeader]: organizationId } : undefined;
  const context = { ...config, signal, method, url };
  // Attempt 2 is the one retry after a 401.
  for (let attempt = 1; ; attempt = 2) {
    const { headers: added, query } = grantOf(auth && (await auth.authorize(context)));
    const authorization = added?.Authorization;
    // A proof of possession beside the token (DPoP) and a key in the query are kept out of errors like the token.
    const secrets = secretsOf(authorization, [
      ...(auth?.secrets ?? []),
      ...Object.values(added ?? {}),
      ...Object.values(query ?? {}),
    ]);
    // fetch would reject it with an error that quotes the whole header, token included.
    if (authorization && /[\0\r\n]/.test(authorization.trim()))
      throw invalidArgument('auth', `gave an Authorization header with a line break or NUL ${NOT_SHOWN}`);
    let response: Response;
    try {
      const sentAt = emit && performance.now();
      // A list call's events stay as they were; a write's say its method.
      const write = method === 'GET' ? undefined : { method };
      emit?.({ type: 'client-request', resource, attempt, ...write });
      // Only the request carries the key: errors, events and the page's URLs keep `url` as built.
      const sentUrl = new URL(url);
      for (const [name, value] of Object.entries(query ?? {})) sentUrl.searchParams.set(name, value);
      response = await config.fetch(query ? sentUrl.href : url, {
        method,
        headers: { Accept: 'application/json', ...config.headers, ...organization, ...headers, ...added },
        signal,
        ...(body === undefined ? {} : { body }),
      });
      emit?.({
        type: 'client-response',
        resource,
        attempt,
        status: response.status,
        durationMs: performance.now() - sentAt!,
        ...write,
      });
    } catch (error) {
      // Unless our signal aborted it: then the deadline has already answered with the abort's reason.
      throw networkError(method, url, error, secrets);
    }
    if (authorization) {
      if (response.status !== 401) auth!.accepted?.(authorization, organizationUrl, response);
      else if (attempt < 2 && auth!.unauthorized?.(authorization, organizationUrl, response)) {
        emit?.({ type: 'client-retry', resource, reason: 'unauthorized' });
        response.body?.cancel().catch(() => undefined);
        continue;
      }
    }
    return { response, secrets, method, keyParams: Object.keys(query ?? {}) };
  }
}

/**
 * The body of `sent`'s response, read as `text`: what `parse` makes of it (a success's data redacted of secrets of 8
 * characters or more, an error's of any). Throws a `ResponseShapeError` when a success is not JSON (or `parse`'s
 * `RangeError` says why valid JSON cannot be passed on), and an `HttpError` for a status outside 200–299, keeping the parsed body, or else its text (truncated), redacted however short.
 */
export function takeBody(
  { response, secrets, method }: Sent,
  url: string,
  text: string,
  parse: (text: string, secrets: readonly string[], minLength: number) => unknown = parseRedacted,
): unknown {
  const { ok, status } = response;
  let body: unknown;
  try {
    body = parse(text, secrets, ok ? 8 : 1);
  } catch (error) {
    // A RangeError is `parse`'s own verdict on valid JSON (the proxy's: too deep to redact), told as it says.
    const what = error instanceof RangeError ? error.message : 'returned a body that is not valid JSON';
    if (ok) throw new ResponseShapeError(what, { method, url });
    // Not JSON: keep the (truncated) text, error text that no secret survives however short.
    body = redact(text, secrets).slice(0, MAX_BODY_CHARS);
  }
  if (ok) return body;
  // A status line can echo the credential as well as a body can.
  const statusText = redact(response.statusText, secrets);
  throw new HttpError(statusLine(status, statusText), {
    method,
    url,
    status,
    statusText,
    body,
    retryAfterMs: RETRY_AFTER_STATUSES.includes(status)
      ? parseRetryAfter(response.headers.get('retry-after'))
      : undefined,
  });
}

/**
 * A response's body as text, read up to `config.maxBodyBytes`: past it reading stops (the rest cancelled) and the call
 * rejects with a `ResponseShapeError` naming the limit; a body that fails mid-read is a `NetworkError`.
 */
export async function readText(
  config: RequestConfig,
  sent: { response: Response; secrets: readonly string[] },
  method: string,
  url: string,
): Promise<string> {
  const { response, secrets } = sent;
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const text = await readAtMost(response, maxBodyBytes).catch((error: unknown) => {
    throw networkError(method, url, error, secrets);
  });
  if (text !== undefined) return text;
  throw new ResponseShapeError(`response body over maxBodyBytes (${maxBodyBytes} bytes); reading stopped`, {
    method,
    url,
    status: response.status,
  });
}

/**
 * GETs `target.url` as JSON within the config's deadline (`send`, then the whole body, then `takeBody`), resolving to
 * the body, the response and what was sent (the secrets and key parameters it must not pass on). Rejects with
 * `HttpError` (non-2xx), `NetworkError`, `TimeoutError`, `ResponseShapeError` (invalid JSON), an `AuthError` from the
 * strategy, a `TypeError` when the strategy's header cannot be sent, or the caller's abort reason exactly as `signal`
 * gave it.
 */
export function fetchJson(
  config: RequestConfig,
  target: ListTarget,
  callerSignal?: AbortSignal,
): Promise<{ body: unknown; response: Response; sent: Sent }> {
  const { url } = target;
  return withDeadline(config, url, callerSignal, async (signal) => {
    const sent = await send(config, target, signal);
    const text = await readText(config, sent, 'GET', url);
    return { body: takeBody(sent, url, text), response: sent.response, sent };
  });
}
