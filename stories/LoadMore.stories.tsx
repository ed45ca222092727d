import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense, useEffect, useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useInfiniteShares, useSuspenseShares } from '../src/hooks/index';
import { Pagination } from '../src/pagination/index';
import type { MockShare } from '../src/testing/index';
import { LoadMoreList } from './support/LoadMoreList';
import { mockedStory } from './support/mockedStory';
import { SLOW } from './support/play';
import { demoOrganizationIds, requestedPages } from './support/storyService';
import { navOf, visibleTotal } from './support/pagingPlay';

const meta = {
  title: 'Data/LoadMore',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const loadMoreStory = mockedStory(() => <LoadMoreList organizationId={demoOrganizationIds.globex} />, {
  latencyMs: 20,
});
/** Globex's 23 shares, 10 at a time: each click appends one page, asked for once, until none is left. */
export const LoadMore: Story = {
  ...loadMoreStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(10), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(20), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getByText('All 23 shares shown.')).toBeVisible(), SLOW);
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(requestedPages(loadMoreStory.service)).toEqual([0, 1, 2]);
  },
};

const failingStory = mockedStory(() => <LoadMoreList organizationId={demoOrganizationIds.globex} />, { latencyMs: 20 });
/** Loading more fails once: the rows already shown stay, and the button tries again. */
export const LoadMoreFailure: Story = {
  ...failingStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(10), SLOW);
    // Three failures outlast the retry policy's three tries.
    failingStory.service.fail({ status: 500, times: 3 });
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Could not load more shares.'), {
      timeout: 20_000,
    });
    await expect(canvas.getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(20), SLOW);
  },
};

/** A table that loads the next page when its last row scrolls into view (an IntersectionObserver on a sentinel row). */
function InfiniteTable({ organizationId }: { organizationId: string }) {
  const shares = useInfiniteShares<MockShare>({ organizationId, pageSize: 20 });
  const sentinel = useRef<HTMLTableRowElement>(null);
  const [inView, setInView] = useState(false);
  const { loadMore, hasNextPage, isFetchingNextPage } = shares;
  // The observer only says whether the sentinel row is in view; loading follows from that state, so a page that
  // arrives while the sentinel is still in view is followed by the next one (a tall screen fills up).
  useEffect(() => {
    const row = sentinel.current;
    if (!row) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry!.isIntersecting), {
      root: row.closest('[data-scroll]'),
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [hasNextPage]);
  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage) loadMore();
  }, [inView, hasNextPage, isFetchingNextPage, loadMore]);
  return (
    <div
      data-scroll=""
      tabIndex={0}
      role="region"
      aria-label="Shares, scrolling"
      style={{ height: 240, overflow: 'auto', border: '1px solid #767676' }}
    >
      <table>
        <caption>Shares of Acme</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Path</th>
          </tr>
        </thead>
        <tbody>
          {shares.rows.map((share) => (
            <tr key={share.id}>
              <td>{share.name}</td>
              <td>{share.path}</td>
            </tr>
          ))}
          {hasNextPage && (
            <tr ref={sentinel}>
              <td colSpan={2}>{isFetchingNextPage ? 'Loading more…' : 'More below'}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const scrollStory = mockedStory(() => <InfiniteTable organizationId={demoOrganizationIds.acme} />, { latencyMs: 20 });
/** Acme's shares, 20 rows a page: scrolling to the bottom loads the next page, once. */
export const InfiniteScroll: Story = {
  ...scrollStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = () => canvas.getAllByRole('row').length - 2; // the header row and the sentinel
    await waitFor(() => expect(rows()).toBe(20), SLOW);
    const region = canvas.getByRole('region', { name: 'Shares, scrolling' });
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(rows()).toBe(40), SLOW);
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(rows()).toBe(60), SLOW);
    await expect(requestedPages(scrollStory.service)).toEqual([0, 1, 2]);
  },
};

/** Paging under Suspense: `useSuspenseShares` moves in a transition, so the fallback shows on the first load only. */
function SuspenseShares() {
  const shares = useSuspenseShares<MockShare>({ organizationId: demoOrganizationIds.acme, defaultPageSize: 10 });
  return (
    <section
      aria-label="Shares under Suspense"
      aria-busy={shares.isTransitioning}
      style={{ opacity: shares.isTransitioning ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <ul>
        {shares.data.items.map((share) => (
          <li key={share.id}>{share.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} showTotal />
    </section>
  );
}

function CountedFallback({ onShow }: { onShow: () => void }) {
  useEffect(onShow, [onShow]);
  return <p>Loading shares…</p>;
}

let fallbacksShown = 0;
const countFallback = () => void (fallbacksShown += 1);
const suspenseStory = mockedStory(
  () => (
    <Suspense fallback={<CountedFallback onShow={countFallback} />}>
      <SuspenseShares />
    </Suspense>
  ),
  { latencyMs: 150 },
  () => {
    fallbacksShown = 0;
  },
);
/** The first load shows the fallback; later pages keep the current one on screen, dimmed while the next loads. */
export const SuspensePaging: Story = {
  ...suspenseStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first list is the shares; the control has a list of its own.
    const names = () =>
      within(canvas.getAllByRole('list')[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
    const first = names();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByRole('region', { name: 'Shares under Suspense' })).toHaveAttribute('aria-busy', 'true');
    await expect(names()).toEqual(first);
    // The range text where the container has room for it; the live region everywhere.
    const onPage = (page: number, range: string) =>
      waitFor(() => {
        const nav = navOf(canvasElement);
        return visibleTotal(nav)
          ? expect(canvas.getByText(range)).toBeVisible()
          : expect(within(nav).getByRole('status')).toHaveTextContent(`Page ${page} of 44`);
      }, SLOW);
    await onPage(2, '11–20 of 437');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await onPage(3, '21–30 of 437');
    await expect(canvas.queryByText('Loading shares…')).toBeNull();
    await expect(fallbacksShown).toBe(1);
  },
};
