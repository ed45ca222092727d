import { describe, expect, it } from 'vitest';
import { bulkWrite, createApiClient, isHttpError, isInvalidArgumentError } from '../../src/client/index';
import { apiAccountToken } from '../../src/server/index';
import { demoOrganizationIds } from '../../src/testing/index';
import { mockOverHttpForFile } from '../integration/mockOverHttpForFile';
import { createGate } from '../helpers/createGate';

// Bulk writes through the client against the mock service over real HTTP on 127.0.0.1.

const { globex } = demoOrganizationIds;
const { mock, http } = mockOverHttpForFile();

function client() {
  const { accountId, apiToken } = mock.credentials;
  return createApiClient({ baseUrl: http.baseUrl, auth: apiAccountToken({ accountId, apiToken }) });
}

const idsOf = (count: number) =>
  mock
    .rows(globex, 'shares')!
    .slice(0, count)
    .map((row) => row.id);
const deletes = () => mock.requests.filter((request) => request.method === 'DELETE');

describe('bulkWrite', () => {
  it('deletes each row, and a row the service refuses is reported with its error, the others gone', async () => {
    const ids = idsOf(10);
    mock.fail({ status: 409, method: 'DELETE', rows: [ids[3]!, ids[7]!], times: 2 });
    const progress: number[] = [];
    const result = await bulkWrite(
      client(),
      'shares',
      ids,
      { type: 'delete' },
      {
        organizationId: globex,
        onProgress: (p) => progress.push(p.done),
      },
    );
    expect(result.succeeded.sort()).toEqual(ids.filter((_, i) => i !== 3 && i !== 7).sort());
    expect(result.failed.map((row) => row.id).sort()).toEqual([ids[3], ids[7]].sort());
    expect(result.failed.every((row) => isHttpError(row.error) && row.error.status === 409)).toBe(true);
    expect(result.cancelled).toEqual([]);
    const left = mock.rows(globex, 'shares')!.map((row) => row.id);
    expect(left).toContain(ids[3]);
    expect(left).toContain(ids[7]);
    expect(left).toHaveLength(23 - 8);
    expect(progress.at(-1)).toBe(10);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const gate = createGate();
    let inFlight = 0;
    let most = 0;
    mock.setLatency((request) => {
      if (request.method !== 'PATCH') return 0;
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Held until every allowed request is in, so the bound is reached however the machine schedules.
      if (inFlight === 3) gate.release();
      return gate.held.then(() => void (inFlight -= 1));
    });
    const ids = idsOf(9);
    const result = await bulkWrite(
      client(),
      'shares',
      ids,
      { type: 'update', body: { protocol: 'NFS' } },
      {
        organizationId: globex,
        concurrency: 3,
      },
    );
    expect(result.succeeded).toHaveLength(9);
    expect(most).toBe(3);
    expect(
      mock
        .rows(globex, 'shares')!
        .slice(0, 9)
        .every((row) => row.protocol === 'NFS'),
    ).toBe(true);
  });

  it('cancelling aborts the requests in flight, sends no more, and reports those rows as cancelled', async () => {
    const gate = createGate();
    const controller = new AbortController();
    let arrived = 0;
    mock.setLatency((request) => {
      if (request.method !== 'DELETE') return 0;
      arrived += 1;
      if (arrived === 2) controller.abort();
      return gate.held;
    });
    const ids = idsOf(8);
    const result = await bulkWrite(
      client(),
      'shares',
      ids,
      { type: 'delete' },
      {
        organizationId: globex,
        concurrency: 2,
        signal: controller.signal,
      },
    );
    gate.release();
    expect(result.succeeded).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(result.cancelled.sort()).toEqual([...ids].sort());
    expect(deletes()).toHaveLength(2);
  });

  it('uses the service’s own bulk endpoint when given one, a batch at a time, each row’s outcome kept', async () => {
    const ids = idsOf(5);
    const batches: string[][] = [];
    const result = await bulkWrite(
      client(),
      'shares',
      ids,
      { type: 'delete' },
      {
        organizationId: globex,
        batchSize: 2,
        concurrency: 1,
        sendBatch: async (batch) => {
          batches.push([...batch]);
          return batch.map((id) => (id === ids[4] ? { id, ok: false, error: new Error('locked') } : { id, ok: true }));
        },
      },
    );
    expect(batches).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(result.failed).toEqual([{ id: ids[4], error: new Error('locked') }]);
    expect(result.succeeded).toEqual(ids.slice(0, 4));
    expect(deletes()).toHaveLength(0);
  });

  it('refuses bad arguments before any request, naming them', async () => {
    const bad = [
      () => bulkWrite(client(), 'shares', ['a'], { type: 'delete' }, { organizationId: '' }),
      () => bulkWrite(client(), 'shares', 'a' as never, { type: 'delete' }, { organizationId: globex }),
      () => bulkWrite(client(), 'shares', ['a'], { type: 'drop' } as never, { organizationId: globex }),
      () => bulkWrite(client(), 'shares', ['a'], { type: 'delete' }, { organizationId: globex, concurrency: 0 }),
    ];
    const names = [];
    for (const call of bad) {
      const error = await call().catch((e: unknown) => e);
      expect(isInvalidArgumentError(error)).toBe(true);
      names.push((error as { argument: string }).argument);
    }
    expect(names).toEqual(['organizationId', 'ids', 'type', 'concurrency']);
    expect(mock.requests.filter((r) => r.resource !== 'token')).toHaveLength(0);
  });

  it('the mock fails writes per row by a test of the id, and refuses `rows` without a write method', async () => {
    const ids = idsOf(8);
    const odd = new Set(ids.filter((_, index) => index % 2 === 1));
    mock.fail({ status: 500, method: 'PATCH', rows: (id) => odd.has(id), times: Infinity });
    const result = await bulkWrite(
      client(),
      'shares',
      ids,
      { type: 'update', body: { protocol: 'NFS' } },
      {
        organizationId: globex,
      },
    );
    expect(result.failed.map((row) => row.id).sort()).toEqual([...odd].sort());
    expect(result.succeeded).toHaveLength(4);
    expect(() => mock.fail({ status: 500, rows: ids })).toThrow(expect.objectContaining({ argument: 'failure.rows' }));
    expect(() => mock.fail({ status: 500, method: 'PATCH', rows: 'x' as never })).toThrow(
      expect.objectContaining({ argument: 'failure.rows' }),
    );
  });
});
