// The mock's changes made as another person (editRow): told to subscribers in memory and streamed as server-sent
// events by its HTTP server, read here over real HTTP with fetch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isInvalidArgumentError } from '../../src/client/index';
import { createMockService, demoOrganizationIds, type MockChange } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';

const { acme, globex } = demoOrganizationIds;
const service = createMockService();
let http: MockHttpServer;

beforeAll(async () => {
  http = await createMockHttpServer(service);
});
afterAll(() => http.close());
beforeEach(() => service.reset());

/** Opens the event stream at `url` and reads its `change` events as they come. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    response,
    /** The next change event's data. */
    async next(): Promise<MockChange> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: change') && data) return JSON.parse(data.slice(6)) as MockChange;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

describe('editRow and subscribe', () => {
  it('changes the rows the API lists and tells each subscriber, without a recorded request', () => {
    const told: MockChange[] = [];
    const unsubscribe = service.subscribe((change) => told.push(change));
    const [first, second] = service.rows(globex, 'shares')!;
    service.editRow(globex, 'shares', { type: 'updated', id: first!.id, fields: { name: 'renamed' } });
    service.editRow(globex, 'shares', { type: 'deleted', id: second!.id });
    service.editRow(globex, 'shares', { type: 'created', row: { id: 'new', name: 'new' }, at: 0 });
    unsubscribe();
    service.editRow(globex, 'shares', { type: 'deleted', id: 'new' });
    expect(told).toEqual([
      { organizationId: globex, resource: 'shares', type: 'updated', row: { ...first, name: 'renamed' } },
      { organizationId: globex, resource: 'shares', type: 'deleted', id: second!.id },
      { organizationId: globex, resource: 'shares', type: 'created', row: { id: 'new', name: 'new' } },
    ]);
    expect(service.rows(globex, 'shares')!.slice(0, 2)).toEqual([{ ...first, name: 'renamed' }, expect.anything()]);
    expect(service.rows(globex, 'shares')).toHaveLength(22);
    expect(service.requests).toEqual([]);
  });

  it('tells the other subscribers when one throws', () => {
    const told: string[] = [];
    const unsubscribeBroken = service.subscribe(() => {
      throw new Error('a broken listener');
    });
    const unsubscribe = service.subscribe((change) => told.push(change.type));
    service.editRow(globex, 'shares', { type: 'deleted', id: service.rows(globex, 'shares')![0]!.id });
    unsubscribe();
    unsubscribeBroken();
    expect(told).toEqual(['deleted']);
  });

  it.each([
    ['organizationId', () => service.editRow('nope', 'shares', { type: 'deleted', id: 'x' })],
    ['edit.id', () => service.editRow(globex, 'shares', { type: 'deleted', id: 'not-a-row' })],
    ['edit.id', () => service.editRow(globex, 'shares', { type: 'updated', id: 'not-a-row', fields: {} })],
    ['edit.row', () => service.editRow(globex, 'shares', { type: 'created', row: {} as never })],
    ['edit.type', () => service.editRow(globex, 'shares', { type: 'moved' } as never)],
    ['listener', () => service.subscribe('log' as never)],
  ])('refuses a bad `%s` with the argument error', (argument, call) => {
    let thrown: unknown;
    try {
      call();
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidArgumentError(thrown) && thrown.argument).toBe(argument);
  });
});

describe('the event stream over HTTP', () => {
  it('streams each change as a server-sent event, filtered by organization and resource', async () => {
    const stream = await openStream(`${http.eventsUrl}?organizationId=${globex}&resource=shares`);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe('*');
    const row = service.rows(globex, 'shares')![0]!;
    service.editRow(acme, 'shares', { type: 'deleted', id: service.rows(acme, 'shares')![0]!.id });
    service.editRow(globex, 'environments', { type: 'deleted', id: service.rows(globex, 'environments')![0]!.id });
    service.editRow(globex, 'shares', { type: 'updated', id: row.id, fields: { name: 'renamed' } });
    expect(await stream.next()).toEqual({
      organizationId: globex,
      resource: 'shares',
      type: 'updated',
      row: { ...row, name: 'renamed' },
    });
    stream.close();
  });
});
