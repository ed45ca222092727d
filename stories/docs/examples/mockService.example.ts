// Your app's tests on the mock service: MSW handlers with the service's contract, state you can inspect, failures.
import { setupServer } from 'msw/node';
import { createApiClient } from 'pagewise/client';
import { createMockService, demoOrganizationIds } from 'pagewise/testing';

export const service = createMockService({ auth: 'none', latencyMs: 0 });
export const server = setupServer(...service.handlers); // server.listen() in beforeAll, server.close() in afterAll
export const client = createApiClient({ baseUrl: service.baseUrl });

export async function firstPageThenAFailure() {
  const page = await client.listShares({ organizationId: demoOrganizationIds.acme, page: 1, size: 20 });
  service.fail({ status: 503, times: 1 }); // the next list request fails once
  const failed = await client
    .listShares({ organizationId: demoOrganizationIds.acme, page: 1, size: 20 })
    .catch((error: unknown) => error);
  return { page, failed, requests: service.requests.map((r) => r.page) };
}

export async function aWriteRefusedThenTaken() {
  const organizationId = demoOrganizationIds.globex;
  service.fail({ status: 409, method: 'PATCH' }); // the next PATCH only; list calls and other writes answer
  const [first] = (await client.listShares({ organizationId, page: 1, size: 1 })).items;
  const refused = await client
    .update('shares', { organizationId, id: first!.id, body: { name: 'renamed' } })
    .catch((error: unknown) => error); // an HttpError, its body the service's problem document
  await client.update('shares', { organizationId, id: first!.id, body: { name: 'renamed' } });
  // Every page, sort and filter sees the change until service.reset().
  return { refused, rows: service.rows(organizationId, 'shares') };
}
