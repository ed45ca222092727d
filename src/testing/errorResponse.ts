import { HttpResponse } from 'msw';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
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
