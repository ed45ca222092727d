import { isAuthError, isHttpError, isNetworkError, isTimeoutError } from '../../src/client/index';

/** A sentence a person can act on, for an error of the data hooks. */
export function describeError(error: unknown): string {
  if (isHttpError(error)) {
    const status = `${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
    if (error.status === 401) return `You are not signed in to the service (${status}). Sign in again, then retry.`;
    if (error.status === 403) return `Your account may not list these records (${status}).`;
    if (error.status === 429) return `The service is busy (${status}). Wait a moment, then retry.`;
    if (error.status >= 500) return `The service failed to answer (${status}). Retry in a moment.`;
    return `The service refused the request (${status}).`;
  }
  if (isAuthError(error)) return 'Signing in to the service failed. Check the credentials, then retry.';
  if (isNetworkError(error)) return 'The service could not be reached. Check your connection, then retry.';
  if (isTimeoutError(error)) return 'The service took too long to answer. Retry in a moment.';
  return 'Something went wrong while loading. Retry in a moment.';
}

/** A sentence for a failed write: the service's own `detail` when its problem document has one. */
export function describeWriteError(error: unknown): string {
  if (isHttpError(error)) {
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    const status = `${error.status}${error.statusText ? ` ${error.statusText}` : ''}`;
    return typeof detail === 'string' ? `${detail} (${status}).` : `The service refused the change (${status}).`;
  }
  return describeError(error);
}
