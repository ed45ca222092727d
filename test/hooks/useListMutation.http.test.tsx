import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import type { SortEntry } from '../../src/client/index';
import {
  sharesQueryOptions,
  useInfiniteShares,
  useListMutation,
  useShares,
  useSuspenseShares,
} from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { listOverHttp } from './listOverHttp';
import { createWrapper } from './support';

// The mutation hook beside the list hooks, against the mock service over real HTTP on 127.0.0.1 (no MSW).

const { globex } = demoOrganizationIds;
const { service, client, queryClient, requestsSince, namesShown, settled } = listOverHttp();

/** A paged shares table with a delete and a rename button per row, and the write's error in an alert. */
function SharesTable({ sort }: { sort?: SortEntry[] }) {
  const shares = useShares<MockShare>({ organizationId: globex, defaultPageSize: 10, ...(sort ? { sort } : {}) });
  const write = useListMutation<MockShare>('shares', { organizationId: globex });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id} data-name={share.name}>
            {share.name}
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
            <button onClick={() => write.mutate({ type: 'update', id: share.id, body: { name: `${share.name}-x` } })}>
              Rename {share.name}
            </button>
          </li>
        ))}
      </ul>
      <button onClick={() => write.mutate({ type: 'create', body: { name: 'aaa-first' } })}>New share</button>
      {write.error && <p role="alert">{write.error.message}</p>}
      <Pagination {...shares.pagination} />
    </>
  );
}

function renderTable(props: { sort?: SortEntry[] } = {}) {
  return render(<SharesTable {...props} />, { wrapper: createWrapper(queryClient(), client()) });
}

async function goTo(page: number) {
  await userEvent.click(screen.getByRole('button', { name: `Page ${page}` }));
  await settled();
}

describe('a paged table', () => {
  it('deleting the only row of the last page shows the page before, with one request (the DELETE)', async () => {
    service.deleteRows(globex, 'shares', 2); // 21 rows: page 3 of 10 holds one
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await goTo(2);
    await goTo(3);
    expect(namesShown()).toEqual(['globex-finance-00021']);
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00021' }));
    await settled();

    expect(namesShown()[0]).toMatch(/-00011$/);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    expect(requestsSince(mark)).toEqual(['DELETE']);
  });

  it('deleting a row on page 2 of 3 keeps 10 rows there at once, and all pages together list the service rows', async () => {
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await goTo(2); // page 3 is prefetched
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-design-00013' }));
    // Before the service answered: the row is gone and page 3's first row moved up.
    await waitFor(() => expect(namesShown()).not.toContain('globex-design-00013'));
    expect(namesShown()).toHaveLength(10);
    expect(namesShown().at(-1)).toBe('globex-finance-00021');
    gate.release();
    await settled();

    expect(namesShown()).toHaveLength(10);
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=1', 'GET page=2']);
    const seen = [...namesShown()];
    await goTo(3);
    seen.push(...namesShown());
    await goTo(1);
    seen.unshift(...namesShown());
    expect(seen).toEqual(service.rows(globex, 'shares')!.map((row) => row.name));
  });

  it('an update in place refetches the page on screen once and no other page', async () => {
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await goTo(2);
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Rename globex-projects-00012' }));
    expect(namesShown()).toContain('globex-projects-00012-x');
    await settled();

    expect(namesShown()).toContain('globex-projects-00012-x');
    expect(requestsSince(mark)).toEqual(['PATCH', 'GET page=1']);
    const page = (n: number) =>
      sharesQueryOptions({ client: client(), organizationId: globex, pageSize: 10, page: n }).queryKey;
    expect(queryClient().getQueryState(page(1))!.isInvalidated).toBe(false);
    expect(queryClient().getQueryState(page(3))!.isInvalidated).toBe(false);
  });

  it('a create under a sort shows the row where the service puts it', async () => {
    renderTable({ sort: [{ id: 'name', desc: false }] });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await settled();
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'New share' }));
    await waitFor(() => expect(namesShown()[0]).toBe('aaa-first'));
    await settled();
    // The write, the page on screen, then the next page (stale now) as the table prefetches it.
    expect(requestsSince(mark)).toEqual(['POST', 'GET page=0', 'GET page=1']);
  });

  it('a write while page 3 is loading: the page that lands does not undo it', async () => {
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await goTo(2);
    await goTo(3);
    // Page 3 is fetched again, held at the service, and a row of it is deleted meanwhile.
    const gate = createGate();
    let held = 0;
    service.setLatency(({ method, page }) => (method === 'GET' && page === 2 && held++ === 0 ? gate.held : 0));
    const seen: string[][] = [];
    const page3 = sharesQueryOptions({ client: client(), organizationId: globex, pageSize: 10, page: 3 }).queryKey;
    const unsubscribe = queryClient()
      .getQueryCache()
      .subscribe(() => {
        const data = queryClient().getQueryData(page3) as { items: MockShare[] } | undefined;
        if (data) seen.push(data.items.map((row) => row.name));
      });
    const mark = service.requests.length;
    void queryClient().invalidateQueries({ queryKey: page3 });
    await waitFor(() => expect(held).toBe(1));

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-projects-00022' }));
    await waitFor(() => expect(namesShown()).toEqual(['globex-finance-00021', 'globex-design-00023']));
    act(() => gate.release());
    await settled();
    unsubscribe();

    expect(namesShown()).toEqual(['globex-finance-00021', 'globex-design-00023']);
    const removedAt = seen.findIndex((names) => !names.includes('globex-projects-00022'));
    expect(removedAt).toBeGreaterThan(-1);
    expect(seen.slice(removedAt).every((names) => !names.includes('globex-projects-00022'))).toBe(true);
    // The held fetch (cancelled), the write, and page 3 asked again after it.
    expect(requestsSince(mark)).toEqual(['GET page=2', 'DELETE', 'GET page=2']);
  });

  it('two deletes at once refetch the page on screen once, after the last', async () => {
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await settled();
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    const mark = service.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-projects-00002' }));
    await waitFor(() => expect(namesShown()[0]).toBe('globex-design-00003'));
    gate.release();
    await settled();
    expect(namesShown()).toEqual(
      service
        .rows(globex, 'shares')!
        .slice(0, 10)
        .map((row) => row.name),
    );
    expect(requestsSince(mark)).toEqual(['DELETE', 'DELETE', 'GET page=0', 'GET page=1']);
  });

  it('a failing write rolls back and shows its error', async () => {
    renderTable();
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await settled();
    const before = namesShown();
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    service.fail({ status: 409, method: 'DELETE' });
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    await waitFor(() => expect(namesShown()).not.toContain('globex-finance-00001'));
    gate.release();

    expect(await screen.findByRole('alert')).toHaveTextContent('409');
    await settled();
    expect(namesShown()).toEqual(before);
    expect(service.rows(globex, 'shares')).toHaveLength(23);
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=0', 'GET page=1']);
  });
});

describe('other forms of the list', () => {
  function LoadMore() {
    const shares = useInfiniteShares<MockShare>({ organizationId: globex, pageSize: 5 });
    const write = useListMutation<MockShare>('shares', { organizationId: globex });
    return (
      <>
        <ul aria-label="Shares">
          {shares.rows.map((share) => (
            <li key={share.id} data-name={share.name}>
              <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
            </li>
          ))}
        </ul>
        <button onClick={shares.loadMore} disabled={!shares.hasNextPage}>
          Load more
        </button>
      </>
    );
  }

  it('a load-more list neither repeats nor skips a row after a delete', async () => {
    render(<LoadMore />, { wrapper: createWrapper(queryClient(), client()) });
    await waitFor(() => expect(namesShown()).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(namesShown()).toHaveLength(10));

    const mark = service.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-backups-00004' }));
    await settled();
    expect(namesShown()).toHaveLength(10);
    // The write, then the two pages loaded, asked again in order (the next is asked for by number after the change).
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=0', 'GET page=1']);
    while (!screen.getByRole('button', { name: 'Load more' }).hasAttribute('disabled')) {
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await settled();
    }
    expect(namesShown()).toEqual(service.rows(globex, 'shares')!.map((row) => row.name));
  });

  function SuspenseTable() {
    const shares = useSuspenseShares<MockShare>({ organizationId: globex, defaultPageSize: 10 });
    const write = useListMutation<MockShare>('shares', { organizationId: globex });
    return (
      <ul aria-label="Shares">
        {shares.data.items.map((share) => (
          <li key={share.id} data-name={share.name}>
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
          </li>
        ))}
      </ul>
    );
  }

  it('the Suspense form keeps its page size through a delete, from the same cached pages', async () => {
    render(
      <Suspense fallback={<p>Loading</p>}>
        <SuspenseTable />
      </Suspense>,
      { wrapper: createWrapper(queryClient(), client()) },
    );
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await settled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    await settled();
    expect(namesShown()).toEqual(
      service
        .rows(globex, 'shares')!
        .slice(0, 10)
        .map((row) => row.name),
    );
  });

  it('patches every cached sort and page size of the list, and marks stale what it cannot place', async () => {
    const options = (pageSize: number, sort: SortEntry[], page = 1) =>
      sharesQueryOptions<MockShare>({ client: client(), organizationId: globex, pageSize, sort, page });
    const byName = [{ id: 'name', desc: true }];
    await queryClient().query(options(10, []));
    await queryClient().query(options(5, []));
    await queryClient().query(options(10, byName));
    await queryClient().query(options(10, byName, 3));
    const target = service.rows(globex, 'shares')![2]!;
    render(<Writer id={target.id} />, { wrapper: createWrapper(queryClient(), client()) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settled();

    for (const [size, sort] of [
      [10, []],
      [5, []],
    ] as const) {
      const page = queryClient().getQueryData(options(size, [...sort]).queryKey)!;
      expect(page.items.map((row) => row.id)).not.toContain(target.id);
      // The next page is not cached: nothing to pull up until the page is fetched again.
      expect(page.items).toHaveLength(size - 1);
      expect(page.total).toBe(22);
    }
    // Sorted by name descending, the row is on no cached page: page 1 holds rows before it and stays, page 3 (after a
    // page not cached, where the row may be) is marked stale.
    expect(queryClient().getQueryState(options(10, byName).queryKey)!.isInvalidated).toBe(false);
    expect(queryClient().getQueryState(options(10, byName, 3).queryKey)!.isInvalidated).toBe(true);
  });
});

function Writer({ id }: { id: string }) {
  const write = useListMutation('shares', { organizationId: globex });
  return <button onClick={() => write.mutate({ type: 'delete', id })}>Delete</button>;
}

it('the Suspense form moves to the page before when a delete empties the last page', async () => {
  service.deleteRows(globex, 'shares', 2); // 21 rows: page 3 of 10 holds one
  function LastPage() {
    const shares = useSuspenseShares<MockShare>({ organizationId: globex, defaultPageSize: 10, defaultPage: 3 });
    const write = useListMutation<MockShare>('shares', { organizationId: globex });
    return (
      <>
        <ul aria-label="Shares">
          {shares.data.items.map((share) => (
            <li key={share.id} data-name={share.name}>
              <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
            </li>
          ))}
        </ul>
        <Pagination {...shares.pagination} />
      </>
    );
  }
  render(
    <Suspense fallback={<p>Loading</p>}>
      <LastPage />
    </Suspense>,
    { wrapper: createWrapper(queryClient(), client()) },
  );
  await waitFor(() => expect(namesShown()).toEqual(['globex-finance-00021']));
  await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00021' }));
  await waitFor(() => expect(namesShown()[0]).toMatch(/-00011$/));
  await settled();
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});
