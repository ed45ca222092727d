// Type tests: checked by `tsc -p tsconfig.json` (the type-check step of `npm test`); a wrong type is a compile error.
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { bearerToken, createApiClient, isApiError, isInvalidArgumentError } from '../../src/client/index';
import type { ApiClient, ApiError, InvalidArgumentError, Page, Share } from '../../src/client/index';
import {
  environmentsQueryOptions,
  listQueryOptions,
  Pagination,
  readUrlCursor,
  sharesQueryOptions,
  useEnvironments,
  useInfiniteShares,
  usePagedList,
  useShares,
  useSuspenseShares,
  useListMutation,
  writeUrlCursor,
} from '../../src/index';
import type { ListCursor, PagedResourceResult } from '../../src/index';
import { TablePagination, useTablePagination } from '../../src/table/index';
import type { PageCursor } from '../../src/client/types';
import type { ListPageParam, PagedQueryKey } from '../../src/hooks/queryOptions';
import type { QueryPagination } from '../../src/hooks/types';
import type { PaginatedTable } from '../../src/table/useTablePagination';

interface MyShare {
  id: string;
  name: string;
  sizeBytes: number;
  [field: string]: unknown;
}

declare const client: ApiClient;
declare const table: PaginatedTable;
const organizationId = '2f1b6c1e-0000-4000-8000-000000000001';

describe('writes', () => {
  it('resolve to the row type a caller names, and a delete to nothing', async () => {
    expectTypeOf(
      await client.create<MyShare>('shares', { organizationId, body: { name: 'n' } }),
    ).toEqualTypeOf<MyShare>();
    expectTypeOf(client.update<MyShare>)
      .parameter(1)
      .toHaveProperty('id')
      .toBeString();
    expectTypeOf(await client.delete('shares', { organizationId, id: 'a' })).toBeVoid();
    // @ts-expect-error -- a DELETE takes no method
    void client.update('shares', { organizationId, id: 'a', body: {}, method: 'DELETE' });
  });

  it('useListMutation takes writes of the row type, and answers with it', () => {
    const write = useListMutation<MyShare>('shares', { organizationId });
    write.mutate({ type: 'update', id: 'a', body: { name: 'renamed' } });
    write.mutate({ type: 'delete', id: 'a' });
    // @ts-expect-error -- an update names its row
    write.mutate({ type: 'update', body: { name: 'renamed' } });
    expectTypeOf(write.data).toEqualTypeOf<MyShare | undefined>();
  });
});

describe('createApiClient', () => {
  it('lists pages typed by the row type a caller names', async () => {
    const page = await client.listShares<MyShare>({ organizationId, page: 1, size: 20 });
    expectTypeOf(page).toEqualTypeOf<Page<MyShare>>();
    expectTypeOf(page.items[0]).toEqualTypeOf<MyShare | undefined>();
    expectTypeOf(page.page).toBeNumber();
    expectTypeOf(page.hasNext).toBeBoolean();
  });

  it('lists open records with an id when no row type is named', async () => {
    const page = await client.listEnvironments({ organizationId, page: 1, size: 20 });
    expectTypeOf(page.items).items.toHaveProperty('id').toBeString();
  });

  it('needs no auth (for a proxy) and takes a browser-safe bearerToken', () => {
    expectTypeOf(createApiClient({ baseUrl: '/api' })).toEqualTypeOf<ApiClient>();
    expectTypeOf(
      createApiClient({ baseUrl: 'https://api.example.test', auth: bearerToken(async () => 'token') }),
    ).toEqualTypeOf<ApiClient>();
  });

  it('narrows unknown errors with isApiError', () => {
    const error: unknown = new Error('x');
    if (isApiError(error)) expectTypeOf(error).toExtend<ApiError>();
  });

  it('narrows unknown errors with isInvalidArgumentError to a TypeError with its stable code and argument', () => {
    const error: unknown = new TypeError('x');
    if (isInvalidArgumentError(error)) {
      expectTypeOf(error).toEqualTypeOf<InvalidArgumentError>();
      expectTypeOf(error).toExtend<TypeError>();
      expectTypeOf(error.code).toEqualTypeOf<'PAGEWISE_INVALID_ARGUMENT'>();
      expectTypeOf(error.argument).toEqualTypeOf<string>();
    }
  });

  it('requires the wire’s page and size', () => {
    // @ts-expect-error `size` is required
    void client.listShares({ organizationId, page: 1 });
  });
});

describe('useShares / useEnvironments', () => {
  it('types data by the generic row type', () => {
    const shares = useShares<MyShare>({ organizationId });
    expectTypeOf(shares).toEqualTypeOf<PagedResourceResult<MyShare>>();
    expectTypeOf(shares.data).toEqualTypeOf<Page<MyShare> | undefined>();
    if (shares.data) expectTypeOf(shares.data.items).toEqualTypeOf<MyShare[]>();
    expectTypeOf(shares.error).toEqualTypeOf<Error | null>();
  });

  it('defaults rows to Share', () => {
    const shares = useShares({ organizationId });
    expectTypeOf(shares.data).toEqualTypeOf<Page<Share> | undefined>();
  });

  it('returns pagination props that spread into <Pagination />', () => {
    const environments = useEnvironments({ organizationId, page: 2, pageSize: 50, onChange: () => {} });
    expectTypeOf(environments.pagination).toEqualTypeOf<QueryPagination>();
    expectTypeOf(environments.pagination).toExtend<ComponentProps<typeof Pagination>>();
  });

  it('takes 1-based page and onChange(page, pageSize) and no organization', () => {
    expectTypeOf(useShares).parameter(0).toHaveProperty('page').toEqualTypeOf<number | undefined>();
    expectTypeOf(useShares)
      .parameter(0)
      .toHaveProperty('onChange')
      .toEqualTypeOf<((page: number, pageSize: number) => void) | undefined>();
    expectTypeOf({ organizationId: undefined }).toExtend<Parameters<typeof useShares>[0]>();
    // @ts-expect-error organizationId is required (it may be null or undefined, but must be said)
    useShares({ page: 1 });
  });
});

describe('query options', () => {
  it('work with useQuery, typed by the row type, keyed without secrets', () => {
    const options = sharesQueryOptions<MyShare>({ client, organizationId, page: 1, pageSize: 20 });
    expectTypeOf(options.queryKey).toExtend<PagedQueryKey>();
    const query = useQuery(options);
    expectTypeOf(query.data).toEqualTypeOf<Page<MyShare> | undefined>();
    expectTypeOf(useQuery(environmentsQueryOptions({ client, organizationId })).data).toEqualTypeOf<
      Page<Share> | undefined
    >();
  });
});

describe('table pairing', () => {
  it('useTablePagination returns the control’s props', () => {
    const props = useTablePagination(table);
    expectTypeOf(props).toExtend<ComponentProps<typeof Pagination>>();
    expectTypeOf(props.current).toBeNumber();
  });

  it('TablePagination takes the table and the control’s other props', () => {
    expectTypeOf<ComponentProps<typeof TablePagination>>().toHaveProperty('table');
    expectTypeOf<ComponentProps<typeof TablePagination>>()
      .toHaveProperty('showTotal')
      .toEqualTypeOf<boolean | undefined>();
  });
});

describe('useSuspenseShares', () => {
  it('keeps TanStack’s isPending (always false under Suspense) and names its transition flag apart', () => {
    const shares = useSuspenseShares({ organizationId });
    expectTypeOf(shares.isPending).toEqualTypeOf<false>();
    expectTypeOf(shares.isTransitioning).toEqualTypeOf<boolean>();
  });
});

describe('a list endpoint the library does not name', () => {
  it('is paged with its own record type through the generic hooks and options', () => {
    interface User {
      id: string;
      email: string;
    }
    const users = usePagedList<User>('users', {
      organizationId,
      sort: [{ id: 'email', desc: false }],
      filters: { q: 'a', role: ['admin'] },
    });
    expectTypeOf(users.data?.items).toEqualTypeOf<User[] | undefined>();
    expectTypeOf(useQuery(listQueryOptions<User>('users', { client, organizationId })).data).toEqualTypeOf<
      Page<User> | undefined
    >();
  });
});

describe('cursor paging types', () => {
  it('hands a page’s cursor back and forth between a result, a URL and the options', () => {
    const shares = useShares<MyShare>({ organizationId, cursor: { page: 3, cursor: 'abc', cursorParam: 'pageToken' } });
    expectTypeOf(shares.cursor).toEqualTypeOf<ListCursor | undefined>();
    expectTypeOf(readUrlCursor(new URLSearchParams(), 3)).toEqualTypeOf<ListCursor | undefined>();
    expectTypeOf(writeUrlCursor).parameter(1).toEqualTypeOf<ListCursor | undefined>();
    expectTypeOf(sharesQueryOptions).parameter(0).toHaveProperty('cursor');
    expectTypeOf<Page<MyShare>['requestedBy']>().toEqualTypeOf<PageCursor | undefined>();
  });

  it('types a "load more" page parameter as a number, or a page with its cursor', () => {
    const list = useInfiniteShares<MyShare>({ organizationId });
    expectTypeOf(list.data!.pageParams).toEqualTypeOf<ListPageParam[]>();
    expectTypeOf<ListPageParam>().toEqualTypeOf<number | ListCursor>();
    // @ts-expect-error a cursor needs the page it leads to
    useShares({ organizationId, cursor: { cursor: 'abc' } });
  });
});
