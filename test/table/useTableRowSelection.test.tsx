import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectableSharesTable } from '../../stories/support/SelectableSharesTable';
import { createTestQueryClient, createWrapper, globex, setupMockService } from '../hooks/support';

const { client } = setupMockService();

const boxes = () => screen.getAllByRole('checkbox', { name: /^Select globex-/ }) as HTMLInputElement[];
const checked = () =>
  boxes()
    .filter((box) => box.checked)
    .map((box) => box.getAttribute('aria-label'));
const live = () => screen.getByRole('navigation').querySelector('[role="status"]')!;

describe('useTableRowSelection', () => {
  it('shows the page’s selected rows after moves in both directions, and Shift+click selects a range', async () => {
    const user = userEvent.setup();
    render(<SelectableSharesTable organizationId={globex} caption="Shares" />, {
      wrapper: createWrapper(createTestQueryClient(), client),
    });
    await waitFor(() => expect(boxes()).toHaveLength(10));
    await user.click(boxes()[2]!);
    await user.keyboard('{Shift>}');
    await user.click(boxes()[6]!);
    await user.keyboard('{/Shift}');
    expect(checked()).toEqual(
      [
        'Select globex-design-00003',
        'Select globex-backups-00004',
        'Select globex-media-00005',
        'Select globex-research-00006',
        'Select globex-legal-00007',
      ].map((name) => name),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(boxes()[0]).toHaveAccessibleName('Select globex-finance-00011'));
    expect(checked()).toEqual([]);
    await user.click(boxes()[0]!);
    await waitFor(() => expect(live()).toHaveTextContent('6 selected.'));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(boxes()[0]).toHaveAccessibleName(/00001$/));
    expect(checked()).toHaveLength(5);
    expect(within(screen.getByTestId('selection-count')).getByText('6 selected.')).toBeInTheDocument();
  });
});
