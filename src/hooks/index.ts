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
export { useListMutation } from './useListMutation';
export type { ListWrite, UseListMutationOptions, UseListMutationResult } from './useListMutation';
// Every type there is public: the options and results of the hooks.
export type * from './types';
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
export type { SearchParamsLike } from './urlCursor';
export type {
  EnvironmentsQueryParams,
  ListPageParam,
  ListQuery,
  PagedInfiniteQueryKey,
  PagedInfiniteQueryParams,
  PagedQueryKey,
  PagedQueryParams,
  PagedResource,
  SharesQueryParams,
} from './queryOptions';
export { retryPolicy } from './retryPolicy';
