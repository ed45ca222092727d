// Type tests: every type name the entries no longer export stays reachable from the public type it is part of, as
// CHANGELOG.md's migration lines say (checked by `tsc -p tsconfig.json`, the type-check step of `npm test`).
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AuthStrategy,
  HttpError,
  ListAnswer,
  ListFilters,
  ListParams,
  ListResource,
  Page,
  ParsePage,
  SerializePage,
} from '../../src/client/index';
import type * as client from '../../src/client/types';
import type { FailureProblem, ListFailure } from '../../src/client/listCall';
import type { HttpErrorInit } from '../../src/client/errors/HttpError';
import type {
  InfiniteResourceResult,
  PageItem,
  PagedResourceOptions,
  PagedResourceResult,
  UsePaginationResult,
} from '../../src/index';
import { readUrlCursor, sharesQueryOptions } from '../../src/index';
import type * as hooks from '../../src/hooks/types';
import type { ListPageParam, PagedQueryKey } from '../../src/hooks/queryOptions';
import type { SearchParamsLike } from '../../src/hooks/urlCursor';
import type * as control from '../../src/pagination/usePagination';
import type * as items from '../../src/pagination/getPageItems';
import type {
  ClientCredentialsOptions,
  ProxyHandlerOptions,
  ProxyListener,
  ServeWriteCallOptions,
} from '../../src/server/index';
import type { ProxyAllowlist, ProxyResourceRule } from '../../src/server/proxyAllowlist';
import type { ProxyRequestTarget } from '../../src/server/proxyWrites';
import type { ProxyListenerRequest, ProxyListenerResponse } from '../../src/server/createProxyListener';
import type { WriteCallAllow } from '../../src/server/serveWriteCall';
import type { PrivateKeyInput } from '../../src/server/signingKey';
import type { useServerTablePagination, useTablePagination } from '../../src/table/index';
import type { PaginatedTable } from '../../src/table/useTablePagination';
import type { ServerPagedResult } from '../../src/table/useServerTablePagination';
import type { MockLatency, MockService, MockServiceOptions, RecordedRequest } from '../../src/testing/index';
import type * as mock from '../../src/testing/types';

describe('pagewise', () => {
  it('reaches the parts of the control, the hooks and the query options from their wholes', () => {
    expectTypeOf<Extract<PageItem, { type: 'page' }>>().toEqualTypeOf<items.PageItemPage>();
    expectTypeOf<Extract<PageItem, { type: 'ellipsis' }>>().toEqualTypeOf<items.PageItemEllipsis>();
    expectTypeOf<ReturnType<UsePaginationResult['getRootProps']>>().toEqualTypeOf<control.PaginationRootProps>();
    expectTypeOf<ReturnType<UsePaginationResult['getPageProps']>>().toEqualTypeOf<control.PaginationControlProps>();
    expectTypeOf<
      ReturnType<UsePaginationResult['getEllipsisProps']>
    >().toEqualTypeOf<control.PaginationEllipsisProps>();
    expectTypeOf<ReturnType<UsePaginationResult['getStatusProps']>>().toEqualTypeOf<control.PaginationStatusProps>();
    expectTypeOf<PagedResourceResult['pagination']>().toEqualTypeOf<hooks.QueryPagination>();
    expectTypeOf<PagedResourceResult['listState']>().toEqualTypeOf<hooks.ListState>();
    expectTypeOf<PagedResourceOptions>().toExtend<hooks.PageOptions & hooks.ListStateOptions>();
    expectTypeOf<NonNullable<ReturnType<typeof sharesQueryOptions>['queryKey']>>().toExtend<PagedQueryKey>();
    expectTypeOf<Parameters<typeof readUrlCursor>[0]>().toEqualTypeOf<SearchParamsLike>();
    expectTypeOf<
      NonNullable<InfiniteResourceResult<unknown>['data']>['pageParams'][number]
    >().toEqualTypeOf<ListPageParam>();
  });
});

describe('pagewise/client', () => {
  it('reaches the parts of the client types from their wholes', () => {
    expectTypeOf<ConstructorParameters<typeof HttpError>[1]>().toEqualTypeOf<HttpErrorInit>();
    expectTypeOf<Parameters<AuthStrategy['authorize']>[0]>().toEqualTypeOf<client.AuthContext>();
    expectTypeOf<Awaited<ReturnType<AuthStrategy['authorize']>>>().toEqualTypeOf<
      string | client.AuthHeaders | client.AuthGrant
    >();
    expectTypeOf<ListParams>().toEqualTypeOf<client.ListParamsByPage | client.ListParamsByCursor>();
    expectTypeOf<NonNullable<Page<unknown>['requestedBy']>>().toEqualTypeOf<client.PageCursor>();
    expectTypeOf<Parameters<SerializePage>[0]>().toEqualTypeOf<client.PageRequest>();
    expectTypeOf<Parameters<ParsePage>[1]>().toEqualTypeOf<client.ParsePageContext>();
    expectTypeOf<
      Exclude<ListFilters[string], null | undefined | readonly unknown[]>
    >().toEqualTypeOf<client.FilterValue>();
    expectTypeOf<Extract<ListAnswer, { error: unknown }>['error']>().toEqualTypeOf<ListFailure>();
    expectTypeOf<NonNullable<ListFailure['problem']>>().toEqualTypeOf<FailureProblem>();
  });

  it('names the list resource of the client and the mock alike', () => {
    expectTypeOf<mock.MockResource>().toEqualTypeOf<ListResource | 'token' | 'revocation'>();
  });
});

describe('pagewise/server', () => {
  it('reaches the parts of the options from the options', () => {
    expectTypeOf<ProxyHandlerOptions['allow']>().toEqualTypeOf<ProxyAllowlist | undefined>();
    expectTypeOf<NonNullable<ProxyHandlerOptions['allow']>[string]>().toEqualTypeOf<ProxyResourceRule>();
    expectTypeOf<Parameters<NonNullable<ProxyHandlerOptions['allowRequest']>>[1]>().toEqualTypeOf<ProxyRequestTarget>();
    expectTypeOf<Parameters<ProxyListener>>().toEqualTypeOf<[ProxyListenerRequest, ProxyListenerResponse]>();
    expectTypeOf<ServeWriteCallOptions['allow']>().toEqualTypeOf<WriteCallAllow | undefined>();
    // Both ways rather than toEqualTypeOf, whose deep comparison gives up on the JWK's index signature.
    expectTypeOf<NonNullable<ClientCredentialsOptions['privateKey']>>().toExtend<PrivateKeyInput>();
    expectTypeOf<PrivateKeyInput>().toExtend<NonNullable<ClientCredentialsOptions['privateKey']>>();
  });
});

describe('pagewise/table and pagewise/testing', () => {
  it('reaches what the hooks take and the mock hands out from them', () => {
    expectTypeOf<Parameters<typeof useTablePagination>[0]>().toEqualTypeOf<PaginatedTable>();
    expectTypeOf<Parameters<typeof useServerTablePagination>[0]>().toEqualTypeOf<ServerPagedResult>();
    expectTypeOf<NonNullable<MockServiceOptions['clients']>[number]>().toEqualTypeOf<mock.MockClient>();
    expectTypeOf<NonNullable<MockServiceOptions['accounts']>[number]>().toEqualTypeOf<mock.MockAccount>();
    expectTypeOf<NonNullable<MockServiceOptions['organizations']>[string]>().toEqualTypeOf<mock.MockOrganizationSeed>();
    expectTypeOf<MockService['credentials']>().toEqualTypeOf<mock.MockCredentials>();
    expectTypeOf<MockService['organizations'][number]>().toEqualTypeOf<mock.MockOrganization>();
    expectTypeOf<RecordedRequest['resource']>().toEqualTypeOf<mock.MockResource>();
    expectTypeOf<
      Parameters<Extract<MockLatency, (...args: never[]) => unknown>>[0]
    >().toEqualTypeOf<mock.MockLatencyRequest>();
  });
});
