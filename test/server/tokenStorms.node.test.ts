import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isHttpError } from '../../src/client/index';
import { clientCredentials } from '../../src/server/index';
import { springPage } from '../client/fixtures';
import { CLIENT_ID, CLIENT_SECRET, startFakeService, type FakeService } from './fakeService';

// The token rules' figures (storms, refusals, holds), over real HTTP on 127.0.0.1 with a virtual clock (no sleeps): load is simulated as calls per
// virtual second, the token cache's back-off and holds read the same clock.

const ORG_A = '3f9c2a1e-8b7d-4c6e-9a5f-1d2e3f4a5b6c';
const ORG_B = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.server.close());
beforeEach(() => service.reset());

/** A client with client credentials on a virtual clock, and that clock. */
function setup(clientSecret = CLIENT_SECRET) {
  const clock = { time: 0 };
  const auth = clientCredentials({
    authUrl: service.server.origin,
    clientId: CLIENT_ID,
    clientSecret,
    now: () => clock.time,
  });
  return { clock, auth, client: createApiClient({ baseUrl: `${service.server.origin}/api`, auth }) };
}

/** `perSecond` calls a virtual second for `seconds`, in batches of concurrent calls every 100 ms; each call's outcome. */
async function load(
  { clock, client }: ReturnType<typeof setup>,
  {
    seconds,
    perSecond,
    orgs = [ORG_A],
    at,
  }: { seconds: number; perSecond: number; orgs?: string[]; at?: (time: number) => void },
) {
  const outcomes: { time: number; org: string; status: number | 'ok' | string }[] = [];
  const start = clock.time;
  for (let time = start; time < start + seconds * 1000; time += 100) {
    clock.time = time;
    at?.(time);
    const batch = Array.from({ length: perSecond / 10 }, (_, i) => orgs[i % orgs.length]!);
    const results = await Promise.allSettled(
      batch.map((org) => client.listShares({ organizationId: org, page: 1, size: 20 })),
    );
    results.forEach((result, i) =>
      outcomes.push({
        time,
        org: batch[i]!,
        status:
          result.status === 'fulfilled'
            ? 'ok'
            : isHttpError(result.reason)
              ? result.reason.status
              : (result.reason as Error).name,
      }),
    );
  }
  return outcomes;
}

// Thousands of real HTTP calls each: a generous limit for a loaded machine (nothing here asserts on time).
describe('the 401 rule under load (virtual clock)', { timeout: 60_000 }, () => {
  it('(a) two revocations 10 s apart: every call succeeds, one renewal for each', async () => {
    const revoked = new Set<string>();
    service.apiReply = (request) => {
      const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
      return service.issued.includes(token) && !revoked.has(token)
        ? { body: springPage([{ id: 's1' }], 1) }
        : { status: 401, body: { error: 'invalid_token' } };
    };
    const outcomes = await load(setup(), {
      seconds: 25,
      perSecond: 100,
      orgs: [ORG_A, ORG_B],
      at: (time) => {
        // Revoked while requests with it are about to be sent (the batch at this instant is in flight with it).
        if (time === 5_000 || time === 15_000) revoked.add(service.issued.at(-1)!);
      },
    });
    expect(outcomes).toHaveLength(2_500);
    expect(outcomes.filter((o) => o.status !== 'ok')).toEqual([]);
    expect(service.tokenRequests()).toHaveLength(3);
  });

  it('(b) one organization answering 401 to every call while another succeeds, 100 calls a second for 30 s: at most 3 token requests', async () => {
    service.apiReply = (request) =>
      request.path.includes(ORG_B)
        ? { status: 401, body: { error: 'invalid_token' } }
        : { body: springPage([{ id: 's1' }], 1) };
    const outcomes = await load(setup(), { seconds: 30, perSecond: 100, orgs: [ORG_A, ORG_B] });
    expect(outcomes.filter((o) => o.org === ORG_A).every((o) => o.status === 'ok')).toBe(true);
    expect(outcomes.filter((o) => o.org === ORG_B).every((o) => o.status === 401)).toBe(true);
    expect(service.tokenRequests().length).toBeLessThanOrEqual(3);
  });

  it('(c) a service that refuses every token: at most 2 token requests in any 30 s', async () => {
    const sent: number[] = [];
    const s = setup();
    service.tokenReply = () => {
      sent.push(s.clock.time);
      const token = `at-${sent.length}-refused-everywhere`;
      return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    };
    service.apiReply = () => ({ status: 401, body: { error: 'invalid_token' } });
    await load(s, { seconds: 65, perSecond: 100, orgs: [ORG_A, ORG_B] });
    for (const start of sent)
      expect(sent.filter((t) => t >= start && t < start + 30_000).length).toBeLessThanOrEqual(2);
    expect(sent.length).toBe(3); // at 0 s (and its one renewal), then 30 s on; the next hold lasts 60 s
  });
});

describe('refusals and outages of the identity provider (virtual clock)', { timeout: 60_000 }, () => {
  it.each([401, 400])(
    'a wrong secret (%i) with 100 concurrent callers retrying for 5 s makes at most 4 token requests',
    async (status) => {
      service.tokenReply = () => ({ status, body: { error: status === 401 ? 'invalid_client' : 'invalid_request' } });
      const outcomes = await load(setup('a-wrong-secret'), { seconds: 5, perSecond: 1000 });
      expect(outcomes).toHaveLength(5_000);
      expect(outcomes.every((o) => o.status === 'AuthError')).toBe(true);
      expect(service.tokenRequests().length).toBeLessThanOrEqual(4);
    },
  );

  it('reset(): a client fixed at the identity provider gets its token at once, and a reset while it still refuses costs one request, never a new storm', async () => {
    service.tokenReply = () => ({ status: 401, body: { error: 'invalid_client' } });
    const s = setup();
    await load(s, { seconds: 40, perSecond: 100 });
    const refused = service.tokenRequests().length;
    expect(refused).toBeLessThanOrEqual(7); // 0, 1, 3, 7, 15, 31 s

    // Still refused: the reset's one request, then the back-off as long as before (not 1 s again).
    s.auth.reset();
    const stillRefused = await load(s, { seconds: 20, perSecond: 100 });
    expect(stillRefused.every((o) => o.status === 'AuthError')).toBe(true);
    expect(service.tokenRequests().length).toBe(refused + 1);

    // Fixed: the next call after the reset gets a token, in the same virtual instant.
    service.tokenReply = undefined;
    const fixedAt = s.clock.time;
    s.auth.reset();
    const fixed = await load(s, { seconds: 1, perSecond: 10 });
    expect(fixed[0]).toEqual({ time: fixedAt, org: ORG_A, status: 'ok' });
    expect(fixed.every((o) => o.status === 'ok')).toBe(true);
  });

  it('reset() ends a hold on renewals for 401s: a token carrying permissions granted after the hold is asked for at once', async () => {
    const s = setup();
    // Only tokens issued after the grant carry the new permission (as a token's claims would).
    let grantedAfter = Infinity;
    service.apiReply = (request) => {
      const index = service.issued.findIndex((token) => request.headers.authorization === `Bearer ${token}`);
      return index >= grantedAfter
        ? { body: springPage([{ id: 's1' }], 1) }
        : { status: 401, body: { error: 'invalid_token' } };
    };
    await load(s, { seconds: 2, perSecond: 10 });
    const held = service.tokenRequests().length;
    grantedAfter = service.issued.length;
    const withoutReset = await load(s, { seconds: 2, perSecond: 10 });
    expect(withoutReset.every((o) => o.status === 401)).toBe(true); // renewals hold: the old token keeps being refused
    expect(service.tokenRequests().length).toBe(held);
    s.auth.reset();
    const outcomes = await load(s, { seconds: 1, perSecond: 10 });
    expect(outcomes.every((o) => o.status === 'ok')).toBe(true);
    expect(service.tokenRequests().length).toBe(held + 1);
  });

  it('after a 60 s outage, the first token arrives within 10 s of the identity provider coming back', async () => {
    let down = true;
    service.tokenReply = () => (down ? { status: 503, body: { error: 'temporarily_unavailable' } } : undefined!);
    const s = setup();
    await load(s, { seconds: 60, perSecond: 10 });
    down = false;
    service.tokenReply = undefined;
    const back = s.clock.time;
    const outcomes = await load(s, { seconds: 15, perSecond: 10 });
    const firstOk = outcomes.find((o) => o.status === 'ok')!;
    expect(firstOk.time - back).toBeLessThanOrEqual(10_000);
    expect(firstOk.time - back).toBeGreaterThan(0); // the back-off was still running
  });
});
