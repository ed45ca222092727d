// On a server (no `window`), a failing page fails the prefetch at once: retries would hold the render for
// the whole backoff. TanStack Query does not retry on the server by default, and pagewise keeps it so.
import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { sharesQueryOptions } from '../../src/hooks/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

const service = createMockService({ auth: 'none' });
const server = setupServer(...service.handlers);
beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => service.reset());
afterAll(() => server.close());

const client = createApiClient({ baseUrl: service.baseUrl });

it('runs where there is no window, so this file tests the server', () => {
  expect(typeof window).toBe('undefined');
});

it('does not retry a failing page on the server: one 500, one request, the prefetch settles', async () => {
  service.fail({ status: 500, times: 3 });
  const queryClient = new QueryClient();
  const options = sharesQueryOptions({ client, organizationId: demoOrganizationIds.acme });
  expect(options).not.toHaveProperty('retry');

  await queryClient.prefetchQuery(options);
  expect(queryClient.getQueryState(options.queryKey)).toMatchObject({ status: 'error', fetchFailureCount: 1 });
  expect(service.requests.map((r) => r.status)).toEqual([500]);
});

it("follows a server QueryClient's own retry defaults", async () => {
  service.fail({ status: 500 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 0 } } });
  const options = sharesQueryOptions({ client, organizationId: demoOrganizationIds.acme });
  await queryClient.prefetchQuery(options);
  expect(queryClient.getQueryState(options.queryKey)?.status).toBe('success');
  expect(service.requests.map((r) => r.status)).toEqual([500, 200]);
});

it('still retries on the server when the caller asks for it', async () => {
  service.fail({ status: 500 });
  const queryClient = new QueryClient();
  const options = {
    ...sharesQueryOptions({ client, organizationId: demoOrganizationIds.acme }),
    retry: 1,
    retryDelay: 0,
  };
  await queryClient.prefetchQuery(options);
  expect(queryClient.getQueryState(options.queryKey)?.status).toBe('success');
  expect(service.requests.map((r) => r.status)).toEqual([500, 200]);
});
