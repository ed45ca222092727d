// A server render of the data hooks writes nothing to the console: their development warnings are said from effects,
// which a server render never runs. The browser half (one warning after hydration) is in test/hooks/results.test.tsx.
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/client/index';
import { ApiClientProvider, sharesQueryOptions, useShares, useSuspenseShares } from '../../src/hooks/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import { failOnUnhandledRequests } from '../helpers/failOnUnhandledRequests';

const service = createMockService({ auth: 'none' });
const server = setupServer(...service.handlers);
beforeAll(() => server.listen(failOnUnhandledRequests));
afterEach(() => {
  service.reset();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const organizationId = demoOrganizationIds.acme;

/** A QueryClient holding page 1 of acme's shares under the client id `prefetched`, as a hydrated cache would. */
async function cachedUnderPrefetchedId() {
  const queryClient = new QueryClient();
  const prefetched = createApiClient({ baseUrl: service.baseUrl, id: 'prefetched' });
  await queryClient.query(sharesQueryOptions({ client: prefetched, organizationId, page: 1 }));
  return queryClient;
}

function Paged() {
  return createElement('output', null, useShares({ organizationId, prefetchNext: false }).data?.items.length ?? '-');
}
function Suspended() {
  return createElement('output', null, useSuspenseShares({ organizationId }).data.items.length);
}

it.each([
  ['useShares', Paged],
  ['useSuspenseShares', Suspended],
])('%s renders on a server under another client id than the cached page without a warning', async (_, Rows) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const queryClient = await cachedUnderPrefetchedId();
  const rendering = createApiClient({ baseUrl: service.baseUrl, id: 'rendering' });
  const markup = renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        ApiClientProvider,
        { client: rendering },
        createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Rows)),
      ),
    ),
  );
  // The page was asked for under the other id: it is not in the cache, so the render shows no rows.
  expect(markup).toMatch(/<output>-<\/output>|<p>loading<\/p>/);
  await expect.poll(() => queryClient.isFetching()).toBe(0);
  expect(warn).not.toHaveBeenCalled();
});
