import { HttpResponse } from 'msw';
import { errorResponse, problemResponse } from './errorResponse';
import { MOCK_REALM } from './http';
import type { MockFailure } from './types';

// OAuth error codes (RFC 6749 5.2 and 4.1.2.1) a failing identity provider answers with.
const TOKEN_FAILURE_CODES: Partial<Record<MockFailure['status'], string>> = {
  400: 'invalid_request',
  401: 'invalid_client',
  403: 'access_denied',
  429: 'temporarily_unavailable',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The statuses `fail()` accepts. */
export const MOCK_FAILURES: readonly MockFailure['status'][] = [
  400,
  401,
  403,
  404,
  409,
  422,
  429,
  500,
  503,
  'malformed-json',
  'network',
];

/** The answer of an injected failure: an OAuth error at the token endpoint, a Spring error body elsewhere. */
export function failureResponse(failure: MockFailure, path: string, now: number): Response {
  if (failure.status === 'network') return HttpResponse.error();
  if (failure.status === 'malformed-json') {
    return new HttpResponse('{"content":[{"id":"', { status: 200, headers: { 'Content-Type': 'application/json' } });
  }
  const headers: Record<string, string> = {};
  const retryAfter = failure.retryAfter ?? (failure.status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  if (failure.status === 401) headers['WWW-Authenticate'] = `Bearer ${MOCK_REALM}, error="invalid_token"`;
  if (failure.resource === 'token' || failure.resource === 'revocation') {
    return HttpResponse.json(
      {
        error: TOKEN_FAILURE_CODES[failure.status] ?? 'server_error',
        error_description: `Simulated ${failure.status}`,
      },
      { status: failure.status, headers: { ...headers, 'Cache-Control': 'no-store' } },
    );
  }
  if (failure.method) return problemResponse(failure.status, `Simulated ${failure.status}`, { path, headers });
  return errorResponse(failure.status, `Simulated ${failure.status}`, { path, now, headers });
}
