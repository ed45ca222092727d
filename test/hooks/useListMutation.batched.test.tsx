import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyManager } from '@tanstack/react-query';
import type { SortEntry } from '../../src/client/index';
import { useListMutation, useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { listOverHttp } from './listOverHttp';
import { createWrapper } from './support';

// What a write refetches, with TanStack's notifications to components held back (its documented
// `notifyManager.setScheduler`): the requests a write makes must not depend on the renders between them.

const { globex } = demoOrganizationIds;
// `idle` reads the cache, not a render.
const { service, client, queryClient, requestsSince, namesShown, settled: idle } = listOverHttp();
afterEach(() => notifyManager.setScheduler((run) => setTimeout(run, 0)));

function SharesTable({ sort }: { sort?: SortEntry[] }) {
  const shares = useShares<MockShare>({ organizationId: globex, defaultPageSize: 10, ...(sort ? { sort } : {}) });
  const write = useListMutation<MockShare>('shares', { organizationId: globex });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id} data-name={share.name}>
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
          </li>
        ))}
      </ul>
      <button onClick={() => write.mutate({ type: 'create', body: { name: 'aaa-first' } })}>New share</button>
      <Pagination {...shares.pagination} />
    </>
  );
}

/**
 * Holds every notification TanStack schedules until `release()`: the components see the write's whole aftermath in
 * one batch, as a loaded browser or a fast local service may give it.
 */
function holdNotifications() {
  const held: Array<() => void> = [];
  notifyManager.setScheduler((run) => void held.push(run));
  return {
    release: () =>
      act(() => {
        notifyManager.setScheduler((run) => setTimeout(run, 0));
        for (const run of held.splice(0)) run();
      }),
  };
}

async function showPage(page: number, sort?: SortEntry[]) {
  render(<SharesTable {...(sort ? { sort } : {})} />, { wrapper: createWrapper(queryClient(), client()) });
  await waitFor(() => expect(namesShown()).toHaveLength(10));
  if (page > 1) {
    await userEvent.click(screen.getByRole('button', { name: `Page ${page}` }));
    await waitFor(() =>
      expect(namesShown()[0]).toMatch(new RegExp(`-${String((page - 1) * 10 + 1).padStart(5, '0')}$`)),
    );
  }
  await idle();
}

describe('what a write refetches does not wait for a render', () => {
  it('a delete on page 2 of 3 asks page 2 and page 3 again', async () => {
    await showPage(2);
    const mark = service.requests.length;
    const notifications = holdNotifications();
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-design-00013' }));
    await idle();
    notifications.release();
    await idle();
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=1', 'GET page=2']);
    expect(namesShown()).toEqual(
      service
        .rows(globex, 'shares')!
        .slice(10, 20)
        .map((row) => row.name),
    );
  });

  it('a create under a sort asks the page on screen and the next page again', async () => {
    await showPage(1, [{ id: 'name', desc: false }]);
    const mark = service.requests.length;
    const notifications = holdNotifications();
    await userEvent.click(screen.getByRole('button', { name: 'New share' }));
    await idle();
    notifications.release();
    await idle();
    expect(requestsSince(mark)).toEqual(['POST', 'GET page=0', 'GET page=1']);
    expect(namesShown()[0]).toBe('aaa-first');
  });

  it('a refused write asks the page on screen and the next page again', async () => {
    await showPage(1);
    service.fail({ status: 409, method: 'DELETE' });
    const mark = service.requests.length;
    const notifications = holdNotifications();
    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    await idle();
    notifications.release();
    await idle();
    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=0', 'GET page=1']);
    expect(namesShown()[0]).toBe('globex-finance-00001');
  });
});
