export { Pagination, type PaginationProps } from './Pagination';
export { usePagination, type UsePaginationOptions, type UsePaginationResult } from './usePagination';
export { getPageItems, type GetPageItemsOptions, type PageItem } from './getPageItems';
export { defaultPaginationLabels, type PaginationLabels } from './defaultPaginationLabels';
