// The URL-state recipe (stories/support/useUrlPagination.ts, README "Page and size in the URL"): React Router's
// search params hold page and size; moves push, invalid values are replaced; Back and Forward move pages.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from '../../src/pagination/index';
import { urlPageSizes, useUrlPagination } from '../../stories/support/useUrlPagination';

function Page() {
  const url = useUrlPagination();
  return (
    <Pagination
      total={437}
      current={url.page}
      pageSize={url.pageSize}
      pageSizeOptions={urlPageSizes}
      onChange={url.onChange}
    />
  );
}

const start = (search: string) => {
  const router = createMemoryRouter([{ path: '/shares', element: <Page /> }], { initialEntries: [`/shares${search}`] });
  render(<RouterProvider router={router} />);
  return router;
};
const current = () => screen.getAllByRole('button').find((b) => b.getAttribute('aria-current') === 'page');

describe('page and size in the URL', () => {
  it.each([
    ['?page=abc', '', 'Page 1'],
    ['?page=-1', '', 'Page 1'],
    ['?page=0', '', 'Page 1'],
    ['?page=2.5', '', 'Page 1'],
    ['?page=3&size=7', '?page=3', 'Page 3'],
    ['?page=007&size=50', '?page=7&size=50', 'Page 7'],
  ])('corrects %s to "%s" with a replace, not a push', async (search, corrected, shown) => {
    const router = start(search);
    await waitFor(() => expect(router.state.location.search).toBe(corrected));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(current()).toHaveAccessibleName(shown);
  });

  it('leaves valid and missing values alone', () => {
    const router = start('?page=4&size=50&q=nfs');
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe('?page=4&size=50&q=nfs');
    expect(current()).toHaveAccessibleName('Page 4');
  });

  it('pushes each move, keeps other params, and Back/Forward move pages', async () => {
    const user = userEvent.setup();
    const router = start('?q=nfs');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.search).toBe('?q=nfs&page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '50');
    expect(router.state.location.search).toBe('?q=nfs&size=50');
    await act(() => router.navigate(-1));
    expect(current()).toHaveAccessibleName('Page 2');
    await act(() => router.navigate(-1));
    expect(current()).toHaveAccessibleName('Page 1');
    await act(() => router.navigate(1));
    expect(current()).toHaveAccessibleName('Page 2');
    expect(router.state.location.search).toBe('?q=nfs&page=2');
  });

  it('after a correction, Back does not return to the invalid URL', async () => {
    const user = userEvent.setup();
    const router = start('?page=abc');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
  });
});
