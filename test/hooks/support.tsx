import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ApiClientProvider } from '../../src/hooks/index';
import type { ApiClient, ListResource } from '../../src/client/index';
import { createApiClient } from '../../src/client/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import type { MockService, RecordedRequest } from '../../src/testing/index';
import { createGate } from '../helpers/createGate';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

export { demoOrganizationIds };

/** The demo organizations most tests page through. */
export const { acme, globex } = demoOrganizationIds;

/** A fresh QueryClient per test: no cache shared between tests, and queries never garbage-collected mid-test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
}

/** Providers for a hook or component under test. */
export function createWrapper(queryClient: QueryClient, client?: ApiClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    const content = client ? <ApiClientProvider client={client}>{children}</ApiClientProvider> : children;
    return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
  };
}

/**
 * The mock service on MSW (node) for every test of the calling file, with no Authorization required
 * (as behind a proxy), and a client for it.
 */
export function setupMockService(): { service: MockService; client: ApiClient; server: SetupServer } {
  const service = createMockService({ auth: 'none' });
  const server = setupServer(...service.handlers);
  beforeAll(() => server.listen(failOnUnhandledRequests));
  afterEach(() => {
    server.resetHandlers();
    service.reset();
  });
  afterAll(() => server.close());
  return { service, server, client: createApiClient({ baseUrl: service.baseUrl }) };
}

/** The zero-based `page` of each list request the mock received for `resource`. */
export function wirePages(service: MockService, resource: ListResource = 'shares'): Array<number | undefined> {
  return service.requests.filter((r: RecordedRequest) => r.resource === resource).map((r) => r.page);
}

/** A client that hands every list call's abort signal to `signals` before calling `client`. */
export function recordSignals(client: ApiClient): {
  client: ApiClient;
  calls: Array<{ page: number; signal: AbortSignal | undefined }>;
} {
  const calls: Array<{ page: number; signal: AbortSignal | undefined }> = [];
  return {
    calls,
    client: {
      ...client,
      list: (resource, params) => {
        calls.push({ page: params.page ?? 1, signal: params.signal });
        return client.list(resource, params);
      },
    },
  };
}

/**
 * Holds back list responses whose zero-based page `hold` picks until the returned gate is released; other
 * requests, and held ones once released, fall through to the mock service.
 */
export function holdListResponses(server: SetupServer, service: MockService, hold: (wirePage: number) => boolean) {
  const gate = createGate();
  server.use(
    http.get(`${service.baseUrl}/:organizationId/:resource`, async ({ request }) => {
      if (hold(Number(new URL(request.url).searchParams.get('page')))) await gate.held;
      return undefined;
    }),
  );
  return gate;
}
