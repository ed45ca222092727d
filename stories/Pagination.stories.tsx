import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { Pagination, type PaginationLabels, type PaginationProps } from '../src/pagination/index';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router';
import { mockedStory } from './support/mockedStory';
import { UrlStateShares } from './support/UrlStateShares';
import { HeadlessPager } from './support/HeadlessPager';
import { germanLabels } from './support/germanLabels';
import { NextStyleLink } from './support/NextStyleLink';
import { RouterLink } from './support/RouterLink';
import { createStoryService, demoOrganizationIds, requestedPagesAndSizes } from './support/storyService';
import {
  click,
  expectLastPage,
  expectPage,
  isCompact,
  navOf,
  visibleControl,
  visibleTotal,
} from './support/pagingPlay';

const hebrewLabels: PaginationLabels = {
  nav: 'ניווט בין עמודים',
  first: 'עמוד ראשון',
  previous: 'עמוד קודם',
  next: 'עמוד הבא',
  last: 'עמוד אחרון',
  page: (n) => `עמוד ${n}`,
  pageSize: 'פריטים בעמוד',
  pageSizeOption: (n) => `${n} לעמוד`,
  jumper: 'מעבר לעמוד',
  total: (from, to, total) => `${from}–${to} מתוך ${total}`,
  status: (n, count) => `עמוד ${n} מתוך ${count}`,
  totalMore: (from, to) => `${from}–${to} מתוך יותר מ־${to}`,
  statusPage: (n) => `עמוד ${n}`,
  about: (count) => `כ־${count}`,
  pageSizeAll: (max) => `הכול (עד ${max})`,
};

const meta = {
  title: 'Pagination',
  component: Pagination,
  // The props table (react-docgen, from the JSDoc) lives on the Guides/Pagination page, beside the behaviours it
  // explains; a generated Docs page of every story at once would repeat it.

  args: { total: 437, onChange: fn(), onSizeChange: fn() },
  argTypes: {
    current: { control: 'number' },
    defaultCurrent: { control: 'number', table: { defaultValue: { summary: '1' } } },
    total: { control: 'number' },
    hasNext: { control: 'boolean' },
    pageSize: { control: 'number', table: { defaultValue: { summary: '20' } } },
    defaultPageSize: { control: 'number', table: { defaultValue: { summary: '20' } } },
    pageSizeOptions: { control: 'object', table: { defaultValue: { summary: '[10, 20, 50, 100]' } } },
    showSizeChanger: { control: 'boolean', table: { defaultValue: { summary: 'true' } } },
    showSizeLabel: { control: 'boolean', table: { defaultValue: { summary: 'false' } } },
    showTotal: { control: 'boolean', table: { defaultValue: { summary: 'false' } } },
    showQuickJumper: { control: 'boolean', table: { defaultValue: { summary: 'false' } } },
    disabled: { control: 'boolean', table: { defaultValue: { summary: 'false' } } },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'], table: { defaultValue: { summary: "'sm'" } } },
    className: { control: 'text' },
    siblingCount: { control: 'number', table: { defaultValue: { summary: '1' } } },
    boundaryCount: { control: 'number', table: { defaultValue: { summary: '1' } } },
    labels: { control: 'object', table: { defaultValue: { summary: 'defaultPaginationLabels' } } },
    locale: { control: 'text', table: { defaultValue: { summary: "'en'" } } },
    'aria-label': { control: 'text', table: { defaultValue: { summary: "'Pagination'" } } },
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

const current = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('button').find((b: HTMLElement) => b.getAttribute('aria-current') === 'page');

/** Asserts one call and its arguments. */
const calledOnceWith = async (mock: unknown, ...args: unknown[]) => {
  await expect(mock).toHaveBeenCalledTimes(1);
  await expect(mock).toHaveBeenCalledWith(...args);
};

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toHaveAttribute('data-size', 'sm');
    const nav = navOf(canvasElement);
    await expectPage(nav, 'Page 1');
    // A page button where the window shows; in a narrow container, the arrow.
    const target = isCompact(nav) ? 2 : 3;
    await click(nav, isCompact(nav) ? 'Next page' : 'Page 3');
    await calledOnceWith(args.onChange, target, 20);
    await expectPage(nav, `Page ${target}`);
    await expect(canvas.getByRole('status')).toHaveTextContent(`Page ${target} of 22`);
  },
};

const serverSide = createStoryService();

interface ServerSideState {
  current: number;
  pageSize: number;
  total: number;
  loading: boolean;
}

/** Lists Acme's shares from the story's mock service with the client alone: no hook, no query cache. */
function ServerSidePagination(props: PaginationProps) {
  const [state, setState] = useState<ServerSideState>({ current: 1, pageSize: 20, total: 0, loading: true });
  const pending = useRef<AbortController | null>(null);
  const load = useCallback((page: number, pageSize: number) => {
    // Only the latest request may move the control.
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const params = {
      organizationId: demoOrganizationIds.acme,
      page,
      size: pageSize,
      signal: controller.signal,
    };
    serverSide.client.listShares(params).then(
      (result) =>
        setState({
          current: result.page,
          pageSize: result.pageSize,
          total: result.total ?? 0,
          loading: false,
        }),
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false }));
      },
    );
  }, []);
  useEffect(() => {
    load(1, 20);
    return () => pending.current?.abort();
  }, [load]);
  return (
    <div aria-busy={state.loading}>
      <Pagination
        {...props}
        current={state.current}
        pageSize={state.pageSize}
        total={state.total}
        onChange={(page, pageSize) => {
          props.onChange?.(page, pageSize);
          // The control moves when the page arrives, not before.
          setState((s) => ({ ...s, loading: true }));
          load(page, pageSize);
        }}
      />
    </div>
  );
}

/**
 * The seed's server-side pattern: the caller owns `current` and `total` and refetches in `onChange`, here
 * from the mock service, which receives the zero-based page.
 */
export const ServerSide: Story = {
  parameters: { msw: { handlers: serverSide.service.handlers } },
  beforeEach: () => serverSide.service.reset(),
  render: (args) => <ServerSidePagination {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    // The first page's total, from the service: 437 shares, 22 pages.
    await expectLastPage(nav, 'Page 22', '22');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expectPage(nav, 'Page 2');
    await expect(requestedPagesAndSizes(serverSide.service)).toEqual([
      { page: 0, size: 20 },
      { page: 1, size: 20 },
    ]);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '50');
    await calledOnceWith(args.onSizeChange, 1, 50);
    await expect(args.onChange).toHaveBeenCalledTimes(2);
    await expect(args.onChange).toHaveBeenLastCalledWith(1, 50);
    await expectLastPage(nav, 'Page 9', '9');
    const last = visibleControl(nav, 'Last page');
    if (last) await expect(last).toBeEnabled();
    await expect(requestedPagesAndSizes(serverSide.service).at(-1)).toEqual({ page: 0, size: 50 });
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Pagination key={size} {...args} size={size} aria-label={`Pagination, ${size}`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heights = (['sm', 'md', 'lg'] as const).map((size) => {
      const nav = canvas.getByRole('navigation', { name: `Pagination, ${size}` });
      void expect(nav).toHaveAttribute('data-size', size);
      return within(nav).getByRole('button', { name: 'Next page' }).getBoundingClientRect().height;
    });
    await expect(heights[0]).toBeGreaterThanOrEqual(24);
    // On a touch screen sm and md both grow to 44 px targets; with a mouse each size is taller than the last.
    const touch = matchMedia('(pointer: coarse)').matches;
    await expect(heights[1]).toBeGreaterThanOrEqual(heights[0]! + (touch ? 0 : 1));
    await expect(heights[2]).toBeGreaterThan(touch ? 43 : heights[1]!);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultCurrent: 5 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const b of canvas.getAllByRole('button')) await expect(b).toBeDisabled();
    await expect(canvas.getByRole('combobox')).toBeDisabled();
    // Try anyway: clicks on a page and on Next, and a change event forced on the select (as a script could).
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const nav = navOf(canvasElement);
    const page6 = visibleControl(nav, 'Page 6');
    if (page6) await user.click(page6);
    await user.click(canvas.getByRole('button', { name: 'Next page' }));
    const select = canvas.getByRole<HTMLSelectElement>('combobox');
    select.value = '50';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(args.onSizeChange).not.toHaveBeenCalled();
    await expectPage(nav, 'Page 5');
  },
};

/**
 * The range text keeps the width of the longest range and pages keep one width, so paging through the middle never
 * moves "Next page" under the pointer. Narrow containers drop the range text; "Page 10 of 22" is still announced.
 */
export const ShowTotal: Story = {
  args: { showTotal: true, defaultCurrent: 5, locale: 'en-US' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next page' });
    const left = next.getBoundingClientRect().left;
    if (visibleTotal(nav)) await expect(canvas.getByText('81–100 of 437')).toBeVisible();
    for (let i = 0; i < 8; i++) await userEvent.click(next);
    if (visibleTotal(nav)) await expect(canvas.getByText('241–260 of 437')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 13 of 22');
    await expect(next.getBoundingClientRect().left).toBeCloseTo(left, 0);
    const last = visibleControl(nav, 'Last page');
    if (last) await userEvent.click(last);
    else for (let i = 0; i < 9; i++) await userEvent.click(next);
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 22 of 22');
    if (visibleTotal(nav)) await expect(canvas.getByText('421–437 of 437')).toBeVisible();
  },
};

/** Phone widths: "3 / 22" between the arrows at 375 px, the count and range text gone at 320 px. */
const onPhone = (viewport: string): Story => ({
  // Named apart: the Pagination guide shows two of them beside other controls.
  args: { showTotal: true, defaultCurrent: 3, 'aria-label': `Pagination (${viewport})` },
  globals: { viewport: { value: viewport, isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const nav = navOf(canvasElement);
    await expectPage(nav, 'Page 3');
    await click(nav, 'Next page');
    await calledOnceWith(args.onChange, 4, 20);
    await expectPage(nav, 'Page 4');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Page 4 of 22');
  },
});
export const Phone320 = onPhone('phone320');
export const Phone375 = onPhone('phone375');
export const Tablet768 = onPhone('tablet768');

/** The selector's label shown beside it (as MUI's TablePagination does), still its accessible name. */
export const SizeLabel: Story = {
  args: { showSizeLabel: true, showTotal: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Beside the selector wherever the range text fits too; narrow containers drop both, the name stays.
    if (visibleTotal(navOf(canvasElement))) await expect(canvas.getByText('Items per page')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '50');
    await calledOnceWith(args.onChange, 1, 50);
  },
};

export const ManyPages: Story = {
  args: { total: 1e12, locale: 'en-US', showTotal: true, 'aria-label': 'Pagination of a trillion items' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    // Fifty billion pages do not fit a window of 14-digit buttons in any container here: "1 / 50B" it is.
    await expect(isCompact(nav)).toBe(true);
    await expect(nav.querySelector('.pw-indicator')).toHaveTextContent('1 / 50B');
    const last = visibleControl(nav, 'Last page');
    if (!last) return;
    await userEvent.click(last);
    await calledOnceWith(args.onChange, 50_000_000_000, 20);
    await expectPage(nav, 'Page 50,000,000,000');
    await expect(nav.querySelector('.pw-indicator')).toHaveTextContent('50B / 50B');
    if (visibleTotal(nav))
      await expect(canvas.getByText('999,999,999,981–1,000,000,000,000 of 1,000,000,000,000')).toBeVisible();
  },
};

/** With 50,000,000,000 pages, typing is the only way to page 31,337: the quick jumper (antd's `showQuickJumper`). */
export const QuickJumper: Story = {
  args: { total: 1e12, locale: 'en-US', showQuickJumper: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('spinbutton', { name: 'Go to page' });
    await userEvent.type(input, '31337{Enter}');
    await calledOnceWith(args.onChange, 31_337, 20);
    await expectPage(navOf(canvasElement), 'Page 31,337');
    await expect(input).toHaveValue(null);
    await expect(input).toHaveFocus();
  },
};

/** A service that says only whether more follows (a Spring Slice, a has-more list): 4 pages, total unknown. */
export const UnknownTotal: Story = {
  args: { total: undefined, showTotal: true, 'aria-label': 'Pagination without a total' },
  render: function UnknownTotal(args) {
    const [page, setPage] = useState(1);
    return (
      <Pagination
        {...args}
        current={page}
        hasNext={page < 4}
        onChange={(next, size) => {
          setPage(next);
          args.onChange?.(next, size);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    const next = canvas.getByRole('button', { name: 'Next page' });
    if (visibleTotal(nav)) await expect(canvas.getByText('1–20 of more than 20')).toBeVisible();
    const last = visibleControl(nav, 'Last page');
    if (last) await expect(last).toBeDisabled();
    if (!isCompact(nav))
      await expect(canvas.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2']);
    else await expect(nav.querySelector('.pw-indicator [aria-hidden]')).toHaveTextContent(/^1$/);
    for (let i = 0; i < 3; i++) await userEvent.click(next);
    await expect(args.onChange).toHaveBeenLastCalledWith(4, 20);
    await expectPage(nav, 'Page 4');
    await expect(next).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Page 4$/);
    await expect(canvas.queryByText(/of more than/)).toBeNull();
    await expect(canvasElement.textContent).not.toMatch(/NaN|of 0/);
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    await expectPage(nav, 'Page 1');
    await expectLastPage(nav, 'Page 1', '1');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      const control = visibleControl(nav, name);
      if (control) await expect(control).toBeDisabled();
    }
    await userEvent.selectOptions(canvas.getByRole('combobox'), '50');
    await calledOnceWith(args.onChange, 1, 50);
  },
};

/** NaN, a negative page, page size 0 and no page sizes: clamped, warned about once in development, never thrown. */
export const BadInput: Story = {
  args: {
    total: Number.NaN,
    current: -3,
    pageSize: 0,
    pageSizeOptions: [],
    'aria-label': 'Pagination given bad input',
  },
  beforeEach: () => {
    const warn = spyOn(console, 'warn').mockImplementation(() => {});
    return () => warn.mockRestore();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const warned = (console.warn as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => String(c[0]));
    // Production builds (this site when built) drop the warnings, as React drops its own.
    const expected = process.env.NODE_ENV !== 'production' ? ['current', 'pageSize', 'pageSizeOptions', 'total'] : [];
    await expect(warned.map((m) => m.match(/^\[pagewise\] .*`(\w+)`/)?.[1]).sort()).toEqual(expected);
    await expectPage(navOf(canvasElement), 'Page 1');
    await expect(canvas.getByRole('combobox')).toHaveValue('20');
    await expect(canvas.getAllByRole('option')).toHaveLength(4);
  },
};

export const Localized: Story = {
  args: { total: 123_456, defaultCurrent: 1200, showTotal: true, locale: 'de-DE', labels: germanLabels },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Seitennavigation' })).toBeVisible();
    const nav = navOf(canvasElement);
    await expectPage(nav, 'Seite 1.200');
    if (!isCompact(nav)) await expect(canvas.getByRole('button', { name: 'Seite 1.200' })).toHaveTextContent('1.200');
    if (visibleTotal(nav)) await expect(canvas.getByText('23.981–24.000 von 123.456')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Einträge pro Seite' })).toHaveDisplayValue('20 / Seite');
    await userEvent.click(canvas.getByRole('button', { name: 'Nächste Seite' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Seite 1.201 von 6.173');
  },
};

/** Right to left, with Hebrew labels as an RTL app would have them. */
export const RTL: Story = {
  args: { showTotal: true, defaultCurrent: 2, labels: hebrewLabels },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="he">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    // Narrow containers keep previous/next only, so compare those.
    const first = canvas.getByRole('button', { name: 'עמוד קודם' });
    const last = canvas.getByRole('button', { name: 'עמוד הבא' });
    // Right to left: "Previous page" sits at the right, and its arrow is mirrored to point right.
    await expect(first.getBoundingClientRect().left).toBeGreaterThan(last.getBoundingClientRect().left);
    await expect(getComputedStyle(first.querySelector('svg')!).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    if (visibleTotal(nav)) await expect(canvas.getByText('21–40 מתוך 437')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'פריטים בעמוד' })).toHaveDisplayValue('20 לעמוד');
    await userEvent.click(canvas.getByRole('button', { name: 'עמוד הבא' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('עמוד 3 מתוך 22');
  },
};

export const Dark: Story = {
  args: { showTotal: true, defaultCurrent: 3 },
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    await expect(getComputedStyle(nav).color).toBe('rgb(236, 236, 236)');
    // The current page: a saturated fill under white text, in the window and in "3 / 22" alike.
    const fill = isCompact(nav) ? nav.querySelector('.pw-indicator [data-current]')! : current(canvas)!;
    await expect(getComputedStyle(fill).backgroundColor).toBe('rgb(37, 99, 235)');
    await expect(getComputedStyle(fill).color).toBe('rgb(255, 255, 255)');
    await expect(getComputedStyle(canvas.getByRole('combobox')).backgroundColor).toBe('rgb(20, 20, 20)');
  },
};

/** Link mode with React Router: the page lives in `?page=`, every page is a real link, a plain click navigates in-app. */
function RoutedPagination(props: PaginationProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const page = Number(params.get('page') ?? 1);
  return (
    <>
      <Pagination
        {...props}
        current={page}
        getPageHref={(n) => `/shares?page=${n}`}
        linkComponent={RouterLink}
        onChange={(n, size) => {
          props.onChange?.(n, size);
          setParams({ page: String(n) });
        }}
      />
      <output aria-label="Location">{location.pathname + location.search}</output>
    </>
  );
}

export const RouterLinks: Story = {
  render: (args) => (
    <MemoryRouter initialEntries={['/shares?page=3']}>
      <RoutedPagination {...args} />
    </MemoryRouter>
  ),
  args: { showSizeChanger: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    await expectPage(nav, 'Page 3');
    // Page 4's link where the window shows, else "Next page" (a link to the same URL).
    const page4 = visibleControl(nav, 'Page 4') ?? canvas.getByRole('link', { name: 'Next page' });
    await expect(page4).toHaveAttribute('href', '/shares?page=4');
    await userEvent.click(page4);
    await calledOnceWith(args.onChange, 4, 20);
    await expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/shares?page=4');
    await expectPage(nav, 'Page 4');
    const first = visibleControl(nav, 'First page');
    if (first) await userEvent.click(first);
    else for (let i = 0; i < 3; i++) await click(nav, 'Previous page');
    await expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/shares?page=1');
    await expect(canvas.getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('link', { name: 'Previous page' })).not.toHaveAttribute('href');
  },
};

/** Link mode with a Next.js-style `Link` (href + onClick): the control's onChange does the navigation. */
function NextStylePagination(props: PaginationProps) {
  const [page, setPage] = useState(2);
  return (
    <Pagination
      {...props}
      current={page}
      getPageHref={(n) => `?page=${n}`}
      linkComponent={NextStyleLink}
      onChange={(n, size) => {
        props.onChange?.(n, size);
        setPage(n);
      }}
    />
  );
}

export const NextStyleLinks: Story = {
  render: (args) => <NextStylePagination {...args} />,
  args: { showTotal: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = navOf(canvasElement);
    const last = visibleControl(nav, 'Last page');
    if (last) await expect(last).toHaveAttribute('href', '?page=22');
    await expect(canvas.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=3');
    await userEvent.click(canvas.getByRole('link', { name: 'Next page' }));
    await calledOnceWith(args.onChange, 3, 20);
    await expectPage(nav, 'Page 3');
    if (!isCompact(nav))
      await expect(canvas.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  },
};

const urlState = mockedStory(() => (
  <MemoryRouter initialEntries={['/shares?page=abc&size=7']}>
    <UrlStateShares />
  </MemoryRouter>
));

/**
 * `useShares` paged by the URL with React Router's `useSearchParams` (stories/support/useUrlPagination.ts): it opens at `?page=abc&size=7`, which is
 * corrected in place (replace), then pages push history entries that Back and Forward walk.
 */
export const UrlState: Story = {
  ...(urlState.story as Story),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const url = () => canvas.getByRole('status', { name: 'URL' });
    await waitFor(() => expect(url()).toHaveTextContent(/^\/shares$/));
    await waitFor(() => navOf(canvasElement));
    const nav = navOf(canvasElement);
    await expectLastPage(nav, 'Page 22', '22');
    await userEvent.click(visibleControl(nav, 'Page 2') ?? canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(url()).toHaveTextContent('/shares?page=2'));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '50');
    await waitFor(() => expect(url()).toHaveTextContent('/shares?size=50'));
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expectPage(nav, 'Page 2');
    await expect(url()).toHaveTextContent('/shares?page=2');
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    // The corrected URL replaced ?page=abc&size=7: Back lands on the clean one.
    await expectPage(nav, 'Page 1');
    await expect(url()).toHaveTextContent(/^\/shares$/);
    await userEvent.click(canvas.getByRole('button', { name: 'Forward' }));
    await expectPage(nav, 'Page 2');
  },
};

/**
 * Your own markup on `usePagination`, in link mode: the same state, window, accessible names, ARIA, links and live
 * region as the control, every attribute from the hook's getters (stories/support/HeadlessPager.tsx, shown on the
 * Pagination guide).
 */
export const Headless: Story = {
  // A landmark name of its own: the guide shows it on one page with the control's stories.
  args: { labels: { nav: 'Pagination, your own markup' } },
  render: (args) => <HeadlessPager {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Pagination, your own markup' });
    // Loading announces nothing; the page is written out.
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(nav).toHaveTextContent('Page 1 of 22');
    // Page 1: Previous is an unavailable link (no href), page 1 is the current one.
    await expect(canvas.getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('link', { name: 'Previous page' })).not.toHaveAttribute('href');
    await expect(canvas.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?page=2');
    await userEvent.click(canvas.getByRole('link', { name: 'Next page' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Page 2 of 22');
    await calledOnceWith(args.onChange, 2, 20);
    await expect(canvas.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '?page=1');
  },
};
