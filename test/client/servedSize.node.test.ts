import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isResponseShapeError } from '../../src/client/index';
import type { ReceivedRequest, Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

const server = localServerForFile();
const ALL = Array.from({ length: 57 }, (_, index) => ({ id: `r${index + 1}` }));

/** A service that reads `page` (from 1) and `page_size` only, serving `own` rows a page when no size it reads came. */
const readsPageSize =
  (own: number, body: (rows: unknown[], total: number) => unknown) =>
  ({ query }: ReceivedRequest): Reply => {
    const size = Number(query.get('page_size') ?? own);
    const page = Number(query.get('page') ?? 1);
    return { body: body(ALL.slice((page - 1) * size, page * size), ALL.length) };
  };

const client = () => createApiClient({ baseUrl: server.origin });

afterEach(() => vi.restoreAllMocks());

describe('a page that says the size the service served', () => {
  it('follows a service that ignores page and size: its whole list is one page, with no page 2', async () => {
    server.handle(() => ({ body: ALL }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await client().list('whole', { organizationId: ORG, page: 1, size: 20 });
    expect(first).toMatchObject({ page: 1, pageSize: 57, hasNext: false });
    expect(first.items).toHaveLength(57);
    expect(warn.mock.calls.join('\n')).toContain('serializePage');
  });

  it('follows a service that ignores page and size with a total: one page, and page 2 is refused', async () => {
    server.handle(() => ({ body: ALL, headers: { 'X-Total-Count': '57' } }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await client().list('counted', { organizationId: ORG, page: 1, size: 20 });
    expect(first).toMatchObject({ page: 1, pageSize: 57, pageCount: 1, total: 57, hasNext: false });
    const second = client().list('counted', { organizationId: ORG, page: 2, size: 20 });
    await expect(second).rejects.toSatisfy(isResponseShapeError);
    await expect(second).rejects.toThrow(/serializePage/);
  });

  it('follows a page-number service whose size parameter has another name: its size and page count', async () => {
    // Django REST Framework's PageNumberPagination: `page` from 1, `count`, `next`, `previous`, `results`.
    server.handle(
      readsPageSize(10, (results, count) => ({ count, next: 'http://x/?page=9', previous: null, results })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, size });
    const numbered = createApiClient({ baseUrl: server.origin, serializePage });
    const second = await numbered.list('drf', { organizationId: ORG, page: 2, size: 8 });
    expect(second).toMatchObject({ page: 2, pageSize: 10, pageCount: 6, total: 57, hasNext: true });
    expect(second.items.map((row) => (row as { id: string }).id)).toEqual(ALL.slice(10, 20).map(({ id }) => id));
  });

  it('follows a cursor service that serves its own size, and warns naming serializePage', async () => {
    // Django REST Framework's CursorPagination serves its view's page_size (10) when no size it reads came.
    server.handle(() => ({
      body: { next: `${server.origin}/x/?cursor=cD0xMA`, previous: null, results: ALL.slice(0, 10) },
    }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = await client().list('cursored', { organizationId: ORG, page: 1, size: 8 });
    expect(page).toMatchObject({ page: 1, pageSize: 10, hasNext: true });
    expect(warn.mock.calls.join('\n')).toMatch(/cursored list served 10 rows a page where 8 were asked.*serializePage/);
  });

  it('refuses a page past the end answered with the last page’s rows', async () => {
    // json-server 1.0 answers a `_page` past the end with the last page.
    server.handle(() => ({ body: { items: ALL.slice(50), total: 57 } }));
    const page = client().list('past', { organizationId: ORG, page: 9, size: 10 });
    await expect(page).rejects.toSatisfy(isResponseShapeError);
  });

  it('keeps a page of the size asked as the service said it', async () => {
    server.handle(readsPageSize(10, (results, count) => ({ count, next: null, previous: null, results })));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const serializePage = ({ page, size }: { page: number; size: number }) => ({ page, page_size: size });
    const numbered = createApiClient({ baseUrl: server.origin, serializePage });
    const page = await numbered.list('right', { organizationId: ORG, page: 2, size: 8 });
    expect(page).toMatchObject({ page: 2, pageSize: 8, pageCount: 8, hasNext: true });
    expect(warn).not.toHaveBeenCalled();
  });
});
