import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiClient, isInvalidArgumentError, type SortEntry } from '../../src/client/index';
import {
  applyListChange,
  useInfiniteShares,
  useListChanges,
  useListMutation,
  useShares,
  type ListChange,
} from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { listOverHttp } from './listOverHttp';
import { createWrapper } from './support';

// Rows other people change, applied to the cached pages with applyListChange and useListChanges, against the mock
// service over real HTTP on 127.0.0.1: what is shown at once, and what is asked again.

const { globex } = demoOrganizationIds;
const { service, server, client, queryClient, requestsSince, namesShown, settled } = listOverHttp();
const target = { resource: 'shares', organizationId: globex };

const serviceNames = (from: number, to: number) =>
  service
    .rows(globex, 'shares')!
    .slice(from, to)
    .map((row) => row.name);

/** A paged table that applies the mock's changes (`editRow`) as they are told, and deletes a row on a click. */
function SharesTable({ sort, live = true }: { sort?: SortEntry[]; live?: boolean }) {
  const shares = useShares<MockShare>({ organizationId: globex, defaultPageSize: 10, ...(sort ? { sort } : {}) });
  const write = useListMutation<MockShare>('shares', { organizationId: globex });
  useListChanges<MockShare>('shares', {
    organizationId: live ? globex : null,
    subscribe: (apply) => service.subscribe((change) => apply(change as ListChange<MockShare>)),
  });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id} data-name={share.name}>
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
          </li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </>
  );
}

async function showPage(page: number, props: { sort?: SortEntry[]; live?: boolean } = {}) {
  render(<SharesTable {...props} />, { wrapper: createWrapper(queryClient(), client()) });
  await waitFor(() => expect(namesShown()).toHaveLength(10));
  if (page > 1) await userEvent.click(screen.getByRole('button', { name: `Page ${page}` }));
  await settled();
}

const rowAt = (index: number) => service.rows(globex, 'shares')![index]!;

/** Holds the list's pages at the service until `release()`, to see what the cache shows before they come back. */
function holdPages() {
  const gate = createGate();
  service.setLatency(({ method }) => (method === 'GET' ? gate.held : 0));
  return () => act(() => gate.release());
}

describe('useListChanges: rows another person changes', () => {
  it('a rename on the page on screen shows at once, and asks that page again once', async () => {
    await showPage(2);
    const mark = service.requests.length;
    const release = holdPages();
    act(
      () => void service.editRow(globex, 'shares', { type: 'updated', id: rowAt(12).id, fields: { name: 'renamed' } }),
    );
    await waitFor(() => expect(namesShown()[2]).toBe('renamed'));
    release();
    await settled();
    expect(namesShown()).toEqual(serviceNames(10, 20));
    expect(requestsSince(mark)).toEqual(['GET page=1']);
  });

  it('a delete on page 2 of 3 keeps 10 rows there at once and asks page 2 and page 3 again', async () => {
    await showPage(2);
    const mark = service.requests.length;
    const release = holdPages();
    act(() => void service.editRow(globex, 'shares', { type: 'deleted', id: rowAt(12).id }));
    await waitFor(() => expect(namesShown()).not.toContain('globex-design-00013'));
    expect(namesShown()).toHaveLength(10);
    expect(namesShown().at(-1)).toBe('globex-finance-00021');
    release();
    await settled();
    expect(namesShown()).toEqual(serviceNames(10, 20));
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(requestsSince(mark)).toEqual(['GET page=1', 'GET page=2']);
  });

  it('a create is not guessed into place: the service says where it lands under the sort', async () => {
    await showPage(1, { sort: [{ id: 'name', desc: false }] });
    const before = namesShown();
    const mark = service.requests.length;
    act(() => void service.editRow(globex, 'shares', { type: 'created', row: { id: 'new-row', name: 'aaa-new' } }));
    expect(namesShown()).toEqual(before);
    await waitFor(() => expect(namesShown()[0]).toBe('aaa-new'));
    await settled();
    expect(requestsSince(mark)).toEqual(['GET page=0', 'GET page=1']);
  });

  it('a change while a write of the list is in flight is asked for once, after the write', async () => {
    await showPage(1);
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    const mark = service.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    act(
      () => void service.editRow(globex, 'shares', { type: 'updated', id: rowAt(4).id, fields: { name: 'renamed' } }),
    );
    await waitFor(() => expect(namesShown()).toContain('renamed'));
    gate.release();
    await settled();
    expect(namesShown()).toEqual(serviceNames(0, 10));
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=0', 'GET page=1']);
  });

  it('stops applying changes when the organization is taken away', async () => {
    const view = render(<SharesTable />, { wrapper: createWrapper(queryClient(), client()) });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await settled();
    view.rerender(<SharesTable live={false} />);
    const mark = service.requests.length;
    act(() => void service.editRow(globex, 'shares', { type: 'deleted', id: rowAt(0).id }));
    await settled();
    expect(namesShown()[0]).toBe('globex-finance-00001');
    expect(requestsSince(mark)).toEqual([]);
  });
});

describe('applyListChange', () => {
  function LoadMore() {
    const shares = useInfiniteShares<MockShare>({ organizationId: globex, pageSize: 10 });
    return (
      <>
        <ul aria-label="Shares">
          {shares.rows.map((share) => (
            <li key={share.id} data-name={share.name} />
          ))}
        </ul>
        <button onClick={shares.loadMore}>More</button>
      </>
    );
  }

  it('takes a deleted row out of a "load more" list and asks its loaded pages again in order', async () => {
    render(<LoadMore />, { wrapper: createWrapper(queryClient(), client()) });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(namesShown()).toHaveLength(20));
    await settled();
    const mark = service.requests.length;
    const { id } = rowAt(3);
    service.editRow(globex, 'shares', { type: 'deleted', id });
    await act(() => applyListChange(queryClient(), target, { type: 'deleted', id }));
    await waitFor(() => expect(namesShown()).toEqual(serviceNames(0, 20)));
    expect(requestsSince(mark)).toEqual(['GET page=0', 'GET page=1']);
  });

  it('changes only the pages of the client given, when one is', async () => {
    await showPage(1, { live: false });
    const other = createApiClient({ baseUrl: server().baseUrl, id: 'another-user' });
    const mark = service.requests.length;
    await act(() =>
      applyListChange(
        queryClient(),
        { ...target, client: other },
        { type: 'updated', row: { id: rowAt(0).id, name: 'x' } },
      ),
    );
    expect(namesShown()[0]).toBe('globex-finance-00001');
    expect(requestsSince(mark)).toEqual([]);
  });

  it.each([
    ['resource', { ...target, resource: 'a/b' }, { type: 'deleted', id: 'x' }],
    ['organizationId', { ...target, organizationId: 'globex/acme' }, { type: 'deleted', id: 'x' }],
    ['change.type', target, { type: 'renamed', id: 'x' }],
    ['change.id', target, { type: 'deleted' }],
    ['change.row', target, { type: 'updated', row: { name: 'no id' } }],
  ])('refuses a bad `%s` with the argument error, leaving the cache alone', async (argument, where, change) => {
    await showPage(1, { live: false });
    const mark = service.requests.length;
    const error = await applyListChange(queryClient(), where as never, change as never).catch((e: unknown) => e);
    expect(isInvalidArgumentError(error) && error.argument).toBe(argument);
    expect(
      queryClient()
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.isInvalidated }),
    ).toEqual([]);
    expect(requestsSince(mark)).toEqual([]);
  });
});
