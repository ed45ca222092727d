import type { ReactNode, Ref } from 'react';
import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table';
import './dataTable.css';

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  /** The TanStack Table v9 table to render. */
  table: ReactTable<TFeatures, TData>;
  /** Visible caption, also the table's accessible name. */
  caption: string;
  /** A request is under way: sets `aria-busy` and shows the busy indicator. */
  busy?: boolean;
  /** What the body says when there is no row (loading, or empty). */
  empty?: ReactNode;
  /** The table's region (its scrolling wrapper), e.g. for `useListPlace`. */
  regionRef?: Ref<HTMLDivElement>;
}

/** A column of a table that may have the sorting feature. */
interface SortableColumn {
  getCanSort?: () => boolean;
  getIsSorted?: () => false | 'asc' | 'desc';
}

/** `aria-sort` of a sortable column's header: how it sorts now, `none` when it could; nothing when it cannot sort. */
function ariaSort(column: SortableColumn): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.getCanSort?.()) return undefined;
  const sorted = column.getIsSorted?.();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** Semantic markup for a v9 table: caption, header cells with scope, body rows, an empty-state row. */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  caption,
  busy = false,
  empty = 'No rows',
  regionRef,
}: DataTableProps<TFeatures, TData>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  return (
    // Keyboard users scroll a table wider than its container too (the region takes focus).
    <div ref={regionRef} className="pw-story-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="pw-story-table" aria-busy={busy} data-busy={busy || undefined}>
        <caption>
          {caption}
          {busy && (
            <span className="pw-story-busy" aria-hidden="true">
              {' '}
              · loading…
            </span>
          )}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" aria-sort={ariaSort(header.column as SortableColumn)}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
