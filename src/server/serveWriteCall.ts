import { parseWriteCall, type ApiClient, type WriteAnswer, type WriteCall } from '../client/index';
import type { JsonValue } from '../client/internal';
import { assertInteger, invalidArgument } from '../shared/assert';
import {
  MUST_BE_KEYED_BY_PATH_SEGMENTS,
  RESOURCE_NAME,
  WRITE_METHODS,
  type WriteMethod,
} from '../shared/listEndpoints';
import { failureOf } from './callFailure';

/** Which writes a server function answers: the methods per resource, or the app's own judgement of each call. */
export type WriteCallAllow =
  Readonly<Record<string, readonly WriteMethod[]>> | ((call: WriteCall) => boolean | Promise<boolean>);

/** Options of `serveWriteCall`. */
export interface ServeWriteCallOptions {
  /**
   * Which writes to send to the service: methods per resource (`{ shares: ['PATCH', 'DELETE'] }`, as the proxy's
   * `allow` rules name them), or a function that also checks the user's session. A write it does not allow is
   * answered as an `HttpError` 403 without asking the service.
   * @default {} (every write refused)
   */
  allow?: WriteCallAllow;
  /** Aborts the write: the signal of the request that carried the call. @default none */
  signal?: AbortSignal | undefined;
  /**
   * Most times the server's client sends a write again after an outage, whatever `retry` the browser asked for: the
   * browser chooses how often the service is asked, within this. @default 2
   */
  maxRetry?: number;
}

/** Throws the argument error naming the part of a methods-per-resource `allow` that is unusable. */
function assertAllow(allow: unknown): asserts allow is WriteCallAllow {
  if (typeof allow === 'function') return;
  if (typeof allow !== 'object' || allow === null || Array.isArray(allow))
    throw invalidArgument('allow', 'must be a record of methods per resource or a function');
  for (const [resource, methods] of Object.entries(allow)) {
    if (!RESOURCE_NAME.test(resource))
      throw invalidArgument(`allow["${resource.slice(0, 32)}"]`, MUST_BE_KEYED_BY_PATH_SEGMENTS);
    if (!(Array.isArray(methods) && methods.every((method) => WRITE_METHODS.includes(method))))
      throw invalidArgument(`allow.${resource}`, `must be an array of ${WRITE_METHODS.join(', ')}`);
  }
}

/** Whether `allow` lets `call` through. */
async function allows(allow: WriteCallAllow, call: WriteCall): Promise<boolean> {
  if (typeof allow === 'function') return (await allow(call)) === true;
  return Object.hasOwn(allow, call.resource) && allow[call.resource]!.includes(call.method);
}

/**
 * Answers a write call from `createRpcClient` with the server's `client`: the service's answer (`null` for none), or
 * the failure as data, which `createRpcClient` rebuilds (an `HttpError` with its status and the problem document's
 * `type`, `title`, `status`, `detail` and `errors` as its `body`; never the document's other members). The call is
 * read again with `parseWriteCall`; one `allow` does not name is answered 403 without asking the service; an
 * organization that is no UUID where the client's route names one is refused without a request too, as the
 * `organizationId` argument error that `createRpcClient` rebuilds. Throws only what is no request's failure (a bad
 * `allow`, a bug of this server).
 *
 * @example
 * // TanStack Start: a POST server function beside the list's GET one.
 * export const writeRow = createServerFn({ method: 'POST' })
 *   .validator(parseWriteCall)
 *   .handler(({ data }) => serveWriteCall(serverClient, data, { allow: { shares: ['PATCH', 'DELETE'] } }));
 */
export async function serveWriteCall(
  client: ApiClient,
  call: WriteCall,
  options: ServeWriteCallOptions = {},
): Promise<WriteAnswer> {
  const { allow = {}, maxRetry = 2 } = options;
  assertAllow(allow);
  assertInteger('maxRetry', maxRetry, 0);
  const checked = parseWriteCall(call);
  if (!(await allows(allow, checked))) return { error: { kind: 'HttpError', status: 403, statusText: 'Forbidden' } };
  const { method, resource, organizationId, id, body, idempotencyKey, ifMatch, retry } = checked;
  const params = {
    organizationId,
    ...(options.signal && { signal: options.signal }),
    ...(idempotencyKey !== undefined && { idempotencyKey }),
    ...(ifMatch !== undefined && { ifMatch }),
    ...(retry !== undefined && { retry: Math.min(retry, maxRetry) }),
  };
  try {
    let value: unknown;
    if (method === 'POST') value = await client.create(resource, { ...params, body });
    else if (method === 'DELETE') await client.delete(resource, { ...params, id: id! });
    else value = await client.update(resource, { ...params, id: id!, body, method });
    // The service's JSON answer, as the client parsed it (the credential redacted), crosses as it is.
    return { value: (value ?? null) as JsonValue | null };
  } catch (error) {
    if (options.signal?.aborted) return { error: { kind: 'AbortError' } };
    const failure = failureOf(error);
    if (failure === undefined) throw error;
    return { error: failure };
  }
}
