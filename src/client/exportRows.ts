// Rows to CSV or NDJSON text as their pages arrive: one chunk per page, so a whole list never sits in memory.
import type { ListResource, Page } from './types';
import type { ApiClient } from './createApiClient';
import type { PagesParams } from './pages';
import { assertFunction, assertOneOf, invalidArgument } from '../shared/assert';

/** How far an export has come. */
export interface ExportProgress {
  /** Rows written so far. */
  rows: number;
  /** Pages read so far. */
  pages: number;
  /** Rows in the list, as its first page says; undefined when the service does not count. */
  total: number | undefined;
}

/** Options of `exportRows`. */
export interface ExportRowsOptions {
  /** CSV (RFC 4180, a header line, CRLF line ends) or NDJSON (one JSON row a line). @default 'csv' */
  format?: 'csv' | 'ndjson';
  /** CSV: the fields written, in order, as the header names them. @default the first row's own fields */
  columns?: readonly string[];
  /**
   * CSV: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a spreadsheet
   * shows it rather than running it as a formula (OWASP's CSV injection advice). Numbers are written as they are.
   * @default true
   */
  guardFormulas?: boolean;
  /** Told after each page is written. @default none */
  onProgress?: (progress: ExportProgress) => void;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled. */
export function csvCell(value: unknown, guardFormulas = true): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (guardFormulas && typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-ended. */
const csvLine = (cells: readonly unknown[], guard: boolean): string =>
  `${cells.map((cell) => csvCell(cell, guard)).join(',')}\r\n`;

/** The options checked, with their defaults. */
function checkOptions(options: ExportRowsOptions) {
  const format = options.format ?? 'csv';
  assertOneOf('format', format, ['csv', 'ndjson'] as const);
  const { columns, onProgress } = options;
  if (columns !== undefined && !(Array.isArray(columns) && columns.every((name) => typeof name === 'string')))
    throw invalidArgument('columns', 'must be an array of field names', columns);
  if (onProgress !== undefined) assertFunction('onProgress', onProgress);
  return { format, columns, onProgress, guard: options.guardFormulas ?? true };
}

/**
 * The rows of `pages` as CSV or NDJSON text, one chunk per page (the CSV header with the first): written as each page
 * arrives, so memory holds one page whatever the list's length. Stopping early (a `break`, the stream cancelled)
 * leaves `pages` at once, which ends its requests. Throws the argument error for bad options before reading a page.
 *
 * @example
 * for await (const chunk of exportRows(client.pages('shares', { organizationId, size: 100 }), { format: 'csv' }))
 *   process.stdout.write(chunk);
 */
export function exportRows<T>(pages: AsyncIterable<Page<T>>, options: ExportRowsOptions = {}): AsyncIterable<string> {
  const { format, columns: given, onProgress, guard } = checkOptions(options);
  return {
    async *[Symbol.asyncIterator]() {
      let columns = given;
      // The header goes out with the first page, or alone for an empty list whose columns were given.
      let header = format === 'csv' && given ? csvLine(given, guard) : '';
      const progress: ExportProgress = { rows: 0, pages: 0, total: undefined };
      for await (const page of pages) {
        let chunk = header;
        header = '';
        for (const row of page.items) {
          if (format === 'ndjson') {
            chunk += `${JSON.stringify(row)}\n`;
            continue;
          }
          if (!columns) {
            columns = Object.keys(row as object);
            chunk += csvLine(columns, guard);
          }
          const record = row as Record<string, unknown>;
          chunk += csvLine(
            columns.map((name) => record[name]),
            guard,
          );
        }
        progress.pages += 1;
        progress.rows += page.items.length;
        progress.total ??= page.total;
        if (chunk) yield chunk;
        onProgress?.({ ...progress });
      }
      if (header) yield header;
    },
  };
}

/**
 * `chunks` as a byte stream (UTF-8) read on demand: a Node writer's backpressure or a `Response` body's reader pulls
 * one chunk at a time, and cancelling the stream ends the iteration (and so the requests behind it).
 *
 * @example
 * return new Response(exportStream(exportRows(client.pages('shares', params))), { headers: { 'Content-Type': 'text/csv' } });
 */
export function exportStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<string> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= chunks[Symbol.asyncIterator]();
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    // One chunk (a page) read ahead at most.
    { highWaterMark: 0 },
  );
}

/** Options of `exportList`: the format's and the walk's. */
export interface ExportListOptions extends ExportRowsOptions {
  /** Cancels: the iteration rejects with its reason and the request in flight is aborted. @default none */
  signal?: AbortSignal | undefined;
  /** Page requests in flight at once on a list paged by number that gives its total (see `client.pages`). @default 1 */
  concurrency?: number | undefined;
  /** Most pages read: a cap on a very long list. @default no limit */
  maxPages?: number | undefined;
}

/**
 * Every row of a list under its sort and filters as CSV or NDJSON text, one chunk per page, read with `client.pages`
 * (Retry-After waited out, a cursor followed, early exit aborting what is in flight). Wrap it in `exportStream` for a
 * `Response` body or a Node stream.
 *
 * @example
 * const csv = exportList(client, 'shares', { organizationId, size: 100, sort, filters }, { onProgress });
 * await pipeline(Readable.fromWeb(exportStream(csv)), createWriteStream('shares.csv'));
 */
export function exportList(
  client: Pick<ApiClient, 'pages'>,
  resource: ListResource,
  params: PagesParams,
  options: ExportListOptions = {},
): AsyncIterable<string> {
  const { signal, concurrency, maxPages, ...format } = options;
  const walk = {
    ...(signal ? { signal } : {}),
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(maxPages === undefined ? {} : { maxPages }),
  };
  return exportRows(client.pages(resource, params, walk), format);
}
