import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../../src/client/index';
import { clientCredentials } from '../../src/server/index';
import { createMockService, type MockService } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { createTestQueryClient } from './support';

/** The mock service over real HTTP for a file of list-hook tests, a fresh QueryClient per test, and what they read. */
export interface ListOverHttp {
  service: MockService;
  /** The running server. */
  server: () => MockHttpServer;
  /** A client with the mock's demo client credentials (one token cache for the file). */
  client: () => ApiClient;
  /** The current test's QueryClient. */
  queryClient: () => QueryClient;
  /** The requests to the shares list and its rows from the `from`th on: `GET page=<n>` (zero-based) or `<METHOD>`. */
  requestsSince: (from: number) => string[];
  /** The `data-name` of each item of the list labelled "Shares". */
  namesShown: () => string[];
  /** Waits until nothing fetches or writes, read from the cache. */
  settled: () => Promise<void>;
}

/**
 * The mock service over HTTP on 127.0.0.1 for every test of the calling file: started before the first, reset (with a
 * fresh QueryClient) before each, closed after the last.
 */
export function listOverHttp(): ListOverHttp {
  const service = createMockService();
  let server: MockHttpServer;
  let client: ApiClient;
  let queryClient: QueryClient;
  beforeAll(async () => {
    server = await createMockHttpServer(service);
    const { clientId, clientSecret, scope } = service.credentials;
    client = createApiClient({
      baseUrl: server.baseUrl,
      auth: clientCredentials({
        authUrl: server.authUrl,
        clientId,
        clientSecret,
        scope,
        dangerouslyAllowBrowser: true,
      }),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    service.reset();
    queryClient = createTestQueryClient();
  });
  return {
    service,
    server: () => server,
    client: () => client,
    queryClient: () => queryClient,
    requestsSince: (from) =>
      service.requests
        .slice(from)
        .filter((r) => r.resource === 'shares')
        .map((r) => (r.method === 'GET' ? `GET page=${r.page}` : r.method)),
    namesShown: () =>
      within(screen.getByRole('list', { name: 'Shares' }))
        .queryAllByRole('listitem')
        .map((item) => item.dataset.name!),
    settled: () =>
      waitFor(() => {
        expect(queryClient.isFetching()).toBe(0);
        expect(queryClient.isMutating()).toBe(0);
      }),
  };
}
