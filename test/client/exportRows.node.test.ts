import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import {
  createApiClient,
  csvCell,
  exportList,
  exportRows,
  exportStream,
  isInvalidArgumentError,
  type ExportProgress,
  type Page,
} from '../../src/client/index';
import { apiAccountToken } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import { createGate } from '../helpers/createGate';

const { acme, empty } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();

function client() {
  const { accountId, apiToken } = mock.credentials;
  return createApiClient({ baseUrl: http.baseUrl, auth: apiAccountToken({ accountId, apiToken }) });
}

async function* pagesOf<T>(...pages: T[][]): AsyncGenerator<Page<T>> {
  let page = 0;
  for (const items of pages) {
    page += 1;
    yield { items, page, pageSize: 2, hasNext: page < pages.length, hasPrevious: page > 1, total: 3 };
  }
}

const text = async (chunks: AsyncIterable<string>) => {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
};

describe('CSV and NDJSON', () => {
  it('quotes as RFC 4180 says: quotes doubled, commas and line breaks inside quotes, CRLF line ends', async () => {
    const rows: Array<{ id: string; name: string | null }> = [
      { id: '1', name: 'a "b", c' },
      { id: '2', name: 'two\nlines' },
    ];
    expect(await text(exportRows(pagesOf(rows, [{ id: '3', name: null }])))).toBe(
      'id,name\r\n1,"a ""b"", c"\r\n2,"two\nlines"\r\n3,\r\n',
    );
  });

  it('guards text cells a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx'].map((cell) => csvCell(cell))).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
    ]);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('=1', false)).toBe('=1');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('writes the columns given, in order, with their header even for an empty list', async () => {
    expect(await text(exportRows(pagesOf([]), { columns: ['name', 'id'] }))).toBe('name,id\r\n');
    expect(await text(exportRows(pagesOf([{ id: '1', name: 'x', extra: 1 }]), { columns: ['name', 'id'] }))).toBe(
      'name,id\r\nx,1\r\n',
    );
  });

  it('writes NDJSON one row a line, and tells the progress after each page', async () => {
    const progress: ExportProgress[] = [];
    const out = await text(
      exportRows(pagesOf([{ id: '1' }, { id: '2' }], [{ id: '3' }]), {
        format: 'ndjson',
        onProgress: (p) => progress.push(p),
      }),
    );
    expect(out).toBe('{"id":"1"}\n{"id":"2"}\n{"id":"3"}\n');
    expect(progress).toEqual([
      { rows: 2, pages: 1, total: 3 },
      { rows: 3, pages: 2, total: 3 },
    ]);
  });

  it('refuses bad options before reading a page, naming them', () => {
    const never = { [Symbol.asyncIterator]: () => expect.unreachable() } as never;
    for (const [options, name] of [
      [{ format: 'xlsx' }, 'format'],
      [{ columns: 'name' }, 'columns'],
      [{ onProgress: 1 }, 'onProgress'],
    ] as const) {
      const error = (() => {
        try {
          exportRows(never, options as never);
        } catch (e) {
          return e;
        }
      })();
      expect(isInvalidArgumentError(error) && error.argument).toBe(name);
    }
  });
});

describe('exportList over HTTP', () => {
  it('exports every row of the list under its sort and filters, in the service’s order', async () => {
    const sort = [{ id: 'name', desc: true }];
    const filters = { protocol: 'NFS' };
    const expected = (await client().list('shares', { organizationId: acme, page: 1, size: 1000, sort, filters }))
      .items;
    const out = await text(
      exportList(client(), 'shares', { organizationId: acme, size: 50, sort, filters }, { format: 'ndjson' }),
    );
    expect(
      out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);
    expect(expected.length).toBeGreaterThan(50);
  });

  it('streams to a file through a Node pipeline, CSV with a header line and one line a row', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'pagewise-export-')), 'shares.csv');
    const progress: ExportProgress[] = [];
    const csv = exportList(
      client(),
      'shares',
      { organizationId: acme, size: 100 },
      { onProgress: (p) => progress.push(p) },
    );
    await pipeline(Readable.fromWeb(exportStream(csv) as never), createWriteStream(file));
    const lines = (await readFile(file, 'utf8')).split('\r\n');
    expect(lines[0]).toBe(Object.keys(mock.rows(acme, 'shares')![0]!).join(','));
    expect(lines).toHaveLength(1 + 437 + 1);
    expect(progress.at(-1)).toEqual({ rows: 437, pages: 5, total: 437 });
  });

  it('an empty list exports nothing (no columns to name)', async () => {
    expect(await text(exportList(client(), 'shares', { organizationId: empty, size: 10 }))).toBe('');
  });

  it('cancelling the stream stops the walk: no page is asked after it', async () => {
    const gate = createGate();
    mock.setLatency((request) => (request.page === 1 ? gate.held : 0));
    const stream = exportStream(exportList(client(), 'shares', { organizationId: acme, size: 100 }));
    const reader = stream.getReader();
    expect((await reader.read()).done).toBe(false);
    const cancelled = reader.cancel();
    gate.release();
    await cancelled;
    const pages = mock.requests.filter((request) => request.resource === 'shares').map((request) => request.page);
    expect(pages.at(-1)).toBeLessThanOrEqual(1);
    expect(pages).not.toContain(2);
  });
});
