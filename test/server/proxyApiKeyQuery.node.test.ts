import { describe, expect, it } from 'vitest';
import { apiKey } from '../../src/client/index';
import { describeForLog } from '../../src/client/internal';
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/index';
import type { Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { errorRenderings } from '../client/expectNoSecrets';

// The proxy holding an API key that goes out in the query, in front of a real node:http server on 127.0.0.1 that
// echoes its request's query, encoded as a URL writes it, everywhere a careless service does: the body's links and
// rows, the Link header, its total headers, an error's detail, a created row's Location and a redirect's. Nothing the
// browser gets and nothing the proxy logs may hold the key in any form.

const KEY = 'k+y/Zq= 9%2Fx+long';
const FORMS = [
  KEY,
  new URLSearchParams({ k: KEY }).toString().slice(2),
  encodeURIComponent(KEY),
  encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
];
const ORG = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const PATH = '/api/pagewise';

const upstream = localServerForFile((request): Reply => {
  const echoed = `${upstream.origin}${request.path}?${request.query.toString()}`;
  const key = encodeURIComponent(request.query.get('api_key') ?? '');
  if (request.path.endsWith('/broken'))
    return {
      status: 422,
      body: { title: 'Unprocessable', detail: `cannot serve ${echoed}`, errors: [{ field: key }] },
    };
  if (request.path.endsWith('/moved')) return { status: 302, headers: { Location: echoed } };
  if (request.method === 'POST')
    return { status: 201, headers: { Location: `${request.path}/99?api_key=${key}` }, body: { id: 99, self: echoed } };
  return {
    headers: {
      Link: `<${echoed}&page=1>; rel="next", <${echoed}>; rel="self"`,
      'X-Total-Count': key,
      'Content-Range': `0-9/${key}`,
    },
    body: { items: [{ id: 1, self: echoed }], next: `${echoed}&page=1`, previous: echoed },
  };
});

function proxy(logged: string[]) {
  const options: ProxyHandlerOptions = {
    baseUrl: upstream.origin,
    basePath: PATH,
    auth: apiKey({ query: 'api_key', key: KEY }),
    allowRequest: () => true,
    allow: { rows: { methods: ['POST'] }, broken: {}, moved: {} },
    onError: (error, { status }) => logged.push(`${status} ${describeForLog(error)}`, ...errorRenderings(error)),
  };
  return createProxyHandler(options);
}

/** Everything the browser gets of `response`: status, every header and the body. */
async function seen(response: Response): Promise<string> {
  return JSON.stringify([response.status, [...response.headers], await response.text()]);
}

describe('the proxy with apiKey({ query }) in front of a service that echoes its query', () => {
  it.each([
    ['a page', 'GET', 'rows?page=0&size=10'],
    ['an error', 'GET', 'broken?page=0&size=10'],
    ['a redirect', 'GET', 'moved?page=0&size=10'],
    ['a created row', 'POST', 'rows'],
  ])('keeps every form of the key out of %s as the browser gets it, and out of the logs', async (_, method, path) => {
    const logged: string[] = [];
    const response = await proxy(logged)(
      new Request(`http://app.local${PATH}/${ORG}/${path}`, {
        method,
        ...(method === 'POST' && {
          body: '{"name":"n"}',
          headers: { 'Content-Type': 'application/json', Origin: 'http://app.local' },
        }),
      }),
    );
    expect(upstream.requests.map(({ query }) => query.get('api_key'))).toEqual([KEY]);
    const text = `${await seen(response)}\n${logged.join('\n')}`;
    for (const form of FORMS) expect(text).not.toContain(form);
  });
});
