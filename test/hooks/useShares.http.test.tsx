import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index';
import type { ApiClient } from '../../src/client/index';
import { useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { clientCredentials } from '../../src/server/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import type { MockShare } from '../../src/testing/index';
import { createMockHttpServer } from '../../src/testing/node';
import type { MockHttpServer } from '../../src/testing/node';
import { createTestQueryClient, createWrapper, wirePages } from './support';

// No MSW here: real fetch to a node:http server on 127.0.0.1, with OAuth client credentials required.
const service = createMockService();
let server: MockHttpServer;
let client: ApiClient;

beforeAll(async () => {
  server = await createMockHttpServer(service, { port: 0 });
  const { clientId, clientSecret, scope } = service.credentials;
  client = createApiClient({
    baseUrl: server.baseUrl,
    // jsdom looks like a browser; this test is the trusted backend.
    auth: clientCredentials({ authUrl: server.authUrl, clientId, clientSecret, scope, dangerouslyAllowBrowser: true }),
  });
});
afterAll(() => server.close());

function SharesList() {
  const shares = useShares<MockShare>({ organizationId: demoOrganizationIds.acme });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((s) => (
          <li key={s.id}>{s.name}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} />
    </>
  );
}

function firstShown(): string | null {
  return within(screen.getByRole('list', { name: 'Shares' })).queryAllByRole('listitem')[0]?.textContent ?? null;
}

it('pages through shares over real HTTP: page 1 is page=0 and page 3 is page=2 on the wire', async () => {
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  render(<SharesList />, { wrapper: createWrapper(queryClient, client) });
  await waitFor(() => expect(firstShown()).toMatch(/-00001$/));

  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(firstShown()).toMatch(/-00041$/));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));

  // 0 and 2 are the pages shown, 1 and 3 the prefetched next pages.
  expect(wirePages(service)).toEqual([0, 1, 2, 3]);
  expect(service.requests.filter((r) => r.resource === 'shares').every((r) => r.authorization === 'Bearer')).toBe(true);
  expect(service.tokenRequests).toBe(1);
  expect(service.requests.every((r) => r.url.startsWith(server.url))).toBe(true);
});
