import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SLOW } from './support/play';
import { mockedStory } from './support/mockedStory';
import { demoOrganizationIds, requestedPagesAndSizes } from './support/storyService';
import { BIG_PAGE_CAP, VirtualSharesTable } from './support/VirtualSharesTable';

const meta = {
  title: 'Data/BigPages',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const caption = 'Shares of Big Org';
const bigStory = mockedStory(
  () => <VirtualSharesTable organizationId={demoOrganizationIds.big} caption={caption} />,
  // A service that serves pages of up to 5,000 rows.
  { maxPageSize: BIG_PAGE_CAP },
);

/** The body's rows, as rendered. */
const renderedRows = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('tbody tr[data-index]')].map((row) => row.querySelector('td')!.textContent);

/**
 * Big Org's 10,000 shares in pages of 5,000 (TanStack Virtual renders the rows in view): the page is scrolled to its
 * last row, and Next starts the second page at its first.
 */
export const FiveThousandRowPages: Story = {
  ...bigStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1–5,000 of 10,000', {}, SLOW)).toBeInTheDocument();
    const table = canvas.getByRole('table', { name: caption });
    await expect(table).toHaveAttribute('aria-rowcount', '5001');
    await waitFor(() => expect(renderedRows(canvasElement)[0]).toMatch(/-00001$/));
    // A few dozen rows in the DOM, not 5,000.
    await expect(renderedRows(canvasElement).length).toBeLessThan(100);
    const region = canvas.getByRole('region', { name: caption });
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(renderedRows(canvasElement).at(-1)).toMatch(/-05000$/), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText('5,001–10,000 of 10,000', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(renderedRows(canvasElement)[0]).toMatch(/-05001$/), SLOW);
    await expect(region.scrollTop).toBe(0);
    await expect(canvas.getByRole('option', { name: 'All (up to 5,000)' })).toBeInTheDocument();
    await expect(requestedPagesAndSizes(bigStory.service)).toEqual(
      expect.arrayContaining([
        { page: 0, size: 5000 },
        { page: 1, size: 5000 },
      ]),
    );
  },
};
