import { delay } from 'msw';
import type { GenerationCounter } from './createRowSource';
import type { OrganizationState } from './createOrganizations';
import type { CursorHints } from './cursorModes';
import type {
  MockAccount,
  MockClient,
  MockFailure,
  MockLatency,
  MockLatencyRequest,
  MockResource,
  MockResponseShape,
  RecordedRequest,
} from './types';

/** A queued failure and how many more requests it answers. */
export interface PendingFailure extends MockFailure {
  remaining: number;
}

/**
 * What the token endpoint, the list endpoints and the public `MockService` share. One object, so each endpoint is a
 * module of its own and `reset()` reaches everything.
 */
export interface MockServiceState {
  readonly shape: MockResponseShape;
  readonly lifetimeSeconds: number;
  readonly authRequired: boolean;
  readonly audience: string | undefined;
  readonly clients: readonly MockClient[];
  readonly accounts: readonly MockAccount[];
  readonly organizations: readonly OrganizationState[];
  readonly byId: ReadonlyMap<string, OrganizationState>;
  /** API bases served (the first is `baseUrl`; the HTTP adapter adds its own). */
  readonly apiBases: string[];
  /** Token endpoint bases served. */
  readonly authBases: string[];
  /** Issued access tokens and when each expires (ms since the epoch). */
  readonly tokens: Map<string, number>;
  readonly requests: RecordedRequest[];
  readonly counter: GenerationCounter;
  failures: PendingFailure[];
  latency: MockLatency;
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
export function takeFailure(state: MockServiceState, resource: MockResource, method?: string): MockFailure | undefined {
  const index = state.failures.findIndex(
    (failure) =>
      failure.method === method &&
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

/** Records the status a request was answered with (0 for a network error) and passes the response on. */
export function finish(record: RecordedRequest, response: Response): Response {
  record.status = response.type === 'error' ? 0 : response.status;
  return response;
}
