// A search box bound to the URL keeps every key, however fast it is typed: the "Sort, search, filter" story (a
// server-paged table whose sort, search and protocol live in React Router's URL), composed with the Storybook
// preview and its mock service in real Chromium, sorted by a header and then typed into with no pause between keys
// (user-event's `delay: 0`, a macrotask between keys, and `delay: null`, none), as tests, paste-by-keys and barcode
// scanners type. The box, the URL and the rows must all end on the whole word, with no console error or warning.
// The second sort's render is held open until the search has settled, as a loaded machine may hold it: the search is
// written while the screen still shows the first sort, and must keep the second, every run.
// Then the hook under the box (`useSearchBox`, stories/support): one history entry per settled search, and a search
// that comes from outside (Back) replaces the box's text.
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { configure, getConfig, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render, screen } from '@testing-library/react';
import { createRef, startTransition, use, useImperativeHandle, useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useSearchParams } from 'react-router';
import * as preview from '../../.storybook/preview';
import meta, { SortSearchFilter } from '../../stories/SortAndSearch.stories';
import { shownNames } from '../../stories/support/play';
import { useSearchBox } from '../../stories/support/useSearchBox';

setProjectAnnotations([preview.default]);

const CAPTION = 'Shares of Acme, sorted and searched';

beforeAll(async () => {
  await page.viewport(1280, 900);
});

describe('a search box bound to the URL', () => {
  let logged: string[];
  // As a reader's browser runs the story: @testing-library/react wraps every event in act(), which renders a
  // transition (React Router's navigation is one) before the next key, something no real keyboard waits for.
  const wrappers = getConfig();
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    configure({ eventWrapper: (run) => run(), asyncWrapper: (run) => run() });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    logged = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(`console.${level}: ${args.map(String).join(' ')}`);
      });
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    configure({ eventWrapper: wrappers.eventWrapper, asyncWrapper: wrappers.asyncWrapper });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it.each([
    ['0 ms between keys', 0],
    ['no pause at all between keys', null],
  ] as const)('keeps every key typed after a sort, %s, however late the sort renders', async (_, delay) => {
    const typed = { value: '', url: '', sort: [] as string[], names: [] as string[] };
    const hold = createRenderHold();
    const Story = composeStory(
      {
        ...SortSearchFilter,
        decorators: [(Inner) => <hold.Hold>{<Inner />}</hold.Hold>],
        play: async ({ canvasElement }) => {
          const canvas = within(canvasElement);
          const url = () => canvas.getByRole('status', { name: 'URL' }).textContent ?? '';
          const q = () => new URLSearchParams(url().split('?')[1]).get('q');
          await waitFor(() => expect(shownNames(canvasElement, CAPTION)[0]).toBe('acme-finance-00001'));
          const nameHeader = canvas.getByRole('columnheader', { name: /Name/ });
          await userEvent.setup({ delay }).click(within(nameHeader).getByRole('button'));
          await waitFor(() => expect(url()).toBe('/shares?sort=name%2Casc'));
          // A loaded machine, on purpose: the second click's navigation (a transition) may not render before the
          // search below settles. The render is held open until then, and the search's wait runs on a clock the
          // test moves, so the search is written while the page still shows the first sort, every time.
          // The DOM's click (not user-event's, which awaits between its events), so the hold joins the navigation's
          // transition in the same task.
          within(nameHeader).getByRole('button').click();
          hold.close();
          await waitFor(() => expect(hold.renders()).toBeGreaterThan(0));
          vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
          const user = userEvent.setup({ delay, advanceTimers: vi.advanceTimersByTime });
          const box = canvas.getByRole<HTMLInputElement>('searchbox', { name: 'Search shares' });
          try {
            await user.type(box, 'acme-fin');
            // Right after the last key, before the search settles: nothing typed is lost or reordered.
            expect(box.value).toBe('acme-fin');
            expect(url()).toBe('/shares?sort=name%2Casc');
            // The search settles (its wait is over) while the sort is still held.
            await vi.advanceTimersByTimeAsync(1_000);
          } finally {
            vi.useRealTimers();
            hold.open();
          }
          await waitFor(() => expect(q()).toBe('acme-fin'));
          await waitFor(() =>
            expect(shownNames(canvasElement, CAPTION).every((n) => n.startsWith('acme-finance-'))).toBe(true),
          );
          typed.value = box.value;
          typed.url = url();
          typed.sort = new URLSearchParams(url().split('?')[1]).getAll('sort');
          typed.names = shownNames(canvasElement, CAPTION);
        },
      },
      meta,
    );
    const canvas = document.createElement('div');
    document.body.append(canvas);
    try {
      await Story.run({ canvasElement: canvas });
      expect(typed.value).toBe('acme-fin');
      expect(new URLSearchParams(typed.url.split('?')[1]).get('q')).toBe('acme-fin');
      expect(typed.sort).toEqual(['name,desc']);
      expect(typed.names.length).toBeGreaterThan(0);
      expect(typed.names.every((name) => name.startsWith('acme-finance-'))).toBe(true);
      expect(logged).toEqual([]);
    } finally {
      canvas.remove();
    }
  });
});

/**
 * Holds a render open, as a busy machine does: `close()`, called in the task that started a transition, suspends the
 * story's whole tree in that transition (React renders a task's transitions together), so it cannot reach the screen
 * until `open()`; urgent updates (keys) still render. `renders()` counts the held attempts (React asks the gate's
 * `then` each time a render suspends on it).
 */
function createRenderHold() {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  let attempts = 0;
  const gate: PromiseLike<void> = {
    then: (onOpen, onFail) => {
      attempts += 1;
      return opened.then(onOpen, onFail);
    },
  };
  const closer = createRef<() => void>();
  function Hold({ children }: { children: ReactNode }) {
    const [held, setHeld] = useState(false);
    useImperativeHandle(closer, () => () => startTransition(() => setHeld(true)), []);
    if (held) use(gate);
    return children;
  }
  return {
    Hold,
    close: () => closer.current?.(),
    open: () => release(),
    renders: () => attempts,
  };
}

/** A search box on `useSearchBox`, bound to `?q=` with React Router, a Back button and the URL shown. */
function SearchInUrl() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useSearchBox(params.get('q') ?? '', (q) => setParams(q ? { q } : {}), 50);
  const navigate = useNavigate();
  return (
    <>
      <input type="search" aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <output aria-label="URL">{useLocation().search}</output>
    </>
  );
}

describe('useSearchBox', () => {
  it('writes one history entry per settled search, and Back puts the earlier search back in the box', async () => {
    render(
      <MemoryRouter>
        <SearchInUrl />
      </MemoryRouter>,
    );
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    const url = screen.getByRole('status', { name: 'URL' });
    await user.type(box, 'acme');
    await waitFor(() => expect(url.textContent).toBe('?q=acme'));
    await user.type(box, '-fin');
    await waitFor(() => expect(url.textContent).toBe('?q=acme-fin'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(url.textContent).toBe('?q=acme'));
    expect(box.value).toBe('acme');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(url.textContent).toBe(''));
    expect(box.value).toBe('');
  });
});
