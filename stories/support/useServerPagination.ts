import { useCallback, useState } from 'react';
import { functionalUpdate } from '@tanstack/react-table';
import type { PaginationState, Updater } from '@tanstack/react-table';

/**
 * A server-paged table's pagination state, the single source of truth: the table reads and writes it,
 * and it drives the data hook (controlled: `page` is `pageIndex + 1`). Another organization starts at page 1.
 */
export function useServerPagination(organizationId: string, pageSize = 20) {
  const [state, setState] = useState({ organizationId, pagination: { pageIndex: 0, pageSize } });
  let { pagination } = state;
  if (state.organizationId !== organizationId) {
    pagination = { ...pagination, pageIndex: 0 };
    setState({ organizationId, pagination });
  }
  const setPagination = useCallback(
    (updater: Updater<PaginationState>) =>
      setState((s) => ({ ...s, pagination: functionalUpdate(updater, s.pagination) })),
    [],
  );
  const onChange = useCallback(
    (page: number, size: number) => setPagination({ pageIndex: page - 1, pageSize: size }),
    [setPagination],
  );
  return {
    pagination,
    setPagination,
    hookOptions: { organizationId, page: pagination.pageIndex + 1, pageSize: pagination.pageSize, onChange },
  };
}
