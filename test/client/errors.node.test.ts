import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  AuthError,
  HttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  isApiError,
  isAuthError,
  isHttpError,
  isNetworkError,
  isResponseShapeError,
  isTimeoutError,
} from '../../src/client/index';
import { parseRetryAfter } from '../../src/shared/time';

const url = 'https://api.example.test/v1/org/shares?page=0&size=20';
const samples = {
  HttpError: new HttpError('failed: 401 Unauthorized', {
    method: 'GET',
    url,
    status: 401,
    statusText: 'Unauthorized',
    body: { error: 'x' },
  }),
  AuthError: new AuthError('failed: 401', {
    method: 'POST',
    url: 'https://idp.example.test/oauth/token',
    status: 401,
    error: 'invalid_client',
  }),
  NetworkError: new NetworkError('failed: network error', { method: 'GET', url, cause: new TypeError('fetch failed') }),
  TimeoutError: new TimeoutError('timed out after 500 ms', { method: 'GET', url, timeoutMs: 500 }),
  ResponseShapeError: new ResponseShapeError('returned a body that is not valid JSON', { method: 'GET', url }),
};
const guards = {
  HttpError: isHttpError,
  AuthError: isAuthError,
  NetworkError: isNetworkError,
  TimeoutError: isTimeoutError,
  ResponseShapeError: isResponseShapeError,
};

describe('error classes', () => {
  it('every error is an ApiError and an Error, named after its class', () => {
    for (const [name, error] of Object.entries(samples)) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(isApiError(error)).toBe(true);
    }
  });

  it('each guard accepts only its own class', () => {
    for (const [guardName, guard] of Object.entries(guards)) {
      for (const [name, error] of Object.entries(samples)) expect(guard(error)).toBe(name === guardName);
      expect(guard(new Error('plain'))).toBe(false);
      expect(guard(null)).toBe(false);
      expect(guard('HttpError')).toBe(false);
      expect(guard({ name: guardName })).toBe(false);
    }
  });

  it('guards recognize errors from another copy of the module, where instanceof fails', async () => {
    vi.resetModules();
    const copy =
      (await import('../../src/client/errors/HttpError')) as typeof import('../../src/client/errors/HttpError');
    const foreign = new copy.HttpError('failed: 500', { method: 'GET', url, status: 500, statusText: '', body: '' });
    expect(foreign).not.toBeInstanceOf(HttpError);
    expect(isHttpError(foreign)).toBe(true);
    expect(isApiError(foreign)).toBe(true);
  });

  it('guards recognize errors from another realm', () => {
    const foreign = runInNewContext(
      `const e = new Error('x'); Object.defineProperty(e, Symbol.for('pagewise.error'), { value: 'AuthError' }); e`,
    ) as unknown;
    expect(foreign instanceof Error).toBe(false);
    expect(isAuthError(foreign)).toBe(true);
    expect(isApiError(foreign)).toBe(true);
    expect(isHttpError(foreign)).toBe(false);
  });

  it('every ApiError carries status, method, URL and parsed body, undefined where no response arrived', () => {
    const fields = (e: ApiError) => ({ status: e.status, method: e.method, url: e.url, body: e.body });
    expect(fields(samples.HttpError)).toEqual({ status: 401, method: 'GET', url, body: { error: 'x' } });
    expect(fields(samples.AuthError)).toEqual({
      status: 401,
      method: 'POST',
      url: 'https://idp.example.test/oauth/token',
      body: undefined,
    });
    expect(fields(samples.NetworkError)).toEqual({ status: undefined, method: 'GET', url, body: undefined });
    expect(fields(samples.TimeoutError)).toEqual({ status: undefined, method: 'GET', url, body: undefined });
  });

  it('every class takes one constructor shape, (detail, init), and prefixes the detail with the request', () => {
    const init = { method: 'GET', url, status: 500, statusText: '', body: null, timeoutMs: 1 };
    for (const Class of [ApiError, HttpError, AuthError, NetworkError, TimeoutError, ResponseShapeError]) {
      const error = new Class('went wrong', init);
      expect(error.message).toBe(`GET ${url} went wrong`);
      expect(error.name).toBe(Class.kind);
    }
  });

  it('keeps the kind when a bundler renames the classes (the kind is a string, not the class name)', () => {
    const Renamed = class extends HttpError {};
    const error = new Renamed('failed: 500', { method: 'GET', url, status: 500 });
    expect(error.name).toBe('HttpError');
    expect(isHttpError(error)).toBe(true);
  });

  it('formats messages as "METHOD URL failed: status text"', () => {
    expect(samples.HttpError.message).toBe(`GET ${url} failed: 401 Unauthorized`);
    expect(samples.AuthError.message).toBe('POST https://idp.example.test/oauth/token failed: 401 (invalid_client)');
    expect(new HttpError('failed: 502', { method: 'GET', url, status: 502, statusText: '', body: '' }).message).toBe(
      `GET ${url} failed: 502`,
    );
  });

  it('strips userinfo from URLs', () => {
    const error = new HttpError('failed: 500 Internal Server Error', {
      method: 'GET',
      url: 'https://user:pa55word@api.example.test/x',
      status: 500,
      statusText: 'Internal Server Error',
      body: '',
    });
    expect(error.url).toBe('https://api.example.test/x');
    expect(error.message).not.toContain('pa55word');
  });

  it('toJSON gives a plain object of the public fields, with the cause summarized', () => {
    expect(samples.HttpError.toJSON()).toEqual({
      name: 'HttpError',
      message: `GET ${url} failed: 401 Unauthorized`,
      method: 'GET',
      url,
      status: 401,
      statusText: 'Unauthorized',
      body: { error: 'x' },
      retryAfterMs: undefined,
    });
    expect(samples.NetworkError.toJSON()).toEqual({
      name: 'NetworkError',
      message: `GET ${url} failed: network error`,
      method: 'GET',
      url,
      cause: { name: 'TypeError', message: 'fetch failed' },
    });
    expect(JSON.parse(JSON.stringify(samples.AuthError))).toMatchObject({ error: 'invalid_client', status: 401 });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['120', 120_000],
    [' 3 ', 3_000],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['-5', undefined],
    ['1.5', undefined],
    ['later', undefined],
    ['1 Jan', undefined],
    ['Thursday, 01-Jan-26 00:00:30 GMT', 30_000],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %s ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});
