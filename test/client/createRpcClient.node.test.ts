// createRpcClient on its own: a `call` double stands where a server function would be.
import { describe, expect, it, vi } from 'vitest';
import {
  createRpcClient,
  isInvalidArgumentError,
  isNetworkError,
  isResponseShapeError,
  isTimeoutError,
  type ClientEvent,
  type ListCall,
  type Page,
} from '../../src/client/index';
import { retryPolicy } from '../../src/hooks/retryPolicy';
import { demoOrganizationIds } from '../../src/testing/index';

const { acme } = demoOrganizationIds;

const page: Page<{ id: string }> = {
  items: [{ id: 'a' }],
  total: 1,
  page: 1,
  pageSize: 20,
  pageCount: 1,
  hasNext: false,
  hasPrevious: false,
};

/** A `call` that records what it was given and answers `answer`. */
function recordingCall(answer: unknown = { page }) {
  const calls: Array<{ data: ListCall; signal: AbortSignal }> = [];
  const call = vi.fn(async (request: { data: ListCall; signal: AbortSignal }) => {
    calls.push(request);
    return answer;
  });
  return { call, calls };
}

describe('createRpcClient: checks its arguments before any call', () => {
  it.each([
    ['call', {}],
    ['call', { call: 'listPage' }],
    ['id', { call: async () => ({}), id: 42 }],
    ['timeoutMs', { call: async () => ({}), timeoutMs: -1 }],
    ['onEvent', { call: async () => ({}), onEvent: 'log' }],
  ])('refuses a bad `%s` with the argument error naming it', (argument, options) => {
    const make = () => createRpcClient(options as never);
    expect(make).toThrow(TypeError);
    try {
      make();
    } catch (error) {
      expect(isInvalidArgumentError(error)).toBe(true);
      expect((error as { argument: string }).argument).toBe(argument);
    }
  });

  it.each([
    ['resource', undefined, { organizationId: acme, page: 1, size: 20 }],
    ['resource', 'a/b', { organizationId: acme, page: 1, size: 20 }],
    ['organizationId', 'shares', { organizationId: 'acme/../x', page: 1, size: 20 }],
    ['page', 'shares', { organizationId: acme, page: -1, size: 20 }],
    ['size', 'shares', { organizationId: acme, page: 1, size: 0 }],
    ['sort', 'shares', { organizationId: acme, page: 1, size: 20, sort: 'name' }],
    ['signal', 'shares', { organizationId: acme, page: 1, size: 20, signal: {} }],
  ])('rejects a list call with a bad `%s` without calling', async (argument, resource, params) => {
    const { call } = recordingCall();
    const error = await createRpcClient({ call })
      .list(resource as never, params as never)
      .catch((e: unknown) => e);
    expect(isInvalidArgumentError(error)).toBe(true);
    expect((error as { argument: string }).argument).toBe(argument);
    expect(call).not.toHaveBeenCalled();
  });
});

describe('createRpcClient: the call and its answer', () => {
  it('calls with the list call as plain data, the signal beside it, and resolves to the page', async () => {
    const { call, calls } = recordingCall();
    const client = createRpcClient({ call });
    const result = await client.listShares({
      organizationId: acme,
      page: 3,
      size: 50,
      sort: [{ id: 'name', desc: true }],
      filters: { protocol: ['SMB'] },
      signal: new AbortController().signal,
    });
    expect(result).toStrictEqual(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.data).toStrictEqual({
      resource: 'shares',
      organizationId: acme,
      page: 3,
      size: 50,
      sort: [{ id: 'name', desc: true }],
      filters: { protocol: ['SMB'] },
    });
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(client.id).toBe('default');
  });

  it('takes an `id` for its query keys', () => {
    expect(createRpcClient({ call: async () => ({ page }), id: 'user-7' }).id).toBe('user-7');
  });

  it('rejects an answer that is neither a page nor a failure with a ResponseShapeError naming its keys', async () => {
    const error = await createRpcClient({ call: async () => ({ rows: [] }) })
      .listShares({ organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expect((error as { keys: string[] }).keys).toStrictEqual(['rows']);
  });

  it('turns a call that rejects into a NetworkError of the call, which the retry policy retries', async () => {
    const error = await createRpcClient({ call: async () => Promise.reject(new Error('HTTPError')) })
      .listShares({ organizationId: acme, page: 1, size: 20 })
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toBe('shares failed: no answer');
    expect(retryPolicy.retry(0, error)).toBe(true);
  });

  it('rejects with the caller’s abort reason, not a NetworkError, when the caller aborts', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const client = createRpcClient({
      call: ({ signal }) => {
        seen = signal;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('fetch aborted'))));
      },
    });
    const pending = client.listShares({ organizationId: acme, page: 1, size: 20, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(seen?.aborted).toBe(true);
  });

  it('rejects with a TimeoutError when no answer comes within `timeoutMs`, and aborts the call', async () => {
    let seen: AbortSignal | undefined;
    const client = createRpcClient({
      timeoutMs: 5,
      call: ({ signal }) => {
        seen = signal;
        return new Promise(() => {});
      },
    });
    const error = await client.listShares({ organizationId: acme, page: 1, size: 20 }).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect((error as { timeoutMs: number }).timeoutMs).toBe(5);
    expect(seen?.aborted).toBe(true);
  });

  it('tells onEvent the call, its answer and its error, never the organization', async () => {
    const events: ClientEvent[] = [];
    const answers = [{ page }, { error: { kind: 'HttpError', status: 503 } }];
    const client = createRpcClient({ call: async () => answers.shift(), onEvent: (e) => events.push(e) });
    await client.listShares({ organizationId: acme, page: 1, size: 20 });
    await client.listShares({ organizationId: acme, page: 1, size: 20 }).catch(() => undefined);
    expect(events.map((e) => ('status' in e ? `${e.type} ${e.status}` : e.type))).toStrictEqual([
      'client-request',
      'client-response 200',
      'client-request',
      'client-response 503',
      'client-error 503',
    ]);
    expect(JSON.stringify(events)).not.toContain(acme);
  });
});
