import { backoffMs } from '../shared/backoff';

/** The organization's path a request was sent to (a 401 there may be that organization's answer), if any. */
export type OrganizationUrl = string | undefined;

/** Where the 401 rule stands. */
export type RenewalState =
  /** A 401 for the latest token renews it, unless its organization is held. */
  | { name: 'trusting' }
  /**
   * The token was renewed for a 401 from `organizationUrl`; the next answers tell whether that helped. `acceptedBy`: the other
   * organizations that accepted the renewed token since (a 401 from one of them is a new revocation).
   */
  | { name: 'probing'; organizationUrl: OrganizationUrl; acceptedBy: Set<OrganizationUrl> }
  /** Renewing did not help: no 401 renews the token before `until` (epoch milliseconds). */
  | { name: 'holding'; until: number };

/** The 401 rule: its state, and the events that move it. */
export interface UnauthorizedRule {
  state: RenewalState;
  /** Holds since a renewal last helped: each lasts twice the one before, from `FIRST_HOLD_MS` to `MAX_HOLD_MS`. */
  holds: number;
  /** Organizations whose 401s are their own answer (e.g. one the client may not list), each until when. */
  readonly refusing: Map<OrganizationUrl, number>;
  /** A 401 from `organizationUrl` for the latest token: whether to renew it (and retry the call). */
  unauthorized(organizationUrl: OrganizationUrl): boolean;
  /** `organizationUrl` answered anything but 401 to a call with the latest token (`latest`) or an older one. */
  accepted(organizationUrl: OrganizationUrl, latest: boolean): void;
  /** Every hold ends now; the count of holds stays, so a reset cannot restart a storm of renewals. */
  reset(): void;
}

/** First hold on renewals for 401s after a renewal did not help. */
export const FIRST_HOLD_MS = 30_000;
/** Longest hold on renewals for 401s. */
export const MAX_HOLD_MS = 300_000;
/** Organizations remembered as refusing whatever the token: bounded, as hostile traffic can name any number. */
const MAX_REFUSING = 256;

const TRUSTING: RenewalState = { name: 'trusting' };

/**
 * When a 401 earns a token renewal, so that a revoked token costs one renewal while an organization that refuses
 * every token, or a service that does, cannot make the client storm the identity provider. S is the organization
 * whose 401 caused the renewal, O any other, "held" a hold in `refusing` still running. Only 401s for the latest
 * token reach the rule (one for an older token is retried with the latest, by the cache).
 *
 * | state          | event                                             | next                 | renew | also                  |
 * | -------------- | ------------------------------------------------- | -------------------- | ----- | --------------------- |
 * | trusting       | 401 from S, S not held                            | probing S            | yes   |                       |
 * | trusting       | 401 from S, S held                                | trusting             | no    |                       |
 * | probing S      | accepted by S                                     | trusting             |       | holds to 0            |
 * | probing S      | accepted by O                                     | probing S, O added   |       |                       |
 * | probing S      | 401 from O that accepted                          | as trusting          |       |                       |
 * | probing S      | 401 from S after others accepted, none else held  | trusting             | no    | S held; holds + 1     |
 * | probing S      | 401 from S after others accepted, another held    | holding              | no    | S held; holds + 1     |
 * | probing S      | 401 from S, none accepted                         | holding              | no    | S held; holds + 1     |
 * | probing S      | 401 from O that did not accept                    | holding              | no    | holds + 1             |
 * | holding        | 401 before `until`                                | holding              | no    |                       |
 * | holding        | 401 from `until` on                               | as trusting          |       |                       |
 * | any            | accepted by O (any token)                         | same                 |       | O's hold ends         |
 * | any            | reset                                             | trusting             |       | every hold ends       |
 *
 * A new hold lasts the shared back-off (`backoffMs`) of `holds + 1` from `FIRST_HOLD_MS`, at most `MAX_HOLD_MS`;
 * `acceptedBy` and `refusing` are bounded (past the bound, the safer hold applies).
 */
export function createUnauthorizedRule(now: () => number): UnauthorizedRule {
  const refusing = new Map<OrganizationUrl, number>();
  const rule: UnauthorizedRule = {
    state: TRUSTING,
    holds: 0,
    refusing,
    unauthorized(organizationUrl) {
      const { state } = rule;
      const time = now();
      if (state.name === 'probing' && !state.acceptedBy.has(organizationUrl)) {
        const until = time + backoffMs(++rule.holds, MAX_HOLD_MS, FIRST_HOLD_MS);
        // Refused elsewhere, or where nothing accepted it: tokens are refused everywhere.
        let everywhere = state.organizationUrl !== organizationUrl || !state.acceptedBy.size;
        if (state.organizationUrl === organizationUrl) {
          // A second organization refusing renewed tokens at once looks like traffic naming organizations at will.
          for (const end of refusing.values()) if (end > time) everywhere = true;
          if (refusing.size >= MAX_REFUSING) refusing.clear();
          refusing.set(organizationUrl, until);
        }
        rule.state = everywhere ? { name: 'holding', until } : TRUSTING;
        return false;
      }
      if (time < (state.name === 'holding' ? state.until : 0) || time < (refusing.get(organizationUrl) ?? 0))
        return false;
      rule.state = { name: 'probing', organizationUrl, acceptedBy: new Set() };
      return true;
    },
    accepted(organizationUrl, latest) {
      const { state } = rule;
      refusing.delete(organizationUrl);
      if (!latest || state.name !== 'probing') return;
      if (state.organizationUrl === organizationUrl) {
        // The renewal helped (the old token was revoked): renewals for 401s are welcome again at once.
        rule.state = TRUSTING;
        rule.holds = 0;
      } else if (state.acceptedBy.size < MAX_REFUSING) state.acceptedBy.add(organizationUrl);
    },
    reset() {
      rule.state = TRUSTING;
      refusing.clear();
    },
  };
  return rule;
}
