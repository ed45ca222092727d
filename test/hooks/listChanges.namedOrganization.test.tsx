import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, presets } from '../../src/client/index';
import { applyListChange, useListChanges, usePagedList, type ListChange } from '../../src/hooks/index';
import { startJsonServer1, type JsonServer } from '../helpers/jsonServer';
import { createTestQueryClient, createWrapper } from './support';

// A back-end whose route carries no organization (json-server 1.x, real, on 127.0.0.1): the app names its lists with
// any URL-safe name, and the rows other people change reach the pages cached under that name.
type Note = { id: string; title: string };
const NOTES: Note[] = Array.from({ length: 12 }, (_, index) => ({ id: String(index + 1), title: `note ${index + 1}` }));
const organizationId = 'team-blue';
let server: JsonServer;
beforeAll(async () => {
  server = await startJsonServer1({ notes: NOTES });
});
afterAll(() => server.close());

function Notes({ feed }: { feed: Set<(change: ListChange<Note>) => void> }) {
  const notes = usePagedList<Note>('notes', { organizationId, defaultPageSize: 5 });
  useListChanges<Note>('notes', {
    organizationId,
    subscribe: (apply) => (feed.add(apply), () => feed.delete(apply)),
  });
  return (
    <ul aria-label="Notes">
      {notes.data?.items.map((note) => (
        <li key={note.id}>{note.title}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('rows other people change, on a list whose organization is a name', () => {
  it('useListChanges patches the page on screen cached under the name, and asks that page again once', async () => {
    const feed = new Set<(change: ListChange<Note>) => void>();
    const client = createApiClient({ baseUrl: server.origin, ...presets.jsonServer.v1 });
    render(<Notes feed={feed} />, { wrapper: createWrapper(createTestQueryClient(), client) });
    await waitFor(() => expect(shown()).toEqual(['note 1', 'note 2', 'note 3', 'note 4', 'note 5']));
    expect(feed.size).toBe(1);
    // The page after it is asked ahead: counted before the change, so the count after is the change's alone.
    await waitFor(() => expect(server.received).toContain('/notes?_page=2&_per_page=5'));
    // Someone else renames note 2 at the service, and the feed tells of it.
    const renamed = await fetch(`${server.origin}/notes/2`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'renamed' }),
    });
    expect(renamed.ok).toBe(true);
    const asked = server.received.length;
    act(() => [...feed].forEach((apply) => apply({ type: 'updated', row: { id: '2', title: 'renamed' } })));
    await waitFor(() => expect(shown()[1]).toBe('renamed'));
    await waitFor(() => expect(server.received.slice(asked)).toEqual(['/notes?_page=1&_per_page=5']));
    expect(shown()).toEqual(['note 1', 'renamed', 'note 3', 'note 4', 'note 5']);
  });

  it('applyListChange takes the name and refuses one that is not URL-safe, naming organizationId', async () => {
    const queryClient = createTestQueryClient();
    await expect(
      applyListChange(queryClient, { resource: 'notes', organizationId }, { type: 'deleted', id: '1' }),
    ).resolves.toBeUndefined();
    await expect(
      applyListChange(queryClient, { resource: 'notes', organizationId: 'a/b' }, { type: 'deleted', id: '1' }),
    ).rejects.toMatchObject({ argument: 'organizationId' });
  });
});
