export { ApiClientProvider, useApiClient } from './ApiClientProvider';
export type { ApiClientProviderProps } from './ApiClientProvider';
export {
  useShares,
  useEnvironments,
  usePagedList,
  useInfiniteShares,
  useInfiniteEnvironments,
  useInfiniteList,
  useSuspenseShares,
  useSuspenseEnvironments,
  useSuspenseList,
} from './listHooks';
export { useDebouncedValue } from './useDebouncedValue';
export { useListPlace } from './useListPlace';
export type { ListPlaceOptions, ListPlaceSource } from './useListPlace';
export { useRememberedPageSize } from './useRememberedPageSize';
export type { RememberedPageSizeOptions } from './useRememberedPageSize';
export { useListMutation } from './useListMutation';
export type { ListWrite, UseListMutationOptions, UseListMutationResult } from './useListMutation';
export { applyListChange, useListChanges } from './listChanges';
export type { ListChange, ListChangeTarget, UseListChangesOptions } from './listChanges';
export type {
  InfiniteResourceOptions,
  InfiniteResourceResult,
  PagedResourceOptions,
  PagedResourceResult,
  SuspensePagedOptions,
  SuspensePagedResult,
} from './types';
export {
  listQueryOptions,
  listInfiniteQueryOptions,
  sharesQueryOptions,
  environmentsQueryOptions,
  sharesInfiniteQueryOptions,
  environmentsInfiniteQueryOptions,
} from './queryOptions';
export type { ListCursor } from './cursorPages';
export { readUrlCursor, writeUrlCursor } from './urlCursor';
export type { PagedInfiniteQueryParams, PagedQueryParams } from './queryOptions';
export { retryPolicy } from './retryPolicy';
export { useListSelection } from './useListSelection';
export type { ListSelection, SelectableList, SelectionTarget, UseListSelectionOptions } from './useListSelection';
export { useBulkAction } from './useBulkAction';
export type { BulkActionResult, UseBulkActionOptions } from './useBulkAction';
export { useExport } from './useExport';
export type { ExportResult, ExportStatus, UseExportOptions } from './useExport';
export { defaultSelectionLabels } from '../shared/selection';
export type { Selection, SelectionLabels } from '../shared/selection';
