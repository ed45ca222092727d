import type { ApiRecord, ListResource } from '../client/index';
import { assertInteger, assertOneOf, invalidArgument } from '../shared/assert';
import { eventListener } from '../shared/events';
import { rowsOf } from './createOrganizations';
import { MOCK_DEFAULT_SCOPE } from './http';
import { mockHandlers } from './mockHandlers';
import { setMockServiceInternals } from './mockServiceInternals';
import { createMockState, queueFailure, resetState, serveOrigin, type MockServiceState } from './MockServiceState';
import type { RowSource } from './createRowSource';
import type { MockChange, MockCredentials, MockEdit, MockOrganization, MockService, MockServiceOptions } from './types';

/** The demo credentials: the first configured client's and account's (the state holds one of each at least). */
function credentialsOf(state: MockServiceState): MockCredentials {
  const client = state.clients[0]!;
  const account = state.accounts[0]!;
  return {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    scope: client.scope ?? MOCK_DEFAULT_SCOPE,
    audience: state.audience ?? state.baseUrl,
    accountId: account.accountId,
    apiToken: account.apiToken,
    ...(account.apiKey !== undefined ? { apiKey: account.apiKey } : {}),
    ...(account.apiSecret !== undefined ? { apiSecret: account.apiSecret } : {}),
  };
}

/** The organizations with their current row counts. */
const organizationCounts = (state: MockServiceState): MockOrganization[] =>
  state.organizations.map(({ id, name, shares, environments }) => ({
    id,
    name,
    shares: shares.count(),
    environments: environments.count(),
  }));

/** The rows of an organization's list, or the argument error naming what is not the mock's. */
function rowSource(state: MockServiceState, organizationId: string, resource: ListResource) {
  const organization = state.byId.get(String(organizationId).toLowerCase());
  if (!organization) throw invalidArgument('organizationId', 'is not an organization of this mock', organizationId);
  assertOneOf('resource', resource, ['shares', 'environments', ...organization.lists.keys()]);
  return rowsOf(organization, resource)!;
}

/** The argument error for an edit of a row that is not in the list. */
const noSuchRow = (id: unknown) => invalidArgument('edit.id', 'is not a row of this list', id);

/** Applies `edit` to `rows`: the row as it now is, or the deleted id. */
function applyEdit(rows: RowSource, edit: MockEdit): { row: ApiRecord } | { id: string } {
  if (edit?.type === 'created') {
    if (typeof edit.row?.id !== 'string') throw invalidArgument('edit.row', 'must be a record with a string id');
    const at = edit.at ?? rows.count();
    assertInteger('edit.at', at, 0);
    rows.insert([edit.row], at);
    return { row: edit.row };
  }
  if (edit?.type === 'updated') {
    const existing = rows.find(edit.id);
    if (!existing) throw noSuchRow(edit.id);
    const row = { ...existing, ...edit.fields, id: existing.id };
    rows.replace(row);
    return { row };
  }
  if (edit?.type === 'deleted') {
    if (!rows.remove(edit.id)) throw noSuchRow(edit.id);
    return { id: edit.id };
  }
  throw invalidArgument('edit.type', 'must be created, updated or deleted', (edit as { type?: unknown })?.type);
}

/** Rows other people change (`editRow`), and who is told of it (`subscribe`). */
function changesByOthers(state: MockServiceState): Pick<MockService, 'editRow' | 'subscribe'> {
  const listeners = new Set<(change: MockChange) => void>();
  return {
    editRow(organizationId, resource, edit) {
      const change = {
        organizationId,
        resource,
        type: edit?.type,
        ...applyEdit(rowSource(state, organizationId, resource), edit),
      };
      for (const listener of [...listeners]) listener(change as MockChange);
      return change as MockChange;
    },
    subscribe(listener) {
      // Checked now, and made safe: a listener that throws is its own bug, and the others are still told.
      const told = eventListener('listener', listener)!;
      listeners.add(told);
      return () => void listeners.delete(told);
    },
  };
}

/**
 * A mock of the service for tests, stories and local development: MSW 2 handlers for the token
 * endpoint and both list endpoints, plus the state behind them (seeded organizations, issued
 * tokens, a request log, injectable failures and latency).
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const state = createMockState(options);
  const service: MockService = {
    handlers: mockHandlers(state),
    baseUrl: state.baseUrl,
    authUrl: state.authUrl,
    credentials: credentialsOf(state),
    get organizations() {
      return organizationCounts(state);
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
      return state.counter.generated;
    },
    fail: (failure) => queueFailure(state, failure),
    deleteRows(organizationId, resource, count) {
      const rows = rowSource(state, organizationId, resource);
      assertInteger('count', count, 0);
      rows.deleteLast(count);
    },
    insertRows(organizationId, resource, inserted, at = 0) {
      const rows = rowSource(state, organizationId, resource);
      if (!Array.isArray(inserted) || !inserted.every((row) => typeof row === 'object' && row !== null))
        throw invalidArgument('rows', 'must be an array of records');
      assertInteger('at', at, 0);
      rows.insert(inserted, at);
    },
    rows(organizationId, resource) {
      const organization = state.byId.get(String(organizationId).toLowerCase());
      return (organization && rowsOf(organization, resource))?.all();
    },
    ...changesByOthers(state),
    setLatency(next) {
      state.latency = next;
    },
    expireTokens() {
      state.tokens.clear();
    },
    reset: () => resetState(state),
  };
  setMockServiceInternals(service, { addOrigin: (urls) => serveOrigin(state, urls) });
  return service;
}
