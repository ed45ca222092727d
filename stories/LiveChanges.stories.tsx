import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useListChanges, useShares, type ListChange } from '../src/hooks/index';
import { Pagination } from '../src/pagination/index';
import type { MockChange, MockService, MockShare } from '../src/testing/index';
import { mockedStory } from './support/mockedStory';
import './support/dataTable.css';
import { SLOW, waitForIdle } from './support/play';
import { demoOrganizationIds } from './support/storyService';

const meta = {
  title: 'Data/LiveChanges',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const { globex } = demoOrganizationIds;

/** What the live region says of a change another person made. */
const told = (change: MockChange) =>
  change.type === 'deleted'
    ? 'Someone deleted a share.'
    : `Someone ${change.type === 'created' ? 'added' : 'renamed a share to'} ${String(change.row.name)}.`;

/**
 * Globex's shares, 10 a page, kept right while other people change them: the mock's changes (`service.editRow`, as
 * an event stream would bring them) applied with `useListChanges`. The three buttons stand in for those people.
 */
function LiveShares({ service }: { service: MockService }) {
  const shares = useShares<MockShare>({ organizationId: globex, defaultPageSize: 10 });
  const [status, setStatus] = useState('');
  const [edits, setEdits] = useState(0);
  useListChanges<MockShare>('shares', {
    organizationId: globex,
    subscribe: (apply) =>
      service.subscribe((change) => {
        apply(change as ListChange<MockShare>);
        setStatus(told(change));
      }),
  });
  const rows = shares.data?.items ?? [];
  const edit = (run: (n: number) => void) => {
    const n = edits + 1;
    setEdits(n);
    run(n);
  };
  return (
    <section aria-label="Live shares">
      <ul aria-label="Shares">
        {rows.map((share) => (
          <li key={share.id} data-name={share.name}>
            {share.name}
          </li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
      <div role="group" aria-label="Other people" className="pw-story-actions">
        <button
          disabled={rows.length < 3}
          onClick={() =>
            edit((n) =>
              service.editRow(globex, 'shares', { type: 'updated', id: rows[2]!.id, fields: { name: `renamed-${n}` } }),
            )
          }
        >
          Someone renames the third share
        </button>
        <button
          disabled={rows.length === 0}
          onClick={() => edit(() => service.editRow(globex, 'shares', { type: 'deleted', id: rows[0]!.id }))}
        >
          Someone deletes the first share
        </button>
        <button
          onClick={() =>
            edit((n) =>
              service.editRow(globex, 'shares', {
                type: 'created',
                row: { id: `added-${n}`, name: `added-${n}` },
                at: 0,
              }),
            )
          }
        >
          Someone adds a share at the top
        </button>
      </div>
      <p role="status" aria-label="Changes by other people">
        {status}
      </p>
    </section>
  );
}

const liveStory = mockedStory(() => <LiveShares service={liveStory.service} />, { latencyMs: 20 });

/** The visible page follows each change another person makes while the reader pages: the rows the service lists there. */
export const LiveChanges: Story = {
  ...liveStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const shown = () =>
      within(canvas.getByRole('list', { name: 'Shares' }))
        .queryAllByRole('listitem')
        .map((item) => item.dataset.name);
    const listed = (page: number) =>
      liveStory.service
        .rows(globex, 'shares')!
        .slice((page - 1) * 10, page * 10)
        .map((row) => row.name);
    const follows = async (page: number) => {
      await waitForIdle(liveStory.queryClient());
      await waitFor(() => expect(shown()).toEqual(listed(page)), SLOW);
    };
    await waitFor(() => expect(shown()).toHaveLength(10), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await follows(2);

    await userEvent.click(canvas.getByRole('button', { name: 'Someone renames the third share' }));
    await waitFor(() => expect(shown()[2]).toBe('renamed-1'));
    await expect(canvas.getByRole('status', { name: 'Changes by other people' })).toHaveTextContent(
      'Someone renamed a share to renamed-1.',
    );
    await follows(2);

    const first = shown()[0];
    await userEvent.click(canvas.getByRole('button', { name: 'Someone deletes the first share' }));
    await waitFor(() => expect(shown()).not.toContain(first));
    // The next page's first row moved up at once: still 10 rows.
    await expect(shown()).toHaveLength(10);
    await follows(2);

    await userEvent.click(canvas.getByRole('button', { name: 'Someone adds a share at the top' }));
    await expect(canvas.getByRole('status', { name: 'Changes by other people' })).toHaveTextContent(
      'Someone added added-3.',
    );
    await follows(2);

    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await follows(3);
    await userEvent.click(canvas.getByRole('button', { name: 'First page' }));
    await follows(1);
    await expect(shown()[0]).toBe('added-3');
  },
};
