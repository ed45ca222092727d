// The URL writer the recipes build on (stories/support/useLatestSearchParams.ts): each write starts from the latest
// URL asked for, so two writes before a render keep both, and a URL that came from elsewhere (Back) is the new start.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLatestSearchParams } from '../../stories/support/useLatestSearchParams';

const set = (name: string, value: string) => (latest: URLSearchParams) => {
  latest.set(name, value);
  return latest;
};

function Writers() {
  const [, update] = useLatestSearchParams();
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <button type="button" onClick={() => (update(set('sort', 'name')), update(set('q', 'acme')))}>
        Latest
      </button>
      <button type="button" onClick={() => (setSearchParams(set('sort', 'name')), setSearchParams(set('q', 'acme')))}>
        Rendered
      </button>
      <button type="button" onClick={() => update(set('size', '50'))}>
        Size
      </button>
      <output aria-label="URL">{useLocation().search}</output>
    </>
  );
}

const start = (search = '') => {
  const router = createMemoryRouter([{ path: '/', element: <Writers /> }], { initialEntries: [`/${search}`] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('useLatestSearchParams', () => {
  it('builds a second write in the same handler on the first, where setSearchParams(fn) undoes it', async () => {
    const router = start();
    await userEvent.click(screen.getByRole('button', { name: 'Rendered' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=acme'));
    await router.navigate('/');
    // The navigation renders in a transition, as late as a loaded machine makes it, and a write starts from the URL
    // on screen: both writes below start once the screen shows the new start.
    await waitFor(() => expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&q=acme'));
    expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?sort=name&q=acme');
  });

  it('starts from the URL on screen once it came from elsewhere (Back)', async () => {
    const router = start('?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&sort=name&q=acme'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?page=2&sort=name'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('status', { name: 'URL' }).textContent).toBe('?page=2'));
    await userEvent.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=50'));
  });
});
