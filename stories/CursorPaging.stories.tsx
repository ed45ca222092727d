import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useShares } from '../src/hooks/index';
import type { MockResponseShape, MockService, MockShare } from '../src/testing/index';
import { shareColumns } from './support/columns';
import { LoadMoreList } from './support/LoadMoreList';
import { mockedStory } from './support/mockedStory';
import { PagedTable } from './support/PagedTable';
import { SLOW, expectRows, waitForIdle } from './support/play';
import { demoOrganizationIds } from './support/storyService';

const meta = {
  title: 'Data/CursorPaging',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const acme = 'Shares of Acme';

/** The list requests the story's mock received, as their query strings. */
const listQueries = (service: MockService) =>
  service.requests.filter((r) => r.resource === 'shares').map((r) => new URL(r.url).searchParams);

/** Acme with 45 shares, answered in `shape`: a service that pages by cursor and ignores `page`. */
function cursorTableStory(shape: MockResponseShape) {
  return mockedStory(
    () => (
      <PagedTable
        useResource={useShares<MockShare>}
        organizationId={demoOrganizationIds.acme}
        columns={shareColumns}
        caption={acme}
        noun="shares"
      />
    ),
    { shape, latencyMs: 20, organizations: { [demoOrganizationIds.acme]: { name: 'Acme', shares: 45 } } },
  );
}

/**
 * Forward page by page, each page asked for with the cursor of the one before it and never by its number; back from
 * the cache. No count is made up: the control shows Next while the service says more follows.
 */
function cursorTablePlay(story: ReturnType<typeof cursorTableStory>, cursorParam: string): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = () => canvas.getByRole('button', { name: 'Next page' });
    const previous = () => canvas.getByRole('button', { name: 'Previous page' });
    await expectRows(canvasElement, acme, 1, 20);
    await expect(canvasElement.textContent).not.toMatch(/of 45\b|NaN/);
    await userEvent.click(next());
    await expectRows(canvasElement, acme, 21, 40);
    await userEvent.click(next());
    await expectRows(canvasElement, acme, 41, 45);
    await waitFor(() => expect(next()).toBeDisabled(), SLOW);
    await expect(canvas.getByText('41–45 of 45')).toBeInTheDocument();
    await waitForIdle(story.queryClient());
    const forward = listQueries(story.service);
    await userEvent.click(previous());
    await expectRows(canvasElement, acme, 21, 40);
    await userEvent.click(previous());
    await expectRows(canvasElement, acme, 1, 20);
    await waitForIdle(story.queryClient());
    // Back cost nothing; forward was one request per page, each after the first by cursor.
    await expect(listQueries(story.service)).toHaveLength(forward.length);
    await expect(forward).toHaveLength(3);
    await expect(forward[0]!.has(cursorParam)).toBe(false);
    for (const query of forward.slice(1)) {
      await expect(query.has(cursorParam)).toBe(true);
      await expect(query.has('page')).toBe(false);
    }
  };
}

const stripeTable = cursorTableStory('stripe');
/** A Stripe list (`{ object: 'list', data, has_more }`): page 2 is asked for with `starting_after=<page 1's last id>`. */
export const StripeTable: Story = { ...stripeTable.story, play: cursorTablePlay(stripeTable, 'starting_after') };

const linkTable = cursorTableStory('link-cursor');
/** A GitHub-style list: rows in the body, the next page in a `Link: <…?after=…>; rel="next"` header, requested as given. */
export const LinkHeaderTable: Story = { ...linkTable.story, play: cursorTablePlay(linkTable, 'after') };

/** Globex's 23 shares in `shape`, 10 at a time with "Load more". */
function loadMoreStory(shape: MockResponseShape) {
  return mockedStory(() => <LoadMoreList organizationId={demoOrganizationIds.globex} />, { shape, latencyMs: 20 });
}

/** Each click follows the last page's `nextCursor`: no row twice, and the button goes once the service says the end. */
function loadMorePlay(story: ReturnType<typeof loadMoreStory>, cursorParam: string): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(10), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(20), SLOW);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getByText('All 23 shares shown.')).toBeVisible(), SLOW);
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    const names = canvas.getAllByRole('listitem').map((item) => item.textContent);
    await expect(new Set(names).size).toBe(23);
    const queries = listQueries(story.service);
    await expect(queries).toHaveLength(3);
    await expect(queries.slice(1).every((query) => query.has(cursorParam) && !query.has('page'))).toBe(true);
  };
}

const tokenLoadMore = loadMoreStory('page-token');
/** A Google-style list (`{ items, nextPageToken }`): "Load more" sends the token as `pageToken`. */
export const PageTokenLoadMore: Story = { ...tokenLoadMore.story, play: loadMorePlay(tokenLoadMore, 'pageToken') };

const drfLoadMore = loadMoreStory('cursor');
/** Django REST Framework's CursorPagination (`{ next, previous, results }`): "Load more" requests the `next` URL. */
export const CursorUrlLoadMore: Story = { ...drfLoadMore.story, play: loadMorePlay(drfLoadMore, 'cursor') };
