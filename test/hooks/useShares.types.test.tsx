import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { expect, expectTypeOf, it } from 'vitest';
import { environmentsQueryOptions, sharesQueryOptions, useEnvironments, useShares } from '../../src/hooks/index';
import type { PagedResourceOptions } from '../../src/hooks/index';
import type { QueryPagination } from '../../src/hooks/types';
import { Pagination } from '../../src/pagination/index';
import type { PaginationProps } from '../../src/pagination/index';
import { createTestQueryClient, createWrapper, demoOrganizationIds, setupMockService } from './support';

const { client } = setupMockService();

// Declared as interfaces, as apps do: they have no index signature, and the hooks must still accept them.
interface MyShare {
  id: string;
  name: string;
  protocol: 'NFS' | 'SMB';
}
interface MyEnvironment {
  id: string;
  region: string;
}

function MyShares() {
  const shares = useShares<MyShare>({ organizationId: demoOrganizationIds.acme, prefetchNext: false });
  const environments = useEnvironments<MyEnvironment>({
    organizationId: demoOrganizationIds.acme,
    prefetchNext: false,
  });
  expectTypeOf(shares.data?.items).toEqualTypeOf<MyShare[] | undefined>();
  expectTypeOf(environments.data?.items).toEqualTypeOf<MyEnvironment[] | undefined>();
  expectTypeOf(shares.pagination).toExtend<PaginationProps>();
  return (
    <>
      <ul aria-label="My shares">
        {shares.data?.items.map((share) => (
          <li key={share.id}>{`${share.name} (${share.protocol})`}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </>
  );
}

it('types data.items with an interface the app declares, and the spread pagination as Pagination props', async () => {
  render(<MyShares />, { wrapper: createWrapper(createTestQueryClient(), client) });
  const rows = () => within(screen.getByRole('list', { name: 'My shares' })).queryAllByRole('listitem');
  await waitFor(() => expect(rows()).toHaveLength(20));
  expect(rows()[0]).toHaveTextContent(/^acme-[a-z]+-00001 \((NFS|SMB)\)$/);
  expectTypeOf<QueryPagination>().toExtend<PaginationProps>();
});

it('types the query options of an app interface for useQuery', async () => {
  const { result } = renderHook(
    () => useQuery(sharesQueryOptions<MyShare>({ client, organizationId: demoOrganizationIds.acme })),
    { wrapper: createWrapper(createTestQueryClient()) },
  );
  expectTypeOf(result.current.data?.items).toEqualTypeOf<MyShare[] | undefined>();
  expectTypeOf(environmentsQueryOptions<MyEnvironment>({ client, organizationId: null }).queryKey).toExtend<
    readonly unknown[]
  >();
  await waitFor(() => expect(result.current.data?.items[0]?.name).toMatch(/-00001$/));
});

it('offers no initialData: one page of data would stand in for every page, page size and organization', () => {
  expectTypeOf<PagedResourceOptions>().not.toHaveProperty('initialData');
  expectTypeOf<PagedResourceOptions>().not.toHaveProperty('initialDataUpdatedAt');
  expectTypeOf<Parameters<typeof useEnvironments>[0]>().not.toHaveProperty('initialData');
  expectTypeOf<PagedResourceOptions>().toHaveProperty('gcTime');
});
