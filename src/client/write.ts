/** The client's writes: create, change and delete one row of a list, sent like a list call and never repeated by surprise. */
import { backoffMs, isRefusal, MAX_OUTAGE_BACKOFF_MS } from '../shared/backoff';
import { sleep } from '../shared/time';
import { isHttpError } from './errors/HttpError';
import { isNetworkError } from './errors/NetworkError';
import { readText, send, takeBody, withDeadline, type ListTarget, type RequestConfig } from './fetchJson';
import { errorName } from './redact';
import { baseUrlAt } from './url';
import { assertWrite, randomKey, type Write } from './writeArguments';
import { DEFAULT_LIST_ROUTE, fillListRoute, fillRowRoute } from '../shared/listEndpoints';
import { organizationUrlOf } from './listTarget';

/** Statuses after which the same write may succeed: timeouts, rate limits and server faults (not 501). */
const isOutage = (error: unknown): boolean =>
  isNetworkError(error) ||
  (isHttpError(error) && !isRefusal(error.status) && error.status !== 501 && error.status >= 400);

/** Longest `Retry-After` a write waits; a longer one is given up on (the caller's error says when to come back). */
const MAX_WRITE_WAIT_MS = 60_000;

/**
 * Checks a write's arguments (the argument error naming the first bad one) and builds its request where `route`
 * places the resource's list: a create on the list's URL, any other write on its row's.
 */
function writeTarget({ baseUrl, organizationHeader }: RequestConfig, write: Write, route: string): ListTarget {
  const body = assertWrite(write, { organized: route.includes('{organizationId}') });
  const { method, resource, params } = write;
  const { organizationId, idempotencyKey, ifMatch } = params;
  const row = method !== 'POST';
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey === true ? randomKey() : idempotencyKey;
  if (ifMatch !== undefined) headers['If-Match'] = ifMatch;
  const base = baseUrlAt(baseUrl);
  const at = row
    ? fillRowRoute(route, organizationId, resource, params.id!)
    : fillListRoute(route, organizationId, resource);
  const query = new URLSearchParams(at.query).toString();
  const url = `${base}${at.path}${query ? `?${query}` : ''}`;
  const organizationUrl = organizationUrlOf(base, at, organizationId, organizationHeader);
  const target = { url, organizationUrl, resource, organizationId, method, headers };
  return body === undefined ? target : { ...target, body };
}

/**
 * Sends one write within the config's deadline (all its retries included) to where `route` places the resource, and
 * resolves to the service's answer: its JSON, or `undefined` for an empty body (a 204). Rejects as a list call does;
 * the `HttpError` keeps the service's error body (a problem document parsed, any credential redacted). Argument
 * errors reject before any request.
 */
export async function sendWrite(config: RequestConfig, write: Write, route = DEFAULT_LIST_ROUTE): Promise<unknown> {
  const { emit } = config;
  try {
    const target = writeTarget(config, write, route);
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
            const text = await readText(config, sent, method!, url);
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
