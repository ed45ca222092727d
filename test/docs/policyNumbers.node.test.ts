// The docs state the policy numbers users plan around (back-off caps, hold lengths, defaults); each statement is read
// back from the page and compared with the constant or rule the code uses, so the two cannot drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  FIRST_BACKOFF_MS,
  isRefusal,
  MAX_OUTAGE_BACKOFF_MS,
  MAX_REFUSAL_BACKOFF_MS,
} from '../../src/shared/backoff';
import { DEFAULT_LEEWAY_SECONDS, DEFAULT_TIMEOUT_MS } from '../../src/shared/time';
import { FIRST_HOLD_MS, MAX_HOLD_MS } from '../../src/client/unauthorizedRule';
import {
  MAX_LOCK_MS,
  MAX_STORE_BACKOFF_MS,
  STORE_TIMEOUT_MS,
  WARNING_INTERVAL_MS,
} from '../../src/server/tokenSharing';
import { DEFAULT_STALE_TIME } from '../../src/hooks/queryOptions';
import { retryPolicy } from '../../src/hooks/retryPolicy';

const CLIENT = 'reference/Client.mdx';
const AUTHENTICATION = 'Authentication.mdx';
const DATA_HOOKS = 'DataHooks.mdx';
const DATA_HOOKS_REFERENCE = 'reference/DataHooks.mdx';

/** A docs page as one line: statements wrap anywhere in the source. */
const read = (page: string) => readFileSync(join(process.cwd(), 'stories/docs', page), 'utf8').replace(/\s+/g, ' ');

/** A number as a page writes it: digits, grouped (`30 000`), or the article for one (`once a minute`). */
const readNumber = (text: string) => (text === 'a' ? 1 : Number(text.replace(/ /g, '')));

const seconds = (ms: number) => ms / 1000;
const minutes = (ms: number) => ms / 60_000;

/** Tries of one query the retry policy allows for an error it retries (a network failure). */
function retryTries(): number {
  let failureCount = 0;
  while (retryPolicy.retry(failureCount, new Error('network error'))) failureCount += 1;
  return failureCount + 1;
}

/** A statement on a page: `pattern` finds it, its groups are the numbers it states (as `readNumber` reads them). */
interface Statement {
  page: string;
  says: string;
  pattern: RegExp;
  numbers: number[];
}

const statements: Statement[] = [
  {
    page: CLIENT,
    says: 'the default leeway in seconds',
    pattern: /renewed `leewaySeconds` \((\d+)\) before/,
    numbers: [DEFAULT_LEEWAY_SECONDS],
  },
  {
    page: CLIENT,
    says: "the client's default timeout in milliseconds",
    pattern: /`timeoutMs` \(default ([\d ]+)\)/,
    numbers: [DEFAULT_TIMEOUT_MS],
  },
  {
    page: CLIENT,
    says: "the proxy's default timeout in milliseconds",
    pattern: /\| `timeoutMs` \| `(\d+)` \|/,
    numbers: [DEFAULT_TIMEOUT_MS],
  },
  {
    page: CLIENT,
    says: 'the first back-offs, doubling',
    pattern: /calls fail at once for (\d+) s, (\d+) s, (\d+) s, …/,
    numbers: [1, 2, 3].map((failures) => seconds(backoffMs(failures, MAX_OUTAGE_BACKOFF_MS))),
  },
  {
    page: CLIENT,
    says: 'the longest back-off after outages',
    pattern: /stops growing at \*\*(\d+) s after outages\*\*/,
    numbers: [seconds(MAX_OUTAGE_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: "how soon a token follows the identity provider's return",
    pattern: /the first token follows within (\d+) s of the identity provider's return/,
    numbers: [seconds(MAX_OUTAGE_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: 'the longest back-off after refusals',
    pattern: /at \*\*(\d+) s after refusals\*\*/,
    numbers: [seconds(MAX_REFUSAL_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: 'the longest wait a reset saves',
    pattern: /don't want to wait up to (\d+) s\?/,
    numbers: [seconds(MAX_REFUSAL_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: 'the first back-off, which a reset does not restart',
    pattern: /never from (\d+) s again/,
    numbers: [seconds(FIRST_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: 'the first and the longest hold on 401 renewals',
    pattern: /Holds last (\d+) s, doubling up to (\d+) min while renewing keeps not helping, and back to (\d+) s/,
    numbers: [seconds(FIRST_HOLD_MS), minutes(MAX_HOLD_MS), seconds(FIRST_HOLD_MS)],
  },
  {
    page: CLIENT,
    says: "the longest back-off of a failing getToken (an outage's, whatever its status)",
    pattern: /a `getToken` that fails backs off at most (\d+) s/,
    numbers: [seconds(MAX_OUTAGE_BACKOFF_MS)],
  },
  {
    page: CLIENT,
    says: "the token store lock's longest life",
    pattern: /waited for at most the lock's lifetime, (\d+) s,/,
    numbers: [seconds(MAX_LOCK_MS)],
  },
  {
    page: CLIENT,
    says: 'the back-offs from a failing token store, doubling, and the longest',
    pattern: /leaves the store alone for (\d+) s, (\d+) s, (\d+) s … \(at most (\d+) s\)/,
    numbers: [
      ...[1, 2, 3].map((failures) => seconds(backoffMs(failures, MAX_STORE_BACKOFF_MS))),
      seconds(MAX_STORE_BACKOFF_MS),
    ],
  },
  {
    page: CLIENT,
    says: "the default onTokenStoreError's interval between warnings",
    pattern: /a console warning at most once (a) minute/,
    numbers: [minutes(WARNING_INTERVAL_MS)],
  },
  {
    page: CLIENT,
    says: 'the limit of one token store call',
    pattern: /Each store call is limited to (\d+) s\./,
    numbers: [seconds(STORE_TIMEOUT_MS)],
  },
  {
    page: AUTHENTICATION,
    says: 'the longest back-offs after outages and after refusals',
    pattern: /at most (\d+) s after outages, (\d+) s after refusals/,
    numbers: [seconds(MAX_OUTAGE_BACKOFF_MS), seconds(MAX_REFUSAL_BACKOFF_MS)],
  },
  {
    page: DATA_HOOKS,
    says: 'the most tries of one query',
    pattern: /retried up to (\d+) tries/,
    numbers: [retryTries()],
  },
  {
    page: DATA_HOOKS_REFERENCE,
    says: 'the most tries of one query',
    pattern: /at most (\d+) tries/,
    numbers: [retryTries()],
  },
  {
    page: DATA_HOOKS_REFERENCE,
    says: 'the default staleTime in seconds',
    pattern: /the same `staleTime` \((\d+) s by default\)/,
    numbers: [seconds(DEFAULT_STALE_TIME)],
  },
  {
    page: DATA_HOOKS_REFERENCE,
    says: 'the default staleTime in milliseconds',
    pattern: /`staleTime` \(([\d ]+) ms\)/,
    numbers: [DEFAULT_STALE_TIME],
  },
];

/** The 4xx statuses the shared rule counts as outages (asking again may help), not refusals. */
const outage4xx = Array.from({ length: 100 }, (_, i) => 400 + i).filter((status) => !isRefusal(status));

/** Lists of what is retried or backed off briefly: each must name exactly the 4xx statuses that are not refusals. */
const outageLists: Omit<Statement, 'numbers'>[] = [
  { page: CLIENT, says: 'what counts as an outage', pattern: /\*\*\d+ s after outages\*\* \(([^)]*)\)/ },
  { page: DATA_HOOKS, says: 'what the queries retry', pattern: /; ([^;]*) and network errors are retried/ },
];

describe('the policy numbers the docs state', () => {
  it.each(statements)('$page states $says as the code has it', ({ page, pattern, numbers }) => {
    const match = read(page).match(pattern);
    expect(match, `${page} has no statement matching ${pattern}`).not.toBeNull();
    expect(match!.slice(1).map(readNumber)).toEqual(numbers);
  });

  it.each(outageLists)('$page names in $says exactly the 4xx statuses that are not refusals', ({ page, pattern }) => {
    const match = read(page).match(pattern);
    expect(match, `${page} has no statement matching ${pattern}`).not.toBeNull();
    const named = (match?.[1]?.match(/\b4\d\d\b/g) ?? []).map(Number);
    expect(named).toEqual(outage4xx);
  });
});
