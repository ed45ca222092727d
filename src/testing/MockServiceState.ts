import { delay } from 'msw';
import { assertInteger, assertNumber, assertOneOf, invalidArgument } from '../shared/assert';
import { DEFAULT_LIST_ROUTE, listRoutes, WRITE_METHODS } from '../shared/listEndpoints';
import { MAX_PAGE_SIZE } from '../shared/paging';
import type { GenerationCounter } from './createRowSource';
import { createOrganizations, type OrganizationState } from './createOrganizations';
import { CURSOR_SHAPES, type CursorHints } from './cursorModes';
import { demoAccount, demoClient, demoOrganizations } from './demoData';
import { MOCK_FAILURES } from './failureResponse';
import { authorizationScheme, trimBase } from './http';
import type {
  MockAccount,
  MockClient,
  MockFailure,
  MockLatency,
  MockLatencyRequest,
  MockResource,
  MockResponseShape,
  MockServiceOptions,
  RecordedRequest,
} from './types';

const SHAPES: readonly MockResponseShape[] = [
  'spring-page',
  'paged-model',
  'hal',
  'array',
  'items',
  'slice',
  'link',
  'has-more',
  'next',
  'bare-array',
  'estimate',
  ...CURSOR_SHAPES,
];

/** A queued failure and how many more requests it answers. */
export interface PendingFailure extends MockFailure {
  remaining: number;
}

/**
 * What the token endpoint, the list endpoints and the public `MockService` share. One object, so each endpoint is a
 * module of its own and `reset()` reaches everything.
 */
export interface MockServiceState {
  /** The API base the service was made with (`MockService.baseUrl`). */
  readonly baseUrl: string;
  /** The identity provider base the service was made with (`MockService.authUrl`). */
  readonly authUrl: string;
  readonly shape: MockResponseShape;
  /** The largest `size` a list request may ask for. */
  readonly maxPageSize: number;
  readonly lifetimeSeconds: number;
  readonly authRequired: boolean;
  readonly audience: string | undefined;
  readonly clients: readonly MockClient[];
  readonly accounts: readonly MockAccount[];
  readonly organizations: readonly OrganizationState[];
  readonly byId: ReadonlyMap<string, OrganizationState>;
  /** API bases served (the first is `baseUrl`; the HTTP adapter adds its own). */
  readonly apiBases: string[];
  /** Where lists live, where `route` or `routes` moved them from the seed's path: each template and its resource. */
  readonly routes: ReadonlyArray<{ template: string; resource: string | undefined }> | undefined;
  /** Token endpoint bases served. */
  readonly authBases: string[];
  /** Issued access tokens and when each expires (ms since the epoch). */
  readonly tokens: Map<string, number>;
  readonly requests: RecordedRequest[];
  readonly counter: GenerationCounter;
  failures: PendingFailure[];
  latency: MockLatency;
  /** The latency the service was made with, which `reset()` restores. */
  readonly initialLatency: MockLatency;
  /** Where rows that ended a cursor-mode page sat, by id (see `cursorModes`). */
  readonly cursorHints: CursorHints;
  tokenRequests: number;
  /** Rows created so far, numbering the next one's id. */
  created: number;
  /** Answers of creates by `Idempotency-Key`, so a repeated create makes one row. */
  readonly idempotent: Map<string, { status: number; row: unknown }>;
  /** Tokens revoked by an authenticated client. */
  revocations: number;
  now(): number;
}

/**
 * The templates to match a request against, each resource's own before the shared one (undefined: the seed's path);
 * throws the argument error naming a template that is not a route.
 */
function routesOf({ route, routes }: MockServiceOptions): MockServiceState['routes'] {
  if (route === undefined && routes === undefined) return undefined;
  listRoutes(route, routes);
  const fallback = route ?? DEFAULT_LIST_ROUTE;
  return [
    ...Object.entries(routes ?? {}).map(([resource, template]) => ({ template, resource })),
    { template: fallback, resource: undefined },
  ];
}

/** The state of a new service: `options` checked (an argument error names the first that is wrong) and defaulted. */
export function createMockState(options: MockServiceOptions): MockServiceState {
  const baseUrl = trimBase(options.baseUrl ?? 'https://api.pagewise.test');
  const authUrl = trimBase(options.authUrl ?? 'https://auth.pagewise.test');
  const clients: MockClient[] = options.clients ?? [demoClient];
  const accounts: MockAccount[] = options.accounts ?? [demoAccount];
  const shape = options.shape ?? 'spring-page';
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  assertOneOf('shape', shape, SHAPES);
  const maxPageSize = options.maxPageSize ?? MAX_PAGE_SIZE;
  assertInteger('maxPageSize', maxPageSize, 1);
  assertNumber('tokenLifetimeSeconds', lifetimeSeconds, { unit: 'seconds' });
  if (!clients[0]) throw invalidArgument('clients', 'must hold at least one client');
  if (!accounts[0]) throw invalidArgument('accounts', 'must hold at least one account');

  const routes = routesOf(options);
  const counter: GenerationCounter = { generated: 0 };
  const organizations = createOrganizations(options.organizations ?? demoOrganizations, counter, options.generators);
  return {
    baseUrl,
    authUrl,
    shape,
    maxPageSize,
    lifetimeSeconds,
    authRequired: (options.auth ?? 'required') === 'required',
    audience: options.audience,
    clients,
    accounts,
    organizations,
    byId: new Map(organizations.map((organization) => [organization.id.toLowerCase(), organization])),
    apiBases: [baseUrl],
    routes,
    authBases: [authUrl],
    tokens: new Map(),
    requests: [],
    counter,
    failures: [],
    latency: options.latencyMs ?? 0,
    initialLatency: options.latencyMs ?? 0,
    tokenRequests: 0,
    created: 0,
    idempotent: new Map(),
    cursorHints: new Map(),
    revocations: 0,
    now: options.now ?? (() => Date.now()),
  };
}

/** Queues `failure` (checked) for the next matching request(s). */
export function queueFailure(state: MockServiceState, failure: MockFailure): void {
  assertOneOf('failure.status', failure.status, MOCK_FAILURES);
  if (failure.method !== undefined) assertOneOf('failure.method', failure.method, WRITE_METHODS);
  const { rows } = failure;
  if (rows !== undefined && typeof rows !== 'function' && !Array.isArray(rows))
    throw invalidArgument('failure.rows', 'must be an array of row ids or a function of the id', rows);
  if (rows !== undefined && failure.method === undefined)
    throw invalidArgument('failure.rows', 'needs a write method: rows fail on writes');
  const times = failure.times ?? 1;
  if (times !== Infinity) assertInteger('failure.times', times, 1);
  state.failures.push({ ...failure, remaining: times });
}

/** Back to the state the service was made with, but the tokens issued: requests, counters, failures, latency, rows. */
export function resetState(state: MockServiceState): void {
  state.requests.length = 0;
  state.tokenRequests = 0;
  state.revocations = 0;
  state.counter.generated = 0;
  state.failures = [];
  state.latency = state.initialLatency;
  state.created = 0;
  state.idempotent.clear();
  state.cursorHints.clear();
  for (const organization of state.organizations) {
    organization.shares.restore();
    organization.environments.restore();
    for (const rows of organization.lists.values()) rows.restore();
  }
}

/** Also serves the API at `urls.baseUrl` and tokens at `urls.authUrl`; returns a function undoing it. */
export function serveOrigin(state: MockServiceState, urls: { baseUrl: string; authUrl: string }): () => void {
  const api = trimBase(urls.baseUrl);
  const auth = trimBase(urls.authUrl);
  state.apiBases.push(api);
  state.authBases.push(auth);
  return () => {
    state.apiBases.splice(state.apiBases.indexOf(api), 1);
    state.authBases.splice(state.authBases.indexOf(auth), 1);
  };
}

/** Logs `request` as the service received it (its Authorization scheme only, never the credential), unanswered yet. */
export function recordRequest(
  state: MockServiceState,
  request: Request,
  fields: Pick<RecordedRequest, 'resource'> & Partial<RecordedRequest>,
): RecordedRequest {
  const record: RecordedRequest = {
    method: request.method,
    url: request.url,
    authorization: authorizationScheme(request.headers.get('Authorization')),
    status: null,
    ...fields,
  };
  state.requests.push(record);
  return record;
}

/** Waits as long as the current latency setting says for `request`. */
export async function waitLatency(state: MockServiceState, request: MockLatencyRequest): Promise<void> {
  const ms = typeof state.latency === 'function' ? state.latency(request) : state.latency;
  if (typeof ms !== 'number') await ms;
  else if (ms > 0) await delay(ms);
}

/**
 * The next queued failure for `resource` (and a write's `method`), counted down; failures without a resource apply to
 * the list endpoints, failures with a method to writes of that method only.
 */
export function takeFailure(
  state: MockServiceState,
  resource: MockResource,
  method?: string,
  id?: string,
): MockFailure | undefined {
  const index = state.failures.findIndex(
    (failure) =>
      failure.method === method &&
      forRow(failure.rows, id) &&
      (failure.resource === undefined
        ? resource !== 'token' && resource !== 'revocation'
        : failure.resource === resource),
  );
  const failure = state.failures[index];
  if (!failure) return undefined;
  failure.remaining -= 1;
  if (failure.remaining <= 0) state.failures.splice(index, 1);
  return failure;
}

/** Whether a failure for `rows` answers a write to the row `id` (any write when it names no rows). */
function forRow(rows: MockFailure['rows'], id: string | undefined): boolean {
  if (rows === undefined) return true;
  if (id === undefined) return false;
  return typeof rows === 'function' ? rows(id) : rows.includes(id);
}

/** Records the status a request was answered with (0 for a network error) and passes the response on. */
export function finish(record: RecordedRequest, response: Response): Response {
  record.status = response.type === 'error' ? 0 : response.status;
  return response;
}
