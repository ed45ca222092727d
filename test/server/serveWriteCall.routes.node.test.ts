// Writes through a server function follow the server client's route: the browser's createRpcClient, serveWriteCall,
// and a server client built from Django REST Framework's preset against the real DRF's writable notes, every call and
// answer through JSON as a serializer carries them. DRF's router names no organization: the browser names one of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  createRpcClient,
  isInvalidArgumentError,
  parseWriteCall,
  presets,
  type WriteCall,
} from '../../src/client/index';
import { serveWriteCall } from '../../src/server/index';
import { startDjangoRest, type DjangoRest } from '../helpers/startDjangoRest';

let service: DjangoRest;
beforeAll(async () => void (service = await startDjangoRest()), 60_000);
afterAll(() => service?.stop());

const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The browser's client, its writes answered by `serveWriteCall` with a server client from DRF's page-number preset. */
function browser(serverClient = createApiClient({ baseUrl: service.origin, ...presets.djangoRest.pageNumber })) {
  return createRpcClient({
    call: () => Promise.reject(new Error('no list calls here')),
    write: async ({ data }) =>
      overTheWire(
        await serveWriteCall(serverClient, overTheWire(data), { allow: { notes: ['POST', 'PATCH', 'PUT', 'DELETE'] } }),
      ),
  });
}

/** The requests the service received while `run` ran. */
async function during(run: () => Promise<unknown>) {
  const before = (await service.received()).length;
  const value = await run();
  return { value, requests: (await service.received()).slice(before) };
}

describe('writes through serveWriteCall on a route that names no organization (the real DRF)', () => {
  const organizationId = 'team-7';

  it('creates, changes, replaces and deletes a note with one request each at the trailing-slash paths, no 301', async () => {
    const client = browser();
    const created = await during(() => client.create('notes', { organizationId, body: { name: 'via-function' } }));
    expect(created.value).toEqual({ id: expect.any(Number), name: 'via-function' });
    expect(created.requests).toEqual(['POST /notes/']);
    const id = String((created.value as { id: number }).id);

    const changed = await during(() => client.update('notes', { organizationId, id, body: { name: 'second' } }));
    expect(changed.value).toEqual({ id: Number(id), name: 'second' });
    expect(changed.requests).toEqual([`PATCH /notes/${id}/`]);

    const replaced = await during(() =>
      client.update('notes', { organizationId, id, method: 'PUT', body: { name: 'third' } }),
    );
    expect(replaced.value).toEqual({ id: Number(id), name: 'third' });
    expect(replaced.requests).toEqual([`PUT /notes/${id}/`]);

    const deleted = await during(() => client.delete('notes', { organizationId, id }));
    expect(deleted.value).toBeUndefined();
    expect(deleted.requests).toEqual([`DELETE /notes/${id}/`]);
  });

  it('takes an organization name in parseWriteCall, and refuses one that is not URL-safe before calling', async () => {
    const call = { method: 'POST', resource: 'notes', organizationId, body: { name: 'x' } } as const;
    expect(parseWriteCall(call).organizationId).toBe(organizationId);
    for (const bad of ['', 'a/b', '..', 'x'.repeat(201), 'a b', 'a\r\nb']) {
      expect(() => parseWriteCall({ ...call, organizationId: bad })).toThrow(
        /`organizationId` must be a UUID or a name/,
      );
    }
    const sent = await during(() =>
      browser()
        .create('notes', { organizationId: 'a/b', body: { name: 'x' } })
        .catch((e: unknown) => e),
    );
    expect([isInvalidArgumentError(sent.value), (sent.value as { argument?: string }).argument]).toEqual([
      true,
      'organizationId',
    ]);
    expect(sent.requests).toEqual([]);
  });

  it('leaves the UUID rule to the server client where its route names the organization, answered as the argument error', async () => {
    const seedShaped = createApiClient({ baseUrl: service.origin });
    const call: WriteCall = { method: 'DELETE', resource: 'notes', organizationId, id: '1' };
    const answered = await during(() => serveWriteCall(seedShaped, call, { allow: { notes: ['DELETE'] } }));
    expect(answered.value).toEqual({ error: { kind: 'TypeError', argument: 'organizationId' } });
    expect(answered.requests).toEqual([]);
    const error = await browser(seedShaped)
      .delete('notes', { organizationId, id: '1' })
      .catch((e: unknown) => e);
    expect([isInvalidArgumentError(error), (error as { argument?: string }).argument]).toEqual([
      true,
      'organizationId',
    ]);
    expect((error as Error).message).toMatch(/must be a UUID where the server's client's route names the organization/);
  });
});
