import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  columnFilteringFeature,
  createColumnHelper,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
} from '@tanstack/react-table';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { usePagedList, useShares } from '../src/hooks/index';
import type { ApiRecord } from '../src/client/index';
import { TablePagination, useServerTablePagination } from '../src/table/index';
import type { MockShare } from '../src/testing/index';
import { DataTable } from './support/DataTable';
import { mockedStory } from './support/mockedStory';
import { PagedTable } from './support/PagedTable';
import { SLOW, shownNames } from './support/play';
import { demoOrganizationIds } from './support/storyService';
import { urlProtocols, useUrlList } from './support/useUrlPagination';
import { serverFeatures } from './support/columns';
import { useSearchBox } from './support/useSearchBox';

const meta = {
  title: 'Data/SortAndSearch',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A server-paged table that also sorts and filters on the service. */
const listFeatures = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
});
const helper = createColumnHelper<typeof listFeatures, MockShare>();
const NO_ROWS: MockShare[] = [];

/** A header that sorts its column: ascending, descending, then unsorted. */
function SortHeader<V>({ column, label }: { column: Column<typeof listFeatures, MockShare, V>; label: string }) {
  const sorted = column.getIsSorted();
  return (
    <button type="button" className="pw-story-sort" onClick={column.getToggleSortingHandler()}>
      {label}
      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
    </button>
  );
}

const bytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
const columns = helper.columns([
  helper.accessor('name', { header: ({ column }) => <SortHeader column={column} label="Name" /> }),
  helper.accessor('path', { header: 'Path', enableSorting: false }),
  helper.accessor('protocol', {
    header: ({ column }) => <SortHeader column={column} label="Protocol" />,
    // The service filters (manualFiltering); the table still asks a filtered column for its filter function, which it
    // would otherwise look up by name (TanStack's 'includesString') in a registry a server-filtered table has none of.
    filterFn: (row, id, protocol) => row.getValue(id) === protocol,
  }),
  helper.accessor('sizeBytes', {
    header: ({ column }) => <SortHeader column={column} label="Size" />,
    cell: (info) => bytes.format(info.getValue() / 1024 ** 3),
  }),
  helper.accessor('createdAt', { header: ({ column }) => <SortHeader column={column} label="Created" /> }),
]);

/** Unique on a docs page that also shows the plain shares table. */
const CAPTION = 'Shares of Acme, sorted and searched';

/**
 * Shares of Acme, sortable by header, searchable and filtered by protocol, all in the URL: `useShares` takes sort and
 * filters from it, `useServerTablePagination` binds them to the table. The search box keeps its own text and writes
 * it to the table (and so the URL) once typing pauses, so the search is asked for once, when it has settled.
 */
function SortableShares() {
  const url = useUrlList();
  // The box already waits for the typing to settle: the URL's search is asked for at once.
  const shares = useShares<MockShare>({ organizationId: demoOrganizationIds.acme, ...url, filtersDelayMs: 0 });
  const table = useTable({
    features: listFeatures,
    columns,
    data: shares.data?.items ?? NO_ROWS,
    ...useServerTablePagination(shares),
  });
  const location = useLocation();
  const [search, setSearch] = useSearchBox(String(table.state.globalFilter ?? ''), (text) =>
    table.setGlobalFilter(text),
  );
  const protocol = table.getColumn('protocol')?.getFilterValue();
  return (
    <div className="pw-story-data">
      <p style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
        <label>
          Search shares <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label>
          Protocol{' '}
          <select
            value={typeof protocol === 'string' ? protocol : ''}
            onChange={(event) => table.getColumn('protocol')?.setFilterValue(event.target.value || undefined)}
          >
            <option value="">Any</option>
            {urlProtocols.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
      </p>
      <DataTable
        table={table}
        caption={CAPTION}
        busy={shares.isFetching}
        empty={shares.isPending ? 'Loading shares…' : 'No shares match.'}
      />
      <TablePagination table={table} showTotal aria-label={`${CAPTION}: pages`} />
      <output aria-label="URL">{location.pathname + location.search}</output>
    </div>
  );
}

const sortable = mockedStory(() => (
  <MemoryRouter initialEntries={['/shares?sort=owner,asc&protocol=FTP']}>
    <SortableShares />
  </MemoryRouter>
));

/** Sort by a header, search and filter by protocol: each is in the URL and asked of the service, from page 1. */
export const SortSearchFilter: Story = {
  ...(sortable.story as Story),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const url = () => canvas.getByRole('status', { name: 'URL' });
    // The invalid sort and protocol in the first URL were replaced.
    await waitFor(() => expect(url()).toHaveTextContent(/^\/shares$/), SLOW);
    await waitFor(() => expect(shownNames(canvasElement, CAPTION)[0]).toBe('acme-finance-00001'), SLOW);
    const nameHeader = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(url()).toHaveTextContent('/shares?sort=name%2Casc'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(shownNames(canvasElement, CAPTION)[0]).toBe('acme-research-00436'), SLOW);

    const before = sortable.service.requests.length;
    const searchbox = canvas.getByRole('searchbox', { name: 'Search shares' });
    await userEvent.type(searchbox, 'acme-fin');
    // Typed with no pause between keys, none is lost.
    await expect(searchbox).toHaveValue('acme-fin');
    await waitFor(() => expect(url()).toHaveTextContent('q=acme-fin'));
    await waitFor(
      () => expect(shownNames(canvasElement, CAPTION).every((name) => name.startsWith('acme-finance'))).toBe(true),
      SLOW,
    );
    // The search is asked for once the typing settled: never for a part of it (`a`, `ac`, …).
    const searches = sortable.service.requests.slice(before).map((r) => new URL(r.url).searchParams.get('q'));
    await expect(searches.filter((q) => q !== null && q !== 'acme-fin')).toEqual([]);
    await expect(searches).toContain('acme-fin');

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Protocol' }), 'NFS');
    await waitFor(() => expect(url()).toHaveTextContent('protocol=NFS'));
    // The previous rows stay while the filtered ones load; then only NFS shares are left.
    await waitFor(() => expect(canvas.queryAllByRole('cell', { name: 'SMB' })).toEqual([]), SLOW);
    await expect(canvas.getAllByRole('cell', { name: 'NFS' }).length).toBeGreaterThan(0);
  },
};

interface User extends ApiRecord {
  name: string;
  createdAt: string;
}

const userHelper = createColumnHelper<typeof serverFeatures, User>();
const userColumns = userHelper.columns([
  userHelper.accessor('name', { header: 'Name' }),
  userHelper.accessor('createdAt', { header: 'Created' }),
]);
const useUsers = (options: Parameters<typeof usePagedList<User>>[1]) => usePagedList<User>('users', options);

const anotherEndpoint = mockedStory(
  () => (
    <PagedTable
      useResource={useUsers}
      organizationId={demoOrganizationIds.acme}
      columns={userColumns}
      caption="Users of Acme"
      noun="users"
    />
  ),
  // A base of its own: on a docs page beside other stories, their mocks (without users) must not answer for it.
  {
    baseUrl: '/pagewise-users-api',
    organizations: { [demoOrganizationIds.acme]: { name: 'Acme', lists: { users: 57 } } },
  },
);

/** `/{organizationId}/users`, an endpoint pagewise does not name, paged by the same hook, table pairing and mock. */
export const AnotherEndpoint: Story = {
  ...(anotherEndpoint.story as Story),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(shownNames(canvasElement, 'Users of Acme')[0]).toBe('acme-users-00001'), SLOW);
    await expect(within(canvasElement).getByText('1–20 of 57')).toBeInTheDocument();
    await expect(anotherEndpoint.service.requests.map((r) => new URL(r.url).pathname)).toContain(
      `/pagewise-users-api/${demoOrganizationIds.acme}/users`,
    );
  },
};

const routedEndpoint = mockedStory(
  () => (
    <PagedTable
      useResource={useUsers}
      organizationId="local"
      columns={userColumns}
      caption="Users behind a router"
      noun="users"
    />
  ),
  // A back-end whose router keeps a trailing slash and names no organization (Django's, json-server's): the client
  // and the mock take the same route, so the story runs on the mock as the app would on the service.
  {
    baseUrl: '/pagewise-routed-api',
    route: '/{resource}/',
    organizations: { [demoOrganizationIds.acme]: { name: 'Acme', lists: { users: 31 } } },
  },
);

/** `/users/`: a list where a route template puts it, paged by the same hook and table pairing, served by the mock. */
export const RoutedEndpoint: Story = {
  ...(routedEndpoint.story as Story),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(shownNames(canvasElement, 'Users behind a router')[0]).toBe('acme-users-00001'), SLOW);
    await expect(within(canvasElement).getByText('1–20 of 31')).toBeInTheDocument();
    await expect(routedEndpoint.service.requests.map((r) => new URL(r.url).pathname)).toContain(
      '/pagewise-routed-api/users/',
    );
  },
};
