import { createApiClient } from '../../src/client/index';
import type { ApiClient, ListResource } from '../../src/client/index';
import { createMockService, demoOrganizationIds } from '../../src/testing/index';
import type { MockService, MockServiceOptions } from '../../src/testing/index';

export { demoOrganizationIds };

/** Display names of the demo organizations, by id. */
export const organizationNames: Record<string, string> = {
  [demoOrganizationIds.acme]: 'Acme',
  [demoOrganizationIds.globex]: 'Globex',
  [demoOrganizationIds.empty]: 'Empty Org',
  [demoOrganizationIds.big]: 'Big Org',
};

/** Path of the stories' API on the Storybook origin: the mock services answer below it. */
export const STORY_API_BASE = '/pagewise-api';

/** A mock service of its own for one story, on this origin (MSW's worker answers), plus a client for it. */
export function createStoryService(options: MockServiceOptions = {}): { service: MockService; client: ApiClient } {
  // A path base: same-origin requests, like an app behind `createProxyHandler`, so no credentials at all.
  const service = createMockService({ baseUrl: STORY_API_BASE, auth: 'none', ...options });
  // The client asks where the mock serves: at the same route templates, when the story gives some.
  const { route, routes } = options;
  const routing = { ...(route === undefined ? {} : { route }), ...(routes === undefined ? {} : { routes }) };
  return { service, client: createApiClient({ baseUrl: service.baseUrl, ...routing }) };
}

/** The zero-based `page` of each list request the story's mock received. */
export function requestedPages(service: MockService, resource: ListResource = 'shares'): Array<number | undefined> {
  return service.requests.filter((r) => r.resource === resource).map((r) => r.page);
}

/** The zero-based `page` and `size` of each list request the story's mock received. */
export function requestedPagesAndSizes(service: MockService, resource: ListResource = 'shares') {
  return service.requests.filter((r) => r.resource === resource).map((r) => ({ page: r.page, size: r.size }));
}
