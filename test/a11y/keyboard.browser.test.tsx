// Keyboard-only walks through whole stories in Chromium (real key presses through Playwright): the
// story with its decorators and loaders, a parent that updates asynchronously, no mouse and no .focus().
// The bare control's keyboard contract is tested in test/pagination; this is the same contract where
// the page arrives later, as it does in apps.
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import * as preview from '../../.storybook/preview';
import * as paginationStories from '../../stories/Pagination.stories';
import * as sharesStories from '../../stories/SharesTable.stories';
import { expectRows } from '../../stories/support/play';

// A desktop-wide page: these tests are about the full page window (narrow containers: responsive.browser.test.tsx).
beforeAll(async () => {
  await page.viewport(1280, 900);
});

setProjectAnnotations([preview.default]);
const { ServerSide } = composeStories(paginationStories);
const { Default: SharesTable } = composeStories(sharesStories);

/** The accessible name of the focused element (its aria-label or label), or its tag when it has none. */
function focusedName(): string {
  const el = document.activeElement;
  if (!el || el === document.body) return 'BODY';
  const label =
    el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
  return label ?? el.tagName;
}

/** Presses Tab until `name` has focus; returns the names passed on the way (Tab order). */
async function tabTo(name: string, limit = 40): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await userEvent.keyboard('{Tab}');
    seen.push(focusedName());
    if (focusedName() === name) return seen;
  }
  throw new Error(`"${name}" not reached with Tab; passed ${seen.join(', ')}`);
}

const currentPage = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'page')
    ?.getAttribute('aria-label');

describe('ServerSide story (the caller refetches and moves the page later), keyboard only', () => {
  it('walks in visual order, activates with Enter and Space, keeps focus when Last page disables itself, and announces each page', async () => {
    await ServerSide.load();
    const { container } = render(<ServerSide />);
    const nav = within(container).getByRole('navigation', { name: 'Pagination' });
    const status = within(nav).getByRole('status');

    // The first page (and its total) from the service, then the Tab order from the top of the page: no disabled
    // control, the ellipsis never takes focus.
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Page 22' })).toBeInTheDocument());
    expect(await tabTo('Page 2')).toEqual(['Page 1', 'Page 2']);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPage(nav)).toBe('Page 2'));
    expect(focusedName()).toBe('Page 2');
    expect(status).toHaveTextContent('Page 2 of 22');
    // Now First/Previous are enabled but precede the focus; Tab continues to the right.
    expect(await tabTo('Next page')).toEqual(['Page 3', 'Page 4', 'Page 5', 'Page 22', 'Next page']);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(currentPage(nav)).toBe('Page 3'));
    expect(focusedName()).toBe('Next page');
    expect(status).toHaveTextContent('Page 3 of 22');

    // "Last page" becomes disabled once the parent has moved: focus goes to the current page, not <body>.
    expect(await tabTo('Last page')).toEqual(['Last page']);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPage(nav)).toBe('Page 22'));
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(focusedName()).toBe('Page 22');
    expect(status).toHaveTextContent('Page 22 of 22');

    // Shift+Tab walks back through the window; the page-size selector works from the keyboard too.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(focusedName()).toBe('Page 21');
    expect(await tabTo('Items per page')).toEqual(['Page 22', 'Items per page']);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(currentPage(nav)).toBe('Page 9'));
    expect(focusedName()).toBe('Items per page');
    expect(within(nav).getByRole('combobox', { name: 'Items per page' })).toHaveValue('50');
    expect(status).toHaveTextContent('Page 9 of 9');
    expect(screen.queryAllByRole('status')).toHaveLength(1);
  });
});

describe('SharesTable story (hook + TanStack Table + mock service), keyboard only', () => {
  it('pages the table with Enter and Space, keeps focus on the control while rows load, and never drops it to <body>', async () => {
    await SharesTable.load();
    const { container } = render(<SharesTable />);
    const caption = 'Shares of Acme';
    await expectRows(container, caption, 1, 20);
    const nav = within(container).getByRole('navigation', { name: `${caption}: pages` });
    const status = within(nav).getByRole('status');

    // From the top of the page: the table's scroll region (one stop, so keyboard users can scroll a wide table), then
    // the control; the table itself holds no other tab stops.
    const path = await tabTo('Next page');
    expect(path).toEqual([caption, 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 22', 'Next page']);
    await userEvent.keyboard('{Enter}');
    await expectRows(container, caption, 21, 40);
    expect(focusedName()).toBe('Next page');
    expect(status).toHaveTextContent('Page 2 of 22');
    await userEvent.keyboard(' ');
    await expectRows(container, caption, 41, 60);
    expect(focusedName()).toBe('Next page');
    expect(status).toHaveTextContent('Page 3 of 22');

    // Last page disables itself (and Next): focus lands on the current page, and stays there when the rows arrive.
    expect(await tabTo('Last page')).toEqual(['Last page']);
    await userEvent.keyboard('{Enter}');
    await expectRows(container, caption, 421, 437);
    expect(within(nav).getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(focusedName()).toBe('Page 22');
    expect(status).toHaveTextContent('Page 22 of 22');

    // Back with Shift+Tab and Enter on a page number, then a page size from the keyboard.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(focusedName()).toBe('Page 21');
    await userEvent.keyboard('{Enter}');
    await expectRows(container, caption, 401, 420);
    expect(focusedName()).toBe('Page 21');
    expect(await tabTo('Items per page')).toEqual(['Page 22', 'Next page', 'Last page', 'Items per page']);
    await userEvent.keyboard('{ArrowUp}');
    // 10 per page keeps row 401 in view: page 41.
    await expectRows(container, caption, 401, 410);
    expect(focusedName()).toBe('Items per page');
    expect(status).toHaveTextContent('Page 41 of 44');
  });
});
