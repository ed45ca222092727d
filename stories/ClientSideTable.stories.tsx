import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  createColumnHelper,
  createPaginatedRowModel,
  rowPaginationFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { expect, userEvent, within } from 'storybook/test';
import { TablePagination } from '../src/table/index';
import { generateShare } from '../src/testing/index';
import type { MockShare } from '../src/testing/index';
import { DataTable } from './support/DataTable';
import { expectRows } from './support/play';
import { pageOrNext } from './support/pagingPlay';

const meta = {
  title: 'Data/ClientSideTable',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Client-side paging: all rows in memory, sliced by the table itself. */
const features = tableFeatures({ rowPaginationFeature, paginatedRowModel: createPaginatedRowModel() });
const helper = createColumnHelper<typeof features, MockShare>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('path', { header: 'Path' }),
  helper.accessor('protocol', { header: 'Protocol' }),
]);
const rows: MockShare[] = Array.from({ length: 95 }, (_, i) =>
  generateShare('00000000-0000-4000-8000-000000000095', 'local', i),
);
const caption = 'Shares in memory';

function ClientSideTable() {
  const table = useTable({
    features,
    columns,
    data: rows,
    initialState: { pagination: { pageIndex: 0, pageSize: 20 } },
  });
  const { pageIndex, pageSize } = table.state.pagination;
  return (
    <div className="pw-story-data">
      <DataTable table={table} caption={caption} />
      <TablePagination table={table} showTotal aria-label={`${caption}: pages`} />
      <p>
        Table state: <code data-testid="table-state">{`pageIndex ${pageIndex}, pageSize ${pageSize}`}</code>
      </p>
    </div>
  );
}

/** 95 rows in memory with `createPaginatedRowModel`: the control reads and sets the table's pagination state. */
export const Default: Story = {
  render: () => <ClientSideTable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = canvas.getByTestId('table-state');
    await expectRows(canvasElement, caption, 1, 20);
    await expect(state).toHaveTextContent('pageIndex 0, pageSize 20');

    await userEvent.click(pageOrNext(canvasElement, 'Page 2'));
    await expectRows(canvasElement, caption, 21, 40);
    await userEvent.click(pageOrNext(canvasElement, 'Page 3'));
    await expectRows(canvasElement, caption, 41, 60);
    await expect(state).toHaveTextContent('pageIndex 2, pageSize 20');

    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expectRows(canvasElement, caption, 81, 95);
    await expect(state).toHaveTextContent('pageIndex 4, pageSize 20');
    await expect(canvas.getByText('81–95 of 95')).toBeInTheDocument();

    // 50 per page keeps row 81 in view: page 2 (pageIndex 1).
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Items per page' }), '50');
    await expectRows(canvasElement, caption, 51, 95);
    await expect(state).toHaveTextContent('pageIndex 1, pageSize 50');
  },
};
