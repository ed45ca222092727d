import type { HttpHandler } from 'msw';
import type { ApiRecord, ListResource } from '../client/index';
import type { WriteMethod } from '../shared/listEndpoints';

/** Anything the mock records: a list resource, the token endpoint or the revocation endpoint (RFC 7009). */
export type MockResource = ListResource | 'token' | 'revocation';

/**
 * Shape the list endpoints answer with. With a total: `spring-page` (Spring Data `Page`), `paged-model`, `hal`,
 * `array` (+ `X-Total-Count`), `items` (`{ items, total }`). Without one: `slice` (Spring `Slice`), `link` (an array
 * + GitHub-style `Link` header), `has-more` (`{ data, has_more }`), `next` (`{ results, next, previous }`),
 * `bare-array` (an array alone), `estimate` (`{ items, totalEstimate, has_more }`, the count rounded to two
 * significant digits, until the last page, which gives the exact `total`). These page by the `page` parameter; the `MockCursorShape`s ignore it.
 */
export type MockResponseShape =
  | 'spring-page'
  | 'paged-model'
  | 'hal'
  | 'array'
  | 'items'
  | 'slice'
  | 'link'
  | 'has-more'
  | 'next'
  | 'bare-array'
  | 'estimate'
  | MockCursorShape;

/**
 * Shapes of services that page otherwise than by `page`, which they ignore: `stripe` (`{ object: 'list', data,
 * has_more }`, next by `starting_after=<last id>`, size by `limit` or `size`), `cursor` (Django REST Framework's
 * CursorPagination: `{ next, previous, results }` with opaque `?cursor=` URLs), `link-cursor` (an array + `Link:
 * <…?after=…>; rel="next"`), `page-token` (Google AIP-158: `{ items, nextPageToken }`, `pageToken=`, size by `pageSize`
 * or `size`), `offset` (`{ items, total }` by `offset` and `limit` or `size`).
 */
export type MockCursorShape = 'stripe' | 'cursor' | 'link-cursor' | 'page-token' | 'offset';

/** What a latency function is told about the request it delays. */
export interface MockLatencyRequest {
  /** The resource asked for. */
  resource: MockResource;
  /** The organization in the path (list requests only). */
  organizationId?: string;
  /** Zero-based page asked for (list requests with a valid `page` only). */
  page?: number;
  /** Page size asked for (list requests with a valid `size` only). */
  size?: number;
  /** The request's method: `GET` for a list, `POST`, `PUT`, `PATCH` or `DELETE` for a write (the token endpoint's is not told). */
  method?: string;
}

/** A fixed latency in milliseconds, or one computed per request: milliseconds, or a promise to wait for (e.g. a gate a test releases). */
export type MockLatency = number | ((request: MockLatencyRequest) => number | Promise<unknown>);

/** An OAuth client registered at the mock identity provider. */
export interface MockClient {
  /** The OAuth `client_id`. */
  clientId: string;
  /** The OAuth `client_secret`. */
  clientSecret: string;
  /** Space-separated scopes the client may be granted. @default 'pagewise.read pagewise.write' */
  scope?: string;
}

/** An API Account created in the console. */
export interface MockAccount {
  /** The account identifier (`<account_id>`), a UUID. */
  accountId: string;
  /** The long-lived access token (`<API_TOKEN>`) sent with the Basic scheme. */
  apiToken: string;
  /** An API key that may replace `client_id` at the token endpoint (seed 4.1 rule 2). */
  apiKey?: string;
  /** The API secret that goes with `apiKey`. */
  apiSecret?: string;
}

/** Seed of one organization: a row count (rows generated on demand) or the rows themselves. */
export interface MockOrganizationSeed {
  /** Display name. @default 'Organization <n>' */
  name?: string;
  /** Number of generated shares, or the share records themselves. @default 0 */
  shares?: number | ApiRecord[];
  /** Number of generated environments, or the environment records themselves. @default 0 */
  environments?: number | ApiRecord[];
  /**
   * Rows of other list endpoints of the same service, by path segment: `{ users: 40 }` serves
   * `/{organizationId}/users` (rows from `generators.users`, or `{ id, name, createdAt }`). @default {}
   */
  lists?: Record<string, number | ApiRecord[]>;
}

/** Options of `createMockService`. */
export interface MockServiceOptions {
  /** API base address; list endpoints live at `{baseUrl}/{organizationId}/shares|environments`. A path such as `/api` matches on any origin. @default 'https://api.pagewise.test' */
  baseUrl?: string;
  /** Identity provider address; tokens are issued at `POST {authUrl}/oauth/token`. @default 'https://auth.pagewise.test' */
  authUrl?: string;
  /**
   * Where the lists live below `baseUrl`, as `createApiClient`'s `route` (one template for both, so an app's client
   * runs on the mock as written): `{organizationId}` and `{resource}` placeholders, a trailing slash kept, the
   * organization in the path, the query or absent (then the first organization's lists). A row is its list's path and
   * its id (`/{resource}/` → `/{resource}/{id}/`). Paging, sort and filters stay the mock's `shape`.
   * @default '/{organizationId}/{resource}'
   */
  route?: string;
  /** A route per resource, over `route`, e.g. `{ users: '/accounts/people/' }`. @default {} */
  routes?: Readonly<Record<string, string>>;
  /** OAuth clients the token endpoint accepts. @default one demo client (see `credentials`) */
  clients?: MockClient[];
  /** API Accounts accepted with the Basic scheme. @default one demo account (see `credentials`) */
  accounts?: MockAccount[];
  /** The `audience` token requests must name. @default baseUrl (and the base URL of any HTTP server serving the mock) */
  audience?: string;
  /** `expires_in` of issued tokens, in seconds. @default 3600 */
  tokenLifetimeSeconds?: number;
  /** Organizations keyed by UUID. @default the demo organizations (Acme, Globex, Empty Org, Big Org) */
  organizations?: Record<string, MockOrganizationSeed>;
  /** Shape of list responses, with a total or without (see `MockResponseShape`). @default 'spring-page' */
  shape?: MockResponseShape;
  /** The largest page size list requests may ask for (a larger `size` is refused with a 400), e.g. 5,000 for a virtualized table's pages. @default 1000 */
  maxPageSize?: number;
  /** Delay before each response, in milliseconds. @default 0 */
  latencyMs?: MockLatency;
  /** Whether list endpoints require an Authorization header; 'none' stands for a proxy that adds it. @default 'required' */
  auth?: 'required' | 'none';
  /** Clock in milliseconds, for token expiry. @default Date.now */
  now?: () => number;
  /** How to generate the row at zero-based `index` of another list endpoint (see `lists`), by path segment. @default { id, name, createdAt } rows */
  generators?: Record<string, (index: number, organization: { id: string; name: string }) => ApiRecord>;
}

/** One request the mock received. Never holds a token, secret or Authorization value. */
export interface RecordedRequest {
  /** Which endpoint was called. */
  resource: MockResource;
  /** HTTP method. */
  method: string;
  /** Full request URL (it never carries credentials). */
  url: string;
  /** Organization id from the path (list requests). */
  organizationId?: string;
  /**
   * Zero-based page the response is for: the `page` query parameter, 0 when absent (list requests with a valid value);
   * `offset / size` in the `offset` shape, undefined in the other cursor shapes, which ignore `page`.
   */
  page?: number;
  /** Page size the response is for: the `size` query parameter (or the shape's own, e.g. `limit`), 20 when absent (list requests with a valid value). */
  size?: number;
  /** Scheme of the Authorization header only; never its credential. */
  authorization: 'Bearer' | 'Basic' | null;
  /** Response status; 0 for a simulated network error, null while the response is pending. */
  status: number | null;
  /** The row's id in the path (writes to a row only). */
  id?: string;
}

/** A failure to answer with instead of the normal response. */
export interface MockFailure {
  /**
   * The failure: an HTTP status (a Spring error body for a list, a problem document for a write), a 200 with a
   * truncated JSON body, or a network error.
   */
  status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503 | 'malformed-json' | 'network';
  /** How many matching requests fail (`Infinity`: every one). @default 1 */
  times?: number;
  /** `Retry-After` header value (seconds or HTTP date). @default 1 for 429, none otherwise */
  retryAfter?: number | string;
  /** The endpoint that fails. @default any list endpoint (shares or environments), never the token endpoint */
  resource?: MockResource;
  /** A write's method: the failure answers the next write of this method (and no list call). @default none: list calls only */
  method?: WriteMethod;
  /**
   * With `method`: only writes to these rows fail, by id or as a test of the id (e.g. one row in four, for a bulk
   * action's failures per row); a write to another row passes it by. @default every row
   */
  rows?: readonly string[] | ((id: string) => boolean);
}

/** The demo credentials (the first configured client and account). */
export interface MockCredentials {
  /** OAuth `client_id`. */
  clientId: string;
  /** OAuth `client_secret`. */
  clientSecret: string;
  /** Scopes the client may be granted. */
  scope: string;
  /** The `audience` to send in token requests. */
  audience: string;
  /** API Account identifier (Basic scheme). */
  accountId: string;
  /** API Account access token (Basic scheme). */
  apiToken: string;
  /** API Account key usable as `client_id` at the token endpoint. */
  apiKey?: string;
  /** API Account secret usable as `client_secret` at the token endpoint. */
  apiSecret?: string;
}

/** An organization the mock serves, with its current row counts. */
export interface MockOrganization {
  /** The organization's UUID. */
  id: string;
  /** Display name. */
  name: string;
  /** Current number of shares. */
  shares: number;
  /** Current number of environments. */
  environments: number;
}

/** A row another person changed, as the mock tells `subscribe`'s listeners (and its HTTP server's event stream). */
export type MockChange = { organizationId: string; resource: ListResource } & (
  { type: 'created'; row: ApiRecord } | { type: 'updated'; row: ApiRecord } | { type: 'deleted'; id: string }
);

/** A change `editRow` makes, as another person would. */
export type MockEdit =
  /** Adds `row` (with its `id`) before zero-based position `at`. */
  | { type: 'created'; row: ApiRecord; at?: number }
  /** Sets `fields` on the row `id`. */
  | { type: 'updated'; id: string; fields: Record<string, unknown> }
  /** Deletes the row `id`. */
  | { type: 'deleted'; id: string };

/** The mock service: MSW handlers plus the state tests inspect and steer. */
export interface MockService {
  /** MSW 2 handlers: the token endpoint and both list endpoints. */
  handlers: HttpHandler[];
  /** API base address. */
  baseUrl: string;
  /** Identity provider address. */
  authUrl: string;
  /** Demo credentials accepted by the mock. */
  credentials: MockCredentials;
  /** Organizations in insertion order, with current row counts. */
  readonly organizations: MockOrganization[];
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Number of token endpoint requests. */
  readonly tokenRequests: number;
  /** Number of tokens revoked at `{authUrl}/oauth/revoke` (RFC 7009) by an authenticated client. */
  readonly revocations: number;
  /** Number of records generated so far (generation is O(page size), whatever the organization's size). */
  readonly rowsGenerated: number;
  /** Makes the next matching request(s) fail. Failures queue up and are used in order. */
  fail(failure: MockFailure): void;
  /** Deletes the last `count` rows of an organization's resource. */
  deleteRows(organizationId: string, resource: ListResource, count: number): void;
  /**
   * Every current row of an organization's resource in the service's own order (after the writes it took): what
   * paging through the whole list must give. Undefined when the mock serves no such list.
   */
  rows(organizationId: string, resource: ListResource): ApiRecord[] | undefined;
  /**
   * Inserts rows into an organization's resource before zero-based position `at` (clipped), as rows created while
   * someone pages: number paging then shows a row twice, the cursor shapes never do. @default at 0 (the front)
   */
  insertRows(organizationId: string, resource: ListResource, rows: readonly ApiRecord[], at?: number): void;
  /**
   * Changes a row as another person would, beside the app (no request is recorded), and tells every `subscribe`
   * listener: the changes a story or test feeds to `applyListChange`. Returns the change told. The API's own writes are
   * the writer's to apply, and are not told.
   */
  editRow(organizationId: string, resource: ListResource, edit: MockEdit): MockChange;
  /** Calls `listener` with each change `editRow` makes, until the returned function is called. */
  subscribe(listener: (change: MockChange) => void): () => void;
  /** Changes the latency of later responses. */
  setLatency(latency: MockLatency): void;
  /** Invalidates every token issued so far: using one answers 401. */
  expireTokens(): void;
  /** Clears requests, counters, pending failures and latency changes, and restores the seeded rows (undoing deletes, inserts and writes). Issued tokens stay valid. */
  reset(): void;
}
