export { Pagination, type PaginationProps } from './Pagination';
export {
  usePagination,
  type UsePaginationOptions,
  type UsePaginationResult,
  type PaginationControlProps,
  type PaginationRootProps,
  type PaginationStatusProps,
  type PaginationEllipsisProps,
} from './usePagination';
export {
  getPageItems,
  type GetPageItemsOptions,
  type PageItem,
  type PageItemPage,
  type PageItemEllipsis,
} from './getPageItems';
export { defaultPaginationLabels, type PaginationLabels } from './defaultPaginationLabels';
