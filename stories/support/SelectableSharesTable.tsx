import { useEffect, useRef } from 'react';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useBulkAction, useListSelection, useShares } from '../../src/hooks/index';
import { TablePagination, useServerTablePagination, useTableRowSelection } from '../../src/table/index';
import type { MockShare } from '../../src/testing/index';
import { DataTable } from './DataTable';

const features = tableFeatures({ rowPaginationFeature, rowSelectionFeature });
const helper = createColumnHelper<typeof features, MockShare>();
const NO_ROWS: MockShare[] = [];

/** A checkbox that can show "some" (`indeterminate` is a property only, never an attribute). */
function Checkbox({ some = false, ...props }: { some?: boolean } & React.InputHTMLAttributes<HTMLInputElement>) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return <input type="checkbox" ref={ref} {...props} />;
}

/**
 * An organization's shares in a table whose rows are selected across pages: a checkbox per row (Shift+click for a
 * range), one for the page, "Select all N matching", and a bulk delete with progress and a Cancel button.
 */
export function SelectableSharesTable({ organizationId, caption }: { organizationId: string; caption: string }) {
  const shares = useShares<MockShare>({ organizationId, defaultPageSize: 10 });
  const selection = useListSelection(shares, { resetKey: organizationId });
  const bulk = useBulkAction('shares', { organizationId, selection, concurrency: 4 });
  const columns = helper.columns([
    helper.display({
      id: 'select',
      header: () => (
        <Checkbox
          aria-label="Select this page"
          checked={selection.pageState === 'all'}
          some={selection.pageState === 'some'}
          onChange={selection.togglePage}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select ${row.original.name}`}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    }),
    helper.accessor('name', { header: 'Name' }),
    helper.accessor('protocol', { header: 'Protocol' }),
  ]);
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? NO_ROWS,
    ...useTableRowSelection(selection, {
      merge: useServerTablePagination(shares),
    }),
  });
  const { progress, result } = bulk;
  const outcome =
    result && !bulk.isRunning
      ? `Deleted ${result.succeeded.length}; ${result.failed.length} failed and stay selected${result.cancelled.length ? `; ${result.cancelled.length} not sent` : ''}.`
      : undefined;
  return (
    <div className="pw-story-data">
      <div className="pw-story-actions">
        <span data-testid="selection-count">{selection.description}</span>
        {selection.pageState === 'all' && !selection.allMatching && (
          <button type="button" onClick={selection.selectAllMatching}>
            Select all {shares.data?.total ?? ''} matching
          </button>
        )}
        <button type="button" onClick={selection.clear} disabled={!selection.count && !selection.allMatching}>
          Clear selection
        </button>
        <button
          type="button"
          disabled={bulk.isRunning || (!selection.count && !selection.allMatching)}
          onClick={() => void bulk.run(selection.target, { type: 'delete' })}
        >
          Delete selected
        </button>
        {bulk.isRunning && (
          <>
            <progress aria-label="Deleting" value={progress?.done ?? 0} max={progress?.total ?? 1} />
            <button type="button" onClick={bulk.cancel}>
              Cancel
            </button>
          </>
        )}
      </div>
      <DataTable table={table} caption={caption} busy={shares.isFetching} empty="Loading shares…" />
      <TablePagination
        table={table}
        showTotal
        aria-label={`${caption}: pages`}
        message={outcome ?? selection.message}
      />
    </div>
  );
}
