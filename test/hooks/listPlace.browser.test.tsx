// The reader's place around a paged table (useListPlace, through the table stories' PagedTable) in real Chromium:
// after Next at the bottom of a long table the new page shows from its top, focus still on Next; a move with the
// table's top in view scrolls nothing; a move after Back or Forward (a popstate) is left to the router's scroll
// restoration. And no layout shift: the cumulative layout shift over the table stories' own walks (page moves, a
// slow last page) is 0 once their first page is on screen, with the whole table and the control in view. And the
// opt-in keys on the region: Alt+PageUp/PageDown, with Shift for the first and last page, never from a text field.
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../.storybook/preview';
import * as shares from '../../stories/SharesTable.stories';
import * as environments from '../../stories/EnvironmentsTable.stories';
import { shownNames } from '../../stories/support/play';

setProjectAnnotations([preview.default]);

const ACME = 'Shares of Acme';

// Shorter than a page of rows, so the control under the table starts below the fold.
const SHORT = [1280, 600] as const;
// Taller than a page of rows, so the table's top and the control under it are both in view.
const TALL = [1280, 1400] as const;

let canvas: HTMLElement;
afterEach(() => {
  canvas?.remove();
  window.scrollTo(0, 0);
});

/** Runs `story` with `play` instead of its own, in a canvas of the page (so the window scrolls). */
async function run(story: object, meta: object, play: (canvasElement: HTMLElement) => Promise<void>) {
  canvas = document.createElement('div');
  document.body.append(canvas);
  const Story = composeStory({ ...story, play: ({ canvasElement }) => play(canvasElement) } as StoryObj, meta as Meta);
  await Story.run({ canvasElement: canvas });
}

/** Waits two frames: React has run the effects of the commit that showed the rows. */
const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const regionOf = (root: HTMLElement) => within(root).getByRole('region', { name: ACME });
const nextButton = (root: HTMLElement) => within(root).getByRole('button', { name: 'Next page' });

describe('scroll on a page move', () => {
  beforeAll(() => page.viewport(...SHORT));

  it('brings the table top into view after Next at the bottom of the table, focus staying on Next', async () => {
    await run(shares.Default, shares.default, async (root) => {
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00001$/));
      window.scrollTo(0, document.documentElement.scrollHeight);
      expect(regionOf(root).getBoundingClientRect().top).toBeLessThan(0);
      const next = nextButton(root);
      await userEvent.click(next);
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00021$/));
      // Smooth: the window gets there over a few frames.
      await waitFor(() => expect(Math.round(regionOf(root).getBoundingClientRect().top)).toBe(0));
      expect(document.activeElement).toBe(next);
    });
  });

  it('scrolls nothing when the table top is in view', async () => {
    await page.viewport(...TALL);
    try {
      await run(shares.Default, shares.default, async (root) => {
        await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00001$/));
        expect(regionOf(root).getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
        await userEvent.click(nextButton(root));
        await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00021$/));
        await nextFrames();
        expect(window.scrollY).toBe(0);
      });
    } finally {
      await page.viewport(...SHORT);
    }
  });

  it('leaves a move after Back or Forward (a popstate) to the router', async () => {
    await run(shares.Default, shares.default, async (root) => {
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00001$/));
      window.scrollTo(0, document.documentElement.scrollHeight);
      const before = window.scrollY;
      window.dispatchEvent(new PopStateEvent('popstate'));
      // The history's move, as a router makes it: no pointer or key of the reader's before it.
      nextButton(root).click();
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00021$/));
      await nextFrames();
      expect(window.scrollY).toBe(before);
    });
  });
});

describe('keyboard shortcuts on the table region', () => {
  beforeAll(() => page.viewport(...TALL));

  it('pages with Alt+PageDown/PageUp and to the last and first with Shift, names them, and leaves a text field alone', async () => {
    await run(shares.Default, shares.default, async (root) => {
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00001$/));
      const region = regionOf(root);
      expect(region).toHaveAttribute(
        'aria-keyshortcuts',
        'Alt+PageUp Alt+PageDown Alt+Shift+PageUp Alt+Shift+PageDown',
      );
      region.focus();
      await userEvent.keyboard('{Alt>}{PageDown}{/Alt}');
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00021$/));
      await userEvent.keyboard('{Alt>}{Shift>}{PageDown}{/Shift}{/Alt}');
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00421$/));
      await userEvent.keyboard('{Alt>}{PageUp}{/Alt}');
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00401$/));
      await userEvent.keyboard('{Alt>}{Shift>}{PageUp}{/Shift}{/Alt}');
      await waitFor(() => expect(shownNames(root, ACME)[0]).toMatch(/-00001$/));
      // The control announces the move, as after a click.
      expect(within(root).getByRole('navigation', { name: `${ACME}: pages` })).toHaveTextContent(/Page 1 of 22/);
      // A text field in the region keeps its keys: nothing moves.
      const field = document.createElement('input');
      field.setAttribute('aria-label', 'Note');
      region.append(field);
      field.focus();
      await userEvent.keyboard('{Alt>}{PageDown}{/Alt}');
      await nextFrames();
      expect(shownNames(root, ACME)[0]).toMatch(/-00001$/);
      field.remove();
    });
  });
});

/** Sums the layout shifts not caused by the reader's input (the CLS a page's visitors would be scored on). */
function observeLayoutShift() {
  let total = 0;
  const shifts: string[] = [];
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
  const add = (entries: PerformanceEntry[]) => {
    for (const entry of entries as Shift[]) {
      if (entry.hadRecentInput) continue;
      total += entry.value;
      shifts.push(entry.value.toFixed(4));
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift' });
  return {
    stop: () => {
      add(observer.takeRecords());
      observer.disconnect();
      return { total, shifts };
    },
  };
}

describe('no layout shift', () => {
  // Shifts count only where they are seen: the whole table and the control under it are in view.
  beforeAll(() => page.viewport(...TALL));

  const walks: [string, { play?: unknown }, object, string][] = [
    ['SharesTable › Default', shares.Default, shares.default, ACME],
    ['SharesTable › SlowNetwork', shares.SlowNetwork, shares.default, ACME],
    ['EnvironmentsTable › Default', environments.Default, environments.default, 'Environments of Acme'],
    ['EnvironmentsTable › SlowNetwork', environments.SlowNetwork, environments.default, 'Environments of Acme'],
  ];
  it.each(walks)('%s: cumulative layout shift 0 over its walk', async (_, story, meta, caption) => {
    await run(story, meta, async (root) => {
      await waitFor(() => expect(shownNames(root, caption).length).toBeGreaterThan(1));
      await nextFrames();
      const shift = observeLayoutShift();
      // The story's own walk, on the canvas it was rendered in (its plays read only `canvasElement`).
      await (story.play as (context: { canvasElement: HTMLElement }) => Promise<void>)({ canvasElement: root });
      await nextFrames();
      expect(shift.stop()).toEqual({ total: 0, shifts: [] });
    });
  });
});
