import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Pagination, type PaginationProps } from '../../src/pagination/index';
import { germanLabels } from '../../stories/support/germanLabels';

const page = (n: number | string) => screen.getByRole('button', { name: `Page ${n}` });
const button = (name: string) => screen.getByRole('button', { name });
const pageNames = () => screen.getAllByRole('button', { name: /^Page / }).map((b) => b.getAttribute('aria-label'));

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

describe('Pagination: DOM and accessibility contract', () => {
  it('renders a nav labelled "Pagination" with data-size and the merged className', () => {
    render(<Pagination total={100} className="mine" size="lg" />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveAttribute('data-size', 'lg');
    expect(nav).toHaveClass('pw-pagination', 'mine');
  });

  it('uses size "sm" by default and the aria-label prop as the nav name', () => {
    render(<Pagination total={100} aria-label="Shares pages" />);
    expect(screen.getByRole('navigation', { name: 'Shares pages' })).toHaveAttribute('data-size', 'sm');
  });

  it('renders first, previous, one button per visible page, next and last as native buttons in that order', () => {
    render(<Pagination total={437} defaultCurrent={5} />);
    const names = within(screen.getByRole('list'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 22',
      'Next page',
      'Last page',
    ]);
    for (const b of screen.getAllByRole('button')) expect(b.tagName).toBe('BUTTON');
    expect(page(5)).toHaveTextContent(/^5$/);
  });

  it('marks only the current page with aria-current="page"', () => {
    render(<Pagination total={437} defaultCurrent={3} />);
    expect(page(3)).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('disables first and previous on page 1 and next and last on the last page', () => {
    const { rerender } = render(<Pagination total={100} current={1} />);
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    rerender(<Pagination total={100} current={5} />);
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
    expect(button('Previous page')).toBeEnabled();
  });

  it('renders ellipses that are hidden from assistive technology and take no focus', () => {
    const { container } = render(<Pagination total={1000} defaultCurrent={25} />);
    const ellipses = container.querySelectorAll('.pw-ellipsis');
    expect(ellipses).toHaveLength(2);
    for (const e of ellipses) {
      expect(e).toHaveAttribute('aria-hidden', 'true');
      expect(e.querySelector('button, [tabindex]')).toBeNull();
    }
  });

  it('offers the page sizes in a native select named "Items per page" with "20 / page" texts', () => {
    render(<Pagination total={100} />);
    const select = screen.getByRole('combobox', { name: 'Items per page' });
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('20');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['10', '10 / page'],
      ['20', '20 / page'],
      ['50', '50 / page'],
      ['100', '100 / page'],
    ]);
  });

  it('inserts a pageSize missing from pageSizeOptions in order', () => {
    render(<Pagination total={100} pageSize={30} pageSizeOptions={[50, 10, 20]} />);
    const options = within(screen.getByRole('combobox')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['10', '20', '30', '50']);
    expect(screen.getByRole('combobox')).toHaveValue('30');
  });

  it('hides the selector with showSizeChanger={false}', () => {
    render(<Pagination total={100} showSizeChanger={false} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows the range and the total with showTotal, formatted for the locale', () => {
    const { rerender } = render(<Pagination total={437} current={2} showTotal locale="en-US" />);
    expect(screen.getByText('21–40 of 437')).toBeInTheDocument();
    rerender(<Pagination total={12345} current={22} showTotal locale="en-US" />);
    expect(screen.getByText('421–440 of 12,345')).toBeInTheDocument();
    rerender(<Pagination total={437} current={22} showTotal locale="en-US" />);
    expect(screen.getByText('421–437 of 437')).toBeInTheDocument();
  });

  it('shows no total text while the total is unknown', () => {
    render(<Pagination current={3} showTotal />);
    expect(screen.queryByText(/ of /)).toBeNull();
    expect(page(3)).toHaveAttribute('aria-current', 'page');
    expect(button('Next page')).toBeDisabled();
  });

  it('shows no total text by default', () => {
    render(<Pagination total={437} />);
    expect(screen.queryByText(/of 437/)).toBeNull();
  });

  it('announces the new page in a polite live region after a change, not on first render', async () => {
    const user = userEvent.setup();
    render(<Pagination total={437} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    await user.click(page(3));
    expect(status).toHaveTextContent('Page 3 of 22');
  });

  it('announces a return to the first page shown', async () => {
    const user = userEvent.setup();
    render(<Pagination total={437} />);
    await user.click(page(2));
    await user.click(page(1));
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 22');
  });

  it('keeps the announced page count true when the total changes after a move', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Pagination total={437} />);
    await user.click(page(2));
    rerender(<Pagination total={500} />);
    expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 25');
  });

  it('announces nothing while only the total changes before any move (data loading)', () => {
    const { rerender } = render(<Pagination total={0} />);
    rerender(<Pagination total={437} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('rewords the status when the labels change language', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Pagination total={437} />);
    await user.click(page(2));
    rerender(<Pagination total={437} labels={{ status: (page, count) => `Seite ${page} von ${count}` }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Seite 2 von 22');
  });

  it('renders once per page change after the first: the live region needs no second render', async () => {
    const user = userEvent.setup();
    const pageLabel = vi.fn((n: string) => `Page ${n}`);
    const labels = { page: pageLabel };
    render(<Pagination total={437} defaultCurrent={10} labels={labels} />);
    // The first change switches the live region on for good, as state: React re-runs that one render at once.
    await user.click(button('Next page'));
    pageLabel.mockClear();
    await user.click(button('Next page'));
    expect(screen.getByRole('status')).toHaveTextContent('Page 12 of 22');
    // One call per page button means one render of the control.
    expect(pageLabel).toHaveBeenCalledTimes(pageNames().length);
  });

  it('shows page 1 with all navigation disabled and the selector usable when total is 0', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={0} onChange={onChange} />);
    expect(pageNames()).toEqual(['Page 1']);
    expect(page(1)).toHaveAttribute('aria-current', 'page');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) expect(button(name)).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox'), '50');
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });

  it('translates every string through labels and formats numbers with locale', async () => {
    const user = userEvent.setup();
    render(<Pagination total={123456} defaultCurrent={1200} showTotal locale="de-DE" labels={germanLabels} />);
    expect(screen.getByRole('navigation', { name: 'Seitennavigation' })).toBeInTheDocument();
    for (const name of ['Erste Seite', 'Vorherige Seite', 'Nächste Seite', 'Letzte Seite']) button(name);
    expect(screen.getByRole('button', { name: 'Seite 1.200' })).toHaveTextContent('1.200');
    expect(screen.getByRole('button', { name: 'Seite 6.173' })).toHaveTextContent('6.173');
    expect(screen.getByText('23.981–24.000 von 123.456')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Einträge pro Seite' })).toHaveTextContent('20 / Seite');
    await user.click(button('Nächste Seite'));
    expect(screen.getByRole('status')).toHaveTextContent('Seite 1.201 von 6.173');
  });

  it('falls back to English for labels it is not given or given as undefined', () => {
    render(<Pagination total={100} labels={{ next: 'Weiter', previous: undefined, page: undefined }} />);
    page(1);
    button('Weiter');
    button('Previous page');
  });

  it('accepts strings for function labels, as templates with {page}, {size}, {from}, {to}, {total}, {pageCount}', async () => {
    const user = userEvent.setup();
    // As read from a JSON translation file: strings where functions are expected.
    const json = {
      page: 'Seite {page}',
      pageSizeOption: '{size} pro Seite',
      total: '{from}–{to} von {total}',
      status: 'Seite {page} von {pageCount}',
    } as unknown as PaginationProps['labels'];
    render(<Pagination total={437} showTotal locale="de-DE" labels={json} />);
    expect(screen.getByRole('button', { name: 'Seite 22' })).toHaveTextContent('22');
    expect(screen.getByText('1–20 von 437')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveTextContent('20 pro Seite');
    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    expect(screen.getByRole('status')).toHaveTextContent('Seite 2 von 22');
  });

  it('uses a string without placeholders for a function label as it is, and keeps unknown placeholders', () => {
    const json = { page: 'Go', pageSizeOption: '{count} rows' } as unknown as PaginationProps['labels'];
    render(<Pagination total={100} labels={json} />);
    expect(screen.getAllByRole('button', { name: 'Go' })).toHaveLength(5);
    expect(screen.getByRole('combobox')).toHaveTextContent('{count} rows');
  });

  it('warns once per string given for a function label, naming the label', () => {
    const json = { page: 'Seite {page}', status: 'Seite {page}' } as unknown as PaginationProps['labels'];
    const { rerender } = render(<Pagination total={100} labels={json} />);
    rerender(<Pagination total={100} current={2} labels={{ ...json }} />);
    expect(warn.mock.calls.map((c) => String(c[0]).match(/`([\w.]+)`/)?.[1]).sort()).toEqual([
      'labels.page',
      'labels.status',
    ]);
    expect(warn).toHaveBeenCalledWith(
      '[pagewise] Pagination: invalid `labels.page` "Seite {page}"; using it as a template instead.',
    );
  });

  it('never throws for labels of the wrong type: falls back to English and warns naming the label', () => {
    const junk = {
      nav: 42,
      page: 7,
      total: {},
      status: null,
      next: () => 'Weiter',
    } as unknown as PaginationProps['labels'];
    render(<Pagination total={100} showTotal labels={junk} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    page(1);
    button('Next page');
    expect(screen.getByText('1–20 of 100')).toBeInTheDocument();
    expect(warn.mock.calls.map((c) => String(c[0]).match(/`([\w.]+)`/)?.[1]).sort()).toEqual([
      'labels.nav',
      'labels.next',
      'labels.page',
      'labels.total',
    ]);
  });

  it('never throws when labels itself is not an object', () => {
    render(<Pagination total={100} labels={'Seite' as unknown as PaginationProps['labels']} />);
    page(1);
    expect(warn).toHaveBeenCalledWith(
      '[pagewise] Pagination: invalid `labels` Seite; using the English labels instead.',
    );
  });

  it('does not warn about string labels in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      render(<Pagination total={100} labels={{ page: 'Seite {page}' } as unknown as PaginationProps['labels']} />);
      screen.getByRole('button', { name: 'Seite 1' });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Pagination: behaviour', () => {
  it('calls onChange exactly once per click, with the page and the page size', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} onChange={onChange} />);
    await user.click(page(3));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
    await user.click(button('Next page'));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(4, 20);
    await user.click(button('Last page'));
    expect(onChange).toHaveBeenLastCalledWith(22, 20);
    await user.click(button('Previous page'));
    expect(onChange).toHaveBeenLastCalledWith(21, 20);
    await user.click(button('First page'));
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('calls nothing when the current page is clicked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} current={4} onChange={onChange} />);
    await user.click(page(4));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('on a page-size change calls onSizeChange then onChange, once each, keeping the first item in view', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <Pagination
        total={437}
        defaultCurrent={3}
        onSizeChange={(c, s) => calls.push(`size ${c} ${s}`)}
        onChange={(p, s) => calls.push(`change ${p} ${s}`)}
      />,
    );
    // Page 3 of 20 starts at item 41; with 50 per page item 41 is on page 1.
    await user.selectOptions(screen.getByRole('combobox'), '50');
    expect(calls).toEqual(['size 1 50', 'change 1 50']);
    expect(page(1)).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the first item of the last page in view when that page is the last at the new size too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSizeChange = vi.fn();
    render(<Pagination total={437} current={22} pageSize={20} onChange={onChange} onSizeChange={onSizeChange} />);
    // floor(21 * 20 / 10) + 1 = 43: item 421 is on page 43 of the 44 pages of 10 (the clamp never bites for valid input).
    await user.selectOptions(screen.getByRole('combobox'), '10');
    expect(onSizeChange).toHaveBeenCalledWith(43, 10);
    expect(onChange).toHaveBeenCalledWith(43, 10);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves to the page that holds the first item when shrinking the page size', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} defaultCurrent={3} defaultPageSize={50} onChange={onChange} />);
    // Page 3 of 50 starts at item 101 → page floor(100 / 10) + 1 = 11 of 10.
    await user.selectOptions(screen.getByRole('combobox'), '10');
    expect(onChange).toHaveBeenCalledWith(11, 10);
    expect(page(11)).toHaveAttribute('aria-current', 'page');
  });

  it('keeps a controlled current until the parent changes it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Pagination total={437} current={2} onChange={onChange} />);
    await user.click(page(3));
    expect(onChange).toHaveBeenCalledWith(3, 20);
    expect(page(2)).toHaveAttribute('aria-current', 'page');
    rerender(<Pagination total={437} current={3} onChange={onChange} />);
    expect(page(3)).toHaveAttribute('aria-current', 'page');
  });

  it('keeps a controlled pageSize until the parent changes it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSizeChange = vi.fn();
    const ui = (pageSize: number) => (
      <Pagination total={437} pageSize={pageSize} onChange={onChange} onSizeChange={onSizeChange} />
    );
    const { rerender } = render(ui(20));
    await user.selectOptions(screen.getByRole('combobox'), '50');
    expect(onSizeChange).toHaveBeenCalledExactlyOnceWith(1, 50);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1, 50);
    expect(screen.getByRole('combobox')).toHaveValue('20');
    expect(page(22)).toBeInTheDocument();
    rerender(ui(50));
    expect(screen.getByRole('combobox')).toHaveValue('50');
    expect(page(9)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 22' })).toBeNull();
  });

  it('moves by itself when uncontrolled, starting at defaultCurrent and defaultPageSize', async () => {
    const user = userEvent.setup();
    render(<Pagination total={437} defaultCurrent={2} defaultPageSize={10} />);
    expect(page(2)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox')).toHaveValue('10');
    await user.click(button('Next page'));
    expect(page(3)).toHaveAttribute('aria-current', 'page');
  });

  it('reads defaultCurrent and defaultPageSize on mount only, like defaultValue; a new key applies new ones', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const ui = (defaultCurrent: number, defaultPageSize: number, key = 'a') => (
      <Pagination
        key={key}
        total={437}
        defaultCurrent={defaultCurrent}
        defaultPageSize={defaultPageSize}
        onChange={onChange}
      />
    );
    const { rerender } = render(ui(2, 20));
    await user.click(button('Next page'));
    expect(onChange).toHaveBeenCalledTimes(1);
    // Later defaults leave the user's page and size alone.
    rerender(ui(7, 50));
    expect(page(3)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox')).toHaveValue('20');
    // A new key (e.g. after navigation) remounts with the new defaults.
    rerender(ui(7, 50, 'b'));
    expect(page(7)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox')).toHaveValue('50');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('works with the server-side pattern: the parent passes current and total and refetches in onChange', async () => {
    const user = userEvent.setup();
    const shown: number[] = [];
    function Server() {
      const [state, setState] = useState({ current: 1, pageSize: 20, total: 437 });
      shown.push(state.current);
      return <Pagination {...state} onChange={(current, pageSize) => setState((s) => ({ ...s, current, pageSize }))} />;
    }
    render(<Server />);
    await user.click(button('Next page'));
    await user.click(page(3));
    expect(page(3)).toHaveAttribute('aria-current', 'page');
    // Every render shows the parent's page: no intermediate page, no flicker.
    expect(shown).toEqual([1, 2, 3]);
  });

  it('calls onChange once per action and warns once per prop under StrictMode', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <StrictMode>
        <Pagination total={437} pageSize={NaN} onChange={onChange} />
      </StrictMode>,
    );
    await user.click(button('Next page'));
    expect(onChange.mock.calls).toEqual([[2, 20]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('disables every control and calls nothing when disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onSizeChange = vi.fn();
    render(<Pagination total={437} defaultCurrent={5} disabled onChange={onChange} onSizeChange={onSizeChange} />);
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
    expect(screen.getByRole('combobox')).toBeDisabled();
    for (const b of screen.getAllByRole('button')) await user.click(b);
    await user.selectOptions(screen.getByRole('combobox'), '50').catch(() => {});
    expect(onChange).not.toHaveBeenCalled();
    expect(onSizeChange).not.toHaveBeenCalled();
  });

  it('renders the same number of page buttons for a trillion items as for a thousand', () => {
    const { unmount } = render(<Pagination total={1000 * 20} defaultCurrent={500} />);
    const small = pageNames().length;
    unmount();
    render(<Pagination total={1e12 * 20} defaultCurrent={5e11} />);
    expect(pageNames()).toHaveLength(small);
    expect(pageNames()).toEqual([
      'Page 1',
      'Page 499,999,999,999',
      'Page 500,000,000,000',
      'Page 500,000,000,001',
      'Page 1,000,000,000,000',
    ]);
  });
});

describe('Pagination: server rendering', () => {
  it('warns in effects only: a server render of bad props warns about nothing, the browser once per prop', () => {
    const ui = (
      <Pagination
        total={Number.NaN}
        current={-1}
        size={'xl' as 'sm'}
        locale="not a locale"
        labels={{ page: 'P {page}' } as unknown as PaginationProps['labels']}
      />
    );
    expect(renderToString(ui)).toContain('P 1');
    expect(warn).not.toHaveBeenCalled();
    render(ui);
    expect(warn.mock.calls.map(([line]) => String(line).match(/`([^`]+)`/)?.[1]).sort()).toEqual([
      'current',
      'labels.page',
      'locale',
      'size',
      'total',
    ]);
  });

  it('hydrates without a mismatch when the browser formats numbers differently from the server by default', async () => {
    const ui = <Pagination total={123_456} defaultCurrent={1200} showTotal />;
    const html = renderToString(ui);
    expect(html).toContain('23,981–24,000 of 123,456');
    // The browser formats numbers the German way by default.
    const NumberFormat = Intl.NumberFormat;
    const german = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      locales?: string | string[],
      options?: Intl.NumberFormatOptions,
    ) {
      return new NumberFormat(locales ?? 'de-DE', options);
    } as typeof Intl.NumberFormat);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(new Intl.NumberFormat().format(1200)).toBe('1.200');
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const recoverable = vi.fn();
      const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(html);
      act(() => root.unmount());
      container.remove();
    } finally {
      german.mockRestore();
      errors.mockRestore();
    }
  });
});

describe('Pagination: bad input', () => {
  const bad: Array<[string, Partial<PaginationProps>]> = [
    ['total NaN', { total: NaN }],
    ['total negative', { total: -5 }],
    ['total fractional', { total: 10.5 }],
    ['total Infinity', { total: Infinity }],
    ['total -Infinity', { total: -Infinity }],
    ['current NaN', { total: 100, current: NaN }],
    ['current negative', { total: 100, current: -3 }],
    ['current fractional', { total: 100, current: 2.5 }],
    ['current Infinity', { total: 100, current: Infinity }],
    ['current past the last page', { total: 100, current: 99 }],
    ['pageSize 0', { total: 100, pageSize: 0 }],
    ['pageSize NaN', { total: 100, pageSize: NaN }],
    ['pageSize negative', { total: 100, pageSize: -20 }],
    ['pageSize Infinity', { total: 100, pageSize: Infinity }],
    ['pageSize fractional', { total: 100, pageSize: 12.5 }],
    ['empty pageSizeOptions', { total: 100, pageSizeOptions: [] }],
    ['pageSizeOptions with junk', { total: 100, pageSizeOptions: [NaN, -1, 0, 10] }],
    ['siblingCount Infinity', { total: 100, siblingCount: Infinity }],
    ['boundaryCount NaN', { total: 100, boundaryCount: NaN }],
    ['locale that is not a language tag', { total: 100, locale: '!!' }],
    ['size that is not sm, md or lg', { total: 100, size: 'xl' as PaginationProps['size'] }],
  ];

  it.each(bad)('never throws for %s, shows a current page and warns once naming the prop', (_, props) => {
    const { rerender } = render(<Pagination {...props} />);
    rerender(<Pagination {...props} />);
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-current') === 'page')).toHaveLength(1);
    const [prop] = Object.entries(props).find(([k]) => k !== 'total' || Object.keys(props).length === 1)!;
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(new RegExp(`^\\[pagewise\\] .*\`${prop}\``));
  });

  it('never throws while warning about values that cannot become text (symbols, objects without a prototype)', () => {
    const odd = Object.create(null) as number;
    render(<Pagination total={odd} pageSizeOptions={[Symbol('size') as unknown as number, odd]} />);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      '[pagewise] Pagination: invalid `pageSizeOptions` [Symbol(size), [object Object]]; using [10, 20, 50, 100] instead.',
      '[pagewise] Pagination: invalid `total` [object Object]; using 0 instead.',
    ]);
  });

  it('keeps the page it reports within safe integers after a size change without a total', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination current={Infinity} onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox'), '10');
    expect(onChange).toHaveBeenCalledWith(Number.MAX_SAFE_INTEGER, 10);
  });

  it('names the value it received in the warning', () => {
    render(<Pagination total={NaN} />);
    expect(warn).toHaveBeenCalledWith('[pagewise] Pagination: invalid `total` NaN; using 0 instead.');
  });

  it('warns once per prop however often it re-renders with the same bad props', () => {
    const { rerender } = render(<Pagination total={NaN} pageSize={0} current={2.5} />);
    for (let i = 0; i < 5; i++) rerender(<Pagination total={NaN} pageSize={0} current={Number.NaN} />);
    expect(warn.mock.calls.map((c) => String(c[0]).match(/`(\w+)`/)?.[1]).sort()).toEqual([
      'current',
      'pageSize',
      'total',
    ]);
  });

  it('falls back to 10, 20, 50, 100 for empty pageSizeOptions', () => {
    render(<Pagination total={100} pageSizeOptions={[]} />);
    const options = within(screen.getByRole('combobox')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['10', '20', '50', '100']);
  });

  it('shows the last page for a current past the end', () => {
    render(<Pagination total={100} current={99} />);
    expect(page(5)).toHaveAttribute('aria-current', 'page');
  });

  it('lets the user choose the page shown for a current past the end: the caller hears of it once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={100} current={99} onChange={onChange} />);
    await user.click(page(5));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(5, 20);
  });

  it('uses size "sm" for an unknown size', () => {
    render(<Pagination total={100} size={'xl' as PaginationProps['size']} />);
    expect(screen.getByRole('navigation')).toHaveAttribute('data-size', 'sm');
  });

  it('does not warn for valid props', () => {
    render(
      <Pagination
        total={437}
        current={3}
        pageSize={50}
        pageSizeOptions={[10, 50]}
        siblingCount={2}
        boundaryCount={0}
        locale="fr-FR"
      />,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not warn in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      render(<Pagination total={NaN} />);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Pagination: digit strings, sizes the parent refuses, and root attributes', () => {
  it.each([
    [
      'current',
      { total: 100, current: '3' },
      '[pagewise] Pagination: invalid `current` "3" (a string); using 3 instead.',
      3,
    ],
    [
      'total',
      { total: '100', defaultCurrent: 5 },
      '[pagewise] Pagination: invalid `total` "100" (a string); using 100 instead.',
      5,
    ],
    [
      'pageSize',
      { total: 100, pageSize: '10', defaultCurrent: 10 },
      '[pagewise] Pagination: invalid `pageSize` "10" (a string); using 10 instead.',
      10,
    ],
  ] as const)(
    'reads a digit string %s (a URL param) as its number and warns quoting it as a string',
    (_, props, message, shown) => {
      render(<Pagination {...(props as unknown as PaginationProps)} />);
      expect(page(shown)).toHaveAttribute('aria-current', 'page');
      expect(warn.mock.calls).toEqual([[message]]);
    },
  );

  it('replaces a string that is not a plain count, quoting it', () => {
    render(<Pagination total={100} current={'-1' as unknown as number} size={'xl' as 'sm'} />);
    expect(page(1)).toHaveAttribute('aria-current', 'page');
    expect(warn.mock.calls.map((c) => c[0]).sort()).toEqual([
      '[pagewise] Pagination: invalid `current` "-1" (a string); using 1 instead.',
      '[pagewise] Pagination: invalid `size` "xl"; using "sm" instead.',
    ]);
  });

  it('keeps the uncontrolled page when a controlled pageSize change is not applied by the parent', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} pageSize={20} defaultCurrent={3} onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '50');
    expect(onChange.mock.calls).toEqual([[1, 50]]);
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveValue('20');
    expect(page(3)).toHaveAttribute('aria-current', 'page');
  });

  it('moves the uncontrolled page with a controlled pageSize change once the parent applies it', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [size, setSize] = useState(20);
      return <Pagination total={437} pageSize={size} defaultCurrent={3} onChange={(_, s) => setSize(s)} />;
    }
    render(<Parent />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '50');
    expect(page(1)).toHaveAttribute('aria-current', 'page');
    await user.click(page(2));
    expect(page(2)).toHaveAttribute('aria-current', 'page');
  });
});

describe('Pagination: root attributes and the selector', () => {
  it('passes id, style, data-* and aria-describedby to the root nav, keeping its own attributes', () => {
    render(
      <>
        <p id="help">Pages of shares</p>
        <Pagination
          total={100}
          id="pager"
          style={{ marginTop: 3 }}
          data-testid="pg"
          data-size="xl"
          aria-describedby="help"
        />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveAttribute('id', 'pager');
    expect(nav).toHaveAttribute('data-testid', 'pg');
    expect(nav).toHaveAttribute('data-size', 'sm');
    expect(nav).toHaveAccessibleDescription('Pages of shares');
    expect(nav.style.marginTop).toBe('3px');
    // The control's own layout sits beside the caller's style: what its full layout is made of.
    expect(Number(nav.style.getPropertyValue('--_pw-p'))).toBeGreaterThan(0);
  });

  it('takes its name from aria-labelledby instead of the default label', () => {
    render(
      <>
        <h2 id="title">Shares</h2>
        <Pagination total={100} aria-labelledby="title" />
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Shares' });
    expect(nav).not.toHaveAttribute('aria-label');
  });

  it.each([[[20]], [[20, 20]]])(
    'hides the size selector when fewer than two sizes are offered (%j with pageSize 20)',
    (options) => {
      render(<Pagination total={100} pageSize={20} pageSizeOptions={options} />);
      expect(screen.queryByRole('combobox')).toBeNull();
    },
  );
});

describe('Pagination: showQuickJumper', () => {
  const input = () => screen.getByRole('spinbutton', { name: 'Go to page' });

  it('is off by default', () => {
    render(<Pagination total={100} />);
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('jumps on Enter with one onChange, even among 50,000,000,000 pages, and empties itself', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={1e12} showQuickJumper locale="en-US" onChange={onChange} />);
    await user.type(input(), '31337{Enter}');
    expect(onChange.mock.calls).toEqual([[31337, 20]]);
    expect(page('31,337')).toHaveAttribute('aria-current', 'page');
    expect(input()).toHaveValue(null);
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('jumps on blur, clamped to the page count', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} showQuickJumper onChange={onChange} />);
    await user.type(input(), '999');
    await user.tab();
    expect(onChange.mock.calls).toEqual([[22, 20]]);
    expect(page(22)).toHaveAttribute('aria-current', 'page');
  });

  it.each(['0', '-3', '2.5', '1e3', ' '])('ignores %j without a callback', async (text) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={437} defaultCurrent={2} showQuickJumper onChange={onChange} />);
    await user.type(input(), `${text}{Enter}`);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(page(2)).toHaveAttribute('aria-current', 'page');
  });

  it('does not call back for the current page, and is disabled with the control', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Pagination total={437} defaultCurrent={4} showQuickJumper onChange={onChange} />);
    await user.type(input(), '4{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    rerender(<Pagination total={437} defaultCurrent={4} showQuickJumper disabled onChange={onChange} />);
    expect(input()).toBeDisabled();
  });

  it('takes its label from labels.jumper', () => {
    render(<Pagination total={437} showQuickJumper labels={{ jumper: 'Gehe zu Seite' }} />);
    expect(screen.getByRole('spinbutton', { name: 'Gehe zu Seite' })).toBeInTheDocument();
  });
});

describe('message', () => {
  it('says an app message in the live region before where the user is, and nothing before one is given', () => {
    const { rerender } = render(<Pagination total={437} defaultCurrent={2} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(<Pagination total={436} defaultCurrent={2} message="Deleted acme-finance-00001." />);
    expect(screen.getByRole('status')).toHaveTextContent('Deleted acme-finance-00001. Page 2 of 22');
    rerender(<Pagination total={436} defaultCurrent={2} message="Renamed acme-design-00003 to plans." />);
    expect(screen.getByRole('status')).toHaveTextContent('Renamed acme-design-00003 to plans. Page 2 of 22');
  });
});
