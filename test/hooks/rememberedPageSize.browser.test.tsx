// A page size kept across visits (useRememberedPageSize) in real Chromium: a size picked in the control is the size
// after a reload (a fresh mount with a fresh cache, as a new visit has) and its rows are that many; the server's HTML
// and the first browser render use the default, so hydration matches and the stored size follows; a stored value
// the list does not offer is ignored with a warning naming the key.
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as preview from '../../.storybook/preview';
import { useRememberedPageSize, useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { mockedStory } from '../../stories/support/mockedStory';
import { demoOrganizationIds } from '../../stories/support/storyService';

setProjectAnnotations([preview.default]);

const KEY = 'pagewise-test:shares:pageSize';
const SIZES = [10, 20, 50, 100];

function RememberedShares() {
  const [pageSize, setPageSize] = useRememberedPageSize(KEY, { pageSizeOptions: SIZES });
  const shares = useShares<{ id: string; name: string }>({
    organizationId: demoOrganizationIds.acme,
    pageSize,
    onChange: (_, size) => setPageSize(size),
  });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} pageSizeOptions={SIZES} aria-label="Shares pages" />
    </>
  );
}

const remembered = mockedStory(() => <RememberedShares />);

/** One visit: mounts the list with a fresh cache, runs `play`, unmounts. */
async function visit(play: (root: HTMLElement) => Promise<void>) {
  const canvas = document.createElement('div');
  document.body.append(canvas);
  const Story = composeStory(
    { ...remembered.story, play: ({ canvasElement }) => play(canvasElement) },
    { title: 'Test/RememberedPageSize' },
  );
  try {
    await Story.run({ canvasElement: canvas });
  } finally {
    canvas.remove();
  }
}

const rows = (root: HTMLElement) => within(root).getByRole('list', { name: 'Shares' }).children.length;
const sizeSelect = (root: HTMLElement) => within(root).getByRole<HTMLSelectElement>('combobox');

let logged: string[];
beforeEach(() => {
  localStorage.removeItem(KEY);
  logged = [];
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => logged.push(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(KEY);
});

describe('a remembered page size', () => {
  it('is the size picked before a reload', async () => {
    await visit(async (root) => {
      await waitFor(() => expect(rows(root)).toBe(20));
      await userEvent.selectOptions(sizeSelect(root), '50');
      await waitFor(() => expect(rows(root)).toBe(50));
    });
    expect(localStorage.getItem(KEY)).toBe('50');
    await visit(async (root) => {
      await waitFor(() => expect(rows(root)).toBe(50));
      expect(sizeSelect(root).value).toBe('50');
    });
    expect(logged).toEqual([]);
  });

  it('renders the default on the server and hydrates without a mismatch, then shows the stored size', async () => {
    localStorage.setItem(KEY, '50');
    function Size() {
      return <output>{useRememberedPageSize(KEY, { pageSizeOptions: SIZES })[0]}</output>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Size />);
    expect(container.textContent).toBe('20');
    document.body.append(container);
    try {
      const root = hydrateRoot(container, <Size />);
      await waitFor(() => expect(container.textContent).toBe('50'));
      expect(logged).toEqual([]);
      root.unmount();
    } finally {
      container.remove();
    }
  });

  it('ignores a stored value the list does not offer, with a warning naming the key but not the value', async () => {
    localStorage.setItem(KEY, '7');
    await visit(async (root) => {
      await waitFor(() => expect(rows(root)).toBe(20));
      expect(sizeSelect(root).value).toBe('20');
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(KEY);
    expect(logged[0]).not.toContain('7 ');
  });
});
