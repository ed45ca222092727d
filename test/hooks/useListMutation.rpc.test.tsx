import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import {
  createApiClient,
  createRpcClient,
  isHttpError,
  type ApiClient,
  type ListCall,
  type WriteCall,
} from '../../src/client/index';
import { useListMutation, useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { clientCredentials, serveListCall, serveWriteCall } from '../../src/server/index';
import { createMockService, demoOrganizationIds, type MockShare } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { createGate } from '../helpers/createGate';
import { createTestQueryClient, createWrapper } from './support';
import type { WriteCallAllow } from '../../src/server/serveWriteCall';

// The mutation hook over createRpcClient: lists answered by serveListCall, writes by serveWriteCall, each with the
// server's client against the mock service over real HTTP on 127.0.0.1, every call and answer through JSON.

const { globex } = demoOrganizationIds;
const service = createMockService();
let server: MockHttpServer;
let serverClient: ApiClient;
let queryClient: QueryClient;
const overTheWire = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

beforeAll(async () => {
  server = await createMockHttpServer(service);
  const { clientId, clientSecret, scope } = service.credentials;
  serverClient = createApiClient({
    baseUrl: server.baseUrl,
    // The server's client, in this jsdom file beside the browser's (a server function's handler runs it on the server).
    auth: clientCredentials({ authUrl: server.authUrl, clientId, clientSecret, scope, dangerouslyAllowBrowser: true }),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  service.reset();
  queryClient = createTestQueryClient();
});

/** The browser's client: its list and write server functions, the writes `allow` names. */
const rpcClient = (allow: WriteCallAllow) =>
  createRpcClient({
    call: async ({ data }: { data: ListCall }) => overTheWire(await serveListCall(serverClient, overTheWire(data))),
    write: async ({ data }: { data: WriteCall }) =>
      overTheWire(await serveWriteCall(serverClient, overTheWire(data), { allow })),
  });

const requestsSince = (from: number) =>
  service.requests
    .slice(from)
    .filter((r) => r.resource === 'shares')
    .map((r) => (r.method === 'GET' ? `GET page=${r.page}` : r.method));

const namesShown = () =>
  within(screen.getByRole('list', { name: 'Shares' }))
    .queryAllByRole('listitem')
    .map((item) => item.dataset.name!);

const settled = () =>
  waitFor(() => {
    expect(queryClient.isFetching()).toBe(0);
    expect(queryClient.isMutating()).toBe(0);
  });

function SharesTable() {
  const shares = useShares<MockShare>({ organizationId: globex, defaultPageSize: 10 });
  const write = useListMutation<MockShare>('shares', { organizationId: globex });
  return (
    <>
      <ul aria-label="Shares">
        {shares.data?.items.map((share) => (
          <li key={share.id} data-name={share.name}>
            {share.name}
            <button onClick={() => write.mutate({ type: 'delete', id: share.id })}>Delete {share.name}</button>
            <button onClick={() => write.mutate({ type: 'update', id: share.id, body: { name: '' } })}>
              Clear {share.name}
            </button>
          </li>
        ))}
      </ul>
      {write.error && (
        <p role="alert">{`${write.error.message} (${isHttpError(write.error) ? write.error.status : 'no status'})`}</p>
      )}
      <Pagination {...shares.pagination} />
    </>
  );
}

async function goTo(page: number) {
  await userEvent.click(screen.getByRole('button', { name: `Page ${page}` }));
  await settled();
}

describe('useListMutation through createRpcClient', () => {
  it('deleting a row on page 2 of 3 keeps 10 rows there at once, with the requests the fetch client makes', async () => {
    render(<SharesTable />, { wrapper: createWrapper(queryClient, rpcClient({ shares: ['DELETE'] })) });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    await goTo(2);
    const gate = createGate();
    service.setLatency(({ method }) => (method === 'DELETE' ? gate.held : 0));
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-design-00013' }));
    await waitFor(() => expect(namesShown()).not.toContain('globex-design-00013'));
    expect(namesShown()).toHaveLength(10);
    gate.release();
    await settled();

    expect(requestsSince(mark)).toEqual(['DELETE', 'GET page=1', 'GET page=2']);
    const seen = [...namesShown()];
    await goTo(3);
    seen.push(...namesShown());
    await goTo(1);
    seen.unshift(...namesShown());
    expect(seen).toEqual(service.rows(globex, 'shares')!.map((row) => row.name));
  });

  it('a delete the server function does not allow rolls back and shows its 403, the service not sent the write', async () => {
    render(<SharesTable />, { wrapper: createWrapper(queryClient, rpcClient({ shares: ['PATCH'] })) });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    const before = namesShown();
    const mark = service.requests.length;

    await userEvent.click(screen.getByRole('button', { name: 'Delete globex-finance-00001' }));
    await screen.findByRole('alert');
    await settled();

    expect(screen.getByRole('alert').textContent).toMatch(/403/);
    expect(namesShown()).toEqual(before);
    // No write reached the service (the list's own reads, such as the next page's prefetch, may).
    expect(requestsSince(mark).filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('a rename the service refuses (422) rolls back and shows the service’s status', async () => {
    render(<SharesTable />, { wrapper: createWrapper(queryClient, rpcClient({ shares: ['PATCH'] })) });
    await waitFor(() => expect(namesShown()).toHaveLength(10));
    const before = namesShown();

    await userEvent.click(screen.getByRole('button', { name: 'Clear globex-finance-00001' }));
    await screen.findByRole('alert');
    await settled();

    expect(screen.getByRole('alert').textContent).toMatch(/422/);
    expect(namesShown()).toEqual(before);
  });
});
