import { describe, expect, it } from 'vitest';
import { bearerToken, createApiClient, isInvalidArgumentError, parsePage } from '../../src/client/index';
import type { ApiClientOptions, Page } from '../../src/client/index';
import { CURSOR_STYLES, cursorService, makeRows, type CursorStyle, type Row } from '../helpers/cursorService';
import { localServerForFile } from '../helpers/localServerForFile';
import { expectNoSecrets } from './expectNoSecrets';
import { ORG } from './fixtures';

const TOKEN = 'cursor-test-token-9f8e7d';
const server = localServerForFile();
const client = (options: Partial<ApiClientOptions> = {}) =>
  createApiClient({ baseUrl: server.origin, auth: bearerToken(() => TOKEN), ...options });
const path = `/${ORG}/shares`;
const ids = (page: Page<Row>) => page.items.map((row) => row.id);

/** Every page from the first to the last by following `nextCursor`, as the client returns them. */
async function walk(style: CursorStyle, size: number, options: Partial<ApiClientOptions> = {}) {
  const api = client(options);
  const pages: Array<Page<Row>> = [await api.listShares<Row>({ organizationId: ORG, page: 1, size })];
  while (pages.at(-1)!.nextCursor !== undefined) {
    const { nextCursor } = pages.at(-1)!;
    pages.push(await api.listShares<Row>({ organizationId: ORG, size, cursor: nextCursor!, page: pages.length + 1 }));
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

describe('cursor paging: the four styles, against services that ignore page', () => {
  it.each(CURSOR_STYLES)(
    '%s: following nextCursor reads every row once, in order, and stops at the end',
    async (style) => {
      const rows = makeRows(23);
      server.handle(cursorService(style, () => rows));
      const pages = await walk(style, 10, style === 'stripe' ? {} : {});
      expect(pages.map(ids)).toEqual(
        [rows.slice(0, 10), rows.slice(10, 20), rows.slice(20)].map((p) => p.map((r) => r.id)),
      );
      expect(pages.map((page) => page.hasNext)).toEqual([true, true, false]);
      expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
      expect(pages.map((page) => page.hasPrevious)).toEqual([false, true, true]);
      expect(pages.at(-1)!.nextCursor).toBeUndefined();
      expect(server.requests).toHaveLength(3);
    },
  );

  it.each<[CursorStyle, string, string | undefined]>([
    ['stripe', 'starting_after', 'r0010'],
    ['google', 'pageToken', undefined],
    ['drf', 'cursor', undefined],
    ['link', 'after', undefined],
  ])('%s: the second request carries the cursor as %s and no page', async (style, param, value) => {
    const rows = makeRows(15);
    server.handle(cursorService(style, () => rows));
    await walk(style, 10);
    const second = server.requests[1]!.query;
    expect(second.has(param)).toBe(true);
    if (value) expect(second.get(param)).toBe(value);
    expect(second.has('page')).toBe(false);
    expect(second.get('size')).toBe('10');
  });

  it('makes a next-page URL absolute and a token the token, with the parameter each style takes', async () => {
    const rows = makeRows(15);
    server.handle(cursorService('drf', () => rows));
    const drf = await client().listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(drf.nextCursor).toMatch(new RegExp(`^${server.origin}${path}\\?cursor=`));
    expect(drf.cursorParam).toBeUndefined();
    server.handle(cursorService('google', () => rows));
    const google = await client().listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(google).toMatchObject({ nextCursor: Buffer.from('r0010').toString('base64url'), cursorParam: 'pageToken' });
    server.handle(cursorService('stripe', () => rows));
    const stripe = await client().listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(stripe).toMatchObject({ nextCursor: 'r0010', cursorParam: 'starting_after' });
  });

  it('sends a token cursor passed back alone, from a new client, as the parameter the caller names', async () => {
    const rows = makeRows(15);
    server.handle(cursorService('stripe', () => rows));
    const page = await client().listShares<Row>({
      organizationId: ORG,
      size: 10,
      cursor: 'r0010',
      cursorParam: 'starting_after',
    });
    expect(ids(page)).toEqual(rows.slice(10).map((r) => r.id));
    expect(server.requests[0]!.query.get('starting_after')).toBe('r0010');
  });

  it('keeps sort and filters beside a token cursor, and requests a URL cursor as it stands', async () => {
    const rows = makeRows(15);
    server.handle(cursorService('google', () => rows));
    const api = client();
    const first = await api.listShares({
      organizationId: ORG,
      page: 1,
      size: 10,
      sort: [{ id: 'name', desc: false }],
      filters: { q: 'a' },
    });
    await api.listShares({
      organizationId: ORG,
      size: 10,
      cursor: first.nextCursor!,
      sort: [{ id: 'name', desc: false }],
      filters: { q: 'a' },
    });
    expect([...server.requests[1]!.query]).toEqual([
      ['pageToken', first.nextCursor],
      ['size', '10'],
      ['sort', 'name,asc'],
      ['q', 'a'],
    ]);
    server.handle(cursorService('drf', () => rows));
    const drf = await api.listShares({ organizationId: ORG, page: 1, size: 10 });
    await api.listShares({ organizationId: ORG, size: 10, cursor: drf.nextCursor!, filters: { q: 'a' } });
    expect(`${server.origin}${server.requests.at(-1)!.path}?${server.requests.at(-1)!.query}`).toBe(drf.nextCursor);
  });

  it('sends a token cursor as the cursorParam option when given, over what the style suggests', async () => {
    const rows = makeRows(15);
    server.handle(cursorService('link', () => rows));
    const api = client({ cursorParam: 'after' });
    const google = { items: rows.slice(0, 10), nextPageToken: 'tok' };
    server.handle(({ query }) => ({ body: query.has('after') ? { items: rows.slice(10) } : google }));
    const page = await api.listShares({ organizationId: ORG, page: 1, size: 10 });
    expect(page.cursorParam).toBe('after');
    await api.listShares({ organizationId: ORG, size: 10, cursor: 'tok' });
    expect(server.requests[1]!.query.get('after')).toBe('tok');
  });

  it('leaves nextCursor undefined for number paging: Spring pages, slices, totals, and next links that only move the numbers', async () => {
    const rows = makeRows(3);
    const bodies = [
      { content: rows, totalElements: 30, number: 0, size: 3 },
      { content: rows, last: false, number: 0, size: 3 },
      { results: rows, count: 30, next: `${server.origin}${path}?page=1&size=3`, previous: null },
      {
        content: rows,
        page: { size: 3, number: 0, totalElements: 30 },
        _links: { next: { href: `http://internal:8080/v1${path}?page=1&size=3` } },
      },
    ];
    for (const body of bodies) {
      server.handle(() => ({ body }));
      const page = await client().listShares({ organizationId: ORG, page: 1, size: 3 });
      expect(page.hasNext).toBe(true);
      expect(page.nextCursor).toBeUndefined();
    }
    server.handle(() => ({ body: rows, headers: { Link: `<${path}?page=1&size=3>; rel="next"` } }));
    expect((await client().listShares({ organizationId: ORG, page: 1, size: 3 })).nextCursor).toBeUndefined();
  });

  it('reads HAL and JSON:API next links as URL cursors, and their absence as the last page', async () => {
    const rows = makeRows(3);
    server.handle(() => ({ body: { data: rows, links: { self: '/x', next: `${path}?page[cursor]=abc` } } }));
    const jsonApi = await client().listShares({ organizationId: ORG, page: 1, size: 3 });
    expect(jsonApi).toMatchObject({ hasNext: true, nextCursor: `${server.origin}${path}?page[cursor]=abc` });
    server.handle(() => ({
      body: { _embedded: { shares: rows }, _links: { self: { href: '/x' }, next: { href: `${path}?after=xyz` } } },
    }));
    const hal = await client().listShares({ organizationId: ORG, page: 1, size: 3 });
    expect(hal).toMatchObject({ hasNext: true, nextCursor: `${server.origin}${path}?after=xyz` });
    server.handle(() => ({ body: { data: rows, links: { self: '/x' } } }));
    const last = await client().listShares({ organizationId: ORG, page: 1, size: 3 });
    expect(last).toMatchObject({ hasNext: false });
    expect(last.nextCursor).toBeUndefined();
  });

  it('reads a page reached by cursor that names no next page as the last one', async () => {
    server.handle(() => ({ body: { items: makeRows(10) } }));
    const page = await client().listShares({ organizationId: ORG, size: 10, cursor: 'tok' });
    expect(page).toMatchObject({ hasNext: false, hasPrevious: true });
  });

  it('lets a custom parsePage set nextCursor for a shape of its own', async () => {
    server.handle(() => ({ body: { rows: makeRows(2), continuation: 'c2' } }));
    const page = await client({
      parsePage: (body, context) => {
        const { rows, continuation } = body as { rows: Row[]; continuation?: string };
        return { ...parsePage(rows, context), hasNext: !!continuation, nextCursor: continuation };
      },
      cursorParam: 'continuation',
    }).listShares({ organizationId: ORG, page: 1, size: 2 });
    expect(page).toMatchObject({ nextCursor: 'c2', cursorParam: 'continuation' });
  });
});

describe('serializePage: services that page by offset or from 1', () => {
  it('pages an offset/limit service', async () => {
    const rows = makeRows(45);
    server.handle(cursorService('offset', () => rows));
    const api = client({ serializePage: ({ page, size }) => ({ offset: (page - 1) * size, limit: size }) });
    const page = await api.listShares<Row>({ organizationId: ORG, page: 3, size: 20 });
    expect(server.requests[0]!.query.toString()).toBe('offset=40&limit=20');
    expect(ids(page)).toEqual(rows.slice(40).map((r) => r.id));
    expect(page).toMatchObject({ page: 3, total: 45, pageCount: 3, hasNext: false });
    expect(page.nextCursor).toBeUndefined();
  });

  it("pages Django REST Framework's PageNumberPagination (1-based page, page_size) by number", async () => {
    const rows = makeRows(25);
    server.handle(cursorService('drf-page', () => rows));
    const api = client({
      serializePage: ({ page, size }) => [
        ['page', String(page)],
        ['page_size', String(size)],
      ],
    });
    const page = await api.listShares<Row>({ organizationId: ORG, page: 2, size: 10 });
    expect(server.requests[0]!.query.toString()).toBe('page=2&page_size=10');
    expect(ids(page)).toEqual(rows.slice(10, 20).map((r) => r.id));
    expect(page).toMatchObject({ page: 2, total: 25, pageCount: 3, hasNext: true });
    expect(page.nextCursor).toBeUndefined();
  });

  it('adds a token cursor that a serializer written for numbers leaves out', async () => {
    const rows = makeRows(15);
    server.handle(cursorService('stripe', () => rows));
    const api = client({ serializePage: ({ size }) => ({ limit: size }) });
    const first = await api.listShares<Row>({ organizationId: ORG, page: 1, size: 10 });
    const second = await api.listShares<Row>({ organizationId: ORG, size: 10, cursor: first.nextCursor! });
    expect(server.requests[1]!.query.toString()).toBe('starting_after=r0010&limit=10');
    expect(ids(second)).toEqual(rows.slice(10).map((r) => r.id));
  });
});

describe('cursor arguments are checked before any request', () => {
  const refused = async (cursor: unknown, argument = 'cursor', extra: object = {}) => {
    server.handle(() => ({ body: [] }));
    const error = await client()
      .listShares({ organizationId: ORG, size: 10, cursor, ...extra } as never)
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect(error).toMatchObject({ argument });
    expect(server.requests).toHaveLength(0);
    return error as Error;
  };

  it.each([
    ['another origin', 'http://127.0.0.2:1/x'],
    ['another port on 127.0.0.1', () => `http://127.0.0.1:${server.port + 1}${path}`],
    ['userinfo', () => `http://user:pw@${server.origin.slice(7)}${path}`],
    ['https for http', () => server.origin.replace('http:', 'https:') + path],
    ['an encoded slash', () => `${server.origin}/${ORG}%2F..%2Fadmin`],
    ['an encoded dot segment', () => `${server.origin}/${ORG}/%2e%2e/admin`],
    ['a backslash', () => `${server.origin}/${ORG}\\..\\admin`],
    ['a fragment', () => `${server.origin}${path}#x`],
  ])('refuses a URL cursor with %s', async (_, cursor) => {
    const error = await refused(typeof cursor === 'function' ? cursor() : cursor);
    expect(error.message).toBe("pagewise: `cursor` must be a URL under the client's baseUrl, or a token");
  });

  it('refuses a URL cursor outside the base path of a client with one', async () => {
    server.handle(() => ({ body: [] }));
    const api = createApiClient({ baseUrl: `${server.origin}/api/v1` });
    for (const cursor of [`${server.origin}/api/v10/x`, `${server.origin}/api/v1/../admin`, `${server.origin}/api`]) {
      const error = await api.list('shares', { organizationId: ORG, size: 1, cursor }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'PAGEWISE_INVALID_ARGUMENT', argument: 'cursor' });
    }
    await api.list('shares', { organizationId: ORG, size: 1, cursor: `${server.origin}/api/v1/${ORG}/shares?c=1` });
    expect(server.requests.map((r) => r.path)).toEqual([`/api/v1/${ORG}/shares`]);
  });

  it.each([
    ['an empty string', ''],
    ['a number', 42],
    ['a string over 4096 characters', 'x'.repeat(4097)],
  ])('refuses %s as a cursor, never echoing it', async (_, cursor) => {
    const error = await refused(cursor);
    expect(error.message).not.toContain('xxxx');
  });

  it('refuses a bad cursorParam, a missing page without a cursor, and a bad page beside a cursor', async () => {
    await refused('tok', 'cursorParam', { cursorParam: 'a b' });
    await refused(undefined, 'page');
    await refused('tok', 'page', { page: -1 });
    expect(() => client({ cursorParam: '' })).toThrow(expect.objectContaining({ argument: 'cursorParam' }));
    expect(() => client({ serializePage: 1 as never })).toThrow(expect.objectContaining({ argument: 'serializePage' }));
  });

  it('never puts the token in an error about a cursor', async () => {
    const error = await refused(`http://user:${TOKEN}@127.0.0.2/x`);
    expectNoSecrets(error, [TOKEN]);
  });
});

describe('where a cursor list says nothing of a next page', () => {
  it('reads a bare array asked for by cursor without a next link as the last page, however full', async () => {
    const rows = makeRows(20);
    server.handle(cursorService('link', () => rows));
    const first = await client().listShares<Row>({ organizationId: ORG, page: 1, size: 10 });
    const last = await client().listShares<Row>({ organizationId: ORG, size: 10, cursor: first.nextCursor!, page: 2 });
    expect(ids(last)).toEqual(rows.slice(10).map((row) => row.id));
    expect(last.hasNext).toBe(false);
    expect(last.nextCursor).toBeUndefined();
  });

  it('guesses more after a full page of rows alone (a token list leaves its token out at the end), as for a bare array', async () => {
    const rows = makeRows(10);
    server.handle(cursorService('google', () => rows));
    const page = await client().listShares<Row>({ organizationId: ORG, page: 1, size: 10 });
    expect(page.hasNext).toBe(true);
    expect(page.nextCursor).toBeUndefined();
    const short = await client().listShares<Row>({ organizationId: ORG, page: 1, size: 11 });
    expect(short.hasNext).toBe(false);
  });
});
