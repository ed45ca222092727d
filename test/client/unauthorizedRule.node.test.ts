import { describe, expect, it } from 'vitest';
import {
  createUnauthorizedRule,
  FIRST_HOLD_MS,
  MAX_HOLD_MS,
  type RenewalState,
  type Scope,
} from '../../src/client/unauthorizedRule';

// The 401 rule's transition table, one row per transition, each from a given state at a fixed instant.

const T = 1_000_000;
const S = '/org-s';
const O = '/org-o';
const OTHER = '/org-other';

interface Given {
  state: RenewalState;
  holdMs?: number;
  refusing?: [Scope, number][];
}
interface Then {
  state: RenewalState;
  holdMs?: number;
  refusing?: [Scope, number][];
  renew?: boolean;
}
type Event = ['401', Scope] | ['accepted', Scope, boolean] | ['reset'];

const trusting: RenewalState = { name: 'trusting' };
const probing = (scope: Scope, ...acceptedBy: Scope[]): RenewalState => ({
  name: 'probing',
  scope,
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
    { state: probing(S, O), holdMs: 4 * FIRST_HOLD_MS },
    ['accepted', S, true],
    { state: trusting, holdMs: FIRST_HOLD_MS },
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
    { state: trusting, holdMs: 2 * FIRST_HOLD_MS, refusing: [[S, T + FIRST_HOLD_MS]], renew: false },
  ],
  [
    'probing S: S refuses the renewed token that others accepted while another organization is held: everything holds',
    { state: probing(S, O), refusing: [[OTHER, T + 5]] },
    ['401', S],
    {
      state: holding(T + FIRST_HOLD_MS),
      holdMs: 2 * FIRST_HOLD_MS,
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
    { state: holding(T + FIRST_HOLD_MS), holdMs: 2 * FIRST_HOLD_MS, refusing: [[S, T + FIRST_HOLD_MS]], renew: false },
  ],
  [
    'probing S: an organization that had not accepted the renewed token refuses it too: everything holds',
    { state: probing(S, OTHER) },
    ['401', O],
    { state: holding(T + FIRST_HOLD_MS), holdMs: 2 * FIRST_HOLD_MS, renew: false },
  ],
  [
    'probing S: the hold length stops doubling at its longest',
    { state: probing(S), holdMs: MAX_HOLD_MS },
    ['401', O],
    { state: holding(T + MAX_HOLD_MS), holdMs: MAX_HOLD_MS, renew: false },
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
    'any state: reset ends every hold, the hold length stays',
    { state: holding(T + 10), holdMs: 4 * FIRST_HOLD_MS, refusing: [[S, T + 10]] },
    ['reset'],
    { state: trusting, holdMs: 4 * FIRST_HOLD_MS },
  ],
];

describe('the 401 rule, transition by transition', () => {
  it.each(rows)('%s', (_, given, event, then) => {
    const rule = createUnauthorizedRule(() => T);
    rule.state = given.state;
    rule.holdMs = given.holdMs ?? FIRST_HOLD_MS;
    rule.refusing = new Map(given.refusing);
    const renew =
      event[0] === '401'
        ? rule.unauthorized(event[1])
        : event[0] === 'accepted'
          ? rule.accepted(event[1], event[2])
          : rule.reset();
    expect(renew).toBe(then.renew);
    expect(rule.state).toEqual(then.state);
    expect(rule.holdMs).toBe(then.holdMs ?? given.holdMs ?? FIRST_HOLD_MS);
    expect([...rule.refusing]).toEqual(then.refusing ?? []);
  });

  it('starts trusting, with the first hold length and no organization held', () => {
    const rule = createUnauthorizedRule(() => T);
    expect({ state: rule.state, holdMs: rule.holdMs, refusing: rule.refusing.size }).toEqual({
      state: trusting,
      holdMs: FIRST_HOLD_MS,
      refusing: 0,
    });
  });
});
