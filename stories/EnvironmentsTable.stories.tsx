import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { environmentsQueryOptions, useEnvironments } from '../src/hooks/index';
import type { MockEnvironment, MockService, MockServiceOptions } from '../src/testing/index';
import { environmentColumns } from './support/columns';
import { createPageGate } from './support/createPageGate';
import { mockedStory } from './support/mockedStory';
import { expectPage, navOf, pageOrNext } from './support/pagingPlay';
import { PagedTable } from './support/PagedTable';
import { OrganizationPicker } from './support/OrganizationPicker';
import { SLOW, expectRows, getTable, recordShownNames, shownNames, waitForIdle } from './support/play';
import { demoOrganizationIds, organizationNames, requestedPages, requestedPagesAndSizes } from './support/storyService';

const meta = {
  title: 'Data/EnvironmentsTable',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Environment names end in a 4-digit position. */
const DIGITS = 4;

function EnvironmentsTable({ organizationId }: { organizationId: string }) {
  return (
    <PagedTable
      useResource={useEnvironments<MockEnvironment>}
      organizationId={organizationId}
      columns={environmentColumns}
      caption={`Environments of ${organizationNames[organizationId]}`}
      noun="environments"
    />
  );
}

function environmentsStory(
  organizationId: string,
  options?: MockServiceOptions,
  prepare?: (service: MockService) => void,
) {
  return mockedStory(() => <EnvironmentsTable organizationId={organizationId} />, options, prepare);
}

const acme = 'Environments of Acme';

const defaultStory = environmentsStory(demoOrganizationIds.acme);
/** Acme's 58 environments, 20 per page, with columns from the record's fields. */
export const Default: Story = {
  ...defaultStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20, DIGITS);
    await expect(canvas.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Region',
      'Status',
      'Created',
    ]);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40, DIGITS);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expectRows(canvasElement, acme, 41, 58, DIGITS);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // Pages 2 and 3 were prefetched; nothing is asked for past the last page: no page 4 in the cache.
    await waitForIdle(defaultStory.queryClient());
    const { client } = defaultStory;
    const pastTheEnd = environmentsQueryOptions({ client, organizationId: demoOrganizationIds.acme, page: 4 }).queryKey;
    await expect(defaultStory.queryClient().getQueryState(pastTheEnd)).toBeUndefined();
    await expect(requestedPages(defaultStory.service, 'environments')).toEqual([0, 1, 2]);
    await expect(requestedPages(defaultStory.service, 'shares')).toEqual([]);
  },
};

const emptyStory = environmentsStory(demoOrganizationIds.empty);
/** An organization without environments. */
export const EmptyOrganization: Story = {
  ...emptyStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'No environments in this organization.' }, SLOW);
    await expect(getTable(canvasElement, 'Environments of Empty Org')).toHaveAttribute('aria-busy', 'false');
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(requestedPages(emptyStory.service, 'environments')).toEqual([0]);
  },
};

const pageSizeStory = environmentsStory(demoOrganizationIds.acme);
/** 10 per page: six pages; the last one holds 8 environments. */
export const PageSizeChange: Story = {
  ...pageSizeStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20, DIGITS);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '10');
    await expectRows(canvasElement, acme, 1, 10, DIGITS);
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expectRows(canvasElement, acme, 51, 58, DIGITS);
    await expectPage(navOf(canvasElement), 'Page 6');
    await expect(requestedPagesAndSizes(pageSizeStory.service, 'environments')).toEqual(
      expect.arrayContaining([
        { page: 0, size: 10 },
        { page: 5, size: 10 },
      ]),
    );
  },
};

const slowStory = environmentsStory(demoOrganizationIds.acme, { latencyMs: 800 }, () => lastPageGate.release());
// The play function holds the last page (wire page 2) until it has seen the loading state.
const lastPageGate = createPageGate(slowStory.service, 2, 800);
/** Every answer takes 800 ms: the previous page stays on screen, marked busy, until the next one arrives. */
export const SlowNetwork: Story = {
  ...slowStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20, DIGITS);
    lastPageGate.hold();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(getTable(canvasElement, acme)).toHaveAttribute('aria-busy', 'true');
    await expect(shownNames(canvasElement, acme)[0]).toMatch(/-0001$/);
    lastPageGate.release();
    await expectRows(canvasElement, acme, 41, 58, DIGITS);
    await expect(requestedPages(slowStory.service, 'environments')).toEqual(expect.arrayContaining([0, 2]));
  },
};

const switcherStory = mockedStory(() => (
  <OrganizationPicker>{(organizationId) => <EnvironmentsTable organizationId={organizationId} />}</OrganizationPicker>
));
/** Switching organization starts at page 1 and never shows the previous organization's environments. */
export const OrganizationSwitcher: Story = {
  ...switcherStory.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectRows(canvasElement, acme, 1, 20, DIGITS);
    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, acme, 21, 40, DIGITS);
    const recording = recordShownNames(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Organization' }), 'Globex');
    await expectRows(canvasElement, 'Environments of Globex', 1, 3, DIGITS);
    await expect(recording.stop().filter((name) => name.startsWith('acme-'))).toEqual([]);
    await expect(
      switcherStory.service.requests.filter((r) => r.organizationId === demoOrganizationIds.globex).map((r) => r.page),
    ).toEqual([0]);
  },
};
