import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import type { MockEnvironment, MockShare } from '../../src/testing/index';

/** Features of a server-paged table: pagination state only; the service slices the rows. */
export const serverFeatures = tableFeatures({ rowPaginationFeature });

const bytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

const shareHelper = createColumnHelper<typeof serverFeatures, MockShare>();
/** Columns from the fields a share record has. */
export const shareColumns = shareHelper.columns([
  shareHelper.accessor('name', { header: 'Name' }),
  shareHelper.accessor('path', { header: 'Path' }),
  shareHelper.accessor('protocol', { header: 'Protocol' }),
  shareHelper.accessor('sizeBytes', { header: 'Size', cell: (info) => bytes.format(info.getValue() / 1024 ** 3) }),
  shareHelper.accessor('createdAt', { header: 'Created', cell: (info) => date.format(new Date(info.getValue())) }),
]);

const environmentHelper = createColumnHelper<typeof serverFeatures, MockEnvironment>();
/** Columns from the fields an environment record has. */
export const environmentColumns = environmentHelper.columns([
  environmentHelper.accessor('name', { header: 'Name' }),
  environmentHelper.accessor('region', { header: 'Region' }),
  environmentHelper.accessor('status', { header: 'Status' }),
  environmentHelper.accessor('createdAt', {
    header: 'Created',
    cell: (info) => date.format(new Date(info.getValue())),
  }),
]);
