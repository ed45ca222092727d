import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mockedStory } from './support/mockedStory';
import { SelectableSharesTable } from './support/SelectableSharesTable';
import { ExportPanel } from './support/ExportPanel';
import { createGate } from '../test/helpers/createGate';
import { SLOW } from './support/play';
import { demoOrganizationIds } from './support/storyService';

const meta = {
  title: 'Data/AcrossPages',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const { acme, globex } = demoOrganizationIds;

const status = (canvasElement: HTMLElement) => canvasElement.querySelector('[role="status"][aria-live]')!;

const selectStory = mockedStory(
  () => <SelectableSharesTable organizationId={globex} caption="Shares of Globex" />,
  {},
  // One row in three refuses its delete, as a locked share would.
  (service) => {
    const locked = service
      .rows(globex, 'shares')!
      .filter((_, index) => index % 3 === 1)
      .map((row) => row.id);
    service.fail({ status: 409, method: 'DELETE', rows: locked, times: Infinity });
  },
);
/**
 * Globex's 23 shares, 10 a page. Rows stay selected across pages; "Select all 23 matching" selects the whole list
 * without fetching an id; Delete removes the rows at once, and those the service refuses come back in place, still
 * selected. The control's live region says each count.
 */
export const SelectAndDelete: Story = {
  ...selectStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // One session, so Shift stays held between the key press and the click.
    const user = userEvent.setup();
    const first = (await canvas.findAllByRole('checkbox', { name: /^Select globex-/ }, SLOW))[0]!;
    await user.click(first);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('1 selected.'));
    const boxes = canvas.getAllByRole('checkbox', { name: /^Select globex-/ });
    await user.keyboard('{Shift>}');
    await user.click(boxes[3]!);
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('4 selected.'));
    await user.click(canvas.getByRole('checkbox', { name: 'Select this page' }));
    await user.click(await canvas.findByRole('button', { name: 'Select all 23 matching' }));
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('All 23 selected.'));
    await user.click(canvas.getAllByRole('checkbox', { name: /^Select globex-/ })[0]!);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('22 of 23 selected.'));
    await user.click(canvas.getByRole('button', { name: 'Delete selected' }));
    await waitFor(
      () => expect(status(canvasElement)).toHaveTextContent(/Deleted 14; 8 failed and stay selected/),
      SLOW,
    );
    await waitFor(() => expect(canvas.getByTestId('selection-count')).toHaveTextContent('8 selected.'));
  },
};

// Set by the play function only, to hold page 3 while it looks at the progress; a person sees every page come in turn.
let hold: ReturnType<typeof createGate> | undefined;
const exportStory = mockedStory(
  () => <ExportPanel organizationId={acme} />,
  { latencyMs: (request) => (request.page === 2 && hold ? hold.held : 150) },
  () => {
    hold?.release();
    hold = undefined;
  },
);
/**
 * Acme's 437 shares exported as CSV or NDJSON, 50 rows a page, built as the pages arrive: the bar shows the rows
 * done out of the total, and Cancel stops the walk (the request in flight is aborted).
 */
export const Export: Story = {
  ...exportStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    hold = createGate();
    await userEvent.click(canvas.getByRole('button', { name: 'Export shares' }));
    await waitFor(() => expect(canvas.getByText(/Exporting: 100 of 437 rows, 2 pages/)).toBeInTheDocument(), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.getByText(/Cancelled: 100 of 437 rows/)).toBeInTheDocument());
    hold.release();
    hold = undefined;
    await userEvent.click(canvas.getByRole('button', { name: 'Export shares' }));
    await waitFor(
      () =>
        expect(
          canvas.getByText(/Exported: 437 of 437 rows, 9 pages. Saved shares.csv: 438 lines./),
        ).toBeInTheDocument(),
      SLOW,
    );
  },
};
