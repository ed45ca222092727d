import type { MockAccount, MockClient, MockOrganizationSeed } from './types';

/** Stable ids of the demo organizations. */
export const demoOrganizationIds = {
  /** "Acme": 437 shares, 58 environments. */
  acme: '3f2b8c1e-6a4d-4e7b-9c2a-1d5e8f7a9b30',
  /** "Globex": 23 shares, 3 environments. */
  globex: '8a1d4e2f-3b5c-4d6e-8f70-9a1b2c3d4e5f',
  /** "Empty Org": no shares, no environments. */
  empty: 'c0ffee00-1234-4abc-8def-0123456789ab',
  /** "Big Org": 10,000 shares, 1,200 environments, generated on demand. */
  big: 'b16b16b1-6b16-4b16-9b16-b16b16b16b16',
} as const;

/** The organizations a mock serves when none are given. */
export const demoOrganizations: Record<string, MockOrganizationSeed> = {
  [demoOrganizationIds.acme]: { name: 'Acme', shares: 437, environments: 58 },
  [demoOrganizationIds.globex]: { name: 'Globex', shares: 23, environments: 3 },
  [demoOrganizationIds.empty]: { name: 'Empty Org', shares: 0, environments: 0 },
  [demoOrganizationIds.big]: { name: 'Big Org', shares: 10_000, environments: 1_200 },
};

/** The OAuth client a mock accepts when none are given. Demo values: they protect nothing. */
export const demoClient: Required<MockClient> = {
  clientId: 'pagewise-demo-client',
  clientSecret: 'pagewise-demo-client-secret',
  scope: 'pagewise.read pagewise.write',
};

/** The API Account a mock accepts when none are given. Demo values: they protect nothing. */
export const demoAccount: Required<MockAccount> = {
  accountId: '5b0e7c3a-2f4d-4a1b-9e8c-7d6f5a4b3c2d',
  apiToken: 'pagewise-demo-api-token-7f3a9c1e5b2d4f6a8c0e',
  apiKey: 'pagewise-demo-account-key',
  apiSecret: 'pagewise-demo-account-secret',
};
