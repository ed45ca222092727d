import type { ApiRecord } from '../client/index';
import { isUuid, MUST_BE_KEYED_BY_PATH_SEGMENTS, RESOURCE_NAME } from '../shared/listEndpoints';
import { deterministicUuid } from './deterministicUuid';
import { invalidArgument } from '../shared/assert';
import { createRowSource, type GenerationCounter, type RowSource } from './createRowSource';
import { generateEnvironment } from './generateEnvironment';
import { generateShare } from './generateShare';
import type { MockServiceOptions } from './types';

/** One seeded organization of the mock and its listings. */
export interface OrganizationState {
  id: string;
  name: string;
  shares: RowSource;
  environments: RowSource;
  /** Other list endpoints, by path segment. */
  lists: Map<string, RowSource>;
}

/** The rows of `resource` of an organization, or undefined when the mock serves no such list. */
export function rowsOf(organization: OrganizationState, resource: string): RowSource | undefined {
  return resource === 'shares' || resource === 'environments'
    ? organization[resource]
    : organization.lists.get(resource);
}

const EPOCH = Date.UTC(2025, 0, 1);

/** A row of another list endpoint when no generator is given: enough fields to sort and filter on. */
function genericRecord(organizationId: string, slug: string, resource: string, index: number): ApiRecord {
  const key = `${organizationId}/${resource}/${index}`;
  return {
    id: deterministicUuid(key),
    name: `${slug}-${resource}-${String(index + 1).padStart(5, '0')}`,
    createdAt: new Date(EPOCH + index * 86_400_000).toISOString(),
  };
}

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'org'
  );
}

function checkSeed(value: unknown, label: string): number | ApiRecord[] {
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value as ApiRecord[];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw invalidArgument(label, 'must be a row count (an integer >= 0) or an array of records', value);
}

/** The organizations `createMockService` serves, from its `organizations` option; a bad seed is refused naming it. */
export function createOrganizations(
  seeds: NonNullable<MockServiceOptions['organizations']>,
  counter: GenerationCounter,
  generators: MockServiceOptions['generators'] = {},
): OrganizationState[] {
  return Object.entries(seeds).map(([id, seed], position) => {
    if (!isUuid(id)) throw invalidArgument('organizations', 'must be keyed by UUIDs', id);
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
      lists: new Map(
        Object.entries(seed.lists ?? {}).map(([resource, rows]) => {
          if (!RESOURCE_NAME.test(resource))
            throw invalidArgument(`organizations["${id}"].lists`, MUST_BE_KEYED_BY_PATH_SEGMENTS, resource);
          const generate = generators[resource];
          const make = generate
            ? (index: number) => generate(index, { id, name })
            : (index: number) => genericRecord(id, slug, resource, index);
          return [
            resource,
            createRowSource(checkSeed(rows, `organizations["${id}"].lists.${resource}`), make, counter),
          ] as const;
        }),
      ),
    };
  });
}
