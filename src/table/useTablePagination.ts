'use client';

import { useCallback, useEffect } from 'react';
import type { PaginationState, Updater } from '@tanstack/react-table';
import type { PaginationProps } from '../pagination/index';
import { invalidArgument } from '../shared/assert';
import { fromPageIndex, pageCountOf, toPageIndex } from '../shared/paging';

/**
 * What `useTablePagination` needs of a TanStack Table v9 table: `useTable` with `rowPaginationFeature`
 * registered and `pagination` in the selected state (the default selector selects it).
 */
export interface PaginatedTable {
  /** The table's selected state; its `pagination.pageIndex` is zero-based. */
  readonly state: { readonly pagination: PaginationState };
  /** The table's options: `manualPagination`, `rowCount` and `pageCount` say who slices the rows and how many there are. */
  readonly options: { readonly manualPagination?: boolean; readonly rowCount?: number; readonly pageCount?: number };
  /** Rows across all pages: `rowCount` with `manualPagination`, otherwise the rows before paging. */
  getRowCount: () => number;
  /** Sets the table's pagination state. */
  setPagination: (updater: Updater<PaginationState>) => void;
}

/**
 * The `Pagination` props `useTablePagination` derives from a table; `total` is absent while the row count is
 * unknown, and `hasNext` is `true` when a server-paged table's page count is unknown (`pageCount: -1`).
 */
export type TablePaginationBinding = Required<Pick<PaginationProps, 'current' | 'pageSize' | 'onChange'>> &
  Pick<PaginationProps, 'total' | 'hasNext'>;

/** The row count the control shows, or undefined while a server-paged table does not know it yet. */
function rowCountOf(table: PaginatedTable, pageSize: number): number | undefined {
  const { manualPagination, rowCount, pageCount } = table.options;
  if (!manualPagination) return table.getRowCount();
  if (typeof rowCount === 'number' && rowCount >= 0) return rowCount;
  // Only a page count is known: enough rows to fill that many pages (none known, `0` with `rowCount: -1`, is no total).
  if (typeof pageCount === 'number' && pageCount > 0 && Number.isFinite(pageSize)) return pageCount * pageSize;
  // Without `rowCount` the table would count the rows of the current page (none while loading).
  return undefined;
}

/**
 * `Pagination` props for a TanStack Table v9 table: the table's zero-based `pageIndex` becomes the
 * control's 1-based `current`, its row count the `total`, and `onChange` sets the table's pagination.
 * Works for client-side paging (`createPaginatedRowModel`) and server-side paging (`manualPagination` with `rowCount`).
 * When a client-side table's rows shrink below its page, the table moves to the last page.
 */
export function useTablePagination(table: PaginatedTable): TablePaginationBinding {
  // Typed as required, but plain JavaScript or a cast can still pass a table without it.
  if (!table.state?.pagination) {
    // How to fix it is for the developer, who meets this in development: production builds leave it out.
    const fix =
      process.env.NODE_ENV === 'production'
        ? ''
        : ' Register rowPaginationFeature (useTable({ features: tableFeatures({ rowPaginationFeature }), … })) and, if ' +
          'you pass useTable a state selector, select pagination too: (state) => ({ pagination: state.pagination, … })';
    throw invalidArgument('table', `has no \`pagination\` in \`table.state\`, which useTablePagination() reads.${fix}`);
  }
  const { pageSize } = table.state.pagination;
  // The one crossing from TanStack Table's zero-based `pageIndex`; `onChange` and the move back cross to it.
  const page = fromPageIndex(table.state.pagination.pageIndex);
  const { setPagination } = table;
  const onChange = useCallback(
    (to: number, size: number) => setPagination({ pageIndex: toPageIndex(to), pageSize: size }),
    [setPagination],
  );
  const total = rowCountOf(table, pageSize);
  // v9 puts every row on one page for `pageSize: Infinity`; the control shows that as one page of all rows.
  const size = Number.isFinite(pageSize) ? pageSize : Math.max(1, total ?? 1);
  const lastPage = total === undefined ? undefined : pageCountOf(total, size);

  // Client-side paging with `autoResetPageIndex: false` keeps a page the rows no longer reach. Without any row
  // (yet) the page stays for the rows to come. A server-paged table's page is left to whoever fetches the
  // rows (`useShares` moves it through `onChange`).
  const moveBack = !table.options.manualPagination && !!total && lastPage !== undefined && page > lastPage;
  useEffect(() => {
    if (moveBack && lastPage !== undefined) {
      setPagination((old) =>
        fromPageIndex(old.pageIndex) > lastPage ? { ...old, pageIndex: toPageIndex(lastPage) } : old,
      );
    }
  }, [moveBack, lastPage, setPagination]);

  // The control never shows a page past the end, so it has nothing to warn about while the table catches up.
  const current = lastPage === undefined ? page : Math.min(page, lastPage);
  if (total !== undefined) return { current, total, pageSize: size, onChange };
  // TanStack Table's unknown page count: another page follows (`useServerTablePagination` sets it from `hasNext`).
  return table.options.manualPagination && table.options.pageCount === -1
    ? { current, pageSize: size, onChange, hasNext: true }
    : { current, pageSize: size, onChange };
}
