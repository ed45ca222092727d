import { useRef } from 'react';
import { useTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import type { ApiRecord } from '../../src/client/index';
import { useListPlace, type PagedResourceOptions, type PagedResourceResult } from '../../src/hooks/index';
import { TablePagination, useServerTablePagination } from '../../src/table/index';
import { serverFeatures } from './columns';
import { DataTable } from './DataTable';
import { ErrorPanel } from './ErrorPanel';

const NO_ROWS: never[] = [];

export interface PagedTableProps<T extends ApiRecord> {
  /** The data hook: `useShares` or `useEnvironments`. */
  useResource: (options: PagedResourceOptions<T>) => PagedResourceResult<T>;
  /** The organization whose records are listed. */
  organizationId: string;
  /** Columns for the record's fields. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column's value type differs, as in TanStack's own column arrays
  columns: Array<ColumnDef<typeof serverFeatures, T, any>>;
  /** Table caption, e.g. "Shares of Acme". */
  caption: string;
  /** Plural noun for status texts, e.g. "shares". */
  noun: string;
  /** More options for the data hook, e.g. `retryDelay`. @default none */
  queryOptions?: Omit<Partial<PagedResourceOptions<T>>, 'organizationId' | 'page' | 'pageSize' | 'onChange'>;
}

/**
 * A server-paged TanStack Table v9: the data hook owns the page (another organization starts at page 1),
 * `useServerTablePagination` hands the table its state, row count and `onPaginationChange`, and
 * `TablePagination` renders the control. Shows loading, empty, busy and error states. `useListPlace` keeps the
 * reader's place: after a page move the table's top comes into view when it was scrolled past, and the table keeps a
 * full page's height while a page loads and on the last page.
 */
export function PagedTable<T extends ApiRecord>({
  useResource,
  organizationId,
  columns,
  caption,
  noun,
  queryOptions,
}: PagedTableProps<T>) {
  const result = useResource({ ...queryOptions, organizationId });
  const region = useRef<HTMLDivElement>(null);
  useListPlace(region, result, { keepHeight: true, shortcuts: true });
  const table = useTable({
    features: serverFeatures,
    columns,
    data: result.data?.items ?? (NO_ROWS as T[]),
    ...useServerTablePagination(result),
  });
  const empty = result.isError
    ? `Could not load ${noun}.`
    : result.isPending
      ? `Loading ${noun}…`
      : `No ${noun} in this organization.`;
  return (
    <div className="pw-story-data">
      {result.isError && (
        <ErrorPanel error={result.error} retrying={result.isFetching} onRetry={() => void result.refetch()} />
      )}
      <DataTable table={table} caption={caption} busy={result.isFetching} empty={empty} regionRef={region} />
      <TablePagination
        table={table}
        showTotal
        // What the table does not carry: the hook's prefetch on intent and a service's estimated total.
        onPageIntent={result.pagination.onPageIntent}
        totalEstimate={result.pagination.totalEstimate}
        aria-label={`${caption}: pages`}
      />
    </div>
  );
}
