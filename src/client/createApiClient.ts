import { parsePage as defaultParsePage } from './parsePage';
import { assertListParams } from './assertListParams';
import { fetchJson } from './fetchJson';
import { filterParams, listTarget, springSort } from './listTarget';
import { resolveConfig, type RequestOptions } from './resolveConfig';
import type {
  ApiRecord,
  Environment,
  ListParams,
  ListResource,
  Page,
  ParsePage,
  SerializePage,
  SerializeSort,
  Share,
} from './types';
import { assertFunction, invalidArgument, requireString } from '../shared/assert';
import { createCursorMemory, DEFAULT_CURSOR_PARAM, isUrlCursor, pageQuery, springPage } from './pageQuery';
import { listRoutes, MUST_BE_QUERY_NAME, QUERY_NAME } from '../shared/listEndpoints';
import { errorName, withoutSecretParams } from './redact';
import { assertCursorMoves, createServedSizes, holdsOtherRows } from './servedSize';
import { eventListener, type ClientEvent } from '../shared/events';
import type { CreateParams, DeleteParams, UpdateParams, Write } from './writeArguments';
import { pagesOf, type PagesOptions, type PagesParams } from './pages';
import { requestHeaders } from './requestHeaders';
import { assertPastEndStatus, isPastEnd, pastEndPage } from './pastEnd';

/** Options of `createApiClient`. */
export interface ApiClientOptions extends RequestOptions {
  /** Reads a response body into a `Page`, replacing the built-in shape detection. @default parsePage */
  parsePage?: ParsePage;
  /**
   * Non-secret identity in query keys, to keep apart two services whose pages share one QueryClient. A server's
   * client and the browser's proxy client list the same rows, so by default they share one (pages prefetched on
   * the server are reused after hydration); a `bearerToken` given an `id` (the signed-in user) keeps that.
   * @default 'default', or the bearer token's `id`
   */
  id?: string;
  /** Writes a list call's `sort` as query parameters, for services that are not Spring's. @default one `sort=<id>,asc|desc` per entry */
  serializeSort?: SerializeSort;
  /**
   * Writes the page a list call asks for (its `page` counts from 1) as query parameters, for services that page
   * otherwise, e.g. offset and limit, or `page` as it is and `page_size`. @default the wire's zero-based `page` and `size` (a token cursor in place of `page`)
   */
  serializePage?: SerializePage;
  /**
   * The query parameter a token cursor goes out as, for a service the response's style does not tell (e.g.
   * `'after'`). @default `pageToken` after a Google-style list, `starting_after` after a Stripe list, else `cursor`
   */
  cursorParam?: string;
  /**
   * Where a list lives below `baseUrl`: a path with `{organizationId}` and `{resource}` placeholders and, optionally, fixed
   * query parameters, e.g. `'/{resource}/'` (Django's trailing slash, no organization) or
   * `'/{resource}?org={organizationId}'`. A route without `{organizationId}` takes a name of 1 to 200 URL-safe
   * characters as the organization (for query keys) and sends none. Writes follow it: a create on the list's URL, a row
   * at the list's path and `/{id}`, the trailing slash kept, the fixed parameters sent too. @default '/{organizationId}/{resource}'
   */
  route?: string;
  /** A route per resource, over `route`, e.g. `{ users: '/accounts/people/' }`. @default {} */
  routes?: Readonly<Record<string, string>>;
  /**
   * Fixed request headers a back-end needs on every list call and write, e.g. `{ Prefer: 'count=exact' }` (PostgREST's
   * count). Not for a credential (use `auth`): refused for Authorization, Cookie, the headers pagewise sets itself
   * (Accept, Content-Type, Idempotency-Key, If-Match, DPoP) and connection headers (Connection, Transfer-Encoding, …).
   * @default {}
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * The header the organization goes out in on every list call and write, e.g. `'X-Organization-Id'`; the route then
   * usually leaves `{organizationId}` out, and `organizationId` may be a name of 1 to 200 URL-safe characters. Query keys keep
   * organizations apart as ever, and the 401 rule judges each organization on its own. @default none (the route carries it)
   */
  organizationHeader?: string;
  /**
   * The status the service refuses a page past the last with, where the seed's service answers it empty: Django's page
   * numbers answer 404 ("Invalid page."), PostgREST 416. Such a page after the first resolves as an empty page with
   * the count of the list's first page (asked for once), so the hooks move to the last page after deletes and a
   * link past the end lands on the last page. @default none: every error status rejects
   */
  pastEndStatus?: number;
  /** Told each request, response (status, latency), retry and error, for metrics and logs; never a token or an organization. An `onEvent` that throws is ignored. @default none */
  onEvent?: (event: ClientEvent) => void;
}

/** A client of the service's list operations and writes. */
export interface ApiClient {
  /**
   * The base URL without a trailing slash: absolute, or a path where there was no page origin at construction; `''`
   * for a client of `createRpcClient`, whose calls have no URL.
   */
  readonly baseUrl: string;
  /** A non-secret identity for query keys: the `id` option, else the same for every client of the service. */
  readonly id: string;
  /**
   * `GET {baseUrl}/{organizationId}/{resource}?page=..&size=..` (plus sort and filters), normalized to a `Page`; with a
   * `cursor` instead of `page`, the page a previous page's `nextCursor` leads to.
   */
  list<T = ApiRecord>(resource: ListResource, params: ListParams): Promise<Page<T>>;
  /**
   * Every page of the list, in order, for `for await`: each an ordinary `list` call, the next asked as the service
   * leads to it (its number, or the page's `nextCursor`), ending after the page that says none follows. A 429 or 503
   * with a `Retry-After` of at most a minute is waited out and the page asked again, at most 3 times; any other failure
   * rejects the iteration after the pages already yielded, with `list`'s errors. Leaving the loop early aborts what is
   * in flight. Throws the argument error at the call, before any request.
   */
  pages<T = ApiRecord>(resource: ListResource, params: PagesParams, options?: PagesOptions): AsyncIterable<Page<T>>;
  /** `GET {baseUrl}/{organizationId}/shares?page=..&size=..`, normalized to a `Page`. */
  listShares<T = Share>(params: ListParams): Promise<Page<T>>;
  /** `GET {baseUrl}/{organizationId}/environments?page=..&size=..`, normalized to a `Page`. */
  listEnvironments<T = Environment>(params: ListParams): Promise<Page<T>>;
  /** `POST` on the resource's list (`{baseUrl}/{organizationId}/{resource}`, or where its route places it) with `body` as JSON; resolves to the service's answer (the new row), `undefined` for none. */
  create<T = ApiRecord>(resource: ListResource, params: CreateParams): Promise<T>;
  /** `PATCH` (or `PUT`) on the row, the list's path and `/{id}` (a route's trailing slash kept: `/{resource}/{id}/`), with `body` as JSON; resolves to the service's answer, `undefined` for none. */
  update<T = ApiRecord>(resource: ListResource, params: UpdateParams): Promise<T>;
  /** `DELETE` on the row, the list's path and `/{id}` (as `update`'s); resolves once the service answered 2xx. */
  delete(resource: ListResource, params: DeleteParams): Promise<void>;
}

/** The client's own options for reading and writing pages, checked (the argument error naming the option). */
function pagingOptions(options: ApiClientOptions) {
  const parse = options.parsePage ?? defaultParsePage;
  assertFunction('parsePage', parse);
  if (options.id !== undefined) requireString('id', options.id);
  const serializeSort = options.serializeSort ?? springSort;
  assertFunction('serializeSort', serializeSort);
  const serializePage = options.serializePage ?? springPage;
  assertFunction('serializePage', serializePage);
  const { cursorParam } = options;
  if (cursorParam !== undefined && !(typeof cursorParam === 'string' && QUERY_NAME.test(cursorParam)))
    throw invalidArgument('cursorParam', MUST_BE_QUERY_NAME, cursorParam);
  const { pastEndStatus } = options;
  assertPastEndStatus(pastEndStatus);
  return { parse, serializeSort, serializePage, cursorParam, pastEndStatus };
}

/**
 * Creates a framework-free client for the service. Throws a `TypeError` naming the argument when
 * `baseUrl`, `auth`, `fetch` or `timeoutMs` is unusable.
 *
 * List calls and writes reject (never throw) — before any request with a `TypeError` naming a bad argument;
 * otherwise with an `HttpError` (a write's keeps the service's problem body), `AuthError`, `NetworkError`,
 * `TimeoutError` or `ResponseShapeError`, or with the caller's `AbortError` when `signal` aborts. Writes are sent
 * once unless the caller opts into `retry` (`PUT` and `DELETE`, or with an `idempotencyKey`).
 *
 * @example
 * const client = createApiClient({ baseUrl: '/api/pagewise' }); // behind createProxyHandler
 * const page = await client.listShares({ organizationId, page: 1, size: 20 });
 * const next = page.nextCursor && (await client.listShares({ organizationId, size: 20, cursor: page.nextCursor }));
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const config = Object.assign(resolveConfig(options, { deferPath: true }), requestHeaders(options));
  const { organizationHeader } = config;
  const { parse, serializeSort, serializePage, cursorParam, pastEndStatus } = pagingOptions(options);
  const routeOf = listRoutes(options.route, options.routes);
  // Where a resource's calls carry the organization, which says what an organizationId must be.
  const placeOf = (resource: unknown) => ({ organized: routeOf(String(resource)).includes('{organizationId}') });
  const cursors = createCursorMemory();
  const servedSizes = createServedSizes();
  const emit = (config.emit = eventListener('onEvent', options.onEvent));
  const listing = async <T>(resource: ListResource, params: ListParams, again?: boolean): Promise<Page<T>> => {
    // Checked before the sort is serialized, so a bad one is named as the argument, not as a serializer's crash.
    const route = routeOf(resource);
    assertListParams(params, resource, placeOf(resource));
    const { cursor, size } = params;
    const page = params.page ?? 1;
    const sentAs =
      params.cursorParam ??
      cursorParam ??
      (cursor === undefined ? undefined : cursors.recall(cursor)) ??
      DEFAULT_CURSOR_PARAM;
    const extra = params.sort?.length ? serializeSort(params.sort) : [];
    const query = [...extra, ...filterParams(params.filters)];
    const ask = async (at: number) => {
      const paging = pageQuery(serializePage, { page, size: at, cursor, cursorParam: sentAs });
      const target = listTarget(config.baseUrl, resource, params, query, paging, route, organizationHeader);
      const { body, response, sent } = await fetchJson(config, target, params.signal);
      const parsed = parse(body, { response, page, size: at, url: target.url, cursor }) as Page<T>;
      return { sent, target, result: servedSizes.follow(parsed, { page, size, cursor, url: target.url, resource }) };
    };
    // A page asked for by number goes out at the size the list served, once a page showed it: a service that caps
    // its size, or reads the offset but not the size, has page N's rows at N times that size, not the one asked.
    const known = cursor === undefined ? servedSizes.known(resource, size) : undefined;
    // Page 1 says the size the list serves where a page after the first, asked by number at a size no page showed
    // another of, was refused as past the end or holds other rows than its count leaves at that size (a list capped
    // below it opened at its last page): the page is asked once more at the size page 1 shows, if another.
    const byNumber = cursor === undefined && page > 1;
    const probe = byNumber && !known && !again;
    let failure;
    let answer = await ask(known ?? size).catch((error: unknown) => void (failure = error));
    const pastEnd = byNumber && isPastEnd(failure, pastEndStatus);
    if (pastEnd || (probe && answer && holdsOtherRows(answer.result, size))) {
      const first = await listing<T>(resource, { ...params, page: 1 });
      // An undefined count compares false.
      if (probe && first.pageSize !== size && page <= first.pageCount!) return listing<T>(resource, params, true);
      if (pastEnd) return pastEndPage(first, page);
    }
    if (!answer) throw failure;
    // A page past the first that shows another size before any page did was asked for at the wrong offset.
    if (probe && answer.result.pageSize !== size) answer = await ask(answer.result.pageSize);
    const { sent, target, result } = answer;
    const answered = withCursorParam(result, cursorParam, cursors);
    // A service that echoes a credential (a key sent in the query) into its next-page URL: the cursor handed out
    // holds none; the request that follows it has the key set again.
    const next = answered.nextCursor;
    if (next && isUrlCursor(next)) answered.nextCursor = withoutSecretParams(next, sent.keyParams ?? [], sent.secrets);
    assertCursorMoves(answered, cursor, target.url);
    if (cursor !== undefined) answered.requestedBy = isUrlCursor(cursor) ? { cursor } : { cursor, cursorParam: sentAs };
    return answered;
  };
  const list = <T>(resource: ListResource, params: ListParams): Promise<Page<T>> =>
    listing<T>(resource, params).catch((error: unknown) => {
      emit?.({
        type: 'client-error',
        resource,
        errorName: errorName(error),
        status: (error as { status?: number })?.status,
      });
      throw error;
    });
  // The write path is loaded at the first write: an app that only lists never downloads it (a chunk of its own in
  // the app's bundle). A bad argument still rejects before any request, as every write checks it first.
  // A write goes where its resource's list lives; a resource that is not a name is refused by the write's own check.
  const send = async (write: Write) =>
    (await import('./write')).sendWrite(config, write, routeOf(String(write.resource)));
  const client: ApiClient = {
    baseUrl: config.baseUrl,
    id: options.id ?? keyIdentity(config.auth?.id),
    list,
    pages: (resource, params, pageOptions) => pagesOf(list, emit, resource, params, pageOptions, placeOf(resource)),
    listShares: (params) => list('shares', params),
    listEnvironments: (params) => list('environments', params),
    create: (resource, params) => send({ method: 'POST', resource, params }) as never,
    update: (resource, params) =>
      send({ method: params?.method === 'PUT' ? 'PUT' : 'PATCH', resource, params }) as never,
    delete: async (resource, params) => void (await send({ method: 'DELETE', resource, params })),
  };
  listRoutesOf.set(client, routeOf);
  return client;
}

/**
 * Each client's route per resource, for a server function that requests a URL cursor the browser chose: only at the
 * route of the organization and resource it allowed (`serveListCall`). Kept beside the client, not on it: no new name.
 */
export const listRoutesOf = new WeakMap<ApiClient, (resource: string) => string>();

/**
 * `page` with the parameter its token `nextCursor` goes out as (the option's, else the one its style suggested, else
 * the default), remembered for a call that passes the cursor back alone; a URL cursor has none.
 */
function withCursorParam<T>(
  page: Page<T>,
  option: string | undefined,
  cursors: ReturnType<typeof createCursorMemory>,
): Page<T> {
  const { nextCursor } = page;
  const rest = { ...page };
  delete rest.nextCursor;
  delete rest.cursorParam;
  if (typeof nextCursor !== 'string' || nextCursor === '') return rest;
  if (isUrlCursor(nextCursor)) return { ...rest, nextCursor };
  const cursorParam = option ?? page.cursorParam ?? DEFAULT_CURSOR_PARAM;
  cursors.remember(nextCursor, cursorParam);
  return { ...rest, nextCursor, cursorParam };
}

/**
 * The query-key identity of a client without an `id`: the same for the server's client and the browser's proxy
 * client (both list what the service account sees), except a bearer token given an `id`, which names a user.
 */
function keyIdentity(authId: string | undefined): string {
  return authId === undefined || authId === 'bearer' || /^(client-credentials|api-account):/.test(authId)
    ? 'default'
    : authId;
}
