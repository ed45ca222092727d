import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useEnvironments, useShares } from 'pagewise';
import type { PagedResourceOptions, PagedResourceResult } from 'pagewise';
import type { ApiRecord } from 'pagewise/client';
import { TablePagination, useServerTablePagination } from 'pagewise/table';
import { useId } from 'react';

const features = tableFeatures({ rowPaginationFeature });

/** What the app knows of a share: the service documents only `id`, the rest is read defensively. */
interface ShareRow extends ApiRecord {
  name?: string;
  protocol?: string;
  path?: string;
  sizeBytes?: number;
}

interface EnvironmentRow extends ApiRecord {
  name?: string;
  region?: string;
  status?: string;
}

const bytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
const shareColumn = createColumnHelper<typeof features, ShareRow>();
const environmentColumn = createColumnHelper<typeof features, EnvironmentRow>();

const shareColumns = [
  shareColumn.accessor((row) => row.name ?? row.id, { id: 'name', header: 'Name' }),
  shareColumn.accessor((row) => row.protocol ?? '', { id: 'protocol', header: 'Protocol' }),
  shareColumn.accessor((row) => row.path ?? '', { id: 'path', header: 'Path' }),
  shareColumn.accessor((row) => row.sizeBytes ?? 0, {
    id: 'size',
    header: 'Size',
    cell: (info) => bytes.format(info.getValue() / 1024 ** 3),
  }),
] as ColumnDef<typeof features, ShareRow>[];

const environmentColumns = [
  environmentColumn.accessor((row) => row.name ?? row.id, { id: 'name', header: 'Name' }),
  environmentColumn.accessor((row) => row.region ?? '', { id: 'region', header: 'Region' }),
  environmentColumn.accessor((row) => row.status ?? '', { id: 'status', header: 'Status' }),
] as ColumnDef<typeof features, EnvironmentRow>[];

interface ResourceTableProps<T extends ApiRecord> {
  title: string;
  organizationId: string | null;
  useRows: (options: PagedResourceOptions<T>) => PagedResourceResult<T>;
  columns: ColumnDef<typeof features, T>[];
}

const noRows: never[] = [];

/** A server-paged TanStack Table: the hook owns the page (another organization starts at page 1), the table shows it. */
function ResourceTable<T extends ApiRecord>({ title, organizationId, useRows, columns }: ResourceTableProps<T>) {
  const rows = useRows({ organizationId });
  const table = useTable({
    features,
    columns,
    data: rows.data?.items ?? noRows,
    ...useServerTablePagination(rows),
  });
  const headingId = useId();
  const body = table.getRowModel().rows;

  return (
    <section className="resource" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {rows.isError && (
        <p role="alert" className="resource-error">
          Could not load {title.toLowerCase()}: {rows.error.message}{' '}
          <button type="button" onClick={() => void rows.refetch()}>
            Retry
          </button>
        </p>
      )}
      <table className="resource-table" aria-labelledby={headingId} aria-busy={rows.isFetching}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {body.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
          {body.length === 0 && !rows.isPending && (
            <tr>
              <td colSpan={columns.length}>No {title.toLowerCase()} in this organization.</td>
            </tr>
          )}
        </tbody>
      </table>
      <TablePagination table={table} showTotal aria-label={`${title} pages`} />
    </section>
  );
}

export function SharesTable({ organizationId }: { organizationId: string | null }) {
  return (
    <ResourceTable
      title="Shares"
      organizationId={organizationId}
      useRows={useShares<ShareRow>}
      columns={shareColumns}
    />
  );
}

export function EnvironmentsTable({ organizationId }: { organizationId: string | null }) {
  return (
    <ResourceTable
      title="Environments"
      organizationId={organizationId}
      useRows={useEnvironments<EnvironmentRow>}
      columns={environmentColumns}
    />
  );
}
