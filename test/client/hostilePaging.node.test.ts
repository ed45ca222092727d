import { describe, expect, it } from 'vitest';
import { createApiClient, isResponseShapeError } from '../../src/client/index';
import type { ReceivedRequest, Reply } from '../helpers/localServer';
import { localServerForFile } from '../helpers/localServerForFile';
import { ORG } from './fixtures';

// A service that says more pages follow where none can: a walk over its pages must end, counted in requests at a real
// node:http server on 127.0.0.1. Past `BOUND` requests the service fails, so a walk that would not end fails the test
// instead of hanging it.

const BOUND = 20;
const ROWS = Array.from({ length: 10 }, (_, index) => ({ id: `r${index + 1}` }));
const server = localServerForFile();
const bounded = (reply: (request: ReceivedRequest) => Reply) => (request: ReceivedRequest) =>
  server.requests.length > BOUND ? { status: 500, body: { error: 'walked too far' } } : reply(request);
const client = () => createApiClient({ baseUrl: server.origin });

describe('a service that says more pages follow where none can', () => {
  it('ends a walk at an empty page asked by number, whatever total the service claims', async () => {
    server.handle(
      bounded(({ query }) => ({
        headers: { 'X-Total-Count': '1000000000000' },
        body: query.get('page') === '0' ? ROWS : [],
      })),
    );
    const pages = [];
    for await (const page of client().pages('rows', { organizationId: ORG, size: 10 })) pages.push(page);
    expect(pages.map((page) => [page.page, page.items.length, page.hasNext])).toEqual([
      [1, 10, true],
      [2, 0, false],
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a next-page cursor that leads back to the page it came from, rather than walk it forever', async () => {
    // Its second page is not its first again (which a walk notices), but leads to itself.
    const second = ROWS.map(({ id }) => ({ id: `${id}b` }));
    server.handle(
      bounded(({ query }) => ({ body: { items: query.has('cursor') ? second : ROWS, nextCursor: 'same' } })),
    );
    const walked = (async () => {
      for await (const page of client().pages('rows', { organizationId: ORG, size: 10 })) void page;
    })();
    await expect(walked).rejects.toSatisfy(isResponseShapeError);
    await expect(walked).rejects.toThrow(/the cursor it was asked for as its next: set cursorParam/);
    expect(server.requests.map(({ query }) => query.get('cursor'))).toEqual([null, 'same']);
  });
});
