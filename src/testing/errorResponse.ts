import { HttpResponse } from 'msw';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An API error in Spring Boot's default error body: `{ timestamp, status, error, message, path }`. */
export function errorResponse(
  status: number,
  message: string,
  context: { path: string; now: number; headers?: Record<string, string> },
): Response {
  const error = REASONS[status] ?? 'Error';
  return HttpResponse.json(
    { timestamp: new Date(context.now).toISOString(), status, error, message, path: context.path },
    { status, statusText: error, headers: context.headers ?? {} },
  );
}

/**
 * A write's error as a problem document (RFC 9457, as Spring's `ProblemDetail` writes it): `type`, `title`, `status`,
 * `detail`, `instance`, plus `extra` members (e.g. `errors`, the invalid fields).
 */
export function problemResponse(
  status: number,
  detail: string,
  context: { path: string; headers?: Record<string, string>; extra?: Record<string, unknown> },
): Response {
  const title = REASONS[status] ?? 'Error';
  return HttpResponse.json(
    { type: 'about:blank', title, status, detail, instance: context.path, ...context.extra },
    { status, statusText: title, headers: { ...context.headers, 'Content-Type': 'application/problem+json' } },
  );
}

/** A token endpoint error as RFC 6749 section 5.2 describes it. */
export function oauthErrorResponse(status: 400 | 401, error: string, description: string): Response {
  return HttpResponse.json(
    { error, error_description: description },
    {
      status,
      statusText: REASONS[status] ?? 'Error',
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    },
  );
}
