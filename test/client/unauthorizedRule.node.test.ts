import { describe, expect, it } from 'vitest';
import {
  createUnauthorizedRule,
  FIRST_HOLD_MS,
  MAX_HOLD_MS,
  type RenewalState,
  type OrganizationUrl,
} from '../../src/client/unauthorizedRule';

// The 401 rule's transition table, one row per transition, each from a given state at a fixed instant.

const T = 1_000_000;
const S = '/org-s';
const O = '/org-o';
const OTHER = '/org-other';

interface Given {
  state: RenewalState;
  holds?: number;
  refusing?: [OrganizationUrl, number][];
}
interface Then {
  state: RenewalState;
  holds?: number;
  refusing?: [OrganizationUrl, number][];
  renew?: boolean;
}
type Event = ['401', OrganizationUrl] | ['accepted', OrganizationUrl, boolean] | ['reset'];

const trusting: RenewalState = { name: 'trusting' };
const probing = (organizationUrl: OrganizationUrl, ...acceptedBy: OrganizationUrl[]): RenewalState => ({
  name: 'probing',
  organizationUrl,
  acceptedBy: new Set(acceptedBy),
});
const holding = (until: number): RenewalState => ({ name: 'holding', until });

const rows: [string, Given, Event, Then][] = [
  [
    'trusting: a 401 from S, not held, renews and probes S',
    { state: trusting },
    ['401', S],
    { state: probing(S), renew: true },
  ],
  [
    'trusting: a 401 from S while S is held renews nothing',
    { state: trusting, refusing: [[S, T + 1]] },
    ['401', S],
    { state: trusting, refusing: [[S, T + 1]], renew: false },
  ],
  [
    'probing S: S accepts the renewed token, so the renewal helped and the hold length is back to the first',
    { state: probing(S, O), holds: 2 },
    ['accepted', S, true],
    { state: trusting, holds: 0 },
  ],
  [
    'probing S: another organization accepts the renewed token and is remembered',
    { state: probing(S) },
    ['accepted', O, true],
    { state: probing(S, O) },
  ],
  [
    'probing S: a 401 from an organization that had accepted the renewed token is a new revocation, renewed',
    { state: probing(S, O) },
    ['401', O],
    { state: probing(O), renew: true },
  ],
  [
    'probing S: S refuses the renewed token that others accepted, none else held: S alone is held',
    { state: probing(S, O) },
    ['401', S],
    { state: trusting, holds: 1, refusing: [[S, T + FIRST_HOLD_MS]], renew: false },
  ],
  [
    'probing S: S refuses the renewed token that others accepted while another organization is held: everything holds',
    { state: probing(S, O), refusing: [[OTHER, T + 5]] },
    ['401', S],
    {
      state: holding(T + FIRST_HOLD_MS),
      holds: 1,
      refusing: [
        [OTHER, T + 5],
        [S, T + FIRST_HOLD_MS],
      ],
      renew: false,
    },
  ],
  [
    'probing S: S refuses the renewed token before anyone accepted it: everything holds',
    { state: probing(S) },
    ['401', S],
    { state: holding(T + FIRST_HOLD_MS), holds: 1, refusing: [[S, T + FIRST_HOLD_MS]], renew: false },
  ],
  [
    'probing S: an organization that had not accepted the renewed token refuses it too: everything holds',
    { state: probing(S, OTHER) },
    ['401', O],
    { state: holding(T + FIRST_HOLD_MS), holds: 1, renew: false },
  ],
  [
    'probing S: the next hold in a row lasts twice the one before',
    { state: probing(S), holds: 1 },
    ['401', O],
    { state: holding(T + 2 * FIRST_HOLD_MS), holds: 2, renew: false },
  ],
  [
    'probing S: a hold after many stops growing at the longest',
    { state: probing(S), holds: 10 },
    ['401', O],
    { state: holding(T + MAX_HOLD_MS), holds: 11, renew: false },
  ],
  [
    'holding: a 401 before the end renews nothing',
    { state: holding(T + 1) },
    ['401', S],
    { state: holding(T + 1), renew: false },
  ],
  [
    'holding: a 401 from the end on renews and probes',
    { state: holding(T) },
    ['401', S],
    { state: probing(S), renew: true },
  ],
  [
    'any state: an organization answering with an older token ends its own hold, and says nothing of the renewal',
    { state: probing(S), refusing: [[O, T + 1]] },
    ['accepted', O, false],
    { state: probing(S) },
  ],
  [
    'any state: reset ends every hold, the count of holds stays',
    { state: holding(T + 10), holds: 2, refusing: [[S, T + 10]] },
    ['reset'],
    { state: trusting, holds: 2 },
  ],
];

describe('the 401 rule, transition by transition', () => {
  it.each(rows)('%s', (_, given, event, then) => {
    const rule = createUnauthorizedRule(() => T);
    rule.state = given.state;
    rule.holds = given.holds ?? 0;
    for (const [organizationUrl, until] of given.refusing ?? []) rule.refusing.set(organizationUrl, until);
    const renew =
      event[0] === '401'
        ? rule.unauthorized(event[1])
        : event[0] === 'accepted'
          ? rule.accepted(event[1], event[2])
          : rule.reset();
    expect(renew).toBe(then.renew);
    expect(rule.state).toEqual(then.state);
    expect(rule.holds).toBe(then.holds ?? given.holds ?? 0);
    expect([...rule.refusing]).toEqual(then.refusing ?? []);
  });

  it('starts trusting, with no organization held, and its first hold lasts the first hold length', () => {
    const rule = createUnauthorizedRule(() => T);
    expect({ state: rule.state, holds: rule.holds, refusing: rule.refusing.size }).toEqual({
      state: trusting,
      holds: 0,
      refusing: 0,
    });
    expect(rule.unauthorized(S)).toBe(true);
    expect(rule.unauthorized(S)).toBe(false);
    expect(rule.state.name).toBe('holding');
    expect(rule.state.name === 'holding' && rule.state.until - T).toBe(FIRST_HOLD_MS);
  });
});
