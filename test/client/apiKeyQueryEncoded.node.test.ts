import { describe, expect, it } from 'vitest';
import { apiKey, createApiClient, isHttpError, type ClientEvent } from '../../src/client/index';
import { describeForLog } from '../../src/client/internal';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';

// A key whose characters a URL writes otherwise (`+`, `/`, `=`, a space, `%`), sent in the query, against a real
// node:http server on 127.0.0.1 that echoes the query as it received it, the way services build `self` and
// `previous` links and error details from the request's URL: encoded, not as the key was given.

const KEY = 'k+y/Zq= 9%2Fx+long';
/** Every form the key takes in a URL: as a form writes it, as encodeURIComponent does, and with lower-case escapes. */
const ENCODED = [
  new URLSearchParams({ k: KEY }).toString().slice(2),
  encodeURIComponent(KEY),
  encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
];
const ROWS = Array.from({ length: 25 }, (_, index) => ({ id: String(index + 1) }));

const server = localServerForFile((request) => {
  const query = request.query.toString();
  const self = `${server.origin}${request.path}?${query}`;
  if (request.path === '/broken')
    return {
      status: 400,
      statusText: `Bad ${ENCODED[1]}`,
      body: { type: 'about:blank', title: 'Bad request', detail: `cannot serve ${self}`, sent: ENCODED[2] },
    };
  const page = Number(request.query.get('page') ?? 1);
  const items = ROWS.slice((page - 1) * 10, page * 10).map((row) => ({ ...row, url: self }));
  const next = `${server.origin}/rows?page=${page + 1}&page_size=10&api_key=${encodeURIComponent(KEY)}`;
  return { body: { results: items, previous: self, next: page < 3 ? next : null } };
});
const options = () => ({
  baseUrl: server.origin,
  route: '/{resource}',
  serializePage: ({ page, size }: { page: number; size: number }) => ({ page, page_size: size }),
  auth: apiKey({ query: 'api_key', key: KEY }),
});
const organizationId = 'local';

describe('apiKey({ query }) with a key a URL encodes', () => {
  it('reaches the service as the key itself', async () => {
    await createApiClient(options()).list('rows', { organizationId, page: 1, size: 10 });
    expect(server.requests.map(({ query }) => query.get('api_key'))).toEqual([KEY]);
  });

  it('keeps every encoded form of the key out of an HttpError, its body, toJSON and describeForLog', async () => {
    const events: ClientEvent[] = [];
    const client = createApiClient({ ...options(), onEvent: (event) => events.push(event) });
    const failure = await client.list('broken', { organizationId, page: 1, size: 10 }).catch((error: unknown) => error);
    expect(isHttpError(failure) && failure.status).toBe(400);
    expectNoSecrets(failure, [KEY, ...ENCODED]);
    for (const text of [JSON.stringify((failure as { body: unknown }).body), JSON.stringify(describeForLog(failure))])
      for (const form of [KEY, ...ENCODED]) expect(text).not.toContain(form);
    expect(JSON.stringify(events)).not.toContain(ENCODED[0]);
  });

  it('keeps every encoded form of the key out of the rows the service echoed it into, and out of the cursors', async () => {
    const pages = [];
    for await (const page of createApiClient(options()).pages('rows', { organizationId, size: 10 })) pages.push(page);
    expect(pages.flatMap((page) => page.items.map(({ id }) => id))).toEqual(ROWS.map(({ id }) => id));
    const text = JSON.stringify(pages);
    for (const form of [KEY, ...ENCODED]) expect(text).not.toContain(form);
  });
});
