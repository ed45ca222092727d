import { createContext, useContext, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { useListMutation, useShares, type UseListMutationResult } from '../../src/hooks/index';
import type { MockShare } from '../../src/testing/index';
import { TablePagination, useServerTablePagination } from '../../src/table/index';
import { serverFeatures, shareColumns } from './columns';
import { DataTable } from './DataTable';
import { describeWriteError } from './describeError';
import { ErrorPanel } from './ErrorPanel';

const NO_ROWS: MockShare[] = [];

/** What a row action says when it is done: in the control's live region, and for a failure in an alert too. */
interface Outcome {
  message: string;
  failed: boolean;
}

/** What every row's actions share: the write, and where to say what it did. */
interface RowActionsContext {
  write: UseListMutationResult<MockShare>;
  onOutcome: (outcome: Outcome) => void;
  /** Where focus goes when the row it was in is gone. */
  onRowGone: () => void;
}

// A context, not the column definition: columns stay the same, so a row's actions keep their state and focus.
const Actions = createContext<RowActionsContext | null>(null);

/** The row's buttons a step gives focus back to. */
type Button = 'rename' | 'delete';

/**
 * A row's actions, every step reachable by keyboard: Rename turns the name into a field (Enter saves, Escape cancels,
 * focus goes back to the button), Delete asks first (focus on the confirmation; Cancel or Escape go back).
 */
function RowActions({ share }: { share: MockShare }) {
  const { write, onOutcome, onRowGone } = useContext(Actions)!;
  const [mode, setMode] = useState<'idle' | 'renaming' | 'confirming'>('idle');
  const [name, setName] = useState(share.name);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The step leaves within the event that ends it (flushSync), and focus goes to the button in that same event. Left
  // to a later commit, the step's focused field would be removed mid-commit: the browser blurs it there, and whatever
  // listens to that blur (a `change`, a test's `act`) runs inside React's commit.
  const back = (to: Button) => {
    flushSync(() => setMode('idle'));
    (to === 'rename' ? renameButton : deleteButton).current?.focus();
  };
  const escape = (event: KeyboardEvent, to: Button) => {
    if (event.key === 'Escape') back(to);
  };

  if (mode === 'renaming')
    return (
      <form
        className="pw-story-actions"
        onSubmit={(event) => {
          event.preventDefault();
          const next = name.trim();
          back('rename');
          if (!next || next === share.name) return;
          write.mutate(
            { type: 'update', id: share.id, body: { name: next } },
            {
              onSuccess: () => onOutcome({ message: `Renamed ${share.name} to ${next}.`, failed: false }),
              onError: (error) =>
                onOutcome({ message: `Could not rename ${share.name}: ${describeWriteError(error)}`, failed: true }),
            },
          );
        }}
      >
        <label>
          <span className="pw-story-sr">New name for {share.name}</span>
          <input
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => escape(event, 'rename')}
          />
        </label>
        <button type="submit">Save</button>
        <button type="button" onClick={() => back('rename')}>
          Cancel
        </button>
      </form>
    );
  if (mode === 'confirming')
    return (
      <div
        className="pw-story-actions"
        role="group"
        aria-label={`Delete ${share.name}?`}
        onKeyDown={(event) => escape(event, 'delete')}
      >
        <span aria-hidden="true">Delete?</span>
        <button
          type="button"
          autoFocus
          onClick={() => {
            onRowGone();
            write.mutate(
              { type: 'delete', id: share.id },
              {
                onSuccess: () => onOutcome({ message: `Deleted ${share.name}.`, failed: false }),
                onError: (error) =>
                  onOutcome({
                    message: `Could not delete ${share.name}: ${describeWriteError(error)} It is back in the list.`,
                    failed: true,
                  }),
              },
            );
          }}
        >
          Confirm delete {share.name}
        </button>
        <button type="button" onClick={() => back('delete')}>
          Cancel
        </button>
      </div>
    );
  return (
    <div className="pw-story-actions">
      <button type="button" ref={renameButton} onClick={() => (setName(share.name), setMode('renaming'))}>
        Rename <span className="pw-story-sr">{share.name}</span>
      </button>
      <button type="button" ref={deleteButton} onClick={() => setMode('confirming')}>
        Delete <span className="pw-story-sr">{share.name}</span>
      </button>
    </div>
  );
}

const helper = createColumnHelper<typeof serverFeatures, MockShare>();
const columns = [
  ...shareColumns,
  helper.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions share={row.original} /> }),
];

/**
 * The shares table with row actions: rename in place and delete with a confirmation, through `useListMutation` (the
 * cached pages change at once, and back if the service refuses). What each action did is said in the control's live
 * region (its `message`); a failure is shown in an alert too.
 */
export function EditableSharesTable({ organizationId, caption }: { organizationId: string; caption: string }) {
  const shares = useShares<MockShare>({ organizationId });
  const write = useListMutation<MockShare>('shares', { organizationId });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const actions = useMemo<RowActionsContext>(
    () => ({
      write,
      onOutcome: setOutcome,
      onRowGone: () => region.current?.querySelector<HTMLElement>('[role="region"]')?.focus(),
    }),
    [write],
  );
  const table = useTable({
    features: serverFeatures,
    columns,
    data: shares.data?.items ?? NO_ROWS,
    getRowId: (share) => share.id,
    ...useServerTablePagination(shares),
  });
  return (
    <div className="pw-story-data" ref={region}>
      {shares.isError && (
        <ErrorPanel error={shares.error} retrying={shares.isFetching} onRetry={() => void shares.refetch()} />
      )}
      {outcome?.failed && (
        <p role="alert" className="pw-story-error">
          {outcome.message}
        </p>
      )}
      <Actions.Provider value={actions}>
        <DataTable table={table} caption={caption} busy={shares.isFetching} empty="Loading shares…" />
      </Actions.Provider>
      <TablePagination table={table} showTotal aria-label={`${caption}: pages`} message={outcome?.message} />
    </div>
  );
}
