// Compiled with exactOptionalPropertyTypes (test/types/exact/tsconfig.json): each public value users spread into
// TanStack Query or Table options must have its keys absent, never `undefined`.
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  globalFilteringFeature,
  columnFilteringFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ApiClient, Share } from 'pagewise/client';
import { listQueryOptions, sharesInfiniteQueryOptions, sharesQueryOptions, useShares, usePagedList } from 'pagewise';
import { useServerTablePagination } from 'pagewise/table';

declare const client: ApiClient;
const organizationId = '2f1b6c1e-0000-4000-8000-000000000001';
const features = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
});
const helper = createColumnHelper<typeof features, Share>();
const columns = helper.columns([helper.accessor('id', { header: 'Id' })]);
const noRows: Share[] = [];

export function ServerTable() {
  const shares = useShares({ organizationId });
  const table = useTable({
    features,
    columns,
    data: shares.data?.items ?? noRows,
    ...useServerTablePagination(shares),
  });
  const users = usePagedList<{ id: string; email: string }>('users', {
    organizationId,
    sort: [{ id: 'email', desc: false }],
    filters: { q: 'x' },
  });
  return `${table.getRowCount()} ${users.pagination.current}`;
}

export function Queries() {
  useQuery({ ...sharesQueryOptions({ client, organizationId, page: 2 }), retry: false });
  useQuery(listQueryOptions('users', { client, organizationId, sort: [{ id: 'name', desc: true }] }));
  useInfiniteQuery({ ...sharesInfiniteQueryOptions({ client, organizationId }) });
  const options = sharesQueryOptions({ client, organizationId });
  useSuspenseQuery({ ...options, queryFn: options.queryFn as Exclude<typeof options.queryFn, symbol> });
}
