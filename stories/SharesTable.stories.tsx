import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sharesQueryOptions, useShares } from '../src/hooks/index';
import type { PagedResourceOptions } from '../src/hooks/index';
import type { MockService, MockServiceOptions, MockShare } from '../src/testing/index';
import { shareColumns } from './support/columns';
import { createPageGate } from './support/createPageGate';
import { PagedTable } from './support/PagedTable';
import { OrganizationPicker } from './support/OrganizationPicker';
import { EditableSharesTable } from './support/EditableSharesTable';
import { SLOW, expectRows, getTable, recordShownNames, shownNames, waitForIdle } from './support/play';
import { mockedStory } from './support/mockedStory';
import { expectPage, navOf, pageOrNext, visibleControl } from './support/pagingPlay';
import { demoOrganizationIds, organizationNames, requestedPages, requestedPagesAndSizes } from './support/storyService';

const meta = {
  title: 'Data/SharesTable',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

type QueryOptions = Partial<Pick<PagedResourceOptions<MockShare>, 'retryDelay'>>;

function SharesTable({ organizationId, queryOptions }: { organizationId: string; queryOptions?: QueryOptions }) {
  return (
    <PagedTable
      useResource={useShares<MockShare>}
      organizationId={organizationId}
      columns={shareColumns}
      caption={`Shares of ${organizationNames[organizationId]}`}
      noun="shares"
      queryOptions={queryOptions}
    />
  );
}

/** A story of one organization's shares on a mock service of its own. */
function sharesStory(
  organizationId: string,
  options?: MockServiceOptions,
  prepare?: (service: MockService) => void,
  queryOptions?: QueryOptions,
) {
  return mockedStory(
    () => <SharesTable organizationId={organizationId} queryOptions={queryOptions} />,
    options,
    prepare,
  );
}

const acme = 'Shares of Acme';

const defaultStory = sharesStory(demoOrganizationIds.acme);
/** Acme's 437 shares, 20 per page; the next page is prefetched, so moving forward waits for nothing. */
export const Default: Story = {
  ...defaultStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20);
    await expect(canvas.getByText('1–20 of 437')).toBeInTheDocument();
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40);
    await userEvent.click(pageOrNext(canvasElement, 'Page 3'));
    await expectRows(canvasElement, acme, 41, 60);
    // Page 2 was asked for once: by the prefetch, not by the click.
    await waitFor(() => expect(requestedPages(defaultStory.service)).toEqual([0, 1, 2, 3]));
  },
};

const loadingStory = sharesStory(demoOrganizationIds.acme, { latencyMs: 1_000_000_000 });
/** The first page never arrives: an empty, busy table and a control that knows no total yet. */
export const Loading: Story = {
  ...loadingStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getTable(canvasElement, acme)).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('cell', { name: 'Loading shares…' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // No total until the service says one: not "0–0 of 0".
    await expect(canvas.queryByText(/^\d+–\d+ of \d+$/)).not.toBeInTheDocument();
    await waitFor(() => expect(requestedPages(loadingStory.service)).toEqual([0]));
  },
};

const emptyStory = sharesStory(demoOrganizationIds.empty);
/** An organization without shares: one empty page, nothing to move to. */
export const EmptyOrganization: Story = {
  ...emptyStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('cell', { name: 'No shares in this organization.' }, SLOW),
    ).toBeInTheDocument();
    await expect(getTable(canvasElement, 'Shares of Empty Org')).toHaveAttribute('aria-busy', 'false');
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Last page' })).toBeDisabled();
    // Nothing past the only page: no second page in the cache, no request for it.
    await waitForIdle(emptyStory.queryClient());
    const { client } = emptyStory;
    const second = sharesQueryOptions({ client, organizationId: demoOrganizationIds.empty, page: 2 }).queryKey;
    await expect(emptyStory.queryClient().getQueryState(second)).toBeUndefined();
    await expect(requestedPages(emptyStory.service)).toEqual([0]);
  },
};

const bigStory = sharesStory(demoOrganizationIds.big);
/** 10,000 shares (generated on demand, page by page): the control jumps to page 500 and back. */
export const TenThousandShares: Story = {
  ...bigStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const caption = 'Shares of Big Org';
    await expectRows(canvasElement, caption, 1, 20);
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expectRows(canvasElement, caption, 9_981, 10_000);
    await expect(canvas.getByText('9,981–10,000 of 10,000')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expectRows(canvasElement, caption, 9_961, 9_980);
    // Nothing past page 500 (wire page 499): no page 501 in the cache, no request for wire page 500.
    await waitForIdle(bigStory.queryClient());
    const { client } = bigStory;
    const pastTheEnd = sharesQueryOptions({ client, organizationId: demoOrganizationIds.big, page: 501 }).queryKey;
    await expect(bigStory.queryClient().getQueryState(pastTheEnd)).toBeUndefined();
    await expect(requestedPages(bigStory.service)).toEqual(expect.arrayContaining([0, 499, 498]));
    await expect(requestedPages(bigStory.service)).not.toContain(500);
  },
};

const slowStory = sharesStory(demoOrganizationIds.acme, { latencyMs: 800 }, () => lastPageGate.release());
// The play function holds the last page (wire page 21) until it has seen the loading state.
const lastPageGate = createPageGate(slowStory.service, 21, 800);
/** Every answer takes 800 ms: the previous page stays on screen, marked busy, until the next one arrives. */
export const SlowNetwork: Story = {
  ...slowStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20);
    lastPageGate.hold();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    // Page 22 was not prefetched: page 1 stays, busy, while it loads.
    await expect(getTable(canvasElement, acme)).toHaveAttribute('aria-busy', 'true');
    await expect(shownNames(canvasElement, acme)[0]).toMatch(/-00001$/);
    await expectPage(navOf(canvasElement), 'Page 22');
    lastPageGate.release();
    await expectRows(canvasElement, acme, 421, 437);
    await waitFor(() => expect(getTable(canvasElement, acme)).toHaveAttribute('aria-busy', 'false'), SLOW);
    await expect(requestedPages(slowStory.service)).toEqual(expect.arrayContaining([0, 21]));
  },
};

const unauthorizedStory = sharesStory(demoOrganizationIds.acme, {}, (service) => service.fail({ status: 401 }));
/** The service answers 401 (not retried): a readable error and a retry button, which then succeeds. */
export const Unauthorized401: Story = {
  ...unauthorizedStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(/not signed in.*401/);
    await expect(requestedPages(unauthorizedStory.service)).toEqual([0]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expectRows(canvasElement, acme, 1, 20);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40);
    // Page 3's prefetch too: the play ends with no request on its way, so none reaches the next run's mock.
    await waitFor(() => expect(requestedPages(unauthorizedStory.service)).toEqual([0, 0, 1, 2]));
  },
};

const serverErrorStory = sharesStory(
  demoOrganizationIds.acme,
  {},
  (service) => service.fail({ status: 500, times: 3 }),
  // Retried at once here, so the story waits on no timer; the library's own policy waits 1 s, then 2 s.
  { retryDelay: 0 },
);
/** The service answers 500 three times: retried twice, then a readable error and a retry button. */
export const ServerError500: Story = {
  ...serverErrorStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(/failed to answer.*500/);
    await expect(requestedPages(serverErrorStory.service)).toEqual([0, 0, 0]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expectRows(canvasElement, acme, 1, 20);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40);
    await waitFor(() => expect(requestedPages(serverErrorStory.service)).toEqual([0, 0, 0, 0, 1, 2]));
  },
};

const pageSizeStory = sharesStory(demoOrganizationIds.acme);
/** 50 per page: the page that keeps the first row in view, then page 2 of 50. */
export const PageSizeChange: Story = {
  ...pageSizeStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '50');
    await expectRows(canvasElement, acme, 1, 50);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 51, 100);
    await expect(canvas.getByText('51–100 of 437')).toBeInTheDocument();
    await expect(requestedPagesAndSizes(pageSizeStory.service)).toEqual(
      expect.arrayContaining([
        { page: 1, size: 20 },
        { page: 0, size: 50 },
        { page: 1, size: 50 },
      ]),
    );
  },
};

const switcherStory = mockedStory(() => (
  <OrganizationPicker>{(organizationId) => <SharesTable organizationId={organizationId} />}</OrganizationPicker>
));
/** Switching organization starts at page 1 and never shows the previous organization's rows, not even for a frame. */
export const OrganizationSwitcher: Story = {
  ...switcherStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { service } = switcherStory;
    await expectRows(canvasElement, acme, 1, 20);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40);
    await userEvent.click(pageOrNext(canvasElement, 'Page 3'));
    await expectRows(canvasElement, acme, 41, 60);

    // Every row shown from the switch on.
    const recording = recordShownNames(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Organization' }), 'Globex');
    await expectRows(canvasElement, 'Shares of Globex', 1, 20);
    await expect(recording.stop().filter((name) => name.startsWith('acme-'))).toEqual([]);
    await expect(service.requests.filter((r) => r.organizationId === demoOrganizationIds.globex)[0]?.page).toBe(0);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, 'Shares of Globex', 21, 23);
    await expect(
      service.requests.filter((r) => r.organizationId === demoOrganizationIds.globex).map((r) => r.page),
    ).toEqual([0, 1]);
  },
};

const sliceStory = sharesStory(demoOrganizationIds.acme, {
  shape: 'slice',
  organizations: { [demoOrganizationIds.acme]: { name: 'Acme', shares: 70 } },
});
/**
 * Unknown total: the service answers Spring `Slice`s (no count, only `last`), so the control shows Next while
 * another page follows and has no last page to go to. Acme has 70 shares here: four pages; on the last, its 10
 * rows tell the count.
 */
export const UnknownTotal: Story = {
  ...sliceStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = () => canvas.getByRole('button', { name: 'Next page' });
    const previous = () => canvas.getByRole('button', { name: 'Previous page' });
    const noCount = async () => {
      // Never a made-up count: no "of 70", no "of 0", no NaN.
      await expect(canvasElement.textContent).not.toMatch(/NaN|of 0\b|of 70\b|Page \d+ of \d+/);
      const last = canvas.queryByRole('button', { name: 'Last page' });
      if (last) await expect(last).toBeDisabled();
    };
    await expectRows(canvasElement, acme, 1, 20);
    for (const [from, to] of [
      [21, 40],
      [41, 60],
      [61, 70],
    ] as const) {
      await expect(next()).toBeEnabled();
      await noCount();
      await userEvent.click(next());
      await expectRows(canvasElement, acme, from, to);
    }
    // The Slice said `last`: nothing follows, and now the rows tell the count.
    await waitFor(() => expect(next()).toBeDisabled());
    await expect(canvas.getByText('61–70 of 70')).toBeInTheDocument();
    for (const [from, to] of [
      [41, 60],
      [21, 40],
      [1, 20],
    ] as const) {
      await userEvent.click(previous());
      await expectRows(canvasElement, acme, from, to);
      await expect(next()).toBeEnabled();
      await noCount();
    }
    await expect(previous()).toBeDisabled();
    // Every page asked for once on the way forward (each prefetched while the one before it was shown), none past the end.
    await waitForIdle(sliceStory.queryClient());
    await expect(requestedPages(sliceStory.service).slice(0, 4)).toEqual([0, 1, 2, 3]);
    await expect(requestedPages(sliceStory.service)).not.toContain(4);
  },
};

const editableStory = mockedStory(() => (
  <EditableSharesTable organizationId={demoOrganizationIds.acme} caption={acme} />
));
/**
 * Row actions, by keyboard: rename in place (Enter saves, Escape cancels) and delete after a confirmation. The page
 * changes at once and keeps 20 rows; the control's live region says what was done.
 */
export const RowActions: Story = {
  ...editableStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = () => canvas.getByRole('status');
    await expectRows(canvasElement, acme, 1, 20);
    await waitForIdle(editableStory.queryClient());

    canvas.getByRole('button', { name: 'Rename acme-finance-00001' }).focus();
    await userEvent.keyboard('{Enter}');
    const field = canvas.getByRole('textbox', { name: 'New name for acme-finance-00001' });
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}acme-renamed{Enter}');
    await waitFor(() => expect(shownNames(canvasElement, acme)[0]).toBe('acme-renamed'));
    await waitFor(() => expect(status()).toHaveTextContent('Renamed acme-finance-00001 to acme-renamed.'), SLOW);
    await expect(canvas.getByRole('button', { name: 'Rename acme-renamed' })).toHaveFocus();

    canvas.getByRole('button', { name: 'Delete acme-projects-00002' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Confirm delete acme-projects-00002' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(shownNames(canvasElement, acme)).not.toContain('acme-projects-00002'));
    // The next page's first row moved up at once: still 20 rows.
    await expect(shownNames(canvasElement, acme)).toHaveLength(20);
    await waitFor(() => expect(status()).toHaveTextContent('Deleted acme-projects-00002. Page 1 of 22'), SLOW);
    await expect(canvas.getByText('1–20 of 436')).toBeInTheDocument();
    await expect(getTable(canvasElement, acme).closest('[role="region"]')).toHaveFocus();

    // Escape leaves a confirmation without deleting.
    canvas.getByRole('button', { name: 'Delete acme-design-00003' }).focus();
    await userEvent.keyboard('{Enter}{Escape}');
    await expect(canvas.getByRole('button', { name: 'Delete acme-design-00003' })).toHaveFocus();
    await waitForIdle(editableStory.queryClient());
    await expect(editableStory.service.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual([
      'PATCH',
      'DELETE',
    ]);
  },
};

// Its own caption: on the docs page beside the story above, two tables and controls of one name would be ambiguous.
const refusing = 'Shares of Acme, deletes refused';
const failingWriteStory = mockedStory(
  () => <EditableSharesTable organizationId={demoOrganizationIds.acme} caption={refusing} />,
  {},
  (service) => {
    service.fail({ status: 409, method: 'DELETE' });
    // Long enough to see the row gone before the refusal brings it back.
    service.setLatency(({ method }) => (method === 'DELETE' ? 400 : 0));
  },
);
/** The service refuses a delete (409): the row leaves at once, comes back when the answer arrives, and an alert says why. */
export const WriteFailsAndRollsBack: Story = {
  ...failingWriteStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, refusing, 1, 20);
    await waitForIdle(failingWriteStory.queryClient());
    await userEvent.click(canvas.getByRole('button', { name: 'Delete acme-finance-00001' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm delete acme-finance-00001' }));
    await waitFor(() => expect(shownNames(canvasElement, refusing)[0]).toMatch(/-00002$/));
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(
      /Could not delete acme-finance-00001: Simulated 409 \(409 Conflict\)\. It is back/,
    );
    await expectRows(canvasElement, refusing, 1, 20);
    await expect(canvas.getByText('1–20 of 437')).toBeInTheDocument();
  },
};

const estimateStory = sharesStory(demoOrganizationIds.acme, { shape: 'estimate' });
/**
 * A service that only estimates its size until the last page: the control says "about 440" (Last waits for a count),
 * and the exact 437 replaces it when the last page brings it.
 */
export const EstimatedTotal: Story = {
  ...estimateStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20);
    await expect(canvas.getByText('1–20 of about 440')).toBeInTheDocument();
    const nav = navOf(canvasElement);
    // Narrow containers leave out Last and the page window (styles.css); where they are shown, Last waits for a count.
    const last = visibleControl(nav, 'Last page');
    if (last) await expect(last).toBeDisabled();
    const lastPage = visibleControl(nav, 'Page 22');
    if (!lastPage) return;
    await userEvent.click(lastPage);
    await expectRows(canvasElement, acme, 421, 437);
    await expect(canvas.getByText('421–437 of 437')).toBeInTheDocument();
  },
};

const intentStory = sharesStory(demoOrganizationIds.acme);
/** Focusing a page's button (or resting the pointer on it) fetches that page ahead: the click then waits for nothing. */
export const PrefetchOnIntent: Story = {
  ...intentStory.story,
  play: async ({ canvasElement }) => {
    await expectRows(canvasElement, acme, 1, 20);
    await waitFor(() => expect(requestedPages(intentStory.service)).toEqual([0, 1]));
    // A narrow container shows no page window (styles.css), so no page button to show intent on: only the arrows.
    const lastPage = visibleControl(navOf(canvasElement), 'Page 22');
    if (!lastPage) return;
    lastPage.focus();
    await waitFor(() => expect(requestedPages(intentStory.service)).toEqual([0, 1, 21]));
    await userEvent.click(lastPage);
    await expectRows(canvasElement, acme, 421, 437);
    // The click found the page in the cache: no second request for it.
    await expect(requestedPages(intentStory.service).filter((page) => page === 21)).toHaveLength(1);
  },
};
