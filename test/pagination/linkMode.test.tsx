// Link mode (getPageHref + linkComponent): real <a href> items that leave modified clicks to the browser and
// keep plain clicks in the app, with a plain <a>, React Router 7's Link and a Next.js-style Link.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../src/pagination/index';
import { NextStyleLink } from '../../stories/support/NextStyleLink';
import { RouterLink } from '../../stories/support/RouterLink';

const link = (name: string) => screen.getByRole('link', { name });
const href = (n: number) => `/shares?page=${n}`;

describe('Pagination link mode', () => {
  it('renders pages and arrows as links; the current page says aria-current, unavailable arrows are aria-disabled without href', () => {
    render(<Pagination total={437} defaultCurrent={1} getPageHref={href} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(link('Page 1')).toHaveAttribute('aria-current', 'page');
    expect(link('Page 1')).toHaveAttribute('href', '/shares?page=1');
    expect(link('Page 22')).toHaveAttribute('href', '/shares?page=22');
    expect(link('Next page')).toHaveAttribute('href', '/shares?page=2');
    expect(link('Last page')).toHaveAttribute('href', '/shares?page=22');
    for (const name of ['First page', 'Previous page']) {
      expect(link(name)).toHaveAttribute('aria-disabled', 'true');
      expect(link(name)).not.toHaveAttribute('href');
    }
  });

  it('calls onChange once on a plain click and prevents the default', () => {
    const onChange = vi.fn();
    render(<Pagination total={437} getPageHref={href} onChange={onChange} />);
    expect(fireEvent.click(link('Page 2'))).toBe(false);
    expect(onChange.mock.calls).toEqual([[2, 20]]);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['middle', { button: 1 }],
  ])('leaves a %s click to the browser: no onChange, default not prevented', (_, init) => {
    const onChange = vi.fn();
    render(<Pagination total={437} getPageHref={href} onChange={onChange} />);
    expect(fireEvent.click(link('Page 2'), init)).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('follows Enter on a focused link like a click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} getPageHref={href} onChange={onChange} />);
    link('Next page').focus();
    await user.keyboard('{Enter}');
    expect(onChange.mock.calls).toEqual([[2, 20]]);
  });

  it('drops every href when disabled, and calls nothing', () => {
    const onChange = vi.fn();
    render(<Pagination total={437} getPageHref={href} disabled onChange={onChange} />);
    for (const a of screen.getAllByRole('link')) expect(a).not.toHaveAttribute('href');
    expect(fireEvent.click(link('Page 2'))).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it.each([
    ['on the first page', { defaultCurrent: 1 }, ['First page', 'Previous page']],
    ['on the last page', { defaultCurrent: 22 }, ['Next page', 'Last page']],
    ['with no rows yet (total 0)', { total: 0 }, ['First page', 'Previous page', 'Next page', 'Last page']],
  ])(
    'never renders linkComponent without an href %s: unavailable arrows are plain <a> elements',
    (_, extra, unavailable) => {
      // Like next/link, which throws when its href is missing.
      const hrefs: unknown[] = [];
      function StrictLink({ href: to, ...rest }: { href?: unknown } & object) {
        if (typeof to !== 'string') throw new TypeError('The prop `href` expects a `string` or `object` in `<Link>`');
        hrefs.push(to);
        return <a {...rest} href={to} data-router-link="" />;
      }
      render(<Pagination total={437} getPageHref={href} linkComponent={StrictLink} {...extra} />);
      for (const name of unavailable) {
        expect(link(name)).toHaveAttribute('aria-disabled', 'true');
        expect(link(name)).not.toHaveAttribute('href');
        expect(link(name)).not.toHaveAttribute('data-router-link');
      }
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.every((to) => typeof to === 'string')).toBe(true);
    },
  );

  it('renders no linkComponent at all while disabled', () => {
    const StrictLink = vi.fn(() => {
      throw new TypeError('The prop `href` expects a `string` or `object` in `<Link>`');
    });
    render(<Pagination total={437} getPageHref={href} linkComponent={StrictLink} disabled />);
    expect(StrictLink).not.toHaveBeenCalled();
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
  });

  it("works with React Router's Link: hrefs from the router, a plain click moves ?page= through onChange", async () => {
    const user = userEvent.setup();
    function Routed() {
      const [params, setParams] = useSearchParams();
      const location = useLocation();
      return (
        <>
          <Pagination
            total={437}
            current={Number(params.get('page') ?? 1)}
            getPageHref={href}
            linkComponent={RouterLink}
            onChange={(n) => setParams({ page: String(n) })}
          />
          <p data-testid="location">{location.pathname + location.search}</p>
        </>
      );
    }
    render(
      <MemoryRouter basename="/app" initialEntries={['/app/shares?page=3']}>
        <Routed />
      </MemoryRouter>,
    );
    // The router resolves the basename into the rendered href.
    expect(link('Page 4')).toHaveAttribute('href', '/app/shares?page=4');
    await user.click(link('Page 4'));
    expect(screen.getByTestId('location')).toHaveTextContent('/shares?page=4');
    expect(link('Page 4')).toHaveAttribute('aria-current', 'page');
    // A Ctrl-click is the browser's: the router does not navigate either.
    expect(fireEvent.click(link('Page 5'), { ctrlKey: true })).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/shares?page=4');
  });

  it('works with a Next.js-style Link: onChange navigates, the link does not push on its own; modified clicks neither', async () => {
    const user = userEvent.setup();
    const push = vi.fn();
    const onChange = vi.fn();
    function App() {
      const [page, setPage] = useState(1);
      return (
        <Pagination
          total={437}
          current={page}
          getPageHref={(n) => `?page=${n}`}
          linkComponent={(props: object) => <NextStyleLink {...props} push={push} />}
          onChange={(n, size) => {
            onChange(n, size);
            setPage(n);
          }}
        />
      );
    }
    render(<App />);
    await user.click(link('Next page'));
    expect(onChange.mock.calls).toEqual([[2, 20]]);
    expect(link('Page 2')).toHaveAttribute('aria-current', 'page');
    expect(push).not.toHaveBeenCalled();
    expect(fireEvent.click(link('Page 3'), { metaKey: true })).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();
  });
});
