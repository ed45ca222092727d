'use client';

import { useRef, useState } from 'react';
import {
  exportList,
  type ApiClient,
  type ExportProgress,
  type ExportRowsOptions,
  type ListFilters,
  type ListResource,
  type SortEntry,
} from '../client/index';
import { invalidArgument } from '../shared/assert';
import { useClientFor } from './ApiClientProvider';

/** Options of `useExport`. */
export interface UseExportOptions extends ExportRowsOptions {
  /** The organization's UUID; an export without one is refused with the argument error. */
  organizationId: string | null | undefined;
  /** The client; the `ApiClientProvider`'s when not given. @default the provider's */
  client?: ApiClient;
  /** The list's sort, e.g. `shares.listState.sort`. @default [] */
  sort?: readonly SortEntry[];
  /** The list's filters, e.g. `shares.listState.filters`. @default {} */
  filters?: ListFilters;
  /** Rows per page read. @default 100 */
  pageSize?: number;
  /** Page requests in flight at once (a list paged by number that gives its total). @default 1 */
  concurrency?: number;
  /** The file's name. @default `${resource}.csv` or `.ndjson` */
  fileName?: string;
  /** Hands the finished file to the user. @default a download of the file through a link the browser clicks */
  save?: (file: Blob, fileName: string) => void;
}

/** Where an export stands. */
export type ExportStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** The result of `useExport`. */
export interface ExportResult {
  /** Starts the export (a running one is cancelled first); resolves once the file is handed over, or it stopped. */
  start(): Promise<void>;
  /** Stops the running export: the request in flight is aborted and no file is made. */
  cancel(): void;
  /** Where the export stands. */
  status: ExportStatus;
  /** Rows and pages done, and the total when the list gives it; undefined before the first export. */
  progress: ExportProgress | undefined;
  /** Why the last export failed. */
  error: Error | null;
}

const types = { csv: 'text/csv;charset=utf-8', ndjson: 'application/x-ndjson' } as const;

/** Every chunk, in order: the parts of the file. */
async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts;
}

/** The default `save`: a click on a link to the file, as a download. */
function download(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Exports every row of a list (`resource`) under its sort and filters as a file the user saves, CSV or NDJSON, built
 * as its pages arrive (`exportList`), with progress and a way to cancel. In Node, use `exportList` and `exportStream`
 * instead, which write to a file or a response with flat memory.
 *
 * @example
 * const exporter = useExport('shares', { organizationId, sort: shares.listState.sort, filters: shares.listState.filters });
 * <button onClick={exporter.start}>Export CSV</button> <progress value={exporter.progress?.rows} max={exporter.progress?.total} />
 */
export function useExport(resource: ListResource, options: UseExportOptions): ExportResult {
  const client = useClientFor('useExport', options.client);
  const [state, setState] = useState<ExportState>({
    status: 'idle',
    progress: undefined,
    error: null,
  });
  const controller = useRef<AbortController | null>(null);
  const start = () => runExport(client, resource, options, controller, setState);
  return { start, cancel: () => controller.current?.abort(), ...state };
}

type ExportState = Pick<ExportResult, 'status' | 'progress' | 'error'>;

/** One export as `start` runs it: a run started later (or `cancel`) aborts this one through `controller`. */
async function runExport(
  client: ApiClient,
  resource: ListResource,
  options: UseExportOptions,
  controller: { current: AbortController | null },
  setState: (next: ExportState | ((was: ExportState) => ExportState)) => void,
): Promise<void> {
  const { organizationId, sort, filters, pageSize = 100, concurrency, fileName, save = download } = options;
  if (!organizationId) {
    setState({
      status: 'failed',
      progress: undefined,
      error: invalidArgument('organizationId', 'is required to export'),
    });
    return;
  }
  controller.current?.abort();
  const abort = (controller.current = new AbortController());
  const format = options.format ?? 'csv';
  setState({ status: 'running', progress: { rows: 0, pages: 0, total: undefined }, error: null });
  try {
    const chunks = exportList(
      client,
      resource,
      { organizationId, size: pageSize, ...(sort ? { sort } : {}), ...(filters ? { filters } : {}) },
      {
        format,
        ...(options.columns ? { columns: options.columns } : {}),
        ...(options.guardFormulas === undefined ? {} : { guardFormulas: options.guardFormulas }),
        signal: abort.signal,
        ...(concurrency === undefined ? {} : { concurrency }),
        onProgress: (progress) => {
          if (!abort.signal.aborted) setState((was) => ({ ...was, progress }));
          options.onProgress?.(progress);
        },
      },
    );
    save(new Blob(await collect(chunks), { type: types[format] }), fileName ?? `${resource}.${format}`);
    setState((was) => ({ ...was, status: 'done' }));
  } catch (error) {
    if (controller.current !== abort) return;
    const failure = error as Error;
    setState((was) =>
      abort.signal.aborted ? { ...was, status: 'cancelled' } : { ...was, status: 'failed', error: failure },
    );
  }
}
