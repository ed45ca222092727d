import type { HttpHandler } from 'msw';
import type { ApiRecord } from '../client/index';

/** A list resource of the service: the two it documents, or another one the mock was seeded with (`lists`). */
export type MockListResource = 'shares' | 'environments' | (string & {});

/** Anything the mock records: a list resource, the token endpoint or the revocation endpoint (RFC 7009). */
export type MockResource = MockListResource | 'token' | 'revocation';

/**
 * Shape the list endpoints answer with. With a total: `spring-page` (Spring Data `Page`), `paged-model`, `hal`,
 * `array` (+ `X-Total-Count`), `items` (`{ items, total }`). Without one: `slice` (Spring `Slice`), `link` (an array
 * + GitHub-style `Link` header), `has-more` (`{ data, has_more }`), `next` (`{ results, next, previous }`),
 * `bare-array` (an array alone).
 */
export type MockResponseShape =
  'spring-page' | 'paged-model' | 'hal' | 'array' | 'items' | 'slice' | 'link' | 'has-more' | 'next' | 'bare-array';

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
  /** Zero-based page the response is for: the `page` query parameter, 0 when absent (list requests with a valid value). */
  page?: number;
  /** Page size the response is for: the `size` query parameter, 20 when absent (list requests with a valid value). */
  size?: number;
  /** Scheme of the Authorization header only; never its credential. */
  authorization: 'Bearer' | 'Basic' | null;
  /** Response status; 0 for a simulated network error, null while the response is pending. */
  status: number | null;
}

/** A failure to answer with instead of the normal response. */
export interface MockFailure {
  /** The failure: an HTTP status, a 200 with a truncated JSON body, or a network error. */
  status: 401 | 403 | 429 | 500 | 503 | 'malformed-json' | 'network';
  /** How many matching requests fail (`Infinity`: every one). @default 1 */
  times?: number;
  /** `Retry-After` header value (seconds or HTTP date). @default 1 for 429, none otherwise */
  retryAfter?: number | string;
  /** The endpoint that fails. @default any list endpoint (shares or environments), never the token endpoint */
  resource?: MockResource;
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
  deleteRows(organizationId: string, resource: MockListResource, count: number): void;
  /** Changes the latency of later responses. */
  setLatency(latency: MockLatency): void;
  /** Invalidates every token issued so far: using one answers 401. */
  expireTokens(): void;
  /** Clears requests, counters, pending failures and latency changes, and restores deleted rows. Issued tokens stay valid. */
  reset(): void;
}
