import { http } from 'msw';
import { LIST_ROUTE, ROW_ROUTE, WRITE_METHODS } from '../shared/listEndpoints';
import { handleWriteRequest } from './handleWriteRequest';
import type { GenerationCounter } from './createRowSource';
import { createOrganizations, rowsOf } from './createOrganizations';
import { demoAccount, demoClient, demoOrganizations } from './demoData';
import { MOCK_FAILURES } from './failureResponse';
import { handleListRequest } from './handleListRequest';
import { CURSOR_SHAPES } from './cursorModes';
import { handleTokenRequest } from './handleTokenRequest';
import { handleRevocationRequest } from './handleRevocationRequest';
import { pathBelow, trimBase, MOCK_DEFAULT_SCOPE } from './http';
import type { MockServiceState } from './MockServiceState';
import type { ListResource } from '../client/index';
import { assertInteger, assertNumber, assertOneOf, invalidArgument } from '../shared/assert';
import { setMockServiceInternals } from './mockServiceInternals';
import type {
  MockAccount,
  MockClient,
  MockOrganization,
  MockResponseShape,
  MockService,
  MockServiceOptions,
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
  ...CURSOR_SHAPES,
];

/**
 * A mock of the service for tests, stories and local development: MSW 2 handlers for the token
 * endpoint and both list endpoints, plus the state behind them (seeded organizations, issued
 * tokens, a request log, injectable failures and latency).
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = trimBase(options.baseUrl ?? 'https://api.pagewise.test');
  const authUrl = trimBase(options.authUrl ?? 'https://auth.pagewise.test');
  const clients: MockClient[] = options.clients ?? [demoClient];
  const accounts: MockAccount[] = options.accounts ?? [demoAccount];
  const shape = options.shape ?? 'spring-page';
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const initialLatency = options.latencyMs ?? 0;

  assertOneOf('shape', shape, SHAPES);
  assertNumber('tokenLifetimeSeconds', lifetimeSeconds, { unit: 'seconds' });
  const firstClient = clients[0];
  const firstAccount = accounts[0];
  if (!firstClient) throw invalidArgument('clients', 'must hold at least one client');
  if (!firstAccount) throw invalidArgument('accounts', 'must hold at least one account');

  const counter: GenerationCounter = { generated: 0 };
  const organizations = createOrganizations(options.organizations ?? demoOrganizations, counter, options.generators);
  const state: MockServiceState = {
    shape,
    lifetimeSeconds,
    authRequired: (options.auth ?? 'required') === 'required',
    audience: options.audience,
    clients,
    accounts,
    organizations,
    byId: new Map(organizations.map((organization) => [organization.id.toLowerCase(), organization])),
    apiBases: [baseUrl],
    authBases: [authUrl],
    tokens: new Map(),
    requests: [],
    counter,
    failures: [],
    latency: initialLatency,
    tokenRequests: 0,
    created: 0,
    idempotent: new Map(),
    cursorHints: new Map(),
    revocations: 0,
    now: options.now ?? (() => Date.now()),
  };
  const { apiBases, authBases } = state;

  /** The rows of an organization's list, or the argument error naming what is not the mock's. */
  const rowSource = (organizationId: string, resource: ListResource) => {
    const organization = state.byId.get(String(organizationId).toLowerCase());
    if (!organization) throw invalidArgument('organizationId', 'is not an organization of this mock', organizationId);
    assertOneOf('resource', resource, ['shares', 'environments', ...organization.lists.keys()]);
    return rowsOf(organization, resource)!;
  };

  const handlers = [
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return authBases.some((base) => pathBelow(url, base) === '/oauth/token');
      },
      ({ request }) => handleTokenRequest(state, request),
    ),
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return authBases.some((base) => pathBelow(url, base) === '/oauth/revoke');
      },
      ({ request }) => handleRevocationRequest(state, request),
    ),
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        for (const base of apiBases) {
          const below = pathBelow(url, base) ?? '';
          const match = LIST_ROUTE.exec(below) ?? ROW_ROUTE.exec(below);
          if (match?.[1] && match[2])
            return { matches: true, params: { organizationId: match[1], resource: match[2], id: match[3] ?? '' } };
        }
        return false;
      },
      ({ request, params }) => {
        const resource = params.resource as ListResource;
        let organizationId = String(params.organizationId);
        try {
          organizationId = decodeURIComponent(organizationId);
        } catch {
          // Kept as sent: refused below as not a UUID.
        }
        const id = params.id ? String(params.id) : undefined;
        return id === undefined && request.method !== 'POST'
          ? handleListRequest(state, request, resource, String(params.organizationId))
          : handleWriteRequest(state, request, resource, organizationId, id);
      },
    ),
  ];

  const service: MockService = {
    handlers,
    baseUrl,
    authUrl,
    credentials: {
      clientId: firstClient.clientId,
      clientSecret: firstClient.clientSecret,
      scope: firstClient.scope ?? MOCK_DEFAULT_SCOPE,
      audience: options.audience ?? baseUrl,
      accountId: firstAccount.accountId,
      apiToken: firstAccount.apiToken,
      ...(firstAccount.apiKey !== undefined ? { apiKey: firstAccount.apiKey } : {}),
      ...(firstAccount.apiSecret !== undefined ? { apiSecret: firstAccount.apiSecret } : {}),
    },
    get organizations(): MockOrganization[] {
      return organizations.map(({ id, name, shares, environments }) => ({
        id,
        name,
        shares: shares.count(),
        environments: environments.count(),
      }));
    },
    get requests() {
      return state.requests;
    },
    get tokenRequests() {
      return state.tokenRequests;
    },
    get revocations() {
      return state.revocations;
    },
    get rowsGenerated() {
      return counter.generated;
    },
    fail(failure) {
      assertOneOf('failure.status', failure.status, MOCK_FAILURES);
      if (failure.method !== undefined) assertOneOf('failure.method', failure.method, WRITE_METHODS);
      const times = failure.times ?? 1;
      if (times !== Infinity) assertInteger('failure.times', times, 1);
      state.failures.push({ ...failure, remaining: times });
    },
    deleteRows(organizationId, resource, count) {
      const rows = rowSource(organizationId, resource);
      assertInteger('count', count, 0);
      rows.deleteLast(count);
    },
    insertRows(organizationId, resource, inserted, at = 0) {
      const rows = rowSource(organizationId, resource);
      if (!Array.isArray(inserted) || !inserted.every((row) => typeof row === 'object' && row !== null))
        throw invalidArgument('rows', 'must be an array of records');
      assertInteger('at', at, 0);
      rows.insert(inserted, at);
    },
    rows(organizationId, resource) {
      const organization = state.byId.get(String(organizationId).toLowerCase());
      const rows = organization && rowsOf(organization, resource);
      return rows?.all();
    },
    setLatency(next) {
      state.latency = next;
    },
    expireTokens() {
      state.tokens.clear();
    },
    reset() {
      state.requests.length = 0;
      state.tokenRequests = 0;
      state.revocations = 0;
      counter.generated = 0;
      state.failures = [];
      state.latency = initialLatency;
      state.created = 0;
      state.idempotent.clear();
      state.cursorHints.clear();
      for (const organization of organizations) {
        organization.shares.restore();
        organization.environments.restore();
        for (const rows of organization.lists.values()) rows.restore();
      }
    },
  };

  setMockServiceInternals(service, {
    addOrigin(urls) {
      const api = trimBase(urls.baseUrl);
      const auth = trimBase(urls.authUrl);
      apiBases.push(api);
      authBases.push(auth);
      return () => {
        apiBases.splice(apiBases.indexOf(api), 1);
        authBases.splice(authBases.indexOf(auth), 1);
      };
    },
  });
  return service;
}
