/** The client's writes: create, change and delete one row of a list, sent like a list call and never repeated by surprise. */
import { invalidArgument, assertInteger } from '../shared/assert';
import { backoffMs, isRefusal, MAX_OUTAGE_BACKOFF_MS } from '../shared/backoff';
import { sleep } from '../shared/time';
import { isUuid, MUST_BE_PATH_SEGMENT, RESOURCE_NAME, ROW_ID, type WriteMethod } from '../shared/listEndpoints';
import { isHttpError } from './errors/HttpError';
import { isNetworkError } from './errors/NetworkError';
import { networkError, send, takeBody, withDeadline, type ListTarget, type RequestConfig } from './fetchJson';
import { errorName } from './redact';
import type { ListResource } from './types';
import { baseUrlAt } from './url';

/** What every write takes. */
export interface WriteParams {
  /** The organization's UUID. */
  organizationId: string;
  /** Aborts the request (and any retry waiting). */
  signal?: AbortSignal;
  /**
   * Times to send the write again after an outage (a network error, 408, 429 or a 5xx), waiting `Retry-After` or a
   * back-off. Only where repeating cannot do the write twice: `PUT` and `DELETE`, or any write with an
   * `idempotencyKey`. @default 0 (writes are never repeated)
   */
  retry?: number;
  /**
   * Sent as `Idempotency-Key`, so the service does a repeated write once: your key, or `true` for a new random one per
   * call (the same on each of its retries). @default none
   */
  idempotencyKey?: string | true;
  /** Sent as `If-Match`: the write is refused (412) when the row changed since it was read with this ETag. @default none */
  ifMatch?: string;
}

/** Arguments of `client.create`: `POST {baseUrl}/{organizationId}/{resource}`. */
export interface CreateParams extends WriteParams {
  /** The new row, sent as JSON. */
  body: unknown;
}

/** Arguments of `client.update`: `PATCH` (or `PUT`) `{baseUrl}/{organizationId}/{resource}/{id}`. */
export interface UpdateParams extends WriteParams {
  /** The row's id: a path segment (not `/`, `.`, `..`, empty or percent-encoded). */
  id: string;
  /** The changes (`PATCH`) or the whole row (`PUT`), sent as JSON. */
  body: unknown;
  /** `PATCH` sends changes, `PUT` replaces the row. @default 'PATCH' */
  method?: 'PATCH' | 'PUT';
}

/** Arguments of `client.delete`: `DELETE {baseUrl}/{organizationId}/{resource}/{id}`. */
export interface DeleteParams extends WriteParams {
  /** The row's id: a path segment (not `/`, `.`, `..`, empty or percent-encoded). */
  id: string;
}

/** One write as the client sends it. */
export interface Write {
  method: WriteMethod;
  resource: ListResource;
  params: WriteParams & { id?: string; body?: unknown };
}

/** Statuses after which the same write may succeed: timeouts, rate limits and server faults (not 501). */
const isOutage = (error: unknown): boolean =>
  isNetworkError(error) ||
  (isHttpError(error) && !isRefusal(error.status) && error.status !== 501 && error.status >= 400);

/** Longest `Retry-After` a write waits; a longer one is given up on (the caller's error says when to come back). */
const MAX_WRITE_WAIT_MS = 60_000;

/** A random version 4 UUID: `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body as JSON text, or the argument error naming it. */
function jsonText(body: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch {
    // A cycle or a BigInt: said below, without echoing a value that may hold anything.
  }
  if (text === undefined || typeof body !== 'object' || body === null)
    throw invalidArgument('body', 'must be an object or array JSON can write');
  return text;
}

/**
 * Checks a write's arguments and throws the argument error naming the first bad one; returns its body as JSON text
 * (none for a `DELETE`). The one check of a write, wherever it is sent from or served.
 */
export function assertWrite({ method, resource, params }: Write): string | undefined {
  const { organizationId, signal, retry = 0, idempotencyKey, ifMatch } = params ?? ({} as WriteParams);
  if (!(typeof resource === 'string' && RESOURCE_NAME.test(resource)))
    throw invalidArgument('resource', MUST_BE_PATH_SEGMENT, resource);
  if (!isUuid(organizationId)) throw invalidArgument('organizationId', 'must be a UUID', organizationId);
  const row = method !== 'POST';
  if (row && !(typeof params.id === 'string' && ROW_ID.test(params.id)))
    throw invalidArgument(
      'id',
      'must be a path segment: letters, digits and -._~!$&\'()*+,;=:@, not "." or "..", nothing percent-encoded',
      params.id,
    );
  const asked = (params as { method?: unknown }).method;
  if (row && method !== 'DELETE' && asked !== undefined && asked !== method)
    throw invalidArgument('method', 'must be PATCH or PUT', asked);
  if (signal != null && typeof signal.addEventListener !== 'function')
    throw invalidArgument('signal', 'must be an AbortSignal', signal);
  assertInteger('retry', retry, 0);
  if (
    idempotencyKey !== undefined &&
    idempotencyKey !== true &&
    !(typeof idempotencyKey === 'string' && /^[\x21-\x7e]{1,255}$/.test(idempotencyKey))
  )
    throw invalidArgument('idempotencyKey', 'must be true or 1 to 255 visible ASCII characters');
  if (retry > 0 && idempotencyKey === undefined && (method === 'POST' || method === 'PATCH'))
    throw invalidArgument(
      'retry',
      `needs an \`idempotencyKey\` for ${method}: sent again, it could do the write twice`,
      retry,
    );
  if (ifMatch !== undefined && !(typeof ifMatch === 'string' && /^[\x20-\x7e]{1,255}$/.test(ifMatch)))
    throw invalidArgument('ifMatch', 'must be an ETag (visible ASCII)');
  return method === 'DELETE' ? undefined : jsonText(params.body);
}

/** Checks a write's arguments (the argument error naming the first bad one) and builds its request. */
function writeTarget(baseUrl: string, write: Write): ListTarget {
  const body = assertWrite(write);
  const { method, resource, params } = write;
  const { organizationId, idempotencyKey, ifMatch } = params;
  const row = method !== 'POST';
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey === true ? randomKey() : idempotencyKey;
  if (ifMatch !== undefined) headers['If-Match'] = ifMatch;
  const scope = `${baseUrlAt(baseUrl)}/${organizationId}`;
  const url = `${scope}/${resource}${row ? `/${params.id}` : ''}`;
  return { url, scope, resource, method, headers, ...(body === undefined ? {} : { body }) };
}

/**
 * Sends one write within the config's deadline (all its retries included) and resolves to the service's answer: its
 * JSON, or `undefined` for an empty body (a 204). Rejects as a list call does; the `HttpError` keeps the service's
 * error body (a problem document parsed, any credential redacted). Argument errors reject before any request.
 */
export async function sendWrite(config: RequestConfig, write: Write): Promise<unknown> {
  const { emit } = config;
  try {
    const target = writeTarget(config.baseUrl, write);
    const { retry = 0, signal: callerSignal } = write.params;
    const { url, method } = target;
    return await withDeadline(
      config,
      url,
      callerSignal,
      async (signal) => {
        for (let failures = 0; ;) {
          try {
            const sent = await send(config, target, signal);
            const text = await sent.response.text().catch((error: unknown) => {
              throw networkError(method!, url, error, sent.secrets);
            });
            return sent.response.ok && text.trim() === '' ? undefined : takeBody(sent, url, text);
          } catch (error) {
            failures += 1;
            const wait =
              (error as { retryAfterMs?: number }).retryAfterMs ?? backoffMs(failures, MAX_OUTAGE_BACKOFF_MS);
            if (failures > retry || !isOutage(error) || wait > MAX_WRITE_WAIT_MS) throw error;
            emit?.({ type: 'client-retry', resource: target.resource, reason: 'outage', delayMs: wait });
            await sleep(wait, signal);
          }
        }
      },
      method,
    );
  } catch (error) {
    emit?.({
      type: 'client-error',
      resource: write.resource,
      errorName: errorName(error),
      status: (error as { status?: number })?.status,
      method: write.method,
    });
    throw error;
  }
}
