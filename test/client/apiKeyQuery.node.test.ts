import { describe, expect, it } from 'vitest';
import { apiKey, createApiClient, isHttpError, isNetworkError, type ClientEvent } from '../../src/client/index';
import { listQueryOptions } from '../../src/hooks/queryOptions';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';

// An API key in a query parameter, against a real node:http server on 127.0.0.1 that reads it there, and echoes it
// where careless services do: into its next-page URLs and its error bodies.

const KEY = 'k_live_7Hq2v3e4r5t6y8u9';
const SHORT = 'k7x';
const ROWS = Array.from({ length: 25 }, (_, index) => ({ id: String(index + 1) }));
const server = localServerForFile((request) => {
  if (request.query.getAll('api_key').length !== 1) return { status: 401, body: { error: 'one api_key, please' } };
  const key = request.query.get('api_key')!;
  const page = Number(request.query.get('page') ?? 1);
  const size = Number(request.query.get('page_size') ?? 10);
  const items = ROWS.slice((page - 1) * size, page * size);
  const more = page * size < ROWS.length;
  const next = `${server.origin}/rows?page=${page + 1}&page_size=${size}&api_key=${key}`;
  if (request.path === '/linked')
    return { headers: { Link: more ? `<${next.replace('/rows', '/linked')}>; rel="next"` : '' }, body: items };
  if (request.path === '/broken') return { status: 500, body: { error: `bad key ${key}`, url: request.path } };
  return { body: { results: items, next: more ? next : null } };
});
const options = (key = KEY) => ({
  baseUrl: server.origin,
  route: '/{resource}',
  serializePage: ({ page, size }: { page: number; size: number }) => ({ page, page_size: size }),
  auth: apiKey({ query: 'api_key', key }),
});
const organizationId = 'local';

describe('apiKey({ query })', () => {
  it('sets the key as its query parameter on list calls and writes, with no Authorization header', async () => {
    const client = createApiClient(options());
    await client.list('rows', { organizationId, page: 1, size: 10 });
    await client.create('rows', { organizationId, body: { name: 'n' } });
    expect(server.requests.map(({ query }) => query.getAll('api_key'))).toEqual([[KEY], [KEY]]);
    expect(server.requests.every(({ headers }) => headers.authorization === undefined)).toBe(true);
  });

  it.each([
    ['a body next URL', 'rows', KEY],
    ['a body next URL, a key too short to redact from data', 'rows', SHORT],
    ['a Link header', 'linked', KEY],
  ])(
    'hands out next-page cursors without the key the service echoed into %s, and sets it again on following them',
    async (_, resource, key) => {
      const client = createApiClient(options(key));
      const pages = [];
      for await (const page of client.pages(resource, { organizationId, size: 10 })) pages.push(page);
      expect(pages.flatMap((page) => page.items)).toEqual(ROWS);
      expect(server.requests.map(({ query }) => query.getAll('api_key'))).toEqual([[key], [key], [key]]);
      const cursors = pages.flatMap((page) => [page.nextCursor, page.requestedBy?.cursor]).filter(Boolean);
      expect(cursors).toHaveLength(4);
      expect(cursors.every((cursor) => !cursor!.includes('api_key') && !cursor!.includes(key))).toBe(true);
      expect(JSON.stringify(pages)).not.toContain(key);
    },
  );

  it('keeps the key out of query keys, where the client is named by its parameter', async () => {
    const client = createApiClient(options());
    const first = await client.list('rows', { organizationId, page: 1, size: 10 });
    const { queryKey } = listQueryOptions('rows', {
      client,
      organizationId,
      page: 2,
      pageSize: 10,
      cursor: { cursor: first.nextCursor!, page: 2 },
    });
    expect(JSON.stringify(queryKey)).not.toContain(KEY);
    expect(queryKey).toContain('api-key:?api_key');
  });

  it('keeps the key out of an HttpError (message, URL, body, toJSON) and the events of a failed call', async () => {
    const events: ClientEvent[] = [];
    const client = createApiClient({ ...options(), onEvent: (event) => events.push(event) });
    const failure = await client.list('broken', { organizationId, page: 1, size: 10 }).catch((error: unknown) => error);
    expect(isHttpError(failure) && failure.status).toBe(500);
    expect(server.requests[0]!.query.get('api_key')).toBe(KEY);
    expectNoSecrets(failure, [KEY]);
    expect(JSON.stringify(failure)).not.toContain('api_key');
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it('keeps the key out of a NetworkError and its cause when the connection fails', async () => {
    const closed = createApiClient({ ...options(), baseUrl: 'http://127.0.0.1:9' });
    const failure = await closed.list('rows', { organizationId, page: 1, size: 10 }).catch((error: unknown) => error);
    expect(isNetworkError(failure)).toBe(true);
    expectNoSecrets(failure, [KEY]);
  });

  it('keeps the key out of a NetworkError when a fetch of the app’s quotes the URL it was given', async () => {
    const quoting: typeof fetch = async (input) => {
      throw new TypeError(`could not reach ${String(input)}`);
    };
    const client = createApiClient({ ...options(), fetch: quoting });
    const failure = await client.list('rows', { organizationId, page: 1, size: 10 }).catch((error: unknown) => error);
    expect(isNetworkError(failure)).toBe(true);
    expectNoSecrets(failure, [KEY]);
  });

  it.each([
    ['header', { key: KEY }],
    ['header', { header: 'X-API-Key', query: 'api_key', key: KEY }],
    ['query', { query: 'api key', key: KEY }],
    ['query', { query: 42, key: KEY }],
  ])('refuses %s unless exactly one of header and query names where the key goes', (argument, given) => {
    expect(() => apiKey(given as never)).toThrow(expect.objectContaining({ argument }));
  });

  it('names itself by its parameter for query keys, never by the key', () => {
    expect(apiKey({ query: 'api_key', key: KEY }).id).toBe('api-key:?api_key');
  });
});

describe('a next-page cursor that is no URL', () => {
  it('is handed out as a parsePage of the app’s own made it, and refused as a cursor when followed', async () => {
    const client = createApiClient({
      ...options(),
      parsePage: () => ({ items: [], page: 1, pageSize: 10, hasNext: true, hasPrevious: false, nextCursor: 'http://' }),
    });
    const page = await client.list('rows', { organizationId, page: 1, size: 10 });
    expect(page.nextCursor).toBe('http://');
    await expect(client.list('rows', { organizationId, size: 10, cursor: page.nextCursor! })).rejects.toMatchObject({
      argument: 'cursor',
    });
  });
});
