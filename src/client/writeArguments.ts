/**
 * A write's arguments, checked before any request wherever the write is sent from (the client, an RPC client) or
 * served (the server's side of a write call): what the client loads up front, while sending loads at the first write.
 */
import { invalidArgument, assertInteger } from '../shared/assert';
import { MUST_BE_PATH_SEGMENT, RESOURCE_NAME, ROW_ID, type WriteMethod } from '../shared/listEndpoints';
import { assertOrganization, type OrganizationPlace } from './assertListParams';
import type { ListResource } from './types';

/** What every write takes. */
export interface WriteParams {
  /** The organization's UUID; a name of 1 to 200 URL-safe characters where the client's route for the resource names none. */
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
 * (none for a `DELETE`). The one check of a write, wherever it is sent from or served; the organization as the
 * resource's route carries it (`place`), as a list call's.
 */
export function assertWrite({ method, resource, params }: Write, place?: OrganizationPlace): string | undefined {
  const { organizationId, signal, retry = 0, idempotencyKey, ifMatch } = params ?? ({} as WriteParams);
  if (!(typeof resource === 'string' && RESOURCE_NAME.test(resource)))
    throw invalidArgument('resource', MUST_BE_PATH_SEGMENT, resource);
  assertOrganization(organizationId, place);
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
