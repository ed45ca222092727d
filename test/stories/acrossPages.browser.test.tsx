// The "Across pages" stories in real Chromium, composed with the Storybook preview and their mock service: the
// selection driven by keyboard (Space on the checkboxes, Enter on the buttons) and by Shift+click for a range, each
// count read from the control's live region; the export's progress and Cancel; axe over the result.
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import * as preview from '../../.storybook/preview';
import meta, { Export, SelectAndDelete } from '../../stories/AcrossPages.stories';

setProjectAnnotations([preview.default]);

beforeAll(async () => {
  await page.viewport(1280, 900);
});

async function violations(container: Element): Promise<string[]> {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: {
      region: { enabled: false },
      'landmark-one-main': { enabled: false },
      'page-has-heading-one': { enabled: false },
    },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Runs `story` with `play` in a fresh canvas, then `check`s it; the canvas goes when done. */
async function runStory(
  story: typeof SelectAndDelete,
  play: (canvasElement: HTMLElement) => Promise<void>,
): Promise<void> {
  const canvasElement = document.createElement('div');
  document.body.append(canvasElement);
  try {
    const Story = composeStory({ ...story, play: ({ canvasElement: canvas }) => play(canvas) }, meta);
    await Story.run({ canvasElement });
    expect(await violations(canvasElement)).toEqual([]);
  } finally {
    canvasElement.remove();
  }
}

const live = (canvasElement: HTMLElement) => canvasElement.querySelector('[role="status"][aria-live="polite"]')!;

describe('selection across pages, in Chromium', () => {
  it('is driven by keyboard: Space ticks a row and the page, Enter selects all matching, counts in the live region', async () => {
    await runStory(SelectAndDelete, async (canvasElement) => {
      const canvas = within(canvasElement);
      const user = userEvent.setup();
      const first = (await canvas.findAllByRole('checkbox', { name: /^Select globex-/ }))[0]!;
      first.focus();
      await user.keyboard(' ');
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('1 selected.'));
      expect(first).toBeChecked();
      canvas.getByRole('checkbox', { name: 'Select this page' }).focus();
      await user.keyboard(' ');
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('10 selected.'));
      canvas.getByRole('button', { name: 'Select all 23 matching' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('All 23 selected.'));
      const second = canvas.getAllByRole('checkbox', { name: /^Select globex-/ })[1]!;
      second.focus();
      await user.keyboard(' ');
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('22 of 23 selected.'));
      // Page 2: rows never shown are selected too, as "all matching" says.
      await user.click(canvas.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(canvas.getAllByRole('checkbox', { name: /^Select globex-/ })).toHaveLength(10));
      await waitFor(() =>
        expect(
          canvas
            .getAllByRole('checkbox', { name: /^Select globex-/ })
            .every((box) => (box as HTMLInputElement).checked),
        ).toBe(true),
      );
    });
  });

  it('Shift+click selects the range from the last row clicked, and rows stay selected across pages', async () => {
    await runStory(SelectAndDelete, async (canvasElement) => {
      const canvas = within(canvasElement);
      const user = userEvent.setup();
      const boxes = () => canvas.getAllByRole('checkbox', { name: /^Select globex-/ }) as HTMLInputElement[];
      await canvas.findAllByRole('checkbox', { name: /^Select globex-/ });
      await user.click(boxes()[2]!);
      await user.keyboard('{Shift>}');
      await user.click(boxes()[6]!);
      await user.keyboard('{/Shift}');
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('5 selected.'));
      expect(boxes().map((box) => box.checked)).toEqual(boxes().map((_, index) => index >= 2 && index <= 6));
      await user.click(canvas.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(boxes().some((box) => box.checked)).toBe(false));
      await user.click(boxes()[0]!);
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('6 selected.'));
      await user.click(canvas.getByRole('button', { name: 'Page 1' }));
      await waitFor(() => expect(boxes().filter((box) => box.checked)).toHaveLength(5));
      await waitFor(() => expect(live(canvasElement)).toHaveTextContent('6 selected.'));
    });
  });

  it('the story’s own play: delete "all matching but one", the refused rows back and selected', async () => {
    await runStory(SelectAndDelete, async (canvasElement) => {
      await SelectAndDelete.play!({ canvasElement } as never);
    });
  });
});

describe('export with progress, in Chromium', () => {
  it('the story’s own play: progress out of the total, Cancel, then every row in the file', async () => {
    await runStory(Export, async (canvasElement) => {
      await Export.play!({ canvasElement } as never);
    });
  });
});
