import type { ApiRecord } from '../client/types';
import { isUuid } from '../client/isUuid';
import { createRowSource, type GenerationCounter, type RowSource } from './createRowSource';
import { generateEnvironment } from './generateEnvironment';
import { generateShare } from './generateShare';
import type { MockServiceOptions } from './types';

/** One seeded organization of the mock and its two listings. */
export interface OrganizationState {
  id: string;
  name: string;
  shares: RowSource;
  environments: RowSource;
}

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'org';
}

function checkSeed(value: unknown, label: string): number | ApiRecord[] {
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value as ApiRecord[];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new TypeError(`createMockService: \`${label}\` must be a row count (integer >= 0) or an array of records`);
}

/** The organizations `createMockService` serves, from its `organizations` option; a bad seed is refused naming it. */
export function createOrganizations(
  seeds: NonNullable<MockServiceOptions['organizations']>,
  counter: GenerationCounter,
): OrganizationState[] {
  return Object.entries(seeds).map(([id, seed], position) => {
    if (!isUuid(id)) throw new TypeError(`createMockService: \`organizations\` key "${id}" is not a UUID`);
    const name = seed.name ?? `Organization ${position + 1}`;
    const slug = slugOf(name);
    return {
      id,
      name,
      shares: createRowSource(
        checkSeed(seed.shares, `organizations["${id}"].shares`),
        (index) => generateShare(id, slug, index),
        counter,
      ),
      environments: createRowSource(
        checkSeed(seed.environments, `organizations["${id}"].environments`),
        (index) => generateEnvironment(id, slug, index),
        counter,
      ),
    };
  });
}
